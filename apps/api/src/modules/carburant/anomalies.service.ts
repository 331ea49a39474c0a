import { type AnomalieCarburant, anomaliesDuPlein, MARGE_ANOMALIE_CARBURANT_DEFAUT } from '@yams/shared';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toIso } from '../../db/columns';
import { scoped } from '../../db/scoped';
import { pleinsCarburant } from '../chauffeur/chauffeur.table';
import { parametresEntreprise } from '../entreprise/entreprise.table';
import { vehicules } from '../fleet/fleet.table';
import { notify } from '../notifications/notify';

/** The fills before a fill that its checks read (the stretch since the last full tanks, the previous one). */
const HISTORIQUE = 60;

/** The company's margin above the reference consumption (%). */
export async function margeAnomalie(db: Db, entrepriseId: number): Promise<number> {
  const [p] = await scoped(db, { entrepriseId })
    .select({ marge: parametresEntreprise.marge_anomalie_carburant })
    .from(parametresEntreprise)
    .limit(1);
  return p?.marge ?? MARGE_ANOMALIE_CARBURANT_DEFAUT;
}

/**
 * Checks a fill just written (created, or its figures changed) against the fills before it, stores what is
 * wrong on the row, and tells the office of what was not already stored: an anomaly is raised once, and
 * reading the fill never raises it again. Runs inside the write's transaction.
 */
export async function verifierPlein(
  tx: Db,
  entrepriseId: number,
  pleinId: number,
  auteur: number | null,
): Promise<AnomalieCarburant[]> {
  const s = scoped(tx, { entrepriseId });
  const [p] = await s.select().from(pleinsCarburant).where(eq(pleinsCarburant.id, pleinId));
  if (!p) return [];
  const [v] = await s
    .select({
      plaque: vehicules.plaque,
      capacite_reservoir: vehicules.capacite_reservoir,
      consommation_reference: vehicules.consommation_reference,
    })
    .from(vehicules)
    .where(eq(vehicules.id, p.vehicule_id));
  const precedents = await s
    .select({
      id: pleinsCarburant.id,
      date: pleinsCarburant.date_plein,
      litres: pleinsCarburant.litres,
      kilometrage: pleinsCarburant.kilometrage,
      plein: pleinsCarburant.plein,
    })
    .from(pleinsCarburant)
    .where(and(eq(pleinsCarburant.vehicule_id, p.vehicule_id), lte(pleinsCarburant.date_plein, p.date_plein)))
    .orderBy(desc(pleinsCarburant.date_plein), desc(pleinsCarburant.id))
    .limit(HISTORIQUE);
  const lus = precedents.map((x) => ({ ...x, date: toIso(x.date) }));
  if (!lus.some((x) => x.id === p.id)) lus.push({ ...p, date: toIso(p.date_plein) });
  const anomalies = anomaliesDuPlein(p.id, lus, v!, await margeAnomalie(tx, entrepriseId));
  const nouvelles = anomalies.filter((a) => !p.anomalies.some((deja) => deja.code === a.code));
  if (JSON.stringify(anomalies) !== JSON.stringify(p.anomalies)) {
    await s.update(pleinsCarburant).set({ anomalies }).where(eq(pleinsCarburant.id, p.id));
  }
  if (nouvelles.length) {
    await notify(tx, {
      type: 'anomalie_carburant',
      titre: `Anomalie de carburant : ${v!.plaque}`,
      contenu: nouvelles.map((a) => a.message).join(' '),
      lien: `/parc-auto/carburant?id=${p.id}`,
      entreprises: [entrepriseId],
      auteur,
    });
  }
  return anomalies;
}
