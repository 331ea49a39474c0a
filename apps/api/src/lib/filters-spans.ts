import { and, gte, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Filters on DATE columns (`YYYY-MM-DD`, no time zone): a month of the calendar and a span overlapping a
// range. For timestamptz columns see filters-dates.ts.

/** `2026-02` → `2026-02-01` and the first day of the next month (exclusive). */
export function monthDays(period: string): { first: string; next: string } {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { first: `${period}-01`, next: `${next}-01` };
}

/** Rows of which any of the DATE columns falls in the month (`req_period=YYYY-MM`). */
export function dateInMonth(columns: AnyPgColumn[], period: string | undefined): SQL | undefined {
  if (!period) return undefined;
  const { first, next } = monthDays(period);
  return or(...columns.map((c) => and(gte(c, first), lt(c, next))));
}

/**
 * The span [start, end] (end null = still open) overlaps the asked days [from, to], both included; either
 * bound may be missing. Used by `date_debut` / `date_fin` filters on things that last (interventions).
 */
export function spanOverlaps(
  start: AnyPgColumn,
  end: AnyPgColumn,
  from: string | undefined,
  to: string | undefined,
): SQL | undefined {
  return and(to ? lte(start, to) : undefined, from ? or(isNull(end), gte(end, from)) : undefined);
}
