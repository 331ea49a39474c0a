import { interventionsContract } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { assertDateRange } from '../../lib/filters-dates';
import { getInterventionOut, listInterventions } from './interventions.repository';
import {
  confirmIntervention,
  createIntervention,
  destroyIntervention,
  updateIntervention,
} from './interventions.service';

const interventionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  crudRoutes(app, interventionsContract, {
    tags: ['Parc automobile — interventions'],
    nom: { un: 'une intervention', des: 'les interventions' },
    summary: {
      list: 'Interventions (filtres vehicule, garage, type, statut, date_debut/date_fin, req_period=AAAA-MM, search)',
      detail: 'Une intervention et ses lignes',
      destroy: 'Supprime un brouillon',
      destroyGroup: 'Supprime plusieurs brouillons ; un message par ligne',
    },
    list: (scope, q) => {
      assertDateRange(q);
      return listInterventions(app.db, scope, q);
    },
    get: (scope, id) => getInterventionOut(app.db, scope, id),
    options: { label: (i) => `Intervention n° ${i.id}` },
    create: {
      summary: 'Ajoute une intervention (Brouillon) ; le montant est la somme des lignes',
      run: (scope, body) => createIntervention(app.db, scope, body),
      message: () => "L'intervention a été ajoutée.",
    },
    update: {
      summary: 'Réécrit un brouillon (champs et lignes)',
      run: (scope, id, body) => updateIntervention(app.db, scope, id, body),
      message: () => "L'intervention a été modifiée.",
    },
    destroy: (scope, id, { group }) => destroyIntervention(app.db, scope, id, { group }),
    actions: {
      confirm: {
        summary: 'Confirme un brouillon et sort ses articles du stock',
        run: async (scope, id) => ({
          data: await confirmIntervention(app.db, scope, id),
          message: "L'intervention a été confirmée.",
        }),
      },
    },
  });
};

export default interventionsRoutes;
