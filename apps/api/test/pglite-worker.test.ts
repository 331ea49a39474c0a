// The server's embedded database runs PGlite in a thread of its own (src/db/pglite-remote.ts): the same
// data dir, lock, migrations, transactions, error codes, audit attribution and LISTEN/NOTIFY as PGlite on
// the event loop, and a long statement no longer stalls the API's event loop. (The lock against a second
// process on the same data dir: cluster.test.ts, through the real server.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAs } from '../src/db/audit-context';
import { PGLITE_EXTENSIONS } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { openPgliteWorker } from '../src/db/pglite-remote';
import { auditLog, garages, users } from '../src/db/schema';
import { seedDemo } from '../src/db/seed';
import { isUniqueViolation } from '../src/lib/db-errors';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-pglite-worker-'));
const dataDir = path.join(tmp, 'pgdata');
let database: Awaited<ReturnType<typeof openPgliteWorker>>;
/** The demo's transport company (TransGabon). */
const company = () =>
  database.db.select({ id: users.id }).from(users).where(eq(users.email, 'direction@transgabon.ga')).limit(1);

beforeAll(async () => {
  const template = inject('pgliteTemplate');
  if (template) {
    // The tests' migrated and seeded template, written to disk as the server's data dir would be.
    const db = await PGlite.create({
      dataDir,
      loadDataDir: new Blob([fs.readFileSync(template)]),
      extensions: PGLITE_EXTENSIONS,
    });
    await db.close();
  }
  database = await openPgliteWorker({ dataDir });
  await migrate(database);
  if (!template) await seedDemo(database.db);
}, 120_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('base embarquée dans son propre thread', () => {
  it('transactions : une erreur annule tout, un succès écrit ; les codes PostgreSQL des erreurs arrivent', async () => {
    const [entreprise] = await company();
    expect(entreprise).toBeDefined();
    const nom = `Garage fil ${process.pid}`;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(garages).values({ entreprise_id: entreprise!.id, nom });
        throw new Error('annulé');
      }),
    ).rejects.toThrow('annulé');
    expect(await database.db.select().from(garages).where(eq(garages.nom, nom))).toHaveLength(0);

    const [row] = await database.db.transaction(async (tx) =>
      tx.insert(garages).values({ entreprise_id: entreprise!.id, nom }).returning(),
    );
    expect(row!.nom).toBe(nom);
    const stored = await database.db.select().from(garages).where(eq(garages.nom, nom));
    expect(stored.map((g) => g.id)).toEqual([row!.id]);
    // Dates come back as the in-process driver gives them (strings, not shifted).
    expect(typeof stored[0]!.created_at).toBe('string');

    const duplicate = await database.db
      .insert(garages)
      .values({ id: row!.id, entreprise_id: entreprise!.id, nom })
      .catch((err: unknown) => err);
    expect(isUniqueViolation(duplicate)).toBe(true);
  });

  it('attribue les écritures au compte de la requête, dans une transaction comme seules', async () => {
    const [admin] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.type, 'superadmin'))
      .limit(1);
    const [entreprise] = await company();
    const nom = `Garage audit ${process.pid}`;
    // A single statement (no transaction): attributed too. The builder runs when awaited, inside runAs.
    const [g] = await runAs(
      admin!.id,
      async () =>
        await database.db.insert(garages).values({ entreprise_id: entreprise!.id, nom }).returning(),
    );
    await runAs(entreprise!.id, () =>
      database.db.transaction((tx) =>
        tx.update(garages).set({ telephone: '+241 011 00 00 00' }).where(eq(garages.id, g!.id)),
      ),
    );
    await database.db.update(garages).set({ adresse: 'Owendo' }).where(eq(garages.id, g!.id));
    const log = await database.db
      .select({ action: auditLog.action, user: auditLog.user_id })
      .from(auditLog)
      .where(and(eq(auditLog.table_name, 'garages'), eq(auditLog.record_id, g!.id)))
      .orderBy(auditLog.id);
    expect(log.map((e) => e.user)).toEqual([admin!.id, entreprise!.id, null]);
  });

  it('LISTEN / NOTIFY : une notification validée arrive à l’écouteur', async () => {
    const got: string[] = [];
    const stop = await database.listen!('yams_test_fil', (payload) => got.push(payload));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('yams_test_fil', 'bonjour')`);
    });
    await expect.poll(() => got, { timeout: 5000 }).toEqual(['bonjour']);
    await stop();
  });

  it('lectures préparées : les mêmes lignes qu’en requête simple, les erreurs, une table qui change de forme', async () => {
    // Outside a transaction a read runs as a named prepared statement (pglite-worker.ts); inside one, as
    // PGlite's plain query: both must answer alike, past the five calls after which a plan may be kept.
    const rowsOf = async (query: Promise<unknown>) =>
      ((await query) as { rows: Array<Record<string, unknown>> }).rows;
    const read = (d: Pick<typeof database.db, 'execute'>) =>
      d.execute(sql`select ${42}::int as n, ${"l'été"}::text as t, ${'12.50'}::numeric as m, ${'2026-11-24'}::date as d,
        ${new Date(0).toISOString()}::timestamptz as ts, ${JSON.stringify({ a: [1, 'é'] })}::jsonb as j,
        ${null}::text as z, (select count(*)::int from users where type = ${'client'}) as clients`);
    const plain = await rowsOf(database.db.transaction((tx) => read(tx)));
    for (let i = 0; i < 7; i++) expect(await rowsOf(read(database.db))).toEqual(plain);
    expect(plain[0]).toMatchObject({ n: 42, t: "l'été", z: null, j: { a: [1, 'é'] } });
    // drizzle's row arrays, mapped by position, with its own parsers.
    const [entreprise] = await company();
    const garagesOf = (d: Pick<typeof database.db, 'select'>) =>
      d.select().from(garages).where(eq(garages.entreprise_id, entreprise!.id)).orderBy(garages.id);
    const inTx = await database.db.transaction((tx) => garagesOf(tx));
    expect(inTx.length).toBeGreaterThan(0);
    for (let i = 0; i < 7; i++) expect(await garagesOf(database.db)).toEqual(inTx);
    // A refused value keeps PostgreSQL's code, and the session goes on.
    const bad = database.db.execute(sql`select ${'abc'}::int as n`);
    await expect(bad).rejects.toMatchObject({ cause: { code: '22P02' } });
    expect(await rowsOf(database.db.execute(sql`select ${'7'}::int as n`))).toEqual([{ n: 7 }]);
    // A table read by a kept statement changes shape (a migration): read again as it now is.
    await database.db.execute(sql`create table essai_forme (a int)`);
    await database.db.execute(sql`insert into essai_forme values (1)`);
    const all = () => database.db.execute(sql`select * from essai_forme`);
    expect(await rowsOf(all())).toEqual([{ a: 1 }]);
    await database.db.execute(sql`alter table essai_forme add column b text default 'x'`);
    expect(await rowsOf(all())).toEqual([{ a: 1, b: 'x' }]);
    await database.db.execute(sql`drop table essai_forme`);
  });

  it('une requête longue ne bloque pas la boucle d’événements de l’API', async () => {
    const gaps: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }, 5);
    const start = performance.now();
    const res = (await database.db.execute(
      sql`select count(*)::int as n from generate_series(1, 3000000) g where g % 7 = 0`,
    )) as unknown as { rows: Array<{ n: number }> };
    const took = performance.now() - start;
    clearInterval(timer);
    expect(res.rows[0]!.n).toBe(428571);
    // On the event loop the timer could not fire during the statement: one gap ≥ its whole duration.
    expect(took).toBeGreaterThan(150);
    expect(gaps.length).toBeGreaterThan(5);
    expect(Math.max(...gaps)).toBeLessThan(took / 2);
  });

  it('se ferme proprement : verrou rendu, données relues par une nouvelle ouverture', async () => {
    const nom = `Garage relu ${process.pid}`;
    const [entreprise] = await company();
    await database.db.insert(garages).values({ entreprise_id: entreprise!.id, nom });
    await database.close();
    expect(fs.existsSync(path.join(tmp, 'pgdata.lock'))).toBe(false);
    database = await openPgliteWorker({ dataDir });
    expect(await database.db.select().from(garages).where(eq(garages.nom, nom))).toHaveLength(1);
  }, 60_000);
});
