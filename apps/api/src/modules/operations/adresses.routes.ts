import { ADRESSE_MSG, adressesContract } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import {
  createAdresse,
  destroyAdresse,
  getAdresse,
  listAdresses,
  updateAdresse,
} from './adresses.repository';

/** A user's own addresses (the mobile apps' address book): no export, no select, no group deletion. */
const adressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  crudRoutes(app, adressesContract, {
    tags: ['Adresses'],
    nom: { un: 'une adresse', des: 'les adresses' },
    summary: {
      list: 'Mes adresses (latitude, longitude)',
      detail: 'Une de mes adresses',
      destroy: 'Supprime une de mes adresses',
    },
    list: (scope) => listAdresses(app.db, scope),
    exportable: false,
    get: (scope, id) => getAdresse(app.db, scope, id),
    create: {
      summary: 'Ajoute une adresse (libelle, ville, lat, lng, utilisateur)',
      run: (scope, body) => createAdresse(app.db, scope, body),
      message: () => ADRESSE_MSG.ajoutee,
    },
    update: {
      summary: 'Modifie une de mes adresses',
      run: (scope, id, body) => updateAdresse(app.db, scope, id, body),
      message: () => ADRESSE_MSG.modifiee,
    },
    destroy: (scope, id) => destroyAdresse(app.db, scope, id),
    destroyGroup: false,
  });
};

export default adressesRoutes;
