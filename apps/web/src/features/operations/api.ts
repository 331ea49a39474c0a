import type { CourseDetailOut, DemandeOut, PaiementOut } from '@yams/shared';
import { createResource } from '../../components/list/resource';

/** `/api/courses`: list rows are CourseOut, `GET /{id}` adds the course's payments (CourseDetailOut). */
export const courses = createResource<CourseDetailOut>('courses', '/api/courses');

/** `/api/demandes`: accepting one creates its course. */
export const demandes = createResource<DemandeOut>('demandes', '/api/demandes');

/** `/api/paiements`: validating or deleting one changes its course's etat. */
export const paiements = createResource<PaiementOut>('paiements', '/api/paiements');

export const coursePaths = {
  statut: (c: { id: number }) => `/api/courses/${c.id}/statut`,
};
export const demandePaths = {
  broadcast: (d: { id: number }) => `/api/demandes/${d.id}/broadcast`,
  accept: (d: { id: number }) => `/api/demandes/${d.id}/accept`,
  cancel: (d: { id: number }) => `/api/demandes/${d.id}/cancel`,
};
export const paiementPaths = {
  validate: (p: { id: number }) => `/api/paiements/${p.id}/validate`,
  cancel: (p: { id: number }) => `/api/paiements/${p.id}/cancel`,
};

/** The signed-in user's saved addresses (`GET /api/adresses`): the Adresses screen and the place pickers. */
export const adresseKeys = { all: ['adresses'] as const };
