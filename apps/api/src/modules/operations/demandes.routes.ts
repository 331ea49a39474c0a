import {
  AcceptDemandeBody,
  CourseDetailOut,
  DemandeBody,
  DemandeOut,
  DemandesQuery,
  DemandeUpdateBody,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { action, type CrudAction, crudRoutes } from '../../lib/crud-routes';
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
  const move = (name: string, to: 'Recherche en cours' | 'Annulé', summary: string): CrudAction => ({
    name,
    summary,
    run: (scope, id) => changeDemandeStatut(app.db, scope, id, to),
  });

  crudRoutes(app, {
    path: '/api/demandes',
    tags,
    nom: { un: 'une demande', des: 'les demandes' },
    query: DemandesQuery,
    item: DemandeOut,
    detail: DemandeOut,
    list: (scope, q) => listDemandes(app.db, scope, q),
    get: (scope, id) => getDemandeOut(app.db, scope, id),
    create: {
      body: DemandeBody,
      run: (scope, body) => createDemande(app.db, scope, body),
      message: (d) => `La demande n°${d.id} a été enregistrée.`,
    },
    update: {
      body: DemandeUpdateBody,
      run: (scope, id, body) => updateDemande(app.db, scope, id, body),
      message: (d) => `La demande n°${d.id} a été modifiée.`,
    },
    destroy: (scope, id) => destroyDemande(app.db, scope, id),
    missing: (id) => `La demande n°${id} n'existe pas.`,
    actions: [
      move('broadcast', 'Recherche en cours', 'Diffuse la demande à tous les transporteurs'),
      move('cancel', 'Annulé', 'Annule une demande ouverte'),
      action({
        name: 'accept',
        summary: 'Accepte une demande ouverte et crée sa course (un seul transporteur gagne)',
        body: AcceptDemandeBody,
        out: CourseDetailOut,
        run: async (scope, id, body) => {
          const course = await getCourseDetail(app.db, scope, await acceptDemande(app.db, scope, id, body));
          return { data: course, message: `Demande acceptée : la course ${course.code} a été créée.` };
        },
      }),
    ],
  });
};

export default demandesRoutes;
