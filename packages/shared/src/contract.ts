import type { z } from 'zod';

/**
 * A declared action on one row: `POST {path ?? entity path}/{id}/{name}`, answered in the envelope with the
 * entity's detail, or with `out`.
 */
export interface ActionContract {
  /** Another base path than the entity's (the specification's `/api/caisses/{id}/disable`). */
  path?: string;
  body?: z.ZodType;
  /** The answer's schema when it is not the entity's detail (an accepted demande answers its course). */
  out?: z.ZodType;
}

/**
 * The routes of one entity, as the API serves them and the web calls them: the API's
 * `crudRoutes` takes it for its paths and schemas, the web's `createResource` for its calls and types, so
 * neither repeats a path or a row type.
 *
 *   GET  {path}                  list (query), rows `item`; + `/export` and `/options`
 *   GET  {path}/{id}             `detail`
 *   POST {path}                  `create` → detail (or `writeOut`)
 *   POST {path}/{id}/update      `update` → detail (or `writeOut`)
 *   POST {path}/{id}/destroy, POST {path}/destroy-group (+ `destroyPath`, `destroyGroupPath`)
 *   POST {action.path ?? path}/{id}/{name}   each of `actions`
 */
export interface EntityContract {
  path: string;
  /** A row of the list. */
  item: z.ZodType;
  /** One row read alone (the item and what only a detail shows). */
  detail: z.ZodType;
  /** The list's query string (`queries.ts`). */
  query: z.ZodType;
  create?: z.ZodType;
  update?: z.ZodType;
  /** What a creation and an update answer, when it is not the detail (a vehicle's writes: the list's row). */
  writeOut?: z.ZodType;
  actions: Record<string, ActionContract>;
  /**
   * The specification's other base of one row's deletion, served beside `path`'s and used by the web:
   * `POST {destroyPath}/{id}/destroy` (`/api/microservice/api-courses/villes`).
   */
  destroyPath?: string;
  /**
   * The specification's other base of the group deletion, served beside `path`'s and used by the web:
   * `POST {destroyGroupPath}/destroy-group` (`/api/caisses`).
   */
  destroyGroupPath?: string;
}

/** Declares an entity's contract, keeping its exact schema types for both sides. */
export function entityContract<const C extends EntityContract>(contract: C): C {
  return contract;
}

/** The output type of a contract's schema, or `D` when it has none. */
type OutOr<S, D> = S extends z.ZodType ? z.output<S> : D;

/** A row of the list. */
export type ItemOf<C extends EntityContract> = z.output<C['item']>;
/** One row read alone. */
export type DetailOf<C extends EntityContract> = z.output<C['detail']>;
/** The list's query once validated (the API's handlers). */
export type QueryOf<C extends EntityContract> = z.output<C['query']>;
/** What a creation or an update answers. */
export type WriteOutOf<C extends EntityContract> = OutOr<C['writeOut'], DetailOf<C>>;
/** A creation's or an update's body as validated by the API. */
export type BodyOut<S> = OutOr<S, never>;
/** A creation's or an update's body as the client sends it. */
export type BodyIn<S> = S extends z.ZodType ? z.input<S> : never;
/** An action's body as validated by the API (`undefined` for an action without one). */
export type ActionBodyOut<A> = A extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
/** An action's body as the client sends it (`undefined` for an action without one). */
export type ActionBodyIn<A> = A extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
/** What an action answers: its `out`, or the entity's detail. */
export type ActionOut<A, Detail> = A extends { out: infer O extends z.ZodType } ? z.output<O> : Detail;

/** `POST {path}/{id}/{name}` of a declared action. */
export function actionPath(contract: EntityContract, name: string, id: number): string {
  const action = contract.actions[name];
  return `${action?.path ?? contract.path}/${id}/${name}`;
}

/**
 * A route that is not an entity's (statistics, the signed-in account, a track…): its method, its path in
 * Fastify's form (`/api/appareils/:id/trace`) and its schemas. The API declares the route with it
 * (`lib/endpoint-routes.ts`), the web calls it with `call` (`base/http.ts`), typed both sides.
 */
export interface EndpointContract {
  method: 'GET' | 'POST';
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The body travels as `multipart/form-data` (a file upload), not JSON: its file fields are
   * `zFichierEnvoye` on the API, a `Blob` on the web (`call` builds the form).
   */
  multipart?: true;
  /** The envelope's `data`; absent for a file (a PDF). */
  response?: z.ZodType;
}

/** Declares an endpoint's contract, keeping its exact schema types for both sides. */
export function endpointContract<const E extends EndpointContract>(contract: E): E {
  return contract;
}

/** A part of an endpoint's request as validated by the API (`undefined` when it has none). */
export type EndpointPartOut<E, K extends 'params' | 'query' | 'body'> = E extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;
/** A part of an endpoint's request as the client sends it. */
export type EndpointPartIn<E, K extends 'params' | 'query' | 'body'> = E extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.input<S>
  : undefined;
/** What an endpoint answers in its envelope. */
export type EndpointResponse<E extends EndpointContract> = E extends { response: infer R extends z.ZodType }
  ? z.output<R>
  : unknown;

/** The endpoint's path with its `:params` filled: `/api/appareils/3/trace`. */
export function endpointPath(contract: EndpointContract, params?: Record<string, unknown>): string {
  return contract.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
}
