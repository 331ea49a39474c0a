import {
  type ActionBodyOut,
  type ActionContract,
  type ActionOut,
  type BodyOut,
  type DetailOf,
  type EntityContract,
  IdParams,
  type ItemOf,
  type ListQuery,
  type QueryOf,
  type WriteOutOf,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentScope, type Scope } from '../plugins/auth';
import { type Access, accessHooks, type RouteKind } from './access';
import { AppError } from './errors';
import { forEachSelected, GroupBody, GroupMessage, groupReply } from './group';
import { ok, reply } from './http';
import { exportRoute } from './list-export';
import { listExtras } from './list-extras';
import { type ListSource, listOf, listReply } from './pagination';
import { onlySent, rememberSent, sentVersion, versionedBody } from './partial-update';
import { assertVersion, expectedVersions, sendEtag } from './versions';

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
 * What runs a declared action of the contract (`POST {path}/{id}/{name}`), answered in the envelope with the
 * row (or the action's `out`) and a French message. The row is reached in the request's scope: another
 * company's id is a 404 like a missing one (the service's own `find…(scope, id)`).
 */
export interface CrudAction<A, Detail> {
  summary: string;
  run(scope: Scope, id: number, body: ActionBodyOut<A>): Promise<Answer<ActionOut<A, Detail>>>;
}

/** A creation or an update: what it runs (an id to read back, or the row), its sentence. */
interface Write<Out, Run> {
  summary?: string;
  run: Run;
  message(d: Out): string;
}

type CrudActions<C extends EntityContract> = {
  [K in keyof C['actions']]: CrudAction<C['actions'][K], DetailOf<C>>;
};

/** The entity's own handlers: a creation, an update and actions exactly when its contract declares them. */
type CrudWrites<C extends EntityContract> = (C['create'] extends z.ZodType
  ? {
      create: Write<
        WriteOutOf<C>,
        (scope: Scope, body: BodyOut<C['create']>) => Promise<number | WriteOutOf<C>>
      >;
    }
  : { create?: never }) &
  (C['update'] extends z.ZodType
    ? {
        update: Write<
          WriteOutOf<C>,
          (scope: Scope, id: number, body: BodyOut<C['update']>) => Promise<WriteOutOf<C>> | Promise<void>
        >;
      }
    : { update?: never }) &
  (Record<string, never> extends C['actions'] ? { actions?: CrudActions<C> } : { actions: CrudActions<C> });

/**
 * How the API serves a contract (packages/shared `contracts.ts`, which names the paths and schemas): the
 * documentation, the handlers, and the routes beyond the contract (aliases of the specification).
 */
export type CrudSpec<C extends EntityContract> = CrudWrites<C> & {
  tags: string[];
  /** 'la course', 'les courses' — for the default OpenAPI summaries. */
  nom: { un: string; des: string };
  /** The OpenAPI summaries of the standard routes, when the default wording is not enough. */
  summary?: Partial<Record<'list' | 'detail' | 'create' | 'update' | 'destroy' | 'destroyGroup', string>>;
  get(scope: Scope, id: number): Promise<DetailOf<C>>;
  /** `GET {path}`; without it the entity has no list (nor export, nor options). */
  list?(scope: Scope, query: QueryOf<C>): ListSource<ItemOf<C>>;
  /** The page size when `page` is sent without `per_page`. */
  perPage?: number;
  /** `false`: no `GET {path}/export` (a list that is not a screen's table). */
  exportable?: false;
  /** `GET {path}/options` (`list-options.ts`): the label of a row as a select's choice, and named variants. */
  options?: {
    label(row: ItemOf<C>): string;
    labels?: Record<string, (row: ItemOf<C>) => string>;
  };
  /**
   * Deletes one row and answers the French success sentence; `group` is true inside a `destroy-group`
   * (the service may word its sentence for a line of the group).
   */
  destroy?: (scope: Scope, id: number, options: { group: boolean }) => Promise<string>;
  /**
   * `POST {base}/destroy-group` for `path` and the contract's `destroyGroupPath`, `false` for none. Present
   * when `destroy` is. (`POST {base}/{id}/destroy` likewise for `path` and the contract's `destroyPath`.)
   */
  destroyGroup?: false;
  /** The group sentence of a line that does not exist (or belongs to another company). */
  missing?(id: number): string;
  /**
   * Routes reserved to superadmins: all of them (the audit log) or the writes (platform reference data);
   * checked here and published as the route's `security` (lib/access.ts).
   */
  superadmin?: 'all' | 'writes';
};

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
 * The one builder of entity routes: every module serves its entities' contracts with it (packages/shared
 * `contracts.ts`: paths, queries, bodies, answers, actions), and keeps plain Fastify routes for what is not
 * an entity (sign-in, statistics, GPS ingest…). Every repository and service call takes the request's scope.
 */
