import {
  ANNULATION_ETAPE_MINUTES,
  type CourseBody,
  type CourseStatut,
  type CourseUpdateBody,
  courseCode,
  courseDateReelle,
  courseEtat,
  courseTransitionError,
  DATES_COURSE_ORDRE,
  heureReelleRefus,
} from '@yams/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { resolveEntreprise } from '../../db/tenancy';
import { fieldErrors } from '../../lib/errors';
import { yearInGabon } from '../../lib/filters-dates';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { notify } from '../notifications/notify';
import { etapeAnnulable } from './course-etapes';
import { lockCourse } from './courses.repository';
import { courseLocked, montantBelowPaid, transitionRefused } from './operations.errors';
import { assertChauffeur, assertClient, assertRefs, assertTrajetVilles } from './operations.refs';
import { type Course, courses, demandes, paiements } from './operations.table';
import { nextNumero } from './sequence';
import { libererVehicule, reserverVehicule, suivreCourse, vehiculeConflict } from './vehicule-suivi';

export type CourseInput = Omit<CourseBody, 'entreprise_id'>;

/**
 * Stores a new course inside `tx`: checks what it points to, reserves its vehicle, takes the next code of
 * the company and year. `clientVerifie`: the client came from an accepted demande (any client may ask).
 */
export async function insertCourse(
  tx: Db,
  entrepriseId: number,
  input: CourseInput,
  options: { demandeId?: number; clientVerifie?: boolean } = {},
): Promise<number> {
  const t = scoped(tx, { entrepriseId });
  if (!options.clientVerifie) await assertClient(tx, entrepriseId, input.client_id);
  await assertRefs(tx, entrepriseId, input);
  // Given only its trajet, a course takes the trajet's cities and montant.
  const { ville_depart_id, ville_arrivee_id, montant } = await assertTrajetVilles(tx, entrepriseId, input);
  const vehicule = await reserverVehicule(tx, entrepriseId, input.vehicule_id, null);
  let chauffeurId = input.chauffeur_id ?? null;
  if (chauffeurId) await assertChauffeur(tx, entrepriseId, chauffeurId);
  else if (vehicule.chauffeur_id) {
    // The vehicle's usual driver, when it is still one of the company's.
    chauffeurId = await assertChauffeur(tx, entrepriseId, vehicule.chauffeur_id).then(
      () => vehicule.chauffeur_id,
      () => null,
    );
  }
  const annee = yearInGabon();
  const numero = await nextNumero(tx, entrepriseId, 'course', annee);
  const [row] = await t
    .insert(courses)
    .values({
      code: courseCode(annee, numero),
      client_id: input.client_id,
      vehicule_id: vehicule.id,
      chauffeur_id: chauffeurId,
      demande_id: options.demandeId ?? null,
      type_course: input.type_course,
      type_marchandise_id: input.type_marchandise_id ?? null,
      trajet_id: input.trajet_id ?? null,
      ville_depart_id,
      ville_arrivee_id,
      adresse_chargement: input.adresse_chargement ?? null,
      adresse_dechargement: input.adresse_dechargement ?? null,
      chargement_lat: input.chargement_lat ?? null,
      chargement_lng: input.chargement_lng ?? null,
      dechargement_lat: input.dechargement_lat ?? null,
      dechargement_lng: input.dechargement_lng ?? null,
      date_chargement: input.date_chargement,
      date_dechargement: input.date_dechargement ?? null,
      poids_kg: input.poids_kg ?? null,
      description: input.description ?? null,
      montant,
      montant_paye: 0,
      etat: 'Non payé',
      statut: 'Chargement en attente',
    })
    .returning({ id: courses.id });
  await suivreCourse(t, vehicule.id, 'Chargement en attente');
  return row!.id;
}

export function createCourse(db: Db, scope: Scope, body: CourseBody): Promise<number> {
  const entrepriseId = resolveEntreprise(scope, body.entreprise_id);
  return transaction(db, (tx) => insertCourse(tx, entrepriseId, body)).catch(vehiculeConflict);
}

/**
 * Fields given are changed, absent ones kept; the vehicle can change only while the course is open (the old
 * one is freed, the new one reserved).
 */
