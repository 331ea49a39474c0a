import {
  ANNULATION_ETAPE_MINUTES,
  COURSE_DATES_REELLES,
  COURSE_ETAPES,
  type CourseStatut,
  nextCourseStatuts,
} from '@yams/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../audit/audit.table';

// The last step of a course and whether its author may still undo it, read from the audit log,
// which records every step with who and when in the transaction of the step.

/** The fields a step writes (appliquerStatut), which undoing it puts back as they were. */
const CHAMPS_ETAPE: string[] = [
  'statut',
  'statut_avant_probleme',
  'date_dechargement',
  ...Object.values(COURSE_DATES_REELLES),
];

/**
 * The course's last step (a move to one of COURSE_ETAPES, read from the audit log) if `userId` recorded it
 * less than ANNULATION_ETAPE_MINUTES ago and the course is still there: what undoing it puts back, and until
 * when. null otherwise.
 */
export async function etapeAnnulable(
  tx: Db,
  c: { id: number; statut: string },
  userId: number,
  now: Date = new Date(),
): Promise<{
  de: CourseStatut;
  retour: CourseStatut;
  jusqua: string;
  avant: Record<string, unknown>;
} | null> {
  const [last] = await tx
    .select({ user_id: auditLog.user_id, changes: auditLog.changes, created_at: auditLog.created_at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.table_name, 'courses'),
        eq(auditLog.record_id, c.id),
        eq(auditLog.action, 'etat'),
        sql`${auditLog.changes} ? 'statut'`,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (!last || last.user_id !== userId) return null;
  const [avantStatut, apres] = (last.changes.statut ?? []) as [CourseStatut, CourseStatut];
  if (apres !== c.statut || !COURSE_ETAPES.includes(apres)) return null;
  // A step moves forward; a row going back is an undo, which is not undone in turn.
  if (!nextCourseStatuts(avantStatut).includes(apres)) return null;
  const jusqua = new Date(Date.parse(String(last.created_at)) + ANNULATION_ETAPE_MINUTES * 60_000);
  if (jusqua <= now) return null;
  const avant: Record<string, unknown> = {};
  for (const champ of CHAMPS_ETAPE) {
    const change = last.changes[champ] as [unknown, unknown] | undefined;
    if (change) avant[champ] = change[0];
  }
  return { de: apres, retour: avantStatut, jusqua: jusqua.toISOString(), avant };
}
