// Prints every statement the API sends for the bench lines chosen (`--only=regexp`), with EXPLAIN
// (ANALYZE, BUFFERS) of each, run on the database of DATABASE_URL (read-only lines only: EXPLAIN ANALYZE
// executes the statement).
//   cd apps/api && DATABASE_URL=postgres://…/yams_bench node --import tsx bench/explain.ts --only=journaux [--plans]
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seed';
import { LINES } from './lines';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const ONLY = args.get('only') ? new RegExp(args.get('only')!, 'i') : null;
const PLANS = args.has('plans');
const REPEAT = Number(args.get('repeat') ?? 3);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL');
const root = path.resolve(import.meta.dirname, '../../..');
pg.types.setTypeParser(1082, (v) => v);
const pool = new pg.Pool({ connectionString: url, max: 10 });
let capture: Array<{ text: string; values: unknown[]; ms: number }> | null = null;
const original = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
(pool as { query: unknown }).query = async (...a: unknown[]) => {
  const t = performance.now();
  const r = await original(...a);
  const c = a[0] as { text?: string; values?: unknown[] } | string;
  if (capture)
    capture.push({
      text: typeof c === 'string' ? c : (c.text ?? ''),
      values: (a[1] as unknown[] | undefined) ?? (typeof c === 'string' ? [] : (c.values ?? [])),
      ms: performance.now() - t,
    });
  return r;
};
const db = drizzlePg(pool, { schema }) as unknown as Db;
const app = await buildApp({
  config: {
    ...loadConfig({ ...process.env, DATA_DIR: path.join(root, '.test-data/bench') }),
    webDist: undefined,
    gpsPort: 0,
  },
  database: { db, kind: 'postgres', close: () => pool.end() },
  logger: false,
  mailer: { async send() {} },
});
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { email: 'direction@transgabon.ga', password: DEMO_PASSWORD, source: 'web' },
});
const token = login.json().data.token as string;
const compta = (await db.execute(sql`
  select to_char(min(e.date_operation), 'YYYY-MM-DD') as debut, to_char(max(e.date_operation), 'YYYY-MM-DD') as fin,
         greatest(1, ceil(count(*) / 12.0))::int as derniere,
         to_char(date_trunc('month', max(e.date_operation)), 'YYYY-MM-DD') as mois,
         to_char(max(e.date_operation) - interval '1 year' + interval '1 day', 'YYYY-MM-DD') as an
  from ecriture_lignes e join users u on u.id = e.entreprise_id
  where lower(u.email) = 'direction@transgabon.ga'`)) as unknown as { rows: Array<Record<string, string>> };
const ids = compta.rows[0]!;
const client = await pool.connect();
for (const line of LINES.filter((l) => !ONLY || ONLY.test(l.label))) {
  const u = line.url.replace(/\{(\w+)\}/g, (_, k: string) => String(ids[k]));
  await app.inject({ method: 'GET', url: u, headers: { authorization: `Bearer ${token}` } });
  capture = [];
  const t = performance.now();
  const res = await app.inject({ method: 'GET', url: u, headers: { authorization: `Bearer ${token}` } });
  const total = performance.now() - t;
  const sent = capture;
  capture = null;
  console.log(`\n=== ${line.label} — ${res.statusCode}, ${total.toFixed(1)} ms, ${sent.length} statements`);
  for (const s of sent) {
    const times: number[] = [];
    const plans: number[] = [];
    let plan = '';
    for (let i = 0; i < REPEAT; i++) {
      const r = await client.query(`explain (analyze, buffers) ${s.text}`, s.values);
      const lines = r.rows.map((x: Record<string, string>) => x['QUERY PLAN']);
      times.push(Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 'NaN'));
      plan = lines.join('\n');
      plans.push(Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1] ?? 'NaN'));
    }
    times.sort((a, b) => a - b);
    plans.sort((a, b) => a - b);
    console.log(
      `-- ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms exec, ${plans[Math.floor(plans.length / 2)]!.toFixed(2)} plan (client ${s.ms.toFixed(1)} ms): ${s.text.replace(/\s+/g, ' ').slice(0, PLANS ? 2000 : 160)} ${PLANS ? JSON.stringify(s.values) : ''}`,
    );
    if (PLANS) console.log(plan);
  }
}
client.release();
await app.close();
await pool.end();
