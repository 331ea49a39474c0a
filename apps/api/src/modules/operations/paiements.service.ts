import {
  courseEtat,
  formatDate,
  formatMoney,
  type PaiementBody,
  type PaiementStatut,
  type PaiementUpdateBody,
  paiementSuppressionRefus,
  paiementTransitionError,
  todayInGabon,
} from '@yams/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import { type Scoped, scoped } from '../../db/scoped';
import { AppError, fieldErrors } from '../../lib/errors';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { notify } from '../notifications/notify';
import { lockCourse } from './courses.repository';
import { operationsAccounting } from './operations.accounting';
import {
  overpayment,
  paiementDuReglement,
  paiementNotDeletable,
  paiementNotFound,
  transitionRefused,
} from './operations.errors';
import { type Course, courses, paiements } from './operations.table';
import { findPaiement } from './paiements.repository';

// Every write that touches money locks the course row first, so two payments of one course are checked
// one after the other: the validated total can never exceed the course montant.

async function totalValide(t: Scoped, courseId: number): Promise<number> {
  const [row] = await t
    .select({ total: sql<number>`coalesce(sum(${paiements.montant}), 0)`.mapWith(Number) })
    .from(paiements)
    .where(and(eq(paiements.course_id, courseId), eq(paiements.statut, 'Validé')));
  return row?.total ?? 0;
}

/** `montant_paye` and `etat` of a course from its validated payments; the caller holds the course lock. */
export async function recomputeEtat(
  tx: Db,
  course: Pick<Course, 'id' | 'montant' | 'entreprise_id'>,
): Promise<void> {
  const t = scoped(tx, { entrepriseId: course.entreprise_id });
  const paye = await totalValide(t, course.id);
  await t
    .update(courses)
    .set({ montant_paye: paye, etat: courseEtat(course.montant, paye) })
    .where(eq(courses.id, course.id));
}

async function assertReste(tx: Db, course: Course, montant: number): Promise<void> {
  const reste =
    course.montant - (await totalValide(scoped(tx, { entrepriseId: course.entreprise_id }), course.id));
  if (montant > reste) throw overpayment(Math.max(0, reste));
}

/**
 * A payment is not dated before its company existed on the platform (the Libreville day of its account's
 * creation): 1900-01-01 is a typing error. The upper bound (PAIEMENT_JOURS_AVANCE_MAX) is the shared schema's.
 */
async function assertDateApresCreation(
  tx: Db,
  entrepriseId: number,
  date: string | undefined,
): Promise<void> {
  if (!date) return;
  const [company] = await tx
    .select({ created_at: users.created_at })
    .from(users)
    .where(eq(users.id, entrepriseId))
    .limit(1);
  if (!company?.created_at) return;
  const debut = todayInGabon(new Date(company.created_at));
  if (date < debut) {
    throw fieldErrors({
      date_operation: `La date de l'opération ne peut pas précéder l'inscription de l'entreprise (${formatDate(debut)}).`,
    });
  }
}

/** The course a payment is recorded on: of the scope and not cancelled (422 on `course_id` otherwise). */
async function lockCoursePayable(tx: Db, scope: Scope, courseId: number): Promise<Course> {
  const course = await lockCourse(tx, scope, courseId).catch((err: unknown) => {
    if (err instanceof AppError && err.statusCode === 404) {
      throw fieldErrors({ course_id: "Cette course n'existe pas." });
    }
    throw err;
  });
  if (course.statut === 'Annulé') {
    throw fieldErrors({
      course_id: `La course ${course.code} est annulée : elle ne reçoit plus de paiement.`,
    });
  }
  return course;
}

/** A payment of the scope and its course, both locked (course first, as every money write does). */
async function lockPaiement(tx: Db, scope: Scope, id: number) {
  const found = await findPaiement(tx, scope, id);
  const course = await lockCourse(tx, scope, found.course_id);
  const [p] = await scoped(tx, scope).select().from(paiements).where(eq(paiements.id, id)).for('update');
  if (!p || p.course_id !== course.id) throw paiementNotFound();
  return { p, course };
}

/** A payment validated is money received: the company's other back-office users hear of it. */
function notifyPaiement(tx: Db, scope: Scope, course: Course, id: number, montant: number) {
  return notify(tx, {
    type: 'paiement_recu',
    titre: `Paiement reçu : ${formatMoney(montant)}`,
    contenu: `Paiement de ${formatMoney(montant)} pour la course ${course.code}.`,
    lien: `/operations/paiements?id=${id}`,
    entreprises: [course.entreprise_id],
    auteur: scope.user.id,
  });
}

