import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// Reads are sent as named prepared statements (prepared-pool.ts, pglite-worker.ts): PostgreSQL plans them
// once and keeps a generic plan, which is what a page of a list wants. A condition whose best plan depends
// on its values does not: the courses of the clients a search named (2,000 clients of a common surname
// want the list's order walked; three clients want their courses read by client) — a generic plan guesses
// the number and serves one case badly (183 ms instead of 50 at p50, 1 M courses). A statement holding this
// marker is sent unnamed, planned for its values at each call.

export const PLAN_PAR_APPEL = '/* plan à chaque appel */';

/** `column = any(ids)`, one array parameter, in a statement planned for its values at each call. */
export function parmiPlanifie(column: SQLWrapper, ids: number[]): SQL {
  return sql`${sql.raw(PLAN_PAR_APPEL)} ${column} = any(${sql.param(ids)}::int[])`;
}
