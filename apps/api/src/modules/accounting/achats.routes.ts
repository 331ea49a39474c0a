import { ACHAT_STATUTS, AchatBody, AchatOut, ReglementBody, STATUTS_REGLEMENT } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes';
import { dateRangeQuery } from '../../lib/filters-dates';
import { IdParams, zIdFilter } from '../../lib/filters-ids';
import { ok, reply } from '../../lib/http';
import { filters } from '../../lib/pagination';
import { currentScope } from '../../plugins/auth';
import {
  createAchat,
  createReglementAchat,
  destroyAchat,
  getAchatOut,
  listAchats,
  updateAchat,
  validateAchat,
} from './achats.service';

const AchatsQuery = filters({
  fournisseur: zIdFilter('Le fournisseur'),
  statut: z.enum(ACHAT_STATUTS, { error: "Le statut d'achat n'est pas valide." }).optional(),
  statut_reglement: z
    .enum(STATUTS_REGLEMENT, { error: "Le statut de règlement n'est pas valide." })
    .optional(),
  ...dateRangeQuery,
});

const tags = ['Achats'];

const achatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  crudRoutes(app, {
    path: '/api/achats',
    tags,
    nom: { un: 'un achat', des: 'les achats' },
    query: AchatsQuery,
    item: AchatOut,
    detail: AchatOut,
    list: (scope, q) => listAchats(app.db, scope, q),
    get: (scope, id) => getAchatOut(app.db, scope, id),
    create: {
      body: AchatBody,
      run: (scope, body) => createAchat(app.db, scope, body),
      message: (a) => `L'achat n°${a.id} (brouillon) a été enregistré.`,
    },
    update: {
      body: AchatBody,
      run: (scope, id, body) => updateAchat(app.db, scope, id, body),
      message: (a) => `L'achat n°${a.id} a été modifié.`,
    },
    destroy: (scope, id) => destroyAchat(app.db, scope, id),
    missing: (id) => `L'achat n°${id} n'existe pas.`,
  });

  app.post(
    '/api/achats/:id/validate',
    {
      schema: {
        tags,
        summary: 'Valide un achat : stock des articles augmenté, écriture au journal des achats',
        params: IdParams,
        response: reply(AchatOut),
      },
    },
    async (request) => {
      const scope = currentScope(request);
      const message = await validateAchat(app.db, scope, request.params.id);
      return ok(await getAchatOut(app.db, scope, request.params.id), message);
    },
  );

  app.post(
    '/api/achats/:id/reglements',
    {
      schema: {
        tags,
        summary: 'Enregistre un règlement au fournisseur',
        params: IdParams,
        body: ReglementBody,
        response: reply(AchatOut),
      },
    },
    async (request) => {
      const scope = currentScope(request);
      const message = await createReglementAchat(app.db, scope, request.params.id, request.body);
      return ok(await getAchatOut(app.db, scope, request.params.id), message);
    },
  );
};

export default achatsRoutes;
