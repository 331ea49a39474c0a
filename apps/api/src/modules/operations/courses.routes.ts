import { coursesContract, formatMoney } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { getCourseDetail, listCourses } from './courses.repository';
import {
  annulerEtapeCourse,
  changeCourseStatut,
  createCourse,
  destroyCourse,
  updateCourse,
} from './courses.service';

const tags = ['Courses'];

const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  crudRoutes(app, coursesContract, {
    tags,
    nom: { un: 'une course', des: 'les courses' },
    list: (scope, q) => listCourses(app.db, scope, q),
    get: (scope, id) => getCourseDetail(app.db, scope, id),
    options: {
      label: (c) => `${c.code} · ${c.client_nom_complet}`,
      // The payment form: what remains to pay on each course.
      labels: {
        reste: (c) => `${c.code} · ${c.client_nom_complet} (reste : ${formatMoney(c.reste_a_payer)})`,
      },
    },
    create: {
      run: (scope, body) => createCourse(app.db, scope, body),
      message: (c) => `La course ${c.code} a été créée.`,
    },
    update: {
      run: (scope, id, body) => updateCourse(app.db, scope, id, body),
      message: (c) => `La course ${c.code} a été modifiée.`,
    },
    destroy: (scope, id) => destroyCourse(app.db, scope, id),
    missing: (id) => `La course n°${id} n'existe pas.`,
    actions: {
      statut: {
        summary: 'Fait avancer la course dans son cycle de vie ; le véhicule suit',
        run: (scope, id, body) => changeCourseStatut(app.db, scope, id, body.statut, body.date_reelle),
      },
      'annuler-etape': {
        summary: 'Annule la dernière étape de la course (son auteur, dans les 10 minutes) ; le véhicule suit',
        run: (scope, id) => annulerEtapeCourse(app.db, scope, id),
      },
    },
  });
};

export default coursesRoutes;
