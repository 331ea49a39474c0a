import { importEndpoint } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { endpointRoute } from '../../lib/endpoint-routes';
import { AppError } from '../../lib/errors';
import { crudMessages } from '../../lib/french';
import { ok } from '../../lib/http';
import { importErrors, importMessage } from '../../lib/import';
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

/** An import's body: its 2,000 lines (IMPORT_MAX_LINES) at up to 2 KiB each. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

type App = Parameters<FastifyPluginAsyncZod>[0];
type Values = Record<string, unknown>;

/** The same routes for every reference table (the specification, « Reference data »), and its import. */
function serve(app: App, r: ReferenceResource) {
  const base = r.contract.path;
  const tags = [r.tag];
  const messages = crudMessages(r.nom);
  const writers = r.platform ? ' (super administrateur)' : '';

  crudRoutes(app, r.contract, {
    tags,
    nom: { un: r.path, des: r.path },
    summary: {
      list: 'Liste (search, page/per_page, req_count, limit)',
      detail: 'Détail',
      destroy: `Suppression${writers}`,
    },
    perPage: r.perPage,
    ...(r.platform ? { superadmin: 'writes' as const } : {}),
    list: (scope, q) => listRows(app.db, scope, r, q),
    get: (scope, id) => getRow(app.db, scope, r, id),
    options: {
      label: (row: Values) => String(row.libelle ?? row.nom ?? row.nom_complet ?? row.id),
      labels: r.optionLabels as Record<string, (row: unknown) => string> | undefined,
    },
    create: {
      summary: `Ajout${writers}`,
      run: (scope, body) => createRow(app.db, scope, r, body as Values),
      message: () => messages.created,
    },
    update: {
      summary: `Modification${writers}`,
      run: (scope, id, body) => updateRow(app.db, scope, r, id, body as Values),
      message: () => messages.updated,
    },
    destroy: (scope, id) => destroyRow(app.db, scope, r, id),
    // `POST /api/microservice/api-courses/{table}/{id}/destroy` too, for the tables whose contract names it
    // (`destroyPath`, the specification).
    destroyGroup: false,
  });

  endpointRoute(app, importEndpoint(base), {
    tags,
    summary: `Import d'un fichier (mêmes colonnes que l'export), tout ou rien${writers}`,
    // Up to 2,000 lines read from a file: above the API's 1 MiB JSON limit, bounded all the same.
    bodyLimit: IMPORT_BODY_LIMIT,
    ...(r.platform ? { access: 'superadmin' as const } : {}),
    handler: async (request) => {
      const report = await importRows(app.db, currentScope(request), r, request.body);
      if (report.erreurs.length && !request.body.apercu) {
        throw new AppError('import.invalide', 422, importErrors(report), report);
      }
      return ok(report, importMessage(report, request.body.apercu));
    },
  });
}

const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  for (const r of REFERENCE_RESOURCES) serve(app, r);
};

export default referenceRoutes;
