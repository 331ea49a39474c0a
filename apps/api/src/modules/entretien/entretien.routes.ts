import { carnetEntretienEndpoint, echeancesPlansEndpoint, plansEntretienContract } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { endpointRoute, fileRoute } from '../../lib/endpoint-routes';
import { ok } from '../../lib/http';
import { currentScope } from '../../plugins/auth';
import { carnetPdf } from './carnet.pdf';
import { echeanceOut, echeancesPlans } from './echeances';
import { getPlan, listPlans } from './plans.repository';
import { createPlan, destroyPlan, updatePlan } from './plans.service';

const tags = ["Parc automobile — plans d'entretien"];

const entretienRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  // Before the CRUD: `/echeances` is not an id.
  endpointRoute(app, echeancesPlansEndpoint, {
    tags,
    summary:
      "Chaque véhicule sous chaque plan d'entretien actif qui s'y applique, avec son échéance (km et/ou date) et son état, le plus urgent d'abord (filtres etat, dues, vehicule)",
    handler: async (request) =>
      ok((await echeancesPlans(app.db, currentScope(request), request.query)).map(echeanceOut)),
  });

  fileRoute(app, carnetEntretienEndpoint, {
    tags: ['Parc automobile — véhicules'],
    summary:
      "Le carnet d'entretien du véhicule en PDF : chaque intervention (date, kilométrage, services et pièces, coût) et ses plans d'entretien",
    handler: async (request, reply) => {
      const pdf = await carnetPdf(app.db, currentScope(request), app.config.dataDir, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="carnet-${request.params.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });

  crudRoutes(app, plansEntretienContract, {
    tags,
    nom: { un: "un plan d'entretien", des: "les plans d'entretien" },
    list: (scope, q) => listPlans(app.db, scope, q),
    get: (scope, id) => getPlan(app.db, scope, id),
    options: { label: (p) => `${p.libelle} — ${p.cible}` },
    create: {
      run: (scope, body) => createPlan(app.db, scope, body),
      message: () => "Le plan d'entretien a été créé.",
    },
    update: {
      run: (scope, id, body) => updatePlan(app.db, scope, id, body),
      message: () => "Le plan d'entretien a été modifié.",
    },
    destroy: (scope, id) => destroyPlan(app.db, scope, id),
    missing: (id) => `Le plan d'entretien n°${id} n'existe pas.`,
  });
};

export default entretienRoutes;
