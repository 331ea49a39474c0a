import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentScope, type Scope } from '../plugins/auth';
import { AppError } from './errors';
import { IdParams } from './filters-ids';
import { forEachSelected, GroupBody, GroupMessage, groupReply } from './group';
import { ok, reply } from './http';
import { exportRoute } from './list-export';
import { listExtras } from './list-extras';
import { type ListQuery, type ListSource, listOf, listResponse } from './pagination';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The answer of a `destroy-group` call: the envelope with one `{severity, value}` item per line. */
export const GroupResponse = {
  200: z.object({ success: z.boolean(), message: GroupMessage, data: z.null(), errors: z.array(z.string()) }),
};

export interface CrudSpec<
  Item extends z.ZodType,
  Detail extends z.ZodType,
  Query extends z.ZodType<ListQuery>,
  Create extends z.ZodType,
  Update extends z.ZodType,
> {
  /** `/api/courses`: GET list, GET /{id}, POST create, POST /{id}/update, /{id}/destroy, /destroy-group. */
  path: string;
  tags: string[];
  /** 'la course', 'les courses' — for the OpenAPI summaries. */
  nom: { un: string; des: string };
  query: Query;
  item: Item;
  detail: Detail;
  list(scope: Scope, query: z.output<Query>): ListSource<z.output<Item>>;
  get(scope: Scope, id: number): Promise<z.output<Detail>>;
  create: {
    body: Create;
    run(scope: Scope, body: z.output<Create>): Promise<number>;
    message(d: z.output<Detail>): string;
  };
  update: {
    body: Update;
    run(scope: Scope, id: number, body: z.output<Update>): Promise<void>;
    message(d: z.output<Detail>): string;
  };
  /** Deletes one row and answers the French success sentence. */
  destroy(scope: Scope, id: number): Promise<string>;
  /** The group sentence of a line that does not exist (or belongs to another company). */
  missing(id: number): string;
  /** `GET {path}/options` (`list-options.ts`): the label of a row as a select's choice, and named variants. */
  options?: {
    label(row: z.output<Item>): string;
    labels?: Record<string, (row: z.output<Item>) => string>;
  };
}

/**
 * The six routes every operations entity shares. The entity's own routes (status moves…) are added beside
 * it in its routes file. Every repository call takes the request's scope.
 */
export function crudRoutes<
  Item extends z.ZodType,
  Detail extends z.ZodType,
  Query extends z.ZodType<ListQuery>,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(app: App, spec: CrudSpec<Item, Detail, Query, Create, Update>): void {
  const { path, tags, nom } = spec;
  // The route schemas are seen as plain zod types here; the spec's own types keep the handlers honest.
  const detail: z.ZodType = spec.detail;
  const createBody: z.ZodType = spec.create.body;
  const updateBody: z.ZodType = spec.update.body;

  app.get(
    path,
    {
      schema: {
        tags,
        summary: `Liste ${nom.des} (filtres, page/per_page, req_count)`,
        querystring: spec.query,
        response: reply(listOf(spec.item)),
      },
    },
    async (request) => {
      const query = request.query as z.output<Query>;
      return ok(await listResponse(query, spec.list(currentScope(request), query)));
    },
  );

  // Every list exports on the server (`{path}/export`); a list that feeds selects has its options too.
  if (spec.options) {
    listExtras<z.output<Item>, z.output<Query>>(app, {
      path,
      tags,
      query: spec.query as unknown as z.ZodObject,
      list: spec.list,
      get: spec.get as (scope: Scope, id: number) => Promise<z.output<Item>>,
      label: spec.options.label,
      labels: spec.options.labels,
    });
  } else {
    exportRoute<z.output<Item>, z.output<Query>>(app, {
      path,
      tags,
      query: spec.query as unknown as z.ZodObject,
      list: spec.list,
    });
  }

  app.get(
    `${path}/:id`,
    { schema: { tags, summary: `Détail de ${nom.un}`, params: IdParams, response: reply(detail) } },
    async (request) => ok(await spec.get(currentScope(request), request.params.id)),
  );

  app.post(
    path,
    { schema: { tags, summary: `Crée ${nom.un}`, body: createBody, response: reply(detail) } },
    async (request) => {
      const scope = currentScope(request);
      const created = await spec.get(scope, await spec.create.run(scope, request.body as z.output<Create>));
      return ok(created, spec.create.message(created));
    },
  );

  app.post(
    `${path}/:id/update`,
    {
      schema: {
        tags,
        summary: `Modifie ${nom.un}`,
        params: IdParams,
        body: updateBody,
        response: reply(detail),
      },
    },
    async (request) => {
      const scope = currentScope(request);
      await spec.update.run(scope, request.params.id, request.body as z.output<Update>);
      const updated = await spec.get(scope, request.params.id);
      return ok(updated, spec.update.message(updated));
    },
  );

  app.post(
    `${path}/:id/destroy`,
    { schema: { tags, summary: `Supprime ${nom.un}`, params: IdParams, response: reply(z.null()) } },
    async (request) => ok(null, await spec.destroy(currentScope(request), request.params.id)),
  );

  app.post(
    `${path}/destroy-group`,
    {
      schema: {
        tags,
        summary: `Supprime plusieurs lignes (${nom.des}) ; un message par ligne`,
        body: GroupBody,
        response: GroupResponse,
      },
    },
    async (request) => {
      const scope = currentScope(request);
      const result = await forEachSelected(request.body.selected_lines, (id) =>
        spec.destroy(scope, id).catch((err: unknown) => {
          if (err instanceof AppError && err.statusCode === 404) {
            throw new AppError(err.code, 404, [spec.missing(id)]);
          }
          throw err;
        }),
      );
      return groupReply(result);
    },
  );
}