export function createPaiement(db: Db, scope: Scope, body: PaiementBody): Promise<number> {
  return transaction(db, async (tx) => {
    const course = await lockCoursePayable(tx, scope, body.course_id);
    await assertDateApresCreation(tx, course.entreprise_id, body.date_operation);
    await assertReste(tx, course, body.montant);
    const statut = body.statut ?? 'En attente';
    const [row] = await scoped(tx, { entrepriseId: course.entreprise_id })
      .insert(paiements)
      .values({
        course_id: course.id,
        client_id: course.client_id,
        date_operation: body.date_operation ?? todayInGabon(),
        libelle: body.libelle,
        mode: body.mode,
        reference: body.reference ?? null,
        montant: body.montant,
        statut,
      })
      .returning({ id: paiements.id });
    if (statut === 'Validé') {
      await recomputeEtat(tx, course);
      await operationsAccounting().posterPaiement(tx, course.entreprise_id, row!.id);
      await notifyPaiement(tx, scope, course, row!.id, body.montant);
    }
    return row!.id;
  });
}

/** Only a pending payment may be edited; a validated one is cancelled and recorded again. */
export function updatePaiement(db: Db, scope: Scope, id: number, body: PaiementUpdateBody): Promise<void> {
  return transaction(db, async (tx) => {
    const found = await findPaiement(tx, scope, id);
    const targetId = body.course_id ?? found.course_id;
    // Moving a payment locks both courses, lowest id first.
    if (found.course_id < targetId) await lockCourse(tx, scope, found.course_id);
    const target = await lockCoursePayable(tx, scope, targetId);
    if (found.course_id > targetId) await lockCourse(tx, scope, found.course_id);
    const [p] = await scoped(tx, scope).select().from(paiements).where(eq(paiements.id, id)).for('update');
    if (!p) throw paiementNotFound();
    if (p.statut !== 'En attente') {
      throw fieldErrors({
        statut: `Seul un paiement en attente peut être modifié (celui-ci est « ${p.statut} »).`,
      });
    }
    await assertDateApresCreation(tx, target.entreprise_id, body.date_operation);
    await assertReste(tx, target, body.montant ?? p.montant);
    await scoped(tx, scope)
      .update(paiements)
      .set({
        ...body,
        course_id: target.id,
        client_id: target.client_id,
        entreprise_id: target.entreprise_id,
      })
      .where(eq(paiements.id, p.id));
  });
}

/** Validates or cancels a payment; the course's etat follows in the same transaction. */
export function changePaiementStatut(db: Db, scope: Scope, id: number, to: PaiementStatut): Promise<string> {
  return transaction(db, async (tx) => {
    const { p, course } = await lockPaiement(tx, scope, id);
    const error = paiementTransitionError(p.statut as PaiementStatut, to);
    if (error) throw transitionRefused(error);
    // Part of an invoice settlement: posted with it, so cancelling it here would leave the invoice settled
    // and the journals unchanged while the course went back to unpaid.
    if (to === 'Annulé' && p.reglement_id !== null) throw paiementDuReglement(p.libelle);
    if (to === 'Validé') {
      if (course.statut === 'Annulé') {
        throw fieldErrors({
          course_id: `La course ${course.code} est annulée : ce paiement ne peut pas être validé.`,
        });
      }
      await assertReste(tx, course, p.montant);
    }
    const trace = to === 'Annulé' ? { annule_par: scope.user.id, annule_le: new Date().toISOString() } : {};
    await scoped(tx, scope)
      .update(paiements)
      .set({ statut: to, ...trace })
      .where(eq(paiements.id, p.id));
    if (to === 'Validé' || p.statut === 'Validé') await recomputeEtat(tx, course);
    // The journals follow: a validated payment is posted, a cancelled one has its posting reversed.
    if (to === 'Validé') await operationsAccounting().posterPaiement(tx, course.entreprise_id, p.id);
    else if (p.statut === 'Validé')
      await operationsAccounting().contrePasserPaiement(tx, course.entreprise_id, p.id, todayInGabon());
    if (to === 'Validé') await notifyPaiement(tx, scope, course, p.id, p.montant);
    return to === 'Validé'
      ? `Le paiement de ${formatMoney(p.montant)} (${course.code}) a été validé.`
      : `Le paiement de ${formatMoney(p.montant)} (${course.code}) a été annulé.`;
  });
}

export function destroyPaiement(db: Db, scope: Scope, id: number): Promise<string> {
  return transaction(db, async (tx) => {
    const { p, course } = await lockPaiement(tx, scope, id);
    // Only a draft is deleted: it was never posted nor counted in the course's etat.
    const refus = paiementSuppressionRefus(p.statut as PaiementStatut);
    if (refus) {
      throw paiementNotDeletable(`Paiement de ${formatMoney(p.montant)} (${course.code}) : ${refus}`);
    }
    await scoped(tx, scope).delete(paiements).where(eq(paiements.id, p.id));
    return `Le paiement de ${formatMoney(p.montant)} (${course.code}) a été supprimé.`;
  });
}
