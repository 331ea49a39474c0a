import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { garages, users } from '../src/db/schema';
import { setupApi, type TestContext } from './helpers';

// On PostgreSQL a single read runs as a named prepared statement (src/db/prepared-pool.ts; the embedded
// database's thread does the same, pglite-worker.test.ts); inside a transaction, unnamed. Both must answer
// alike, past the five calls after which PostgreSQL may keep a generic plan, and a table that changes
// shape under a kept statement is read as it now is.
let t: TestContext;
beforeAll(async () => {
  t = await setupApi();
});

const rowsOf = async (query: Promise<unknown>) =>
  ((await query) as { rows: Array<Record<string, unknown>> }).rows;

describe('single reads, named and kept', () => {
  it('answer as unnamed ones do: types, drizzle’s rows, errors', async () => {
    const db = t.database.db;
    const read = (d: Pick<typeof db, 'execute'>) =>
      d.execute(sql`select ${42}::int as n, ${"l'été"}::text as t, ${'12.50'}::numeric as m,
        ${'2026-11-24'}::date as d, ${JSON.stringify({ a: [1, 'é'] })}::jsonb as j, ${null}::text as z,
        (select count(*)::int from users where type = ${'client'}) as clients`);
    const plain = await rowsOf(db.transaction((tx) => read(tx)));
    expect(plain[0]).toMatchObject({ n: 42, t: "l'été", d: '2026-11-24', z: null, j: { a: [1, 'é'] } });
    for (let i = 0; i < 7; i++) expect(await rowsOf(read(db))).toEqual(plain);

    const [entreprise] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'direction@transgabon.ga'));
    const garagesOf = (d: Pick<typeof db, 'select'>) =>
      d.select().from(garages).where(eq(garages.entreprise_id, entreprise!.id)).orderBy(garages.id);
    const inTx = await db.transaction((tx) => garagesOf(tx));
    expect(inTx.length).toBeGreaterThan(0);
    for (let i = 0; i < 7; i++) expect(await garagesOf(db)).toEqual(inTx);

    await expect(db.execute(sql`select ${'abc'}::int as n`)).rejects.toMatchObject({
      cause: { code: '22P02' },
    });
    expect(await rowsOf(db.execute(sql`select ${'7'}::int as n`))).toEqual([{ n: 7 }]);
  });

  it('a table that changes shape under a kept statement is read as it now is', async () => {
    const db = t.database.db;
    await db.execute(sql`create table essai_forme (a int)`);
    await db.execute(sql`insert into essai_forme values (1)`);
    const all = () => rowsOf(db.execute(sql`select * from essai_forme`));
    // On every pooled connection.
    for (let i = 0; i < 8; i++)
      expect((await Promise.all([all(), all(), all(), all()])).flat()).toHaveLength(4);
    await db.execute(sql`alter table essai_forme add column b text default 'x'`);
    for (let i = 0; i < 4; i++) {
      expect((await Promise.all([all(), all(), all(), all()])).flat()).toEqual(
        Array(4).fill({ a: 1, b: 'x' }),
      );
    }
    await db.execute(sql`drop table essai_forme`);
  });
});
