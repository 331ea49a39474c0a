import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, customType, integer } from 'drizzle-orm/pg-core';

const UTC_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?\+00$/;

/** Postgres text `2026-11-22 02:39:28.348+00` (or a Date from PGlite) → ISO 8601 `2026-11-22T02:39:28.348Z`. */
export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const s = String(value);
  // The sessions' time zone is UTC, so PostgreSQL writes `+00`: the ISO form is the same digits with the
  // milliseconds kept (microseconds cut, as Date does). A list of 1,000 courses reads 9,000 of these.
  if (UTC_TEXT.test(s)) {
    const fraction = s[19] === '.' ? s.slice(20, -3) : '';
    return `${s.slice(0, 10)}T${s.slice(11, 19)}.${(fraction + '000').slice(0, 3)}Z`;
  }
  const normalised = s.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const d = new Date(normalised);
  return Number.isNaN(d.getTime()) ? s : d.toISOString();
}

/** timestamptz read and written as an ISO 8601 string: the wire format of every date-time. */
export const timestamptz = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: toIso,
  toDriver: (v) => v,
});

/** created_at / updated_at, set by the database. */
export const timestamps = {
  created_at: timestamptz('created_at').notNull().default(sql`now()`),
  updated_at: timestamptz('updated_at')
    .notNull()
    .default(sql`now()`)
    .$onUpdate(() => new Date().toISOString()),
};

/** The transporteur account that owns a tenant row (docs/architecture.md, Tenancy). */
export const entrepriseId = () => integer('entreprise_id');

/**
 * `CHECK (column in (…))` from a shared enum, so the database itself refuses a state the lifecycle does not
 * know: `enumCheck('courses_statut_check', t.statut, COURSE_STATUTS)`. Nullable columns stay nullable.
 */
export function enumCheck(name: string, column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return check(name, sql`${column} in (${sql.raw(list)})`);
}
