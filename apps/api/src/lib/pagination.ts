import { type ListQuery, listAnswer, PAGE_SIZE, type Paginated } from '@yams/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ok } from './http';

/** Unpaged lists are capped so a forgotten `page` never returns a whole table. */
export const UNPAGED_CAP = 1000;

export interface ListSource<T> {
  /** The exact number of rows of the selection (`req_count`). */
  count(): Promise<number>;
  rows(limit: number, offset: number): Promise<T[]>;
  /**
   * The `total` of a page answer, when counting exactly could cost more than the page itself: exact up
   * to EXACT_COUNT_LIMIT rows, the planner's estimate beyond (see `countsOf`). Defaults to `count()`.
   */
  pageTotal?(): Promise<PageTotal>;
  /**
   * A page and its `total` in one call, when the source reads both in one statement (the journals: a
   * statement per request instead of two); a page answer uses it instead of `rows` + `pageTotal`/`count`.
   */
  page?(limit: number, offset: number): Promise<{ rows: T[]; total: PageTotal }>;
}

export interface PageTotal {
  total: number;
  estimated: boolean;
}

/**
 * Up to this many rows a page answer's `total` is exact; past it, counting every row of a long history
 * (a million courses) would cost more than the page itself, so `total` is PostgreSQL's estimate (never
 * below EXACT_COUNT_LIMIT + 1) and the answer says `total_estime: true` (the screens show 'plus de
 * 10 000'). `req_count` always counts exactly.
 */
export const EXACT_COUNT_LIMIT = 10_000;

type Rows<T> = { rows: T[] };

/**
 * A selection found beyond EXACT_COUNT_LIMIT keeps its estimate this long, per database and per statement
 * and parameters: paging through a million courses then costs the page alone, not a capped count of
 * 10,001 rows and a plan each time. An estimate it is anyway; for a minute at most it may say 'plus de
 * 10 000' of a selection that a mass deletion has just brought under the limit.
 */
export const ESTIMATE_TTL_MS = 60_000;
const estimates = new WeakMap<Db, Map<string, { total: number; at: number }>>();

function estimatesOf(db: Db) {
  const known = estimates.get(db) ?? new Map<string, { total: number; at: number }>();
  estimates.set(db, known);
  if (known.size > 1000) known.clear();
  return known;
}

type Selection = SQLWrapper & { limit(n: number): SQLWrapper; toSQL(): { sql: string; params: unknown[] } };

export interface Counts extends Pick<ListSource<never>, 'count' | 'pageTotal'> {
  /**
   * The whole list source from the page's query: `rows`, and `page` in one statement, `query` adding
   * when given one more column `total`, the capped count of the selection as an uncorrelated subquery
   * (PostgreSQL runs it once). A selection known to be past the limit is not counted again
   * (ESTIMATE_TTL_MS); a page past the end has no row to carry the count and counts apart.
   */
  source<R, T>(
    query: (limit: number, offset: number, total?: SQL<number>) => Promise<Array<R & { total?: number }>>,
    map: (row: R) => T,
  ): Required<ListSource<T>>;
}

/**
 * `count`, `pageTotal` and `source` of a list from its selection, `() => db.select({ one: sql`1` })
 * .from(table).where(…)` with only the joins its filters need (counting never needs the references a row
 * shows). A function, as drizzle's builders change in place when limited.
 */
export function countsOf(db: Db, selection: () => Selection): Counts {
  const one = async (query: SQL) => {
    const result = (await db.execute(query)) as unknown as Rows<{ n: number | string }>;
    return Number(result.rows[0]?.n ?? 0);
  };
  const keyOf = () => {
    const statement = selection().toSQL();
    return `${statement.sql}\u0000${JSON.stringify(statement.params)}`;
  };
  const known = (key: string): PageTotal | undefined => {
    const found = estimatesOf(db).get(key);
    return found && Date.now() - found.at < ESTIMATE_TTL_MS
      ? { total: found.total, estimated: true }
      : undefined;
  };
  const capped = () => sql`(${selection().limit(EXACT_COUNT_LIMIT + 1)})`;
  /** The total of a selection counted `n` (capped): exact, or past the limit the planner's estimate. */
  const totalOf = async (n: number, key: string): Promise<PageTotal> => {
    if (n <= EXACT_COUNT_LIMIT) return { total: n, estimated: false };
    const plan = (await db.execute(sql`explain (format json) ${selection()}`)) as unknown as Rows<
      Record<string, unknown>
    >;
    const json = Object.values(plan.rows[0] ?? {})[0];
    const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{
      Plan: { 'Plan Rows': number };
    }>;
    const estimate = Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
    const total = Math.max(estimate, EXACT_COUNT_LIMIT + 1);
    estimatesOf(db).set(key, { total, at: Date.now() });
    return { total, estimated: true };
  };
  const pageTotal = async () => {
    const key = keyOf();
    return (
      known(key) ?? totalOf(await one(sql`select count(*)::int as n from ${capped()} as selection`), key)
    );
  };
  const count = () => one(sql`select count(*)::int as n from (${selection()}) as selection`);
  return {
    count,
    pageTotal,
    source: (query, map) => ({
      count,
      pageTotal,
      rows: async (limit, offset) => (await query(limit, offset)).map(map),
      async page(limit, offset) {
        const key = keyOf();
        const estimate = known(key);
        const total = estimate
          ? undefined
          : sql<number>`(select count(*)::int from ${capped()} as selection)`;
        const rows = await query(limit, offset, total);
        const counted = rows[0]?.total;
        return {
          rows: rows.map(map),
          total:
            estimate ?? (counted === undefined ? await pageTotal() : await totalOf(Number(counted), key)),
        };
      },
    }),
  };
}

