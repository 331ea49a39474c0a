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

// ---------- Report periods (Libreville days) ----------

/** The quick periods of every report's filter, in their menu's order. */
export const PERIODES_RAPPORT = {
  aujourdhui: "Aujourd'hui",
  hier: 'Hier',
  '7_jours': '7 jours',
  mois: 'Ce mois',
  mois_dernier: 'Mois dernier',
  annee: 'Cette année',
} as const;
export type PeriodeRapport = keyof typeof PERIODES_RAPPORT;
export const PERIODES_RAPPORT_CLES = Object.keys(PERIODES_RAPPORT) as PeriodeRapport[];

/** A range of calendar days, both included. */
export interface Bornes {
  debut: string;
  fin: string;
}

/** Days from `a` to `b`, both included: `joursEntre('2026-11-01', '2026-11-30')` → 30. */
export function joursEntre(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The first day of `day`'s month, `offset` months later: `debutMois('2026-01-15', -1)` → `'2025-12-01'`. */
export function debutMois(day: string, offset = 0): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + offset, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`;
}
/** The last day of `day`'s month (`YYYY-MM-DD` or `YYYY-MM`): `finMois('2028-02')` → `'2028-02-29'`. */
export const finMois = (day: string): string => addDays(debutMois(day, 1), -1);

/** Monday of the week of `day` (weeks run Monday to Sunday). */
export function debutSemaine(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

/**
 * A quick period's days on `today` (Libreville, `todayInGabon()`): « 7 jours » is today and the six days
 * before; « Ce mois » and « Cette année » end today (nothing is recorded in the future).
 */
export function bornesPeriode(periode: PeriodeRapport, today: string = todayInGabon()): Bornes {
  switch (periode) {
    case 'aujourdhui':
      return { debut: today, fin: today };
    case 'hier':
      return { debut: addDays(today, -1), fin: addDays(today, -1) };
    case '7_jours':
      return { debut: addDays(today, -6), fin: today };
    case 'mois':
      return { debut: debutMois(today), fin: today };
    case 'mois_dernier':
      return { debut: debutMois(today, -1), fin: finMois(debutMois(today, -1)) };
    case 'annee':
      return { debut: `${today.slice(0, 4)}-01-01`, fin: today };
  }
}

/** The quick period whose days these are on `today`, or null (a period of the user's own). */
export function periodeDe(bornes: Bornes, today: string = todayInGabon()): PeriodeRapport | null {
  return (
    PERIODES_RAPPORT_CLES.find((p) => {
      const b = bornesPeriode(p, today);
      return b.debut === bornes.debut && b.fin === bornes.fin;
    }) ?? null
  );
}

const gabonDayFmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Libreville',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** An instant's calendar day in Libreville, `YYYY-MM-DD` (23:30 UTC on the 1st is the 2nd there). */
export function jourAGabon(instant: string | Date): string {
  return gabonDayFmt.format(typeof instant === 'string' ? new Date(instant) : instant);
}

export const PERIODE_DATES_OBLIGATOIRES = 'La date de début et la date de fin sont obligatoires.';
export const PERIODE_ORDRE = 'La date de début doit précéder la date de fin.';
export const periodeTropLongue = (jours: number) => `La période ne peut pas dépasser ${jours} jours.`;

/** Why a report cannot be loaded on these days (a French sentence), or null. */
export function periodeRefus(bornes: Partial<Bornes>, regle: { maxJours?: number } = {}): string | null {
  const { debut, fin } = bornes;
  if (!debut || !fin || !isCalendarDate(debut) || !isCalendarDate(fin)) return PERIODE_DATES_OBLIGATOIRES;
  if (debut > fin) return PERIODE_ORDRE;
  if (regle.maxJours && joursEntre(debut, fin) > regle.maxJours) return periodeTropLongue(regle.maxJours);
  return null;
}
