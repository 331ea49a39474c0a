import { AUDIT_ENTITES, AUDIT_PATHS, auditContract, historiqueEndpoint } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { endpointRoute } from '../../lib/endpoint-routes';
import { ok } from '../../lib/http';
import { currentScope } from '../../plugins/auth';
import { getAuditEntry, historique, listAudit } from './audit.repository';

const tags = ['Audit'];

/** The audit log read through the API (audit.repository.ts): read-only, never written by a route. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  crudRoutes(app, auditContract, {
    tags,
    nom: { un: "une entrée du journal d'audit", des: "le journal d'audit" },
    summary: {
      list: "Journal d'audit de la plateforme (superadmin) : filtres entreprise, entité, action, utilisateur, fiche, période",
      detail: "Une entrée du journal d'audit (superadmin)",
    },
    superadmin: 'all',
    list: (scope, q) => listAudit(app.db, scope, q),
    exportable: false,
    get: (scope, id) => getAuditEntry(app.db, scope, id),
  });

  for (const [path, tableName] of Object.entries(AUDIT_PATHS)) {
    endpointRoute(app, historiqueEndpoint(path), {
      tags,
      summary: `Historique d'une fiche (${AUDIT_ENTITES[tableName]}) : qui, quand, quels champs, avant et après`,
      handler: async (request) =>
        ok(await historique(app.db, currentScope(request), tableName, request.params.id)),
    });
  }
};

export default routes;
