import { jourAGabon } from './calendar';
import { formatNumber } from './format';

// Fuel accounting, pure: consumption full tank to full tank, and the anomalies a fill raises. The API feeds
// these with a vehicle's fills in date order; the tests feed them hand-made sequences.

/** How a fill was paid: from the till, a fuel card, the driver's road advance, a fuel voucher. */
export const MODES_PAIEMENT_CARBURANT = ['caisse', 'carte', 'avance', 'bon'] as const;
export type ModePaiementCarburant = (typeof MODES_PAIEMENT_CARBURANT)[number];
export const MODE_PAIEMENT_CARBURANT_LIBELLES: Record<ModePaiementCarburant, string> = {
  caisse: 'Caisse',
  carte: 'Carte carburant',
  avance: 'Avance du chauffeur',
  bon: 'Bon',
};

/** Who recorded a fill: the driver's app, the office, a fuel-card import. */
export const SAISIES_CARBURANT = ['chauffeur', 'bureau', 'import'] as const;
export type SaisieCarburant = (typeof SAISIES_CARBURANT)[number];

/** The company's margin above a vehicle's reference consumption before a fill is flagged, by default. */
export const MARGE_ANOMALIE_CARBURANT_DEFAUT = 20;
/** Two fills of a vehicle closer than this (hours or kilometres) are flagged. */
export const PLEINS_ECART_MIN_HEURES = 2;
export const PLEINS_ECART_MIN_KM = 20;

/** A fill as the rules read it. `date`: an ISO instant. */
export interface PleinLu {
  id: number;
  date: string;
  litres: number;
  kilometrage: number | null;
  /** A full tank (the chain of consumption closes on it). */
  plein: boolean;
}

/** What the rules know of the vehicle. */
export interface VehiculeCarburant {
  /** Tank capacity in litres. */
  capacite_reservoir: number | null;
  /** Reference consumption in L/100 km. */
  consommation_reference: number | null;
}

/** A stretch from one full tank to the next: the litres put in after the first, up to and with the second. */
export interface TronconConso {
  /** The full fill that opens the stretch, and the one that closes it. */
  depuis_id: number;
  plein_id: number;
  /** The closing fill's day and month in Libreville. */
  date: string;
  mois: string;
  km: number;
  litres: number;
  /** L/100 km, rounded to 0.1. */
  consommation: number;
  /**
   * true: the distance could not be driven on a full tank plus the litres recorded (at the reference
   * consumption less the margin): a fill was not recorded. Shown, left out of the monthly figures.
   */
  plein_manquant: boolean;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Fills in the order the rules read them: by date, then by id. */
export const ordrePleins = <T extends { id: number; date: string }>(pleins: T[]): T[] =>
  [...pleins].sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id);

/**
 * Consumption full tank to full tank. Partial fills are carried into the next full one; the litres before a
 * vehicle's first full tank count for nothing (its level then is unknown). An odometer that goes backwards
 * (a reset, a new counter, a typing slip) or a full tank without odometer breaks the chain: the stretch
 * restarts at the next full tank with a reading.
 */
export function tronconsConsommation(
  pleins: PleinLu[],
  vehicule: VehiculeCarburant = { capacite_reservoir: null, consommation_reference: null },
  margePct: number = MARGE_ANOMALIE_CARBURANT_DEFAUT,
): TronconConso[] {
  const out: TronconConso[] = [];
  let ouvert: { id: number; km: number } | null = null;
  let litres = 0;
  let dernierKm: number | null = null;
  for (const p of ordrePleins(pleins)) {
    if (p.kilometrage !== null && dernierKm !== null && p.kilometrage < dernierKm) {
      // The counter went back: nothing before it can be compared with what follows.
      ouvert = null;
      litres = 0;
    }
    if (p.kilometrage !== null) dernierKm = p.kilometrage;
    litres += p.litres;
    if (!p.plein) continue;
    if (p.kilometrage === null) {
      ouvert = null;
      litres = 0;
      continue;
    }
    if (ouvert && p.kilometrage > ouvert.km) {
      const km = p.kilometrage - ouvert.km;
      out.push({
        depuis_id: ouvert.id,
        plein_id: p.id,
        date: jourAGabon(p.date),
        mois: jourAGabon(p.date).slice(0, 7),
        km,
        litres: round1(litres),
        consommation: round1((litres / km) * 100),
        plein_manquant: pleinManquant(km, litres, vehicule, margePct),
      });
    }
    ouvert = { id: p.id, km: p.kilometrage };
    litres = 0;
  }
  return out;
}

/** Longer than a full tank plus the litres put in could carry at the lowest plausible consumption. */
function pleinManquant(km: number, litres: number, v: VehiculeCarburant, margePct: number): boolean {
  if (!v.capacite_reservoir || !v.consommation_reference) return false;
  const minimum = (v.consommation_reference * (1 - margePct / 100)) / 100; // litres per km
  if (minimum <= 0) return false;
  return km > (v.capacite_reservoir + litres) / minimum;
}

