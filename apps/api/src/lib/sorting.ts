import { type AnyColumn, asc, Column, desc, type SQL, sql } from 'drizzle-orm';
import { fieldErrors } from './errors';

/**
 * Server-side sorting of a list: `?sort=montant` ascending, `?sort=-montant` descending. Each list names
 * the columns it may be sorted on; its default order follows as the tie-break, so paging stays stable.
 */
export interface Sortable {
  sort?: string;
}

/** A list's default order: its columns, all in one direction (e.g. newest first: date desc, id desc). */
export type DefaultOrder = { desc: Array<AnyColumn | SQL> } | { asc: Array<AnyColumn | SQL> };

/**
 * The ORDER BY of a list. Without `sort`, the default order. With `sort`, that column then the default
 * order's columns as the tie-break **in the sort's direction** (`statut, date_chargement, id` or
 * `statut desc, date_chargement desc, id desc`): one index `(entreprise_id, statut, date_chargement, id)`
 * then serves both directions, read forwards or backwards, and page 1 reads a few entries whatever the
 * history. (A tie-break in a fixed direction made PostgreSQL sort every row of the company for one of the
 * two directions: 7.8 s for `sort=statut` at 1 M courses.)
 *
 * Empty values come last in both directions. For a nullable column sorted descending that is
 * `desc nulls last`, which no index read backwards gives: such a column needs a second index
 * `(…, col desc nulls last, tie-break desc)`. A NOT NULL column gets a plain `desc`.
 */
export function orderFor(
  sort: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  fallback: DefaultOrder,
): SQL[] {
  const ascending = 'asc' in fallback;
  const tieBreak = ascending ? fallback.asc : fallback.desc;
  if (!sort) return tieBreak.map((c) => (ascending ? asc(c) : desc(c)));
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
  if (!column) {
    const allowed = Object.keys(columns).join(', ');
    throw fieldErrors({ sort: `Cette liste ne peut pas être triée par « ${key} » (possible : ${allowed}).` });
  }
  const rest = tieBreak.filter((c) => c !== column);
  if (!descending) return [asc(column), ...rest.map((c) => asc(c))];
  const notNull = column instanceof Column && column.notNull;
  return [notNull ? desc(column) : sql`${column} desc nulls last`, ...rest.map((c) => desc(c))];
}
