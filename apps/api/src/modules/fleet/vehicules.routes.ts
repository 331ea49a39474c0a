import {
  VehiculeBody,
  VehiculeDetailOut,
  VehiculeOut,
  VehiculesQuery,
  VehiculeUpdateBody,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GroupResponse } from '../../lib/crud-routes';
import { IdParams } from '../../lib/filters-ids';
import { forEachSelected, GroupBody, groupReply } from '../../lib/group';
import { ok, reply } from '../../lib/http';
import { listExtras } from '../../lib/list-extras';
import { filters, listOf, listResponse } from '../../lib/pagination';
import { currentScope } from '../../plugins/auth';
import { DocumentFiles } from './documents.files';
import { getVehiculeDetail, listVehicules } from './vehicules.repository';
import { createVehicule, destroyVehicule, updateVehicule } from './vehicules.service';

const tags = ['Parc automobile — véhicules'];

const vehiculesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const files = new DocumentFiles(app.config.dataDir);

  app.get(
    '/api/vehicules',
    {
      schema: {
        tags,
        summary:
          'Véhicules (filtres proprietaire, chauffeur, type, statut, search ; page/per_page, req_count)',
        querystring: filters(VehiculesQuery.shape),
        response: reply(listOf(VehiculeOut)),
      },
    },
    async (request) =>
      ok(await listResponse(request.query, listVehicules(app.db, currentScope(request), request.query))),
  );

  listExtras(app, {
    path: '/api/vehicules',
    tags,
    query: filters(VehiculesQuery.shape),
    list: (scope, q) => listVehicules(app.db, scope, q),
    get: (scope, id) => getVehiculeDetail(app.db, scope, id),
    label: (v) => v.plaque,
    // In forms the vehicle's state helps to pick a free one.
    labels: { statut: (v) => `${v.plaque} · ${v.statut}` },
  });

  app.get(
    '/api/vehicules/:id',
    {
      schema: {
        tags,
        summary: 'Un véhicule et ses documents',
        params: IdParams,
        response: reply(VehiculeDetailOut),
      },
    },
    async (request) => ok(await getVehiculeDetail(app.db, currentScope(request), request.params.id)),
  );

  app.post(
    '/api/vehicules',
    { schema: { tags, summary: 'Ajoute un véhicule', body: VehiculeBody, response: reply(VehiculeOut) } },
    async (request) =>
      ok(await createVehicule(app.db, currentScope(request), request.body), 'Le véhicule a été ajouté.'),
  );

  app.post(
    '/api/vehicules/:id/update',
    {
      schema: {
        tags,
        summary: 'Modifie un véhicule (champs envoyés seulement)',
        params: IdParams,
        body: VehiculeUpdateBody,
        response: reply(VehiculeOut),
      },
    },
    async (request) =>
      ok(
        await updateVehicule(app.db, currentScope(request), request.params.id, request.body),
        'Le véhicule a été modifié.',
      ),
  );

  app.post(
    '/api/vehicules/:id/destroy',
    {
      schema: {
        tags,
        summary: 'Supprime un véhicule inutilisé',
        params: IdParams,
        response: reply(z.null()),
      },
    },
    async (request) => {
      const { message, files: stored } = await destroyVehicule(
        app.db,
        currentScope(request),
        request.params.id,
      );
      await Promise.all(stored.map((f) => files.remove(f)));
      return ok(null, message);
    },
  );

  app.post(
    '/api/vehicules/destroy-group',
    {
      schema: {
        tags,
        summary: 'Supprime plusieurs véhicules ; un message par ligne',
        body: GroupBody,
        response: GroupResponse,
      },
    },
    async (request) => {
      const scope = currentScope(request);
      const result = await forEachSelected(request.body.selected_lines, async (id) => {
        const { message, files: stored } = await destroyVehicule(app.db, scope, id, { group: true });
        await Promise.all(stored.map((f) => files.remove(f)));
        return message;
      });
      return groupReply(result);
    },
  );
};

export default vehiculesRoutes;
