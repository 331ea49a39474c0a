import { IdParams, type ListQuery } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentScope, type Scope } from '../plugins/auth';
import { AppError } from './errors';
import { forEachSelected, GroupBody, GroupMessage, groupReply } from './group';
import { ok, reply } from './http';
import { exportRoute } from './list-export';
import { listExtras } from './list-extras';
import { type ListSource, listOf, listResponse } from './pagination';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The answer of a `destroy-group` call: the envelope with one `{severity, value}` item per line. */
export const GroupResponse = {
  200: z.object({ success: z.boolean(), message: GroupMessage, data: z.null(), errors: z.array(z.string()) }),
};

/**
 * What a write or an action answers: the French sentence alone (the route then answers the row read again
 * with `get`), or the row it already has (or another one: the course an accepted demande became).
 */
type Answer<T> = string | { data: T; message: string };

/**
 * A declared action on one row: `POST {path ?? spec.path}/{id}/{name}`, answered in the envelope with the
 * row (or `out`) and a French message. The row is reached in the request's scope: another company's id is a
 * 404 like a missing one (the service's own `find…(scope, id)`).
 */
export interface CrudAction<Body extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType> {
  /** The last segment: 'validate', 'statut', 'confirm', 'cancel', 'disable', 'activate'… */
  name: string;
  /** Another base path than the entity's (the specification's `/api/caisses/{id}/disable`). */
  path?: string;
  summary: string;
  body?: Body;
  /** The answer's schema when it is not the entity's detail. */
  out?: Out;
  run(scope: Scope, id: number, body: z.output<Body>): Promise<Answer<z.output<Out>>>;
}

/** Types an action's body and answer where it is declared (`actions: [action({ body: X, run… })]`). */
export function action<Body extends z.ZodType, Out extends z.ZodType = z.ZodType>(
  a: CrudAction<Body, Out>,
): CrudAction {
  return a as unknown as CrudAction;
}

/** A creation or an update: its body, what it runs (an id to read back, or the row), its sentence. */
interface Write<Body extends z.ZodType, Out extends z.ZodType, Run> {
  body: Body;
  summary?: string;
  /** The answer's schema when it is not the entity's detail (a vehicle's writes answer the list's row). */
  out?: Out;
  run: Run;
  message(d: z.output<Out>): string;
}

export interface CrudSpec<
  Item extends z.ZodType,
  Detail extends z.ZodType,
  Query extends z.ZodType<ListQuery>,
  Create extends z.ZodType,
  Update extends z.ZodType,
  CreateOut extends z.ZodType = Detail,
  UpdateOut extends z.ZodType = Detail,
> {
  /**
   * `/api/courses`: GET list (+ /export, /options), GET /{id}, POST create, POST /{id}/update,
   * POST /{id}/destroy, POST /destroy-group, POST /{id}/{action}. Every one but the detail is optional.
   */
  path: string;
  tags: string[];
  /** 'la course', 'les courses' — for the default OpenAPI summaries. */
  nom: { un: string; des: string };
  /** The OpenAPI summaries of the standard routes, when the default wording is not enough. */
  summary?: Partial<Record<'list' | 'detail' | 'create' | 'update' | 'destroy' | 'destroyGroup', string>>;
  detail: Detail;
  get(scope: Scope, id: number): Promise<z.output<Detail>>;
  /** `GET {path}`; without it the entity has no list (nor export, nor options). */
  list?(scope: Scope, query: z.output<Query>): ListSource<z.output<Item>>;
  query?: Query;
  item?: Item;
  /** The page size when `page` is sent without `per_page`. */
  perPage?: number;
  /** `false`: no `GET {path}/export` (a list that is not a screen's table). */
  exportable?: false;
  /** `GET {path}/options` (`list-options.ts`): the label of a row as a select's choice, and named variants. */
  options?: {
    label(row: z.output<Item>): string;
    labels?: Record<string, (row: z.output<Item>) => string>;
  };
  create?: Write<
    Create,
    CreateOut,
    (scope: Scope, body: z.output<Create>) => Promise<number | z.output<CreateOut>>
  >;
  update?: Write<
    Update,
    UpdateOut,
    (scope: Scope, id: number, body: z.output<Update>) => Promise<z.output<UpdateOut>> | Promise<void>
  >;
  /**
   * Deletes one row and answers the French success sentence; `group` is true inside a `destroy-group`
   * (the service may word its sentence for a line of the group).
   */
  destroy?: (scope: Scope, id: number, options: { group: boolean }) => Promise<string>;
  /** The bases of `POST {base}/{id}/destroy` (default: `[path]`; the reference's microservice alias). */
  destroyPaths?: string[];
  /**
   * `POST {base}/destroy-group` for each base (default `[path]`), `false` for none. Present by default
   * when `destroy` is.
   */
  destroyGroup?: false | { paths?: string[] };
  /** The group sentence of a line that does not exist (or belongs to another company). */
  missing?(id: number): string;
  actions?: CrudAction[];
}

/** What a write answered: the row, read back with `get` when the service gave its id. */
async function answerOf<T>(
  scope: Scope,
  result: unknown,
  id: number | undefined,
  get: (s: Scope, id: number) => Promise<T>,
) {
  if (typeof result === 'number') return get(scope, result);
  if (result === undefined) return get(scope, id!);
  return result as T;
}

