import { getTableName, isTable, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { platformSql, scoped } from '../src/db/scoped';
import { companyCondition, type TenantTable } from '../src/db/tenancy';
import { type Fixtures, setupFixtures } from './fixtures';

// Row-level security (drizzle/0043_rls.sql, db/rls.ts), the database's backstop behind db/scoped.ts: a raw
// statement of company B that forgets the company condition still reads and changes none of A's rows, on
// every tenant table (a table with `entreprise_id`), and the database's rule agrees with db/scoped.ts.

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

const TENANT_TABLES = (Object.values(schema) as unknown[])
  .filter((t): t is TenantTable => isTable(t) && 'entreprise_id' in (t as object))
  .map((t) => ({ name: getTableName(t as PgTable), table: t }));

type Counts = { a: number | string; b: number | string; n: number | string };

describe('row-level security on every tenant table', () => {
  it('every table with entreprise_id has RLS enabled, forced, and a policy for the company role', async () => {
    const found = await platformSql(ctx.t.database.db).rows<{
      relname: string;
      relrowsecurity: boolean;
      relforcerowsecurity: boolean;
      policies: string[];
    }>(sql`select c.relname, c.relrowsecurity, c.relforcerowsecurity,
                  array(select p.polname::text from pg_policy p where p.polrelid = c.oid
                        and p.polroles @> array[(select oid from pg_roles where rolname = 'yams_tenant')]) as policies
           from pg_class c join pg_namespace s on s.oid = c.relnamespace
           where s.nspname = 'public' and c.relkind = 'r'
             and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'entreprise_id'
                         and not a.attisdropped)
           order by 1`);
    expect(found.map((r) => r.relname)).toEqual(TENANT_TABLES.map((t) => t.name).sort());
    for (const r of found) {
      expect({ table: r.relname, rls: r.relrowsecurity, force: r.relforcerowsecurity }).toEqual({
        table: r.relname,
        rls: true,
        force: true,
      });
      expect(r.policies.length, r.relname).toBeGreaterThan(0);
    }
  });

  it('a deliberately unscoped raw query run as company B gets none of A’s rows, and exactly what scoped() gives', async () => {
    const { A, B } = ctx;
    const db = ctx.t.database.db;
    const asB = scoped(db, B.scope).raw();
    expect(asB.kind).toBe('company');
    let ofAForTheSystem = 0;
    for (const { name, table } of TENANT_TABLES) {
      const counts = (where: ReturnType<typeof sql>) =>
        sql`select count(*) filter (where entreprise_id = ${A.id}) as a,
                   count(*) filter (where entreprise_id = ${B.id}) as b, count(*) as n
            from ${table} where ${where}`;
      // No condition at all: the database alone decides.
      const [seen] = await asB.rows<Counts>(counts(sql`true`));
      const [expected] = await platformSql(db).rows<Counts>(counts(companyCondition(table, B.id)));
      const [everything] = await platformSql(db).rows<Counts>(counts(sql`true`));
      ofAForTheSystem += Number(everything!.a);
      expect({ table: name, ...seen }, name).toEqual({ table: name, ...expected });
      // A's rows: none, but A's clients who booked with B (users; the clients B sees, as scoped() does).
      if (name !== 'users') expect(Number(seen!.a), name).toBe(0);
    }
    // The demo data holds rows of A, so the test above could fail.
    expect(ofAForTheSystem).toBeGreaterThan(100);
  });

  it('an unscoped raw write run as B changes none of A’s rows', async () => {
    const { A, B } = ctx;
    const db = ctx.t.database.db;
    const v = schema.vehicules;
    const before = await platformSql(db).rows<{ id: number; updated_at: string }>(
      sql`select id, updated_at::text from ${v} where entreprise_id = ${A.id} order by id`,
    );
    expect(before.length).toBeGreaterThan(0);
    const touched = await scoped(db, B.scope)
      .raw()
      .rows<{ entreprise_id: number }>(
        sql`update ${v} set updated_at = updated_at + interval '1 second' returning entreprise_id`,
      );
    expect(touched.length).toBeGreaterThan(0);
    expect(new Set(touched.map((r) => r.entreprise_id))).toEqual(new Set([B.id]));
    const after = await platformSql(db).rows<{ id: number; updated_at: string }>(
      sql`select id, updated_at::text from ${v} where entreprise_id = ${A.id} order by id`,
    );
    expect(after).toEqual(before);
    // Nor can it write a row for A.
    const refused = await scoped(db, B.scope)
      .raw()
      .rows(sql`update ${v} set entreprise_id = ${A.id} where entreprise_id = ${B.id} returning id`)
      .then(
        () => 'accepté',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(refused).toMatch(/row-level security/i);
  });
  // The demandes market's rule in the database: test/operations-demandes-market.test.ts ('the rule and its SQL').
});
