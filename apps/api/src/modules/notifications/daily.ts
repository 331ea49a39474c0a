import { addDays, todayInGabon } from '@yams/shared';
import { and, eq, gte, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, interventions, vehicules } from '../../db/schema';
import { transaction } from '../../lib/transaction';
import { jobRuns } from './notifications.table';
import { notify } from './notify';

/** Documents are announced 30 days and 7 days before they expire, and on the day. */
const DOCUMENT_ECHEANCES = [30, 7, 0] as const;
/** Interventions whose end passed at most this long ago are announced (not years of old drafts). */
const RETARD_FENETRE_JOURS = 30;

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

    for (const jours of DOCUMENT_ECHEANCES) {
      const rows = await tx
        .select({
          id: documents.id,
          libelle: documents.libelle,
          entreprise_id: documents.entreprise_id,
          camion_id: documents.camion_id,
          user_id: documents.user_id,
          plaque: vehicules.plaque,
        })
        .from(documents)
        .leftJoin(vehicules, eq(vehicules.id, documents.camion_id))
        .where(eq(documents.date_expiration, addDays(today, jours)));
      for (const d of rows) {
        const quoi = d.plaque ? `« ${d.libelle} » du véhicule ${d.plaque}` : `« ${d.libelle} »`;
        await notify(tx, {
          type: 'document_expiration',
          titre:
            jours === 0
              ? `Document expiré aujourd’hui : ${d.libelle}`
              : `Document à renouveler dans ${jours} jours`,
          contenu:
            jours === 0
              ? `Le document ${quoi} expire aujourd’hui.`
              : `Le document ${quoi} expire dans ${jours} jours.`,
          lien: d.camion_id
            ? `/parc-auto/vehicules?id=${d.camion_id}`
            : `/ressources-humaines?id=${d.user_id}`,
          entreprises: [d.entreprise_id],
          cle: `document:${d.id}:J-${jours}`,
        });
      }
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
