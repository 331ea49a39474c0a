import { InterventionBody, InterventionOut, InterventionsQuery, InterventionUpdateBody } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GroupResponse } from '../../lib/crud-routes';
import { assertDateRange } from '../../lib/filters-dates';
import { IdParams } from '../../lib/filters-ids';
import { forEachSelected, GroupBody, groupReply } from '../../lib/group';
import { ok, reply } from '../../lib/http';
import { listExtras } from '../../lib/list-extras';
import { filters, listOf, listResponse } from '../../lib/pagination';
import { currentScope } from '../../plugins/auth';
import { getInterventionOut, listInterventions } from './interventions.repository';
import {
  confirmIntervention,
  createIntervention,
  destroyIntervention,
  updateIntervention,
} from './interventions.service';

const tags = ['Parc automobile — interventions'];

const interventionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/api/interventions',
    {
      schema: {
        tags,
        summary:
          'Interventions (filtres vehicule, garage, type, statut, date_debut/date_fin, req_period=AAAA-MM, search)',
        querystring: filters(InterventionsQuery.shape),
        response: reply(listOf(InterventionOut)),
      },
    },
    async (request) => {
      assertDateRange(request.query);
      return ok(
        await listResponse(request.query, listInterventions(app.db, currentScope(request), request.query)),
      );
    },
  );

  listExtras(app, {
    path: '/api/interventions',
    tags,
    query: filters(InterventionsQuery.shape),
    list: (scope, q) => listInterventions(app.db, scope, q),
    get: (scope, id) => getInterventionOut(app.db, scope, id),
    label: (i) => `Intervention n° ${i.id}`,
  });

  app.get(
    '/api/interventions/:id',
    {
      schema: {
        tags,
        summary: 'Une intervention et ses lignes',
        params: IdParams,
        response: reply(InterventionOut),
      },
    },
    async (request) => ok(await getInterventionOut(app.db, currentScope(request), request.params.id)),
  );

  app.post(
    '/api/interventions',
    {
      schema: {
        tags,
        summary: 'Ajoute une intervention (Brouillon) ; le montant est la somme des lignes',
        body: InterventionBody,
        response: reply(InterventionOut),
      },
    },
    async (request) =>
      ok(
        await createIntervention(app.db, currentScope(request), request.body),
        "L'intervention a été ajoutée.",
      ),
  );

  app.post(
    '/api/interventions/:id/update',
    {
      schema: {
        tags,
        summary: 'Réécrit un brouillon (champs et lignes)',
        params: IdParams,
        body: InterventionUpdateBody,
        response: reply(InterventionOut),
      },
    },
    async (request) =>
      ok(
        await updateIntervention(app.db, currentScope(request), request.params.id, request.body),
        "L'intervention a été modifiée.",
      ),
  );

  app.post(
    '/api/interventions/:id/confirm',
    {
      schema: {
        tags,
        summary: 'Confirme un brouillon et sort ses articles du stock',
        params: IdParams,
        response: reply(InterventionOut),
      },
    },
    async (request) =>
      ok(
        await confirmIntervention(app.db, currentScope(request), request.params.id),
        "L'intervention a été confirmée.",
      ),
  );

  app.post(
    '/api/interventions/:id/destroy',
    { schema: { tags, summary: 'Supprime un brouillon', params: IdParams, response: reply(z.null()) } },
    async (request) => ok(null, await destroyIntervention(app.db, currentScope(request), request.params.id)),
  );

  app.post(
    '/api/interventions/destroy-group',
    {
      schema: {
        tags,
        summary: 'Supprime plusieurs brouillons ; un message par ligne',
        body: GroupBody,
        response: GroupResponse,
      },
    },
    async (request) => {
      const scope = currentScope(request);
      return groupReply(
        await forEachSelected(request.body.selected_lines, (id) =>
          destroyIntervention(app.db, scope, id, { group: true }),
        ),
      );
    },
  );
};

export default interventionsRoutes;
