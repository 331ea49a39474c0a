import { ImportBody, ImportReport } from '@yams/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { IdParams, zSearch } from '../../lib/filters-ids';
import { crudMessages } from '../../lib/french';
import { ok, reply } from '../../lib/http';
import { importErrors, importMessage } from '../../lib/import';
import { listExtras } from '../../lib/list-extras';
import { filters, type ListQuery, listOf, listResponse } from '../../lib/pagination';
import { currentScope } from '../../plugins/auth';
import {
  createRow,
  destroyRow,
  getRow,
  importRows,
  listRows,
  type ReferenceResource,
  updateRow,
} from './reference.resource';
import { REFERENCE_RESOURCES } from './reference.resources';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Values = Record<string, unknown>;

/** The same six routes for every reference table (spec section 7, « Reference data »). */
function serve(app: App, r: ReferenceResource) {
  const base = `/api/${r.path}`;
  const tags = [r.tag];
  const messages = crudMessages(r.nom);
  const writers = r.platform ? ' (super administrateur)' : '';
  const { entreprise_id: _, ...updateShape } = r.body.shape;
  const updateBody = z.object(updateShape).partial();

  app.get(
    base,
    {
      schema: {
        tags,
        summary: `Liste (search, page/per_page, req_count, limit)`,
        querystring: filters({ search: zSearch }),
        response: reply(listOf(r.out)),
      },
    },
    async (request) =>
      ok(
        await listResponse(
          request.query,
          listRows(app.db, currentScope(request), r, request.query),
          r.perPage,
        ),
      ),
  );

  listExtras<Values, ListQuery & { search?: string }>(app, {
    path: base,
    tags,
    query: filters({ search: zSearch }),
    list: (scope, q) => listRows(app.db, scope, r, q),
    get: (scope, id) => getRow(app.db, scope, r, id),
    label: (row) => String(row.libelle ?? row.nom ?? row.nom_complet ?? row.id),
  });

  app.get(
    `${base}/:id`,
    { schema: { tags, summary: 'Détail', params: IdParams, response: reply(r.out) } },
    async (request) => ok(await getRow(app.db, currentScope(request), r, request.params.id)),
  );

  app.post(
    base,
    { schema: { tags, summary: `Ajout${writers}`, body: r.body, response: reply(r.out) } },
    async (request) =>
      ok(await createRow(app.db, currentScope(request), r, request.body as Values), messages.created),
  );

  app.post(
    `${base}/:id/update`,
    {
      schema: {
        tags,
        summary: `Modification${writers}`,
        params: IdParams,
        body: updateBody,
        response: reply(r.out),
      },
    },
    async (request) =>
      ok(
        await updateRow(app.db, currentScope(request), r, request.params.id, request.body as Values),
        messages.updated,
      ),
  );

  app.post(
    `${base}/import`,
    {
      schema: {
        tags,
        summary: `Import d'un fichier (mêmes colonnes que l'export), tout ou rien${writers}`,
        body: ImportBody,
        response: reply(ImportReport),
      },
    },
    async (request) => {
      const report = await importRows(app.db, currentScope(request), r, request.body);
      if (report.erreurs.length && !request.body.apercu) {
        throw new AppError('import.invalide', 422, importErrors(report), report);
      }
      return ok(report, importMessage(report, request.body.apercu));
    },
  );

  const destroy = {
    schema: { tags, summary: `Suppression${writers}`, params: IdParams, response: reply(z.null()) },
  };
  const handler = async (request: FastifyRequest<{ Params: { id: number } }>) =>
    ok(null, await destroyRow(app.db, currentScope(request), r, request.params.id));
  app.post(`${base}/:id/destroy`, destroy, handler);
  if (r.microservice) app.post(`/api/microservice/api-courses/${r.path}/:id/destroy`, destroy, handler);
}

const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  for (const r of REFERENCE_RESOURCES) serve(app, r);
};

export default referenceRoutes;
