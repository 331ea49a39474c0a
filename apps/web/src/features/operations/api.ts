import { adressesContract, coursesContract, demandesContract, paiementsContract } from '@yams/shared';
import { createResource } from '../../components/list/resource';

/** `/api/courses`: list rows are CourseOut, `GET /{id}` adds the course's payments (CourseDetailOut). */
export const courses = createResource('courses', coursesContract);

/** `/api/demandes`: accepting one creates its course. */
export const demandes = createResource('demandes', demandesContract);

/** `/api/paiements`: validating or deleting one changes its course's etat. */
export const paiements = createResource('paiements', paiementsContract);

/** The signed-in user's saved addresses (`GET /api/adresses`): the Adresses screen and the place pickers. */
export const adresses = createResource('adresses', adressesContract);
export const adresseKeys = adresses.keys;
