import { z } from 'zod';
import { addDays, todayInGabon } from './fleet.rules';

// Calendar dates (`YYYY-MM-DD`, never shifted by a zone) and the one rule of every accounting date.

/** A calendar date `YYYY-MM-DD` that exists. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

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
 * follows one rule (DESIGN.md §4): not before 2000 (1900 is a typing error that would head every journal)
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
