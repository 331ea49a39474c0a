import { demandesContract } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import type { Scope } from '../../plugins/auth';
import { getCourseDetail } from './courses.repository';
import { getDemandeOut, listDemandes } from './demandes.repository';
import {
  acceptDemande,
  changeDemandeStatut,
  createDemande,
  destroyDemande,
  updateDemande,
} from './demandes.service';

const tags = ['Demandes'];

const demandesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const move = (to: 'Recherche en cours' | 'Annulé', summary: string) => ({
    summary,
    run: (scope: Scope, id: number) => changeDemandeStatut(app.db, scope, id, to),
  });

  crudRoutes(app, demandesContract, {
    tags,
    nom: { un: 'une demande', des: 'les demandes' },
    list: (scope, q) => listDemandes(app.db, scope, q),
    get: (scope, id) => getDemandeOut(app.db, scope, id),
    create: {
      run: (scope, body) => createDemande(app.db, scope, body),
      message: (d) => `La demande n°${d.id} a été enregistrée.`,
    },
    update: {
      run: (scope, id, body) => updateDemande(app.db, scope, id, body),
      message: (d) => `La demande n°${d.id} a été modifiée.`,
    },
    destroy: (scope, id) => destroyDemande(app.db, scope, id),
    missing: (id) => `La demande n°${id} n'existe pas.`,
    actions: {
      broadcast: move('Recherche en cours', 'Diffuse la demande à tous les transporteurs'),
      cancel: move('Annulé', 'Annule une demande ouverte'),
      accept: {
        summary: 'Accepte une demande ouverte et crée sa course (un seul transporteur gagne)',
        run: async (scope, id, body) => {
          const course = await getCourseDetail(app.db, scope, await acceptDemande(app.db, scope, id, body));
          return { data: course, message: `Demande acceptée : la course ${course.code} a été créée.` };
        },
      },
    },
  });
};

export default demandesRoutes;
