import {
  CODE_LIVRAISON_CHIFFRES,
  COURSE_STATUTS_FINAUX,
  type CodeLivraisonOut,
  type CourseStatut,
  formatDateTime,
  nomComplet,
  type ReleveOut,
  type TraiterIncidentBody,
} from '@yams/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { randomDigits } from '../../lib/crypto';
import { AppError, createErrorFactory, fieldErrors } from '../../lib/errors';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { vehicules } from '../fleet/fleet.table';
import { lockCourse } from '../operations/courses.repository';
import { courses } from '../operations/operations.table';
import { incidentsRoute, livraisons, photosChauffeur } from './chauffeur.table';
import { releveOut } from './journal.repository';

// The office's side of what drivers record: the delivery code a course asks for, and incidents handled.

/**
 * Asks for a delivery code on a course (a new random 6-digit code, or the one it has, with the wrong tries
 * forgotten) or no longer does.
 * Refused once the course is finished or delivered: the driver may already have been let through.
 */
export function definirCodeLivraison(
  db: Db,
  scope: Scope,
  courseId: number,
  exige: boolean,
): Promise<CodeLivraisonOut> {
  return transaction(db, async (tx) => {
    const c = await lockCourse(tx, scope, courseId);
    if (COURSE_STATUTS_FINAUX.includes(c.statut as CourseStatut)) {
      throw fieldErrors({
        exige: `La course ${c.code} est au statut « ${c.statut} » : son code de livraison ne peut plus changer.`,
      });
    }
    const [livree] = await scoped(tx, { entrepriseId: c.entreprise_id })
      .select({ id: livraisons.id })
      .from(livraisons)
      .where(eq(livraisons.course_id, c.id));
    if (livree) {
      throw fieldErrors({
        exige: `La livraison de la course ${c.code} est déjà enregistrée : son code ne peut plus changer.`,
      });
    }
    const code = exige ? (c.code_livraison ?? randomDigits(CODE_LIVRAISON_CHIFFRES)) : null;
    // Asking again also gives the driver his tries back (after too many wrong codes, the office checked).
    if (code !== c.code_livraison || c.code_livraison_essais > 0) {
      await scoped(tx, { entrepriseId: c.entreprise_id })
        .update(courses)
        .set({ code_livraison: code, code_livraison_essais: 0, updated_at: sql`now()` })
        .where(eq(courses.id, c.id));
    }
    return { code_livraison: code };
  });
}

const incidentNotFound = createErrorFactory({
  code: 'chauffeur.incident_not_found',
  statusCode: 404,
  message: "Cet incident n'existe pas.",
});

/** Records how the office handled an incident, once: a second handling is a French 409 naming the first. */
export function traiterIncident(
  db: Db,
  scope: Scope,
  id: number,
  body: TraiterIncidentBody,
): Promise<ReleveOut> {
  return transaction(db, async (tx) => {
    const s = scoped(tx, scope);
    const [i] = await s.select().from(incidentsRoute).where(eq(incidentsRoute.id, id)).for('update');
    if (!i) throw incidentNotFound();
    const nom = async (userId: number | null) => {
      if (!userId) return '';
      const [u] = await tx.select().from(users).where(eq(users.id, userId));
      return u ? nomComplet(u) : '';
    };
    if (i.traite_le) {
      throw new AppError('chauffeur.incident_traite', 409, [
        `Cet incident a déjà été traité par ${(await nom(i.traite_par)) || 'le bureau'} le ${formatDateTime(i.traite_le)}.`,
      ]);
    }
    const [row] = await s
      .update(incidentsRoute)
      .set({ traite_le: sql`now()`, traite_par: scope.user.id, traitement: body.note })
      .where(eq(incidentsRoute.id, i.id))
      .returning();
    const [photo] = await s
      .select({ id: photosChauffeur.id })
      .from(photosChauffeur)
      .where(and(eq(photosChauffeur.objet, 'incident'), eq(photosChauffeur.objet_id, i.id)))
      .limit(1);
    const [v] = await s
      .select({ plaque: vehicules.plaque })
      .from(vehicules)
      .where(eq(vehicules.id, i.vehicule_id));
    return releveOut(
      'incident',
      row!,
      await nom(i.chauffeur_id),
      v?.plaque ?? '',
      photo?.id ?? null,
      nomComplet(scope.user),
    );
  });
}
