/** The PostgreSQL error behind a Drizzle error (drizzle wraps the driver's error in `cause`). */
export function pgErrorOf(err: unknown): { code?: string; constraint?: string; table?: string } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as never;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (optionally: that index). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
}

/** A foreign key refused the write (a referenced row missing, or a referencing row still there). */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgErrorOf(err)?.code === '23503';
}
