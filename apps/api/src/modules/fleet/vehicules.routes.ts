import { vehiculesContract } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { DocumentFiles } from './documents.files';
import { getVehiculeDetail, listVehicules } from './vehicules.repository';
import { createVehicule, destroyVehicule, updateVehicule } from './vehicules.service';

const vehiculesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const files = new DocumentFiles(app.config.dataDir);

  crudRoutes(app, vehiculesContract, {
    tags: ['Parc automobile — véhicules'],
    nom: { un: 'un véhicule', des: 'les véhicules' },
    summary: {
      list: 'Véhicules (filtres proprietaire, chauffeur, type, statut, search ; page/per_page, req_count)',
      detail: 'Un véhicule et ses documents',
      destroy: 'Supprime un véhicule inutilisé',
      destroyGroup: 'Supprime plusieurs véhicules ; un message par ligne',
    },
    list: (scope, q) => listVehicules(app.db, scope, q),
    get: (scope, id) => getVehiculeDetail(app.db, scope, id),
    options: {
      label: (v) => v.plaque,
      // In forms the vehicle's state helps to pick a free one.
      labels: { statut: (v) => `${v.plaque} · ${v.statut}` },
    },
    // A write answers the list's row (without the documents).
    create: {
      summary: 'Ajoute un véhicule',
      run: (scope, body) => createVehicule(app.db, scope, body),
      message: () => 'Le véhicule a été ajouté.',
    },
    update: {
      summary: 'Modifie un véhicule (champs envoyés seulement)',
      run: (scope, id, body) => updateVehicule(app.db, scope, id, body),
      message: () => 'Le véhicule a été modifié.',
    },
    // The vehicle's document files go with it.
    destroy: async (scope, id, { group }) => {
      const { message, files: stored } = await destroyVehicule(app.db, scope, id, { group });
      await Promise.all(stored.map((f) => files.remove(f)));
      return message;
    },
  });
};

export default vehiculesRoutes;
