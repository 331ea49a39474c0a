import { COURSE_STATUTS_FINAUX, type CourseStatut } from '@yams/shared';
import { and, eq, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Scoped, scoped } from '../../db/scoped';
import { isUniqueViolation } from '../../lib/db-errors';
import { fieldErrors } from '../../lib/errors';
import { vehicules } from '../fleet/fleet.table';
import { refreshVehiculeStatuts } from '../fleet/vehicule-statuts';
import { courses } from './operations.table';

// The vehicle follows its course, in the transaction that changes the course:
// open course → 'En course'; 'Problemes mécaniques' → 'Indisponible'; Terminé/Annulé → 'Disponible'
// (unless it broke down: a vehicle that leaves a course while broken stays 'Indisponible' until the fleet
// side, an intervention or a status change, makes it available again).

export const VEHICULE_EN_COURSE = 'En course';
export const VEHICULE_DISPONIBLE = 'Disponible';
export const VEHICULE_INDISPONIBLE = 'Indisponible';
const REFUSES = ['En intervention', 'Indisponible'];

const ouvert = (s: CourseStatut) => !COURSE_STATUTS_FINAUX.includes(s);

/**
 * Locks a vehicle of the company and checks it may take a course: not 'En intervention' or 'Indisponible',
 * and held by no other open course (`courseId`: the course being changed, if any).
 */
export async function reserverVehicule(
  tx: Db,
  entrepriseId: number,
  vehiculeId: number,
  courseId: number | null,
) {
  const t = scoped(tx, { entrepriseId });
  const [v] = await t
    .select({
      id: vehicules.id,
      plaque: vehicules.plaque,
      statut: vehicules.statut,
      chauffeur_id: vehicules.chauffeur_id,
    })
    .from(vehicules)
    .where(eq(vehicules.id, vehiculeId))
    .for('update');
  if (!v) throw fieldErrors({ vehicule_id: "Ce véhicule n'existe pas." });
  if (REFUSES.includes(v.statut)) {
    throw fieldErrors({
      vehicule_id: `Le véhicule ${v.plaque} est « ${v.statut} » : il ne peut pas être affecté à une course.`,
    });
  }
  const [busy] = await t
    .select({ code: courses.code })
    .from(courses)
    .where(
      and(
        eq(courses.vehicule_id, v.id),
        notInArray(courses.statut, [...COURSE_STATUTS_FINAUX]),
        courseId === null ? undefined : ne(courses.id, courseId),
      ),
    )
    .limit(1);
  if (busy) {
    throw fieldErrors({ vehicule_id: `Le véhicule ${v.plaque} est déjà affecté à la course ${busy.code}.` });
  }
  return v;
}

/**
 * The unique index `courses_vehicule_ouverte_unique` backs the check above: should two writers ever slip
 * past the row lock, the loser gets the same kind of French 422, never a 500.
 */
export function vehiculeConflict(err: unknown): never {
  if (isUniqueViolation(err, 'courses_vehicule_ouverte_unique')) {
    throw fieldErrors({ vehicule_id: 'Ce véhicule est déjà affecté à une autre course en cours.' });
  }
  throw err;
}

/** The vehicle of an open course takes the status that goes with the course's. */
export async function suivreCourse(
  t: Scoped,
  vehiculeId: number | null,
  statut: CourseStatut,
): Promise<void> {
  if (!vehiculeId || !ouvert(statut)) return;
  const next = statut === 'Problemes mécaniques' ? VEHICULE_INDISPONIBLE : VEHICULE_EN_COURSE;
  await t.update(vehicules).set({ statut: next }).where(eq(vehicules.id, vehiculeId));
}

/** The course no longer holds the vehicle (finished, cancelled, deleted or given another vehicle). */
export async function libererVehicule(t: Scoped, vehiculeId: number | null, enPanne: boolean): Promise<void> {
  if (!vehiculeId || enPanne) return;
  const [other] = await t
    .select({ statut: courses.statut })
    .from(courses)
    .where(and(eq(courses.vehicule_id, vehiculeId), notInArray(courses.statut, [...COURSE_STATUTS_FINAUX])))
    .limit(1);
  if (other) return suivreCourse(t, vehiculeId, other.statut as CourseStatut);
  await t
    .update(vehicules)
    .set({ statut: VEHICULE_DISPONIBLE })
    .where(and(eq(vehicules.id, vehiculeId), eq(vehicules.statut, VEHICULE_EN_COURSE)));
  // Back from the road into a workshop slot that started meanwhile: 'En intervention', not 'Disponible'.
  await refreshVehiculeStatuts(t, { vehiculeIds: [vehiculeId] });
}
