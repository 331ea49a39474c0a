import { achatsContract } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import {
  createAchat,
  createReglementAchat,
  destroyAchat,
  getAchatOut,
  listAchats,
  updateAchat,
  validateAchat,
} from './achats.service';

const tags = ['Achats'];

const achatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  crudRoutes(app, achatsContract, {
    tags,
    nom: { un: 'un achat', des: 'les achats' },
    list: (scope, q) => listAchats(app.db, scope, q),
    get: (scope, id) => getAchatOut(app.db, scope, id),
    create: {
      run: (scope, body) => createAchat(app.db, scope, body),
      message: (a) => `L'achat n°${a.id} (brouillon) a été enregistré.`,
    },
    update: {
      run: (scope, id, body) => updateAchat(app.db, scope, id, body),
      message: (a) => `L'achat n°${a.id} a été modifié.`,
    },
    destroy: (scope, id) => destroyAchat(app.db, scope, id),
    missing: (id) => `L'achat n°${id} n'existe pas.`,
    actions: {
      validate: {
        summary: 'Valide un achat : stock des articles augmenté, écriture au journal des achats',
        run: (scope, id) => validateAchat(app.db, scope, id),
      },
      reglements: {
        summary: 'Enregistre un règlement au fournisseur',
        run: (scope, id, body) => createReglementAchat(app.db, scope, id, body),
      },
    },
  });
};

export default achatsRoutes;
