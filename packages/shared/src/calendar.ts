import { z } from 'zod';
import { addDays, todayInGabon } from './fleet.rules';

// The one rule for calendar days (`YYYY-MM-DD`) and months (`YYYY-MM`, `req_period`), whatever the field
// or the route: a day that exists, in a year between ANNEES.min and ANNEES.max. PostgreSQL has no year 0
// (`0000-01-01` makes it fail, which answered a 500) and JavaScript reads years 0–99 as 1900–1999; no
// record of a transport company falls outside these years.

export const ANNEES = { min: 1900, max: 2100 } as const;

const inYears = (year: number) => year >= ANNEES.min && year <= ANNEES.max;

/** A calendar date `YYYY-MM-DD` that exists, in ANNEES. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!inYears(year)) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** A month `YYYY-MM`, in ANNEES. */
export function isCalendarMonth(value: string): boolean {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  return !!m && inYears(Number(m[1]));
}

export const MOIS_INVALIDE = `La période doit être un mois au format AAAA-MM (année de ${ANNEES.min} à ${ANNEES.max}).`;

/** `req_period=YYYY-MM` and every other month: THE month rule. */
export const zMois = () =>
  z.string({ error: MOIS_INVALIDE }).refine(isCalendarMonth, { error: MOIS_INVALIDE });

/** The day rule as a zod check, for a schema that has its own messages (`z.iso.date` keeps its format). */
export const zJourIso = (error: string | ((iss: { input?: unknown }) => string)) =>
  z.iso.date({ error }).refine(isCalendarDate, {
    error: typeof error === 'string' ? error : (iss) => error(iss),
  });

// ---------- Accounting dates ----------

export const zCalendarDate = (label: string) =>
  z
    .string({
      error: (iss) =>
        iss.input === undefined || iss.input === null || iss.input === ''
          ? `${label} est obligatoire.`
          : `${label} n'est pas valide.`,
    })
    .trim()
    .min(1, { error: `${label} est obligatoire.` })
    .refine(isCalendarDate, { error: `${label} doit être une date au format AAAA-MM-JJ.` });

/**
 * Every accounting date (invoice, credit note, purchase, cash voucher, journal entry, payment, settlement)
 * follows one rule (docs/decisions.md): not before 2000 (1900 is a typing error that would head every journal)
 * and at most this many days after today in Libreville (a cheque dated next week, never an invoice of 2100).
 */
export const DATE_COMPTABLE_MIN = '2000-01-01';
export const DATE_COMPTABLE_JOURS_AVANCE = 7;

/** The first and the last day an accounting date may take today (Libreville), both included. */
export function bornesDateComptable(today: string = todayInGabon()): { min: string; max: string } {
  return { min: DATE_COMPTABLE_MIN, max: addDays(today, DATE_COMPTABLE_JOURS_AVANCE) };
}

/** Why `date` cannot be an accounting date (a French sentence naming `label`), or null. */
export function dateComptableRefus(date: string, label = 'La date', today?: string): string | null {
  const { min, max } = bornesDateComptable(today);
  if (date > max) {
    return `${label} ne peut pas dépasser de plus de ${DATE_COMPTABLE_JOURS_AVANCE} jours la date du jour.`;
  }
  if (date < min) return `${label} est trop ancienne (avant le 01/01/2000).`;
  return null;
}

/** An accounting date: a calendar date within `bornesDateComptable`. */
export const zDateComptable = (label: string) =>
  zCalendarDate(label).superRefine((v, ctx) => {
    const refus = isCalendarDate(v) ? dateComptableRefus(v, label) : null;
    if (refus) ctx.addIssue({ code: 'custom', message: refus });
  });
