import {
  addDays,
  type ConsommationLigne,
  consommationParMois,
  jourAGabon,
  minuitGabon,
  type PleinLu,
  tronconsConsommation,
} from '@yams/shared';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toIso } from '../../db/columns';
import { scoped } from '../../db/scoped';
import { resolveEntrepriseExistante } from '../../db/tenancy';
import { assertDateRange } from '../../lib/filters-dates';
import type { Scope } from '../../plugins/auth';
import { pleinsCarburant } from '../chauffeur/chauffeur.table';
import { vehicules } from '../fleet/fleet.table';
import { margeAnomalie } from './anomalies.service';

/** Fills read before the period, so the stretch open when it starts closes inside it. */
const AVANT_JOURS = 120;

/**
 * Consumption per vehicle and month, full tank to full tank (carburant.rules.ts): the stretches closing in
 * the period, and every fill of the month (litres bought, FCFA). Default period: the last twelve months.
 */
export async function consommation(
  db: Db,
  scope: Scope,
  q: { vehicule?: number; date_debut?: string; date_fin?: string; entreprise?: number },
): Promise<ConsommationLigne[]> {
  assertDateRange(q);
  const entrepriseId = await resolveEntrepriseExistante(db, scope, q.entreprise, { field: 'entreprise' });
  const fin = q.date_fin ?? jourAGabon(new Date());
  const debut = q.date_debut ?? `${addDays(fin, -365).slice(0, 7)}-01`;
  const s = scoped(db, { entrepriseId });
  const rows = await s
    .select({
      id: pleinsCarburant.id,
      vehicule_id: pleinsCarburant.vehicule_id,
      date: pleinsCarburant.date_plein,
      litres: pleinsCarburant.litres,
      kilometrage: pleinsCarburant.kilometrage,
      plein: pleinsCarburant.plein,
      montant: pleinsCarburant.montant,
    })
    .from(pleinsCarburant)
    .where(
      and(
        q.vehicule ? eq(pleinsCarburant.vehicule_id, q.vehicule) : undefined,
        gte(pleinsCarburant.date_plein, minuitGabon(addDays(debut, -AVANT_JOURS))),
        lt(pleinsCarburant.date_plein, minuitGabon(addDays(fin, 1))),
      ),
    )
    .orderBy(asc(pleinsCarburant.vehicule_id), asc(pleinsCarburant.date_plein), asc(pleinsCarburant.id));
  const vs = await s
    .select({
      id: vehicules.id,
      plaque: vehicules.plaque,
      capacite_reservoir: vehicules.capacite_reservoir,
      consommation_reference: vehicules.consommation_reference,
    })
    .from(vehicules)
    .orderBy(asc(vehicules.plaque));
  const marge = await margeAnomalie(db, entrepriseId);
  const parVehicule = new Map<number, Array<PleinLu & { montant: number }>>();
  for (const r of rows) {
    const list = parVehicule.get(r.vehicule_id) ?? [];
    list.push({ ...r, date: toIso(r.date) });
    parVehicule.set(r.vehicule_id, list);
  }
  const moisDebut = debut.slice(0, 7);
  const moisFin = fin.slice(0, 7);
  const out: ConsommationLigne[] = [];
  for (const v of vs) {
    const pleins = parVehicule.get(v.id);
    if (!pleins) continue;
    const dansPeriode = (p: PleinLu) => jourAGabon(p.date) >= debut && jourAGabon(p.date) <= fin;
    const troncons = tronconsConsommation(pleins, v, marge).filter((t) => t.date >= debut && t.date <= fin);
    const mois = new Map(consommationParMois(troncons).map((m) => [m.mois, m]));
    const achats = new Map<string, { litres: number; montant: number; pleins: number }>();
    for (const p of pleins.filter(dansPeriode)) {
      const m = jourAGabon(p.date).slice(0, 7);
      const a = achats.get(m) ?? { litres: 0, montant: 0, pleins: 0 };
      a.litres += p.litres;
      a.montant += p.montant;
      a.pleins += 1;
      achats.set(m, a);
    }
    const lesMois = [...new Set([...mois.keys(), ...achats.keys()])]
      .filter((m) => m >= moisDebut && m <= moisFin)
      .sort();
    for (const m of lesMois) {
      const c = mois.get(m);
      const a = achats.get(m) ?? { litres: 0, montant: 0, pleins: 0 };
      out.push({
        vehicule: { id: v.id, plaque: v.plaque },
        mois: m,
        km: c?.km ?? 0,
        litres: c?.litres ?? 0,
        consommation: c?.consommation ?? null,
        consommation_reference: v.consommation_reference,
        consommation_seuil:
          v.consommation_reference === null
            ? null
            : Math.round(v.consommation_reference * (1 + marge / 100) * 10) / 10,
        litres_achetes: Math.round(a.litres * 10) / 10,
        montant: a.montant,
        pleins: a.pleins,
      });
    }
  }
  return out;
}
