import { z } from 'zod';
import { addDays } from './calendar';

// Payment terms (délais de paiement) and the ageing of what clients owe (balance âgée). An invoice carries
// its term and the due date it gives; the balance âgée sorts what remains due by days past that date.

/**
 * The terms a company offers. « N jours fin de mois »: N days after the invoice's date, then the end of
 * that month (the DGCCRF's reading of « 45 jours fin de mois », the most common one; docs/etats-comptables.md).
 */
export const DELAIS_PAIEMENT = {
  comptant: { libelle: 'Comptant (à réception)', jours: 0, finDeMois: false },
  '15j': { libelle: '15 jours', jours: 15, finDeMois: false },
  '30j': { libelle: '30 jours', jours: 30, finDeMois: false },
  '30jfm': { libelle: '30 jours fin de mois', jours: 30, finDeMois: true },
  '45j': { libelle: '45 jours', jours: 45, finDeMois: false },
  '45jfm': { libelle: '45 jours fin de mois', jours: 45, finDeMois: true },
  '60j': { libelle: '60 jours', jours: 60, finDeMois: false },
  '60jfm': { libelle: '60 jours fin de mois', jours: 60, finDeMois: true },
  '90j': { libelle: '90 jours', jours: 90, finDeMois: false },
} as const;
export type DelaiPaiement = keyof typeof DELAIS_PAIEMENT;
export const DELAI_CODES = Object.keys(DELAIS_PAIEMENT) as [DelaiPaiement, ...DelaiPaiement[]];
/** A company that never chose one: payable on receipt. */
export const DELAI_PAIEMENT_DEFAUT: DelaiPaiement = 'comptant';

/** The French name of a term (`45jfm` → « 45 jours fin de mois »); an unknown code is shown as it is. */
export const libelleDelai = (code: string): string =>
  (DELAIS_PAIEMENT as Record<string, { libelle: string }>)[code]?.libelle ?? code;

/** `YYYY-MM-DD` → the last day of its month. */
export function finDeMois(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The due date of an invoice dated `date` under the term `code`. */
export function dateEcheance(date: string, code: DelaiPaiement): string {
  const d = DELAIS_PAIEMENT[code];
  const brut = addDays(date, d.jours);
  return d.finDeMois ? finDeMois(brut) : brut;
}

const MESSAGE_DELAI = `Le délai de paiement n'est pas valide (possible : ${DELAI_CODES.map(libelleDelai).join(', ')}).`;
/** A term sent by a form or an app: one of the codes, else a French 422. */
export const zDelaiPaiement = z.enum(DELAI_CODES, { error: MESSAGE_DELAI });

// ---------- Balance âgée ----------

/** The ageing buckets: not due yet, then days past the due date. */
export const TRANCHES_AGE = [
  { cle: 'non_echu', libelle: 'Non échu' },
  { cle: 'j0_30', libelle: '0 – 30 j' },
  { cle: 'j31_60', libelle: '31 – 60 j' },
  { cle: 'j61_90', libelle: '61 – 90 j' },
  { cle: 'plus_90', libelle: '> 90 j' },
] as const;
export type TrancheAge = (typeof TRANCHES_AGE)[number]['cle'];

/** Days from `a` to `b` (both `YYYY-MM-DD`). */
export const ecartJours = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * The bucket of an amount due on `echeance`, seen on `date`: not due while the due date is after it;
 * due on the day itself counts as 0 day late.
 */
export function trancheAge(echeance: string, date: string): TrancheAge {
  const retard = ecartJours(echeance, date);
  if (retard < 0) return 'non_echu';
  if (retard <= 30) return 'j0_30';
  if (retard <= 60) return 'j31_60';
  if (retard <= 90) return 'j61_90';
  return 'plus_90';
}
