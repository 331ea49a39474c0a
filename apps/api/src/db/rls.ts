import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Row-level security (drizzle/0043_rls.sql): a company's statements run in a transaction that enters the
 * role `yams_tenant` with the company in `app.entreprise_id`, both local to it (`set_config(…, true)`, as
 * `SET LOCAL`): PostgreSQL and PGlite then return and change that company's rows only, whatever the
 * statement's text says. Everything else (the superadmin's scope, migrations, seed, jobs, sign-in) runs as
 * the API's own role, which the policies let through. Inside a transaction already open (a savepoint), the
 * role and company are given back when `fn` ends, so the rest of that transaction keeps its own.
 */
const TENANT_ROLE = 'yams_tenant';

export function asCompany<T>(db: Db, entrepriseId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  const nested = db instanceof PgTransaction;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${TENANT_ROLE}, true), set_config('app.entreprise_id', ${String(entrepriseId)}, true)`,
    );
    const result = await fn(tx as unknown as Db);
    if (nested)
      await tx.execute(
        sql`select set_config('role', 'none', true), set_config('app.entreprise_id', '', true)`,
      );
    return result;
  });
}
