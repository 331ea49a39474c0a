import {
  addDays,
  anomaliesDuPlein,
  MARGE_ANOMALIE_CARBURANT_DEFAUT,
  type ModePaiementCarburant,
  type PleinLu,
  todayInGabon,
} from '@yams/shared';
import { asc, inArray } from 'drizzle-orm';
import { scoped } from '../../db/scoped';
import { pleinsCarburant } from '../chauffeur/chauffeur.table';
import { vehicules } from '../fleet/fleet.table';
import type { SeedContext } from '../module';

// A year of fills for each demo company's vehicles, drawn from a sequence of their own (not `r`: the seeds
// before stay as they were, and the TransGabon totals the browser specs read do not move). Trucks burn
// 28–40 L/100 km around their reference; most fills are full tanks paid by fuel card. Two anomalies are
// planted on the company's first truck: a fill an hour after another, and a stretch far above the reference.

const STATIONS = [
  'Total Owendo',
  'Petro Gabon Akanda',
  'Engen Lalala',
  'Oilibya PK 8',
  'Total Lambaréné',
  'Petro Gabon Franceville',
  'Total Mouila',
  'Engen Port-Gentil',
];
/** FCFA per litre of gasoil in Gabon. */
const PRIX_LITRE = 690;

/** mulberry32: a small seeded sequence in [0, 1). */
function suite(graine: number) {
  let a = graine >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Nouveau = Omit<typeof pleinsCarburant.$inferInsert, 'entreprise_id'> & { id: number };

/** `day` at `hh:mm` in Libreville as an instant. */
const at = (day: string, minutes: number) =>
  new Date(
    `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+01:00`,
  ).toISOString();

function pleinsDe(
  v: {
    id: number;
    chauffeur_id: number | null;
    capacite_reservoir: number;
    consommation_reference: number;
  },
  today: string,
  plantes: boolean,
): Nouveau[] {
  const next = suite(v.id * 7919 + 17);
  const ref = v.consommation_reference;
  const camion = ref >= 20;
  const kmParJour = camion ? 180 : 70;
  let km = 40_000 + Math.floor(next() * 200_000);
  let day = addDays(today, -365);
  const out: Nouveau[] = [];
  let n = 0;
  const push = (p: Omit<Nouveau, 'id' | 'vehicule_id' | 'saisie'>) =>
    out.push({ ...p, id: -++n, vehicule_id: v.id, saisie: 'bureau' });
  // What the tank lacks since the last full tank: a partial fill puts half of it back, a full one all of it.
  let manque = 0;
  while (true) {
    // A tank lasts a few days; the truck drives most days.
    const jours = 3 + Math.floor(next() * 6);
    day = addDays(day, jours);
    if (day >= today) break;
    // Never more than most of a tank between two fills (what a partial fill left missing included).
    const autonomie = Math.max(0, v.capacite_reservoir * 0.85 - manque) / ((ref * 1.1) / 100);
    const distance = Math.round(Math.min(autonomie, jours * kmParJour * (0.6 + next() * 0.8)));
    km += distance;
    manque += (distance * ref * (0.9 + next() * 0.2)) / 100;
    const partiel = next() < 0.12;
    const litres = Math.round(manque * (partiel ? 0.5 : 1) * 10) / 10;
    if (litres <= 0) continue;
    manque = partiel ? manque - litres : 0;
    const x = next();
    const mode: ModePaiementCarburant = x < 0.6 ? 'carte' : x < 0.8 ? 'caisse' : x < 0.93 ? 'avance' : 'bon';
    push({
      date_plein: at(day, 360 + Math.floor(next() * 720)),
      litres,
      prix_litre: PRIX_LITRE,
      montant: Math.round(litres * PRIX_LITRE),
      kilometrage: km,
      plein: !partiel,
      mode_paiement: mode,
      station: STATIONS[Math.floor(next() * STATIONS.length)]!,
      chauffeur_id: v.chauffeur_id,
    });
  }
  if (plantes && out.length > 20) {
    // An hour after the 10th fill, 40 litres more at the same station (two fills too close).
    const p = out[9]!;
    push({
      ...p,
      date_plein: new Date(Date.parse(p.date_plein) + 3_600_000).toISOString(),
      litres: 40,
      montant: 40 * PRIX_LITRE,
      kilometrage: p.kilometrage! + 6,
      plein: false,
    });
    // The 20th fill: half again the litres its stretch needed (consumption far above the reference).
    const q = out[19]!;
    q.litres = Math.min(v.capacite_reservoir, Math.round(q.litres * 1.5 * 10) / 10);
    q.montant = Math.round(q.litres * PRIX_LITRE);
    q.plein = true;
  }
  return out;
}

export async function seedCarburant({ db, companies }: SeedContext): Promise<void> {
  const today = todayInGabon();
  for (const [i, c] of companies.entries()) {
    const s = scoped(db, { entrepriseId: c.id });
    const vs = await s
      .select({
        id: vehicules.id,
        chauffeur_id: vehicules.chauffeur_id,
        capacite_reservoir: vehicules.capacite_reservoir,
        consommation_reference: vehicules.consommation_reference,
      })
      .from(vehicules)
      .where(inArray(vehicules.entreprise_id, [c.id]))
      .orderBy(asc(vehicules.id));
    const premierCamion = vs.find((v) => (v.consommation_reference ?? 0) >= 28)?.id;
    const rows: Array<Omit<Nouveau, 'id'>> = [];
    for (const v of vs) {
      if (!v.capacite_reservoir || !v.consommation_reference) continue;
      const pleins = pleinsDe(
        { ...v, capacite_reservoir: v.capacite_reservoir, consommation_reference: v.consommation_reference },
        today,
        i === 0 && v.id === premierCamion,
      );
      const lus: PleinLu[] = pleins.map((p) => ({
        id: p.id,
        date: p.date_plein,
        litres: p.litres,
        kilometrage: p.kilometrage ?? null,
        plein: p.plein ?? false,
      }));
      for (const p of pleins) {
        const { id, ...row } = p;
        rows.push({
          ...row,
          anomalies: anomaliesDuPlein(id, lus, v as never, MARGE_ANOMALIE_CARBURANT_DEFAUT),
        });
      }
    }
    for (let k = 0; k < rows.length; k += 500) {
      await s.insert(pleinsCarburant).values(rows.slice(k, k + 500));
    }
  }
}
