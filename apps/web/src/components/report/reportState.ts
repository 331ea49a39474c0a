import { type Bornes, bornesPeriode, periodeRefus, todayInGabon } from '@yams/shared';
import type { ReportDecl, ReportValues } from './types';

/**
 * A report's filters as a flat map of query parameters, read from and written to the address, so a loaded
 * report can be linked and a reload keeps it. Pure functions (unit-tested in reportState.test.ts).
 */

type Decl = Pick<ReportDecl<unknown>, 'period' | 'filters' | 'load'>;

export const DEFAULT_PERIOD_PARAMS: [string, string] = ['date_debut', 'date_fin'];

export const periodParams = (decl: Decl): [string, string] => decl.period.params ?? DEFAULT_PERIOD_PARAMS;

/** Every parameter the report's filter owns: the two days, then the extra filters. */
export const reportParams = (decl: Decl): string[] => [
  ...periodParams(decl),
  ...(decl.filters ?? []).map((f) => f.name),
];

/** The period's days as the filter's values. */
export function periodValues(decl: Decl, bornes: Bornes): ReportValues {
  const [d, f] = periodParams(decl);
  return { [d]: bornes.debut, [f]: bornes.fin };
}

/** The period's days of a filter state. */
export function bornesOf(decl: Decl, values: ReportValues): Partial<Bornes> {
  const [d, f] = periodParams(decl);
  return { debut: values[d], fin: values[f] };
}

/** Only the declared, non-empty values, trimmed. */
export function cleanValues(decl: Decl, raw: Record<string, unknown>): ReportValues {
  const out: ReportValues = {};
  for (const name of reportParams(decl)) {
    const v = raw[name];
    if (v === undefined || v === null) continue;
    const text = String(v).trim();
    if (text) out[name] = text;
  }
  return out;
}

/** What the form shows first: the default period (a quick one on `today`, or the screen's days) and `defaults`. */
export function initialValues(
  decl: Decl,
  defaults: ReportValues = {},
  today: string = todayInGabon(),
): ReportValues {
  const defaut = decl.period.defaut ?? 'mois';
  const bornes = typeof defaut === 'string' ? bornesPeriode(defaut, today) : defaut;
  return { ...periodValues(decl, bornes), ...cleanValues(decl, defaults) };
}

/** Why each field stops « Charger » (the period on its first day's field), in French; empty when none. */
export function reportErrors(decl: Decl, values: ReportValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const refus = periodeRefus(bornesOf(decl, values), { maxJours: decl.period.maxJours });
  if (refus) errors[periodParams(decl)[0]] = refus;
  for (const f of decl.filters ?? []) {
    if (f.required && !values[f.name])
      errors[f.name] = typeof f.required === 'string' ? f.required : `« ${f.label} » est obligatoire.`;
  }
  return errors;
}

/**
 * The filters the report is loaded with: those the address names, when they are complete and valid (a shared
 * link, a reload); else the defaults for a report that loads on opening; else null (nothing before « Charger »).
 */
export function appliedValues(
  decl: Decl,
  search: string,
  defaults: ReportValues = {},
  today: string = todayInGabon(),
): ReportValues | null {
  const fromUrl = cleanValues(decl, Object.fromEntries(new URLSearchParams(search).entries()));
  const [d, f] = periodParams(decl);
  if (fromUrl[d] && fromUrl[f]) {
    const values = { ...cleanValues(decl, defaults), ...fromUrl };
    return Object.keys(reportErrors(decl, values)).length ? null : values;
  }
  if (decl.load !== 'ouverture') return null;
  const values = { ...initialValues(decl, defaults, today), ...fromUrl };
  return Object.keys(reportErrors(decl, values)).length ? null : values;
}

/** The address's query string with the report's filters replaced by `values` (other parameters kept). */
export function searchWith(decl: Decl, search: string, values: ReportValues | null): string {
  const params = new URLSearchParams(search);
  for (const name of reportParams(decl)) params.delete(name);
  for (const [k, v] of Object.entries(values ?? {})) params.set(k, v);
  const text = params.toString();
  return text ? `?${text}` : '';
}