/** Consumption of a month: its stretches (those with a missed fill left out), in L/100 km. */
export interface ConsommationMois {
  mois: string;
  km: number;
  litres: number;
  /** null when no complete stretch closed in the month. */
  consommation: number | null;
  troncons: number;
}

/** The stretches grouped by the month of their closing full tank, in month order. */
export function consommationParMois(troncons: TronconConso[]): ConsommationMois[] {
  const parMois = new Map<string, ConsommationMois>();
  for (const t of troncons) {
    const m = parMois.get(t.mois) ?? { mois: t.mois, km: 0, litres: 0, consommation: null, troncons: 0 };
    if (!t.plein_manquant) {
      m.km += t.km;
      m.litres = round1(m.litres + t.litres);
      m.troncons += 1;
    }
    parMois.set(t.mois, m);
  }
  return [...parMois.values()]
    .map((m) => ({ ...m, consommation: m.km > 0 ? round1((m.litres / m.km) * 100) : null }))
    .sort((a, b) => a.mois.localeCompare(b.mois));
}

// Anomalies

export const ANOMALIES_CARBURANT = {
  consommation: 'Consommation au-dessus de la référence',
  capacite: 'Litres au-dessus de la capacité du réservoir',
  rapproche: 'Deux pleins trop rapprochés',
  compteur: 'Compteur en recul',
} as const;
export type AnomalieCarburantCode = keyof typeof ANOMALIES_CARBURANT;
export const ANOMALIE_CARBURANT_CODES = Object.keys(ANOMALIES_CARBURANT) as AnomalieCarburantCode[];

export interface AnomalieCarburant {
  code: AnomalieCarburantCode;
  /** The French sentence shown in the list and in the notification. */
  message: string;
}

const fr1 = (n: number) => formatNumber(n, 1);
const entier = (n: number) => formatNumber(Math.round(n));

/**
 * What is wrong with the fill `id` given the vehicle's other fills (any order; only those before it in date
 * order are read, so a fill keeps the anomalies it had when it was recorded): consumption of the stretch it
 * closes above the reference by more than the margin, more litres than the tank holds, a fill less than
 * 2 hours or 20 km after the previous one, an odometer below the previous reading.
 */
export function anomaliesDuPlein(
  id: number,
  pleins: PleinLu[],
  vehicule: VehiculeCarburant,
  margePct: number = MARGE_ANOMALIE_CARBURANT_DEFAUT,
): AnomalieCarburant[] {
  const ordre = ordrePleins(pleins);
  const i = ordre.findIndex((p) => p.id === id);
  if (i < 0) return [];
  const p = ordre[i]!;
  const avant = ordre.slice(0, i);
  const out: AnomalieCarburant[] = [];

  const ref = vehicule.consommation_reference;
  if (p.plein && ref) {
    const t = tronconsConsommation([...avant, p], vehicule, margePct).find((x) => x.plein_id === p.id);
    const seuil = ref * (1 + margePct / 100);
    if (t && !t.plein_manquant && t.consommation > seuil) {
      out.push({
        code: 'consommation',
        message: `Consommation de ${fr1(t.consommation)} L/100 km sur ${entier(t.km)} km, au-dessus de la référence de ${fr1(ref)} L/100 km (+${margePct} % admis).`,
      });
    }
  }

  const cap = vehicule.capacite_reservoir;
  if (cap && p.litres > cap) {
    out.push({
      code: 'capacite',
      message: `${fr1(p.litres)} L pour un réservoir de ${entier(cap)} L.`,
    });
  }

  const prec = avant.at(-1);
  if (prec) {
    const heures = (Date.parse(p.date) - Date.parse(prec.date)) / 3_600_000;
    const km = p.kilometrage !== null && prec.kilometrage !== null ? p.kilometrage - prec.kilometrage : null;
    if (heures < PLEINS_ECART_MIN_HEURES) {
      out.push({
        code: 'rapproche',
        message: `Plein moins de ${PLEINS_ECART_MIN_HEURES} heures après le précédent (${Math.round(heures * 60)} min).`,
      });
    } else if (km !== null && km >= 0 && km < PLEINS_ECART_MIN_KM) {
      out.push({
        code: 'rapproche',
        message: `Plein moins de ${PLEINS_ECART_MIN_KM} km après le précédent (${entier(km)} km).`,
      });
    }
  }

  const lu = [...avant].reverse().find((x) => x.kilometrage !== null);
  if (p.kilometrage !== null && lu && p.kilometrage < lu.kilometrage!) {
    out.push({
      code: 'compteur',
      message: `Compteur à ${entier(p.kilometrage)} km, en dessous du relevé précédent (${entier(lu.kilometrage!)} km).`,
    });
  }
  return out;
}