export function crudRoutes<C extends EntityContract>(
  app: App,
  contract: C,
  spec: NoInfer<CrudSpec<C>>,
): void {
  const { path } = contract;
  const { tags, nom } = spec;
  const summary = spec.summary ?? {};
  // The route schemas are seen as plain zod types here; the contract's own types keep the handlers honest.
  const detail: z.ZodType = contract.detail;
  const get = spec.get as (scope: Scope, id: number) => Promise<unknown>;
  // The handlers seen as plain functions too (their contract-typed signatures are checked at the call site).
  const handlers = spec as unknown as {
    create?: Write<unknown, (scope: Scope, body: unknown) => Promise<unknown>>;
    update?: Write<unknown, (scope: Scope, id: number, body: unknown) => Promise<unknown>>;
    actions?: Record<string, CrudAction<ActionContract, unknown>>;
  };

  // Who may call each route (published as its `security`) and what kind of route it is (its error statuses
  // in the OpenAPI document, lib/openapi.ts).
  const route = (kind: RouteKind) => {
    const read = kind === 'list' || kind === 'detail';
    const access: Access =
      spec.superadmin === 'all' || (spec.superadmin === 'writes' && !read) ? 'superadmin' : 'transporteur';
    return { config: { access, kind }, ...accessHooks(access) };
  };

  const list = spec.list;
  if (list) {
    const query = contract.query as z.ZodObject;
    app.get(
      path,
      {
        ...route('list'),
        schema: {
          tags,
          summary: summary.list ?? `Liste ${nom.des} (filtres, page/per_page, req_count)`,
          querystring: query,
          response: reply(listOf(contract.item)),
        },
      },
      async (request) => {
        const q = request.query as QueryOf<C> & ListQuery;
        return listReply(q, list(currentScope(request), q), spec.perPage);
      },
    );

    // A list exports on the server (`{path}/export`); a list that feeds selects has its options too.
    if (spec.options) {
      listExtras<ItemOf<C>, QueryOf<C> & ListQuery>(app, {
        path,
        tags,
        query,
        list,
        get: spec.get as (scope: Scope, id: number) => Promise<ItemOf<C>>,
        label: spec.options.label,
        labels: spec.options.labels,
      });
    } else if (spec.exportable !== false) {
      exportRoute<ItemOf<C>, QueryOf<C> & ListQuery>(app, { path, tags, query, list });
    }
  }

  // The row's version goes with it as its ETag (sent back in `If-Match` by an update).
  app.get(
    `${path}/:id`,
    {
      ...route('detail'),
      schema: {
        tags,
        summary: summary.detail ?? `Détail de ${nom.un}`,
        params: IdParams,
        response: reply(detail),
      },
    },
    async (request, res) => {
      const row = await get(currentScope(request), request.params.id);
      sendEtag(res, row);
      return ok(row);
    },
  );

  const writeOut: z.ZodType = contract.writeOut ?? detail;
  const create = handlers.create;
  if (create && contract.create) {
    app.post(
      path,
      {
        ...route('create'),
        schema: {
          tags,
          summary: create.summary ?? `Crée ${nom.un}`,
          body: contract.create as z.ZodType,
          response: reply(writeOut),
        },
      },
      async (request) => {
        const scope = currentScope(request);
        const created = await answerOf(scope, await create.run(scope, request.body), undefined, get);
        return ok(created, create.message(created));
      },
    );
  }

  // An update changes only the fields it sends (lib/partial-update.ts) and, when it names the version it was
  // based on (`If-Match` or `updated_at`), only that version of the row (lib/versions.ts).
  const update = handlers.update;
  if (update && contract.update) {
    const body = contract.update as z.ZodType;
    const updateRoute = route('update');
    app.post(
      `${path}/:id/update`,
      {
        ...updateRoute,
        preValidation: rememberSent,
        schema: {
          tags,
          summary:
            update.summary ??
            `Modifie ${nom.un} : seuls les champs envoyés changent (null efface) ; If-Match ou updated_at : 409 si elle a changé`,
          params: IdParams,
          body: versionedBody(body),
          response: reply(writeOut),
        },
      },
      async (request) => {
        const scope = currentScope(request);
        const { id } = request.params;
        const expected = expectedVersions(request, sentVersion(request));
        if (expected.length) await assertVersion(app.db, path, id, expected, await get(scope, id));
        const { updated_at: _, ...fields } = request.body as Record<string, unknown>;
        const sent = onlySent(request, fields, body);
        const updated = await answerOf(scope, await update.run(scope, id, sent), id, get);
        return ok(updated, update.message(updated));
      },
    );
  }

  const destroy = spec.destroy;
  if (destroy) {
    // The specification's other names of the same deletions (`/api/microservice/api-courses/villes`,
    // `/api/caisses`) are the contract's, where the web reads them too.
    for (const base of [path, contract.destroyPath].filter((b) => b !== undefined)) {
      app.post(
        `${base}/:id/destroy`,
        {
          ...route('destroy'),
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

    const groupBases = spec.destroyGroup === false ? [] : [path, contract.destroyGroupPath];
    for (const base of groupBases.filter((b) => b !== undefined)) {
      app.post(
        `${base}/destroy-group`,
        {
          ...route('destroy'),
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

  const runs = handlers.actions ?? {};
  for (const [name, a] of Object.entries(contract.actions as Record<string, ActionContract>)) {
    const run = runs[name];
    if (!run) throw new Error(`${path}: l'action « ${name} » du contrat n'a pas de handler.`);
    app.post(
      `${a.path ?? path}/:id/${name}`,
      {
        ...route('action'),
        schema: {
          tags,
          summary: run.summary,
          params: IdParams,
          ...(a.body ? { body: a.body } : {}),
          response: reply(a.out ?? detail),
        },
      },
      async (request) => {
        const scope = currentScope(request);
        const answer = await run.run(scope, request.params.id, request.body as undefined);
        if (typeof answer === 'string') return ok(await get(scope, request.params.id), answer);
        return ok(answer.data, answer.message);
      },
    );
  }
}
