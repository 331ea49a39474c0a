import {
  AcceptDemandeBody,
  CourseDetailOut,
  DEMANDE_STATUTS,
  DemandeBody,
  DemandeOut,
  DemandeUpdateBody,
  TYPES_COURSE,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes';
import { dateRangeQuery } from '../../lib/filters-dates';
import { IdParams, zIdFilter } from '../../lib/filters-ids';
import { ok, reply } from '../../lib/http';
import { filters } from '../../lib/pagination';
import { currentScope } from '../../plugins/auth';
import { getCourseDetail } from './courses.repository';
import { getDemandeOut, listDemandes } from './demandes.repository';
import {
  acceptDemande,
  changeDemandeStatut,
  createDemande,
  destroyDemande,
  updateDemande,
} from './demandes.service';

const DemandesQuery = filters({
  client: zIdFilter('Le client'),
  statut: z.enum(DEMANDE_STATUTS, { error: "Le statut de demande n'est pas valide." }).optional(),
  type: z.enum(TYPES_COURSE, { error: "Le type de course n'est pas valide." }).optional(),
  ...dateRangeQuery,
});

const tags = ['Demandes'];

const demandesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

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
  });

  const move = (path: string, to: 'Recherche en cours' | 'Annulé', summary: string) =>
    app.post(
      `/api/demandes/:id/${path}`,
      { schema: { tags, summary, params: IdParams, response: reply(DemandeOut) } },
      async (request) => {
        const scope = currentScope(request);
        const message = await changeDemandeStatut(app.db, scope, request.params.id, to);
        return ok(await getDemandeOut(app.db, scope, request.params.id), message);
      },
    );
  move('broadcast', 'Recherche en cours', 'Diffuse la demande à tous les transporteurs');
  move('cancel', 'Annulé', 'Annule une demande ouverte');

  app.post(
    '/api/demandes/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accepte une demande ouverte et crée sa course (un seul transporteur gagne)',
        params: IdParams,
        body: AcceptDemandeBody,
        response: reply(CourseDetailOut),
      },
    },
    async (request) => {
      const scope = currentScope(request);
      const courseId = await acceptDemande(app.db, scope, request.params.id, request.body);
      const course = await getCourseDetail(app.db, scope, courseId);
      return ok(course, `Demande acceptée : la course ${course.code} a été créée.`);
    },
  );
};

export default demandesRoutes;