/**
 * The one builder of entity routes: every module declares its entities with it (paths, bodies, answers,
 * actions), and keeps plain Fastify routes for what is not an entity (sign-in, statistics, GPS ingest…).
 * Every repository and service call takes the request's scope.
 */
export function crudRoutes<
  Item extends z.ZodType,
  Detail extends z.ZodType,
  Query extends z.ZodType<ListQuery>,
  Create extends z.ZodType,
  Update extends z.ZodType,
  CreateOut extends z.ZodType = Detail,
  UpdateOut extends z.ZodType = Detail,
>(app: App, spec: CrudSpec<Item, Detail, Query, Create, Update, CreateOut, UpdateOut>): void {
  const { path, tags, nom } = spec;
  const summary = spec.summary ?? {};
  // The route schemas are seen as plain zod types here; the spec's own types keep the handlers honest.
  const detail: z.ZodType = spec.detail;

  const list = spec.list;
  if (list && spec.query && spec.item) {
    const query = spec.query;
    app.get(
      path,
      {
        schema: {
          tags,
          summary: summary.list ?? `Liste ${nom.des} (filtres, page/per_page, req_count)`,
          querystring: query,
          response: reply(listOf(spec.item)),
        },
      },
      async (request) => {
        const q = request.query as z.output<Query>;
        return ok(await listResponse(q, list(currentScope(request), q), spec.perPage));
      },
    );

    // A list exports on the server (`{path}/export`); a list that feeds selects has its options too.
    if (spec.options) {
      listExtras<z.output<Item>, z.output<Query>>(app, {
        path,
        tags,
        query: query as unknown as z.ZodObject,
        list,
        get: spec.get as (scope: Scope, id: number) => Promise<z.output<Item>>,
        label: spec.options.label,
        labels: spec.options.labels,
      });
    } else if (spec.exportable !== false) {
      exportRoute<z.output<Item>, z.output<Query>>(app, {
        path,
        tags,
        query: query as unknown as z.ZodObject,
        list,
      });
    }
  }

  app.get(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: summary.detail ?? `Détail de ${nom.un}`,
        params: IdParams,
        response: reply(detail),
      },
    },
    async (request) => ok(await spec.get(currentScope(request), request.params.id)),
  );

  const create = spec.create;
  if (create) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: create.summary ?? `Crée ${nom.un}`,
          body: create.body as z.ZodType,
          response: reply(create.out ?? detail),
        },
      },
      async (request) => {
        const scope = currentScope(request);
        const created = (await answerOf(
          scope,
          await create.run(scope, request.body as z.output<Create>),
          undefined,
          spec.get,
        )) as z.output<CreateOut>;
        return ok(created, create.message(created));
      },
    );
  }

  const update = spec.update;
  if (update) {
    app.post(
      `${path}/:id/update`,
      {
        schema: {
          tags,
          summary: update.summary ?? `Modifie ${nom.un}`,
          params: IdParams,
          body: update.body as z.ZodType,
          response: reply(update.out ?? detail),
        },
      },
      async (request) => {
        const scope = currentScope(request);
        const { id } = request.params;
        const updated = (await answerOf(
          scope,
          await update.run(scope, id, request.body as z.output<Update>),
          id,
          spec.get,
        )) as z.output<UpdateOut>;
        return ok(updated, update.message(updated));
      },
    );
  }

  const destroy = spec.destroy;
  if (destroy) {
    for (const base of spec.destroyPaths ?? [path]) {
      app.post(
        `${base}/:id/destroy`,
        {
          schema: {
            tags,
            summary: summary.destroy ?? `Supprime ${nom.un}`,
            params: IdParams,
            response: reply(z.null()),
          },
        },
        async (request) =>
          ok(null, await destroy(currentScope(request), request.params.id, { group: false })),
      );
    }

    const group = spec.destroyGroup;
    for (const base of group === false ? [] : (group?.paths ?? [path])) {
      app.post(
        `${base}/destroy-group`,
        {
          schema: {
            tags,
            summary: summary.destroyGroup ?? `Supprime plusieurs lignes (${nom.des}) ; un message par ligne`,
            body: GroupBody,
            response: GroupResponse,
          },
        },
        async (request) => {
          const scope = currentScope(request);
          const result = await forEachSelected(request.body.selected_lines, (id) =>
            destroy(scope, id, { group: true }).catch((err: unknown) => {
              if (spec.missing && err instanceof AppError && err.statusCode === 404) {
                throw new AppError(err.code, 404, [spec.missing(id)]);
              }
              throw err;
            }),
          );
          return groupReply(result);
        },
      );
    }
  }

  for (const a of spec.actions ?? []) {
    app.post(
      `${a.path ?? path}/:id/${a.name}`,
      {
        schema: {
          tags,
          summary: a.summary,
          params: IdParams,
          ...(a.body ? { body: a.body } : {}),
          response: reply(a.out ?? detail),
        },
      },
      async (request) => {
        const scope = currentScope(request);
        const answer = await a.run(scope, request.params.id, request.body);
        if (typeof answer === 'string') return ok(await spec.get(scope, request.params.id), answer);
        return ok(answer.data, answer.message);
      },
    );
  }
}
