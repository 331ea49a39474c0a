import { type AnyColumn, asc, Column, desc, type SQL, sql } from 'drizzle-orm';
import { fieldErrors } from './errors';

/**
 * Server-side sorting of a list: `?sort=montant` ascending, `?sort=-montant` descending. Each list names
 * the columns it may be sorted on; its default order follows as the tie-break, so paging stays stable.
 */
export interface Sortable {
  sort?: string;
}

export function orderFor(
  sort: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  fallback: SQL[],
): SQL[] {
  if (!sort) return fallback;
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
  if (!column) {
    const allowed = Object.keys(columns).join(', ');
    throw fieldErrors({ sort: `Cette liste ne peut pas être triée par « ${key} » (possible : ${allowed}).` });
  }
  // Empty values last in both directions (PostgreSQL puts them first when descending). A NOT NULL column
  // gets a plain `desc`: `nulls last` there would only stop PostgreSQL from reading its index backwards.
  if (!descending) return [asc(column), ...fallback];
  const notNull = column instanceof Column && column.notNull;
  return [notNull ? desc(column) : sql`${column} desc nulls last`, ...fallback];
}