export function updateCourse(db: Db, scope: Scope, id: number, body: CourseUpdateBody): Promise<void> {
  return transaction(db, async (tx) => {
    const c = await lockCourse(tx, scope, id);
    const t = scoped(tx, { entrepriseId: c.entreprise_id });
    if (c.statut === 'Annulé') throw courseLocked();
    const { entreprise_id: _ignored, ...patch } = body;
    const next = { ...c, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    // Rescheduling (the calendar's drag) is for a course not yet started: its lifecycle says so.
    if (
      patch.date_chargement !== undefined &&
      Date.parse(patch.date_chargement) !== Date.parse(c.date_chargement) &&
      c.statut !== 'Chargement en attente'
    ) {
      throw fieldErrors({
        date_chargement: `La course ${c.code} est au statut « ${c.statut} » : sa date de chargement ne peut plus changer.`,
      });
    }
    if (next.date_dechargement && next.date_dechargement < next.date_chargement) {
      throw fieldErrors({ date_dechargement: DATES_COURSE_ORDRE });
    }
    if (patch.montant !== undefined && patch.montant < c.montant_paye) throw montantBelowPaid(c.montant_paye);
    if (patch.client_id !== undefined && patch.client_id !== c.client_id) {
      await assertClient(tx, c.entreprise_id, patch.client_id);
    }
    if (patch.chauffeur_id && patch.chauffeur_id !== c.chauffeur_id) {
      await assertChauffeur(tx, c.entreprise_id, patch.chauffeur_id);
    }
    await assertRefs(tx, c.entreprise_id, patch);
    if (
      patch.trajet_id !== undefined ||
      patch.ville_depart_id !== undefined ||
      patch.ville_arrivee_id !== undefined
    ) {
      // A new trajet sent without cities brings its own (as the form fills them).
      const nouveauTrajet = patch.trajet_id && patch.trajet_id !== c.trajet_id;
      const villes = await assertTrajetVilles(
        tx,
        c.entreprise_id,
        {
          ...next,
          ville_depart_id: nouveauTrajet ? (patch.ville_depart_id ?? null) : next.ville_depart_id,
          ville_arrivee_id: nouveauTrajet ? (patch.ville_arrivee_id ?? null) : next.ville_arrivee_id,
        },
        c,
      );
      patch.ville_depart_id = villes.ville_depart_id;
      patch.ville_arrivee_id = villes.ville_arrivee_id;
    }
    const vehiculeChange = patch.vehicule_id !== undefined && patch.vehicule_id !== c.vehicule_id;
    if (vehiculeChange) {
      if (c.statut === 'Terminé') {
        throw fieldErrors({ vehicule_id: "Le véhicule d'une course terminée ne peut plus être changé." });
      }
      await reserverVehicule(tx, c.entreprise_id, patch.vehicule_id!, c.id);
    }
    // Replacing the vehicle of a broken-down course puts the course back where it was before the breakdown.
    const reprise =
      vehiculeChange && c.statut === 'Problemes mécaniques'
        ? (c.statut_avant_probleme as CourseStatut)
        : null;
    await t
      .update(courses)
      .set({
        ...patch,
        etat: courseEtat(next.montant, c.montant_paye),
        ...(reprise ? { statut: reprise, statut_avant_probleme: null } : {}),
      })
      .where(eq(courses.id, c.id));
    if (patch.client_id !== undefined && patch.client_id !== c.client_id) {
      await t.update(paiements).set({ client_id: patch.client_id }).where(eq(paiements.course_id, c.id));
    }
    if (vehiculeChange) {
      await libererVehicule(t, c.vehicule_id, c.statut === 'Problemes mécaniques');
      await suivreCourse(t, patch.vehicule_id!, reprise ?? (c.statut as CourseStatut));
    }
  }).catch(vehiculeConflict);
}

/**
 * One move of the lifecycle; the vehicle follows in the same transaction. `dateReelle`: when it actually
 * happened (typed by the office afterwards), not in the future nor before the previous step; default now.
 */
export function changeCourseStatut(
  db: Db,
  scope: Scope,
  id: number,
  to: CourseStatut,
  dateReelle?: string | null,
): Promise<string> {
  return transaction(db, async (tx) => {
    const c = await lockCourse(tx, scope, id);
    const error = courseTransitionError(
      c.statut as CourseStatut,
      to,
      c.statut_avant_probleme as CourseStatut | null,
    );
    if (error) throw transitionRefused(error);
    const at = dateReelle ?? new Date().toISOString();
    const refus = dateReelle ? heureReelleRefus(to, c, dateReelle) : null;
    if (refus) throw fieldErrors({ date_reelle: refus });
    await appliquerStatut(tx, c, to, { at, auteur: scope.user.id });
    return `La course ${c.code} est passée au statut « ${to} ».`;
  });
}

/**
 * Undoes the course's last step (a mis-click): only its author, within ANNULATION_ETAPE_MINUTES, only while
 * it is still the last. The course gets back the fields the step wrote, the vehicle follows, the audit log
 * records the undo as any change (its history shows it), and the office is told.
 */
export function annulerEtapeCourse(db: Db, scope: Scope, id: number): Promise<string> {
  return transaction(db, async (tx) => {
    const c = await lockCourse(tx, scope, id);
    const etape = await etapeAnnulable(tx, c, scope.user.id);
    if (!etape) {
      throw fieldErrors({
        statut: `Seule la dernière étape d’une course peut être annulée, par la personne qui l’a enregistrée, dans les ${ANNULATION_ETAPE_MINUTES} minutes.`,
      });
    }
    const t = scoped(tx, { entrepriseId: c.entreprise_id });
    // A finished course had freed its vehicle: it must still be free to take the course back.
    if (etape.de === 'Terminé' && c.vehicule_id)
      await reserverVehicule(tx, c.entreprise_id, c.vehicule_id, c.id);
    await t
      .update(courses)
      .set(etape.avant as Partial<Course>)
      .where(eq(courses.id, c.id));
    await suivreCourse(t, c.vehicule_id, etape.retour);
    await notify(tx, {
      type: 'course_statut',
      titre: `Course ${c.code} : étape « ${etape.de} » annulée`,
      contenu: `L’étape « ${etape.de} » de la course ${c.code} a été annulée : elle est revenue au statut « ${etape.retour} ».`,
      lien: `/operations/courses?id=${c.id}`,
      entreprises: [c.entreprise_id],
      auteur: scope.user.id,
    });
    return `L’étape « ${etape.de} » de la course ${c.code} a été annulée : la course est revenue au statut « ${etape.retour} ».`;
  }).catch(vehiculeConflict);
}

/**
 * Moves a locked course (`lockCourse`) to `to`, already checked against the lifecycle: stamps the actual
 * time of the state (`at`: now in the office, the phone's clock for a driver's step), the vehicle follows,
 * the office is notified (not `auteur`). The one writer of a course's status, office and driver's app alike.
 */
export async function appliquerStatut(
  tx: Db,
  c: Course,
  to: CourseStatut,
  options: { at: string; auteur: number | null; par?: string },
): Promise<void> {
  const t = scoped(tx, { entrepriseId: c.entreprise_id });
  const from = c.statut as CourseStatut;
  const reelle = courseDateReelle(to, c);
  await t
    .update(courses)
    .set({
      statut: to,
      statut_avant_probleme: to === 'Problemes mécaniques' ? from : null,
      // The actual time beside the planned one; the plan itself is kept.
      ...(reelle ? { [reelle]: options.at } : {}),
      // A course finished without a planned unloading date was unloaded now.
      ...(to === 'Terminé' && !c.date_dechargement ? { date_dechargement: options.at } : {}),
    })
    .where(eq(courses.id, c.id));
  if (to === 'Terminé' || to === 'Annulé') {
    await libererVehicule(t, c.vehicule_id, from === 'Problemes mécaniques');
  } else {
    await suivreCourse(t, c.vehicule_id, to);
  }
  await notify(tx, {
    type: 'course_statut',
    titre: `Course ${c.code} : ${to}`,
    contenu: `La course ${c.code} est passée de « ${from} » à « ${to} »${options.par ? ` (${options.par})` : ''}.`,
    lien: `/operations/courses?id=${c.id}`,
    entreprises: [c.entreprise_id],
    auteur: options.auteur,
  });
}

/**
 * Only a course that has not started ('Chargement en attente') and has no validated payment may be
 * deleted; otherwise it is cancelled. Its pending payments go with it; its demande goes back to the market.
 */
export function destroyCourse(db: Db, scope: Scope, id: number): Promise<string> {
  return transaction(db, async (tx) => {
    const c = await lockCourse(tx, scope, id);
    const t = scoped(tx, { entrepriseId: c.entreprise_id });
    if (c.statut !== 'Chargement en attente') {
      throw fieldErrors({
        statut: `La course ${c.code} a déjà commencé (statut « ${c.statut} ») : annulez-la au lieu de la supprimer.`,
      });
    }
    const [valide] = await t
      .select({ id: paiements.id })
      .from(paiements)
      .where(and(eq(paiements.course_id, c.id), ne(paiements.statut, 'En attente')))
      .limit(1);
    if (valide) {
      // Its validated or cancelled payments are a trace that is never deleted (paiementSuppressionRefus).
      throw fieldErrors({
        statut: `La course ${c.code} a des paiements validés ou annulés : elle ne peut pas être supprimée.`,
      });
    }
    if (c.demande_id) {
      // The accepted demande (entreprise_id = the company: 'visible' reach) goes back to the market, or to
      // its recorder's private list when that company had taken its own demande.
      await t
        .update(demandes, 'visible')
        .set({
          statut: sql`case when ${demandes.cree_par_entreprise_id} = ${c.entreprise_id} then 'En attente' else 'Recherche en cours' end`,
          entreprise_id: null,
          course_id: null,
        })
        .where(eq(demandes.id, c.demande_id));
    }
    await t.delete(courses).where(eq(courses.id, c.id));
    await libererVehicule(t, c.vehicule_id, false);
    return `La course ${c.code} a été supprimée.`;
  });
}
