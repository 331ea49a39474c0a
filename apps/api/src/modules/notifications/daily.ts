import { addDays, echeanceTexte, todayInGabon } from '@yams/shared';
import { and, eq, gte, isNull, like, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, interventions, notifications, vehicules } from '../../db/schema';
import { transaction } from '../../lib/transaction';
import { echeanceCondition } from '../fleet/documents.repository';
import { jobRuns } from './notifications.table';
import { notify } from './notify';

/** A module's part of the day's run (maintenance plans…), inside its transaction; `modules/index.ts` adds them. */
export type DailyJob = (tx: Db, today: string) => Promise<void>;
const dailyJobs: DailyJob[] = [];
export function addDailyJob(job: DailyJob): void {
  if (!dailyJobs.includes(job)) dailyJobs.push(job);
}

/** Interventions whose end passed at most this long ago are announced (not years of old drafts). */
const RETARD_FENETRE_JOURS = 30;
/** The « Documents à renouveler » screen (web: PATHS.documents_a_renouveler). */
const DOCUMENTS_A_RENOUVELER = '/parc-auto/documents-a-renouveler';

/**
 * The daily notifications of `today` (Libreville): run once per day whatever the number of API
 * processes — the first to record the day's `job_runs` row runs it, in the same transaction, so a failed
 * run leaves the day free for a retry. Returns whether this call ran it.
 */
export function runDailyNotifications(db: Db, today: string = todayInGabon()): Promise<boolean> {
  return transaction(db, async (tx) => {
    const claimed = await tx
      .insert(jobRuns)
      .values({ job: 'notifications-quotidiennes', jour: today })
      .onConflictDoNothing()
      .returning({ jour: jobRuns.jour });
    if (claimed.length === 0) return false;

    // Every document to renew (expired, or expiring within 30 days, and not replaced since) is recalled each
    // day: one reminder per document, user and day (its key), respecting each user's preference
    // (notify). Yesterday's reminder of the same document, still unread, gives way to today's: the bell
    // holds one line per document, with today's count of days.
    const rows = await tx
      .select({
        id: documents.id,
        libelle: documents.libelle,
        date_expiration: documents.date_expiration,
        entreprise_id: documents.entreprise_id,
        camion_id: documents.camion_id,
        user_id: documents.user_id,
        plaque: vehicules.plaque,
      })
      .from(documents)
      .leftJoin(vehicules, eq(vehicules.id, documents.camion_id))
      .where(echeanceCondition('a_renouveler', today));
    for (const d of rows) {
      const quoi = d.plaque ? `« ${d.libelle} » du véhicule ${d.plaque}` : `« ${d.libelle} »`;
      const expire = d.date_expiration! < today;
      await tx
        .delete(notifications)
        .where(
          and(
            eq(notifications.type, 'document_expiration'),
            like(notifications.cle, `document:${d.id}:%`),
            isNull(notifications.read_at),
          ),
        );
      await notify(tx, {
        type: 'document_expiration',
        titre: `${expire ? 'Document expiré' : 'Document à renouveler'} : ${d.libelle}${d.plaque ? ` (${d.plaque})` : ''}`,
        contenu: `Le document ${quoi} ${echeanceTexte(d.date_expiration!, today, true)}.`,
        lien: `${DOCUMENTS_A_RENOUVELER}?id=${d.id}`,
        entreprises: [d.entreprise_id],
        cle: `document:${d.id}:${today}`,
      });
    }

    // Still open: a draft never confirmed, or a confirmed one whose vehicle is still 'En intervention'.
    const late = await tx
      .select({
        id: interventions.id,
        entreprise_id: interventions.entreprise_id,
        date_fin: interventions.date_fin,
        plaque: vehicules.plaque,
      })
      .from(interventions)
      .innerJoin(vehicules, eq(vehicules.id, interventions.vehicule_id))
      .where(
        and(
          lt(interventions.date_fin, today),
          gte(interventions.date_fin, addDays(today, -RETARD_FENETRE_JOURS)),
          or(eq(interventions.statut, 'Brouillon'), eq(vehicules.statut, 'En intervention')),
        ),
      );
    for (const i of late) {
      await notify(tx, {
        type: 'intervention_retard',
        titre: `Intervention n°${i.id} : date de fin dépassée`,
        contenu: `L’intervention sur ${i.plaque} devait finir le ${i.date_fin?.split('-').reverse().join('/')}.`,
        lien: `/parc-auto/interventions?id=${i.id}`,
        entreprises: [i.entreprise_id],
        cle: `intervention:${i.id}:retard`,
      });
    }
    for (const job of dailyJobs) await job(tx, today);
    return true;
  });
}

/**
 * Tries the day's run at start and every quarter of an hour (a no-op once the day is done); `onTried` hears
 * each try and whether this process ran the day.
 */
export function startDailyJobs(
  db: Db,
  onError: (err: unknown) => void,
  onTried: (ran: boolean) => void = () => {},
): () => void {
  const tick = () => void runDailyNotifications(db).then(onTried, onError);
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, 15 * 60_000);
  timer.unref();
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
