import { addDays, minuitGabon, todayInGabon } from '@yams/shared';
import { and, gte, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { fieldErrors } from './errors';

// Date filters of list routes: `date_debut`/`date_fin` (a day range) and `req_period=YYYY-MM` (the calendar),
// whose query schemas are in packages/shared list-query.ts. Day and month boundaries are Libreville time
// (UTC+1, no daylight saving).

export interface DateRange {
  date_debut?: string;
  date_fin?: string;
}

/** Both days of a period that needs them (a report), else a French 422 naming the missing ones. */
export function requireDateRange(q: DateRange, message: string): { date_debut: string; date_fin: string } {
  if (!q.date_debut || !q.date_fin) {
    const fields: Record<string, string> = {};
    if (!q.date_debut) fields.date_debut = message;
    if (!q.date_fin) fields.date_fin = message;
    throw fieldErrors(fields);
  }
  return { date_debut: q.date_debut, date_fin: q.date_fin };
}

/** 422 when the range is upside down. */
export function assertDateRange(q: DateRange): void {
  if (q.date_debut && q.date_fin && q.date_debut > q.date_fin) {
    throw fieldErrors({ date_fin: 'La date de fin doit être postérieure ou égale à la date de début.' });
  }
}

/**
 * `date_debut <= column <= date_fin`, both days included. `kind: 'date'` for a DATE column, `'timestamp'`
 * for a timestamptz (compared with Libreville midnights).
 */
export function dateRangeCondition(
  column: AnyPgColumn,
  q: DateRange,
  kind: 'date' | 'timestamp',
): SQL | undefined {
  assertDateRange(q);
  const parts: SQL[] = [];
  if (kind === 'date') {
    if (q.date_debut) parts.push(gte(column, q.date_debut));
    if (q.date_fin) parts.push(lte(column, q.date_fin));
  } else {
    if (q.date_debut) parts.push(gte(column, minuitGabon(q.date_debut)));
    if (q.date_fin) parts.push(lt(column, minuitGabon(addDays(q.date_fin, 1))));
  }
  return parts.length ? and(...parts) : undefined;
}

/** First instant of the month and of the next one, Libreville time. */
export function monthBounds(period: string): { start: string; end: string } {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { start: minuitGabon(`${period}-01`), end: minuitGabon(`${next}-01`) };
}

/**
 * The month filter (`req_period`: rows of which any of the given timestamp columns falls in the month) as
 * disjoint parts, one per column: the rows whose column i falls in the month and none of the columns before it. Each part is a range on one column that an index
 * `(…, column, …)` serves, so a list can read each part in its order and merge them (`unionParts` in
 * courses.repository.ts) instead of the OR, which no index serves: PostgreSQL walked the company's whole
 * history backwards by date to find the month's first rows (2.1 s at 1 M courses).
 */
export function periodParts(columns: AnyPgColumn[], period: string | undefined): SQL[] | undefined {
  if (!period) return undefined;
  const { start, end } = monthBounds(period);
  const inMonth = (c: AnyPgColumn) => and(gte(c, start), lt(c, end))!;
  const outside = (c: AnyPgColumn) =>
    c.notNull ? or(lt(c, start), gte(c, end))! : or(isNull(c), lt(c, start), gte(c, end))!;
  return columns.map((c, i) => and(inMonth(c), ...columns.slice(0, i).map(outside))!);
}

/** The current year in Libreville. */
export function yearInGabon(now = new Date()): number {
  return Number(todayInGabon(now).slice(0, 4));
}