/**
 * A list source whose statements need a first read (the clients a search names, read before the courses so
 * that PostgreSQL plans the courses with their ids in hand): made on first use, once.
 */
export function sourceAfter<T>(make: () => Promise<Required<ListSource<T>>>): ListSource<T> {
  let made: Promise<Required<ListSource<T>>> | undefined;
  const source = () => {
    made ??= make();
    return made;
  };
  return {
    count: async () => (await source()).count(),
    rows: async (limit, offset) => (await source()).rows(limit, offset),
    pageTotal: async () => (await source()).pageTotal(),
    page: async (limit, offset) => (await source()).page(limit, offset),
  };
}

/** A plain list's answer: its rows, and whether rows were left out (then `total` counts the selection). */
interface Unpaged<T> {
  rows: T[];
  truncated: boolean;
  total?: PageTotal;
}

/**
 * A list without `page`: at most `limit` rows (UNPAGED_CAP at most), one more read to know whether the
 * selection holds more; then its total is counted (estimated past EXACT_COUNT_LIMIT).
 */
async function unpaged<T>(q: ListQuery, source: ListSource<T>): Promise<Unpaged<T>> {
  const limit = Math.min(q.limit ?? UNPAGED_CAP, UNPAGED_CAP);
  const rows = await source.rows(limit + 1, 0);
  if (rows.length <= limit) return { rows, truncated: false };
  const total = source.pageTotal
    ? await source.pageTotal()
    : { total: await source.count(), estimated: false };
  return { rows: rows.slice(0, limit), truncated: true, total };
}

/**
 * The three shapes of a list answer: `req_count` → the number; `page`/`per_page` → Laravel's paginator;
 * otherwise the plain list, capped by `limit`.
 */
async function listAnswerOf<T>(
  q: ListQuery,
  source: ListSource<T>,
  defaultPerPage: number,
): Promise<number | Paginated<T> | Unpaged<T>> {
  if (q.req_count) return source.count();
  if (q.page === undefined && q.per_page === undefined) return unpaged(q, source);
  const perPage = q.per_page ?? defaultPerPage;
  const page = q.page ?? 1;
  const offset = (page - 1) * perPage;
  const [{ total, estimated }, data] = source.page
    ? await source.page(perPage, offset).then((p) => [p.total, p.rows] as const)
    : await Promise.all([
        source.pageTotal
          ? source.pageTotal()
          : source.count().then((total): PageTotal => ({ total, estimated: false })),
        source.rows(perPage, offset),
      ]);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    data,
    per_page: perPage,
    total,
    ...(estimated ? { total_estime: true } : {}),
    last_page: lastPage,
    from,
    to: from === null ? null : from + data.length - 1,
  };
}

/**
 * A list route's whole answer, the envelope included (`reply(listOf(…))` documents it). A list without
 * `page` says whether it is whole: `truncated: false`, or `truncated: true` with the selection's `total`
 * (and `total_estime` past EXACT_COUNT_LIMIT) when `limit` (UNPAGED_CAP at most) cut it, so a client of
 * the plain list never takes the first 1,000 rows for all of them.
 */
export async function listReply<T>(q: ListQuery, source: ListSource<T>, defaultPerPage?: number) {
  const answer = await listAnswerOf(q, source, defaultPerPage ?? PAGE_SIZE.default);
  if (!(answer instanceof Object) || !('rows' in answer)) return ok(answer);
  return {
    ...ok(answer.rows),
    truncated: answer.truncated,
    ...(answer.total
      ? { total: answer.total.total, ...(answer.total.estimated ? { total_estime: true } : {}) }
      : {}),
  };
}

/** Response schema of `listReply`'s data (packages/shared `listAnswer`, which the contracts use too). */
export const listOf = listAnswer;
