import {
  PaiementBody,
  PaiementOut,
  type PaiementStatut,
  PaiementsQuery,
  PaiementUpdateBody,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CrudAction, crudRoutes } from '../../lib/crud-routes';
import { getPaiementOut, listPaiements } from './paiements.repository';
import { changePaiementStatut, createPaiement, destroyPaiement, updatePaiement } from './paiements.service';

const tags = ['Paiements'];

const paiementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const move = (name: string, to: PaiementStatut, summary: string): CrudAction => ({
    name,
    summary,
    run: (scope, id) => changePaiementStatut(app.db, scope, id, to),
  });

  crudRoutes(app, {
    path: '/api/paiements',
    tags,
    nom: { un: 'un paiement', des: 'les paiements' },
    query: PaiementsQuery,
    item: PaiementOut,
    detail: PaiementOut,
    list: (scope, q) => listPaiements(app.db, scope, q),
    get: (scope, id) => getPaiementOut(app.db, scope, id),
    create: {
      body: PaiementBody,
      run: (scope, body) => createPaiement(app.db, scope, body),
      message: (p) => `Le paiement de la course ${p.course.code} a été enregistré.`,
    },
    update: {
      body: PaiementUpdateBody,
      run: (scope, id, body) => updatePaiement(app.db, scope, id, body),
      message: (p) => `Le paiement de la course ${p.course.code} a été modifié.`,
    },
    destroy: (scope, id) => destroyPaiement(app.db, scope, id),
    missing: (id) => `Le paiement n°${id} n'existe pas.`,
    actions: [
      move('validate', 'Validé', 'Valide un paiement en attente ; l’état de règlement de la course suit'),
      move(
        'cancel',
        'Annulé',
        'Annule un paiement (en attente ou validé) ; l’état de règlement de la course suit',
      ),
    ],
  });
};

export default paiementsRoutes;
