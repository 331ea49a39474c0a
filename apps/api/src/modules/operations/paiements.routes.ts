import { type PaiementStatut, paiementsContract } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import type { Scope } from '../../plugins/auth';
import { getPaiementOut, listPaiements } from './paiements.repository';
import { changePaiementStatut, createPaiement, destroyPaiement, updatePaiement } from './paiements.service';

const tags = ['Paiements'];

const paiementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const move = (to: PaiementStatut, summary: string) => ({
    summary,
    run: (scope: Scope, id: number) => changePaiementStatut(app.db, scope, id, to),
  });

  crudRoutes(app, paiementsContract, {
    tags,
    nom: { un: 'un paiement', des: 'les paiements' },
    list: (scope, q) => listPaiements(app.db, scope, q),
    get: (scope, id) => getPaiementOut(app.db, scope, id),
    create: {
      run: (scope, body) => createPaiement(app.db, scope, body),
      message: (p) => `Le paiement de la course ${p.course.code} a été enregistré.`,
    },
    update: {
      run: (scope, id, body) => updatePaiement(app.db, scope, id, body),
      message: (p) => `Le paiement de la course ${p.course.code} a été modifié.`,
    },
    destroy: (scope, id) => destroyPaiement(app.db, scope, id),
    missing: (id) => `Le paiement n°${id} n'existe pas.`,
    actions: {
      validate: move('Validé', 'Valide un paiement en attente ; l’état de règlement de la course suit'),
      cancel: move(
        'Annulé',
        'Annule un paiement (en attente ou validé) ; l’état de règlement de la course suit',
      ),
    },
  });
};

export default paiementsRoutes;
