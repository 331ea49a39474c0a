import { z } from 'zod';

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
