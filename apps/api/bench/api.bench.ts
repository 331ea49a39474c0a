// `npm run bench`: every list line of bench/lines.ts timed through the whole API (HTTP, routing, zod, auth,
// SQL) against a bare baseline — a `node:http` route sending the very same SQL the API sent for that
// call, captured from the driver — alternated in the same run, under concurrent clients. Prints req/s,
// p50, p95, p99 and the API/baseline ratio per line, the worst event-loop stall and the RSS.
//
//   npm run bench                            embedded PGlite, demo data (1,500 courses per company)
//   npm run bench -- --scale                 PostgreSQL 15 started here on 127.0.0.1:54355, demo data
//                                            + one company given 1,000,000 courses (bench/scale-seed.sql)
//   npm run bench -- --scale --courses=200000 --only=tri --clients=10 --seconds=2
//   DATABASE_URL=postgres://… npm run bench  an existing PostgreSQL (demo data only unless --scale)
//   npm run bench -- --scale --seed-only     prepares the database and stops
//   --scale also gives it three years of accounting (--factures=36000) and a year of positions of 50 GPS
//   devices (--gps-jours=365 --gps-appareils=50, bench/scale-gps.sql: 10,950,000 positions)
//
// Not part of `npm test`: it is CPU-heavy. Results and the machine are recorded in bench/RESULTS.md.
// Our targets: p95 ≤ 50 ms for a list page at 1 M courses on PostgreSQL, p99 ≤ 100
// ms on PGlite with the demo data at 10 concurrent clients (the server's embedded arrangement: PGlite in
// its own thread; `npm run bench:embedded` compares it with PGlite on the event loop).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openPostgres } from '../src/db/client';
import { analyze } from '../src/db/maintenance';
import { migrate } from '../src/db/migrate';
import { openPgliteWorker } from '../src/db/pglite-remote';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/db/seed';
import { gpsAddress } from '../src/modules/geolocation/gps.routes';
import { BENCH_LIMITS, type BenchLine, LINES } from './lines';
import { loadFromWorker } from './load-worker';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const SCALE = args.has('scale');
const COURSES = Number(args.get('courses') ?? 1_000_000);
const CLIENTS = Number(args.get('clients') ?? 10);
/** Time given to each side of a line per round; two rounds, API and baseline alternated. */
const SECONDS = Number(args.get('seconds') ?? 1.5);
const ROUNDS = Number(args.get('rounds') ?? 2);
/** Unmeasured load on each side before a line's rounds (`--warmup=0` for none): the steady state, JIT and
 * prepared statements ready on every pooled connection, not the first second after start. */
const WARMUP = Number(args.get('warmup') ?? 0.5);
const ONLY = args.get('only') ? new RegExp(args.get('only')!, 'i') : null;
const root = path.resolve(import.meta.dirname, '../../..');

// ---------------------------------------------------------------------------------------------------
// The database, with every statement the API sends observable (to replay it in the baseline).

type Sent = { config: unknown; start: number; end: number };
let capture: Sent[] | null = null;

interface Target {
  database: Database;
  /** Runs one captured statement on a connection of its own (the baseline's driver). */
  run(config: unknown): Promise<unknown>;
  describe: string;
  close(): Promise<void>;
}

function observe<T extends { query: (...a: never[]) => Promise<unknown> }>(client: T): void {
  const original = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
  (client as { query: unknown }).query = (...a: unknown[]) => {
    const entry: Sent | null = capture ? { config: a, start: performance.now(), end: 0 } : null;
    const result = original(...a);
    if (entry) {
      capture!.push(entry);
      void result.finally(() => {
        entry.end = performance.now();
      });
    }
    return result;
  };
}

async function openPostgresTarget(): Promise<Target> {
  let url = process.env.DATABASE_URL;
  let describe = 'PostgreSQL (DATABASE_URL)';
  if (!url) {
    const env = { ...process.env, PG_PORT: '54355', PG_DIR: '/tmp/yams-bench-pg' };
    const admin = execFileSync(path.join(root, 'scripts/pg-test-server.sh'), ['start'], { env })
      .toString()
      .trim();
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    const exists = await client.query("select 1 from pg_database where datname = 'yams_bench'");
    if (!exists.rowCount) await client.query('create database yams_bench');
    const version = await client.query('show server_version');
    await client.end();
    url = admin.replace(/\/postgres$/, '/yams_bench');
    describe = `PostgreSQL ${version.rows[0].server_version} sur 127.0.0.1:54355 (fsync off)`;
  }
  // The server's arrangement (openDatabase with DATABASE_URL: the pool that attributes writes, LISTEN).
  const database = openPostgres(url, 10, observe);
  // The API's session settings (db/client.ts: JIT off), so that the baseline replays the same work.
  const bare = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  return {
    database,
    run: (config) => bare.query(...(config as [string])),
    describe,
    async close() {
      await database.close();
      await bare.end();
    },
  };
}

async function openPgliteTarget(): Promise<Target> {
  // The server's arrangement (openDatabase without DATABASE_URL): PGlite in a thread of its own.
  const database = await openPgliteWorker({ dataDir: path.join(root, '.test-data/bench/pgdata') });
  const { client } = database;
  const direct = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
  observe(client);
  return {
    database,
    // PGlite has one connection: the baseline shares it (through the same thread), as any caller would.
    run: (config) => direct(...(config as unknown[])),
    describe: 'PGlite embarqué dans son thread (sur disque, .test-data/bench)',
    close: () => database.close(),
  };
}

/** Invoices of the accounting scale seed (three years; purchases, vouchers and settlements in proportion). */
const FACTURES = Number(args.get('factures') ?? 36_000);

/**
 * Three years of accounting for the benchmarked company (bench/scale-accounting.sql), generated again when
 * the number of invoices asked differs from what the database holds.
 */
async function seedAccountingScale() {
  const have = (await db.execute(sql`select count(*)::int as n from factures where numero like 'FBN-%'`)) as {
    rows: Array<{ n: number }>;
  };
  const n = Number(have.rows[0]!.n);
  if (n === FACTURES) return;
  if (n > 0) {
    console.log(`Suppression des ${n} factures comptables générées précédemment…`);
    await db.execute(
      sql.raw(`
      create temporary table bench_old_achats as
        select a.id from achats a join fournisseurs f on f.id = a.fournisseur_id where f.nom like 'BENCH Fournisseur %';
      create temporary table bench_old_reglements as
        select r.id from reglements r left join factures f on f.id = r.facture_id
        where f.numero like 'FBN-%' or r.achat_id in (select id from bench_old_achats);
      delete from ecritures e where
        (e.source_type = 'facture' and e.source_id in (select id from factures where numero like 'FBN-%'))
        or (e.source_type = 'reglement' and e.source_id in (select id from bench_old_reglements))
        or (e.source_type = 'achat' and e.source_id in (select id from bench_old_achats))
        or (e.source_type = 'piece_de_caisse'
            and e.source_id in (select id from pieces_de_caisse where decaisseur = 'Caisse bench'));
      delete from reglements where id in (select id from bench_old_reglements);
      delete from factures where numero like 'FBN-%';
      delete from achats where id in (select id from bench_old_achats);
      delete from pieces_de_caisse where decaisseur = 'Caisse bench';
      delete from fournisseurs where nom like 'BENCH Fournisseur %';
      drop table bench_old_achats; drop table bench_old_reglements;`),
    );
  }
  const start = performance.now();
  const text = fs
    .readFileSync(path.join(import.meta.dirname, 'scale-accounting.sql'), 'utf8')
    .replaceAll('{{factures}}', String(FACTURES));
  await db.execute(sql.raw(text));
  await db.execute(sql`vacuum analyze`);
  const lignes = (await db.execute(
    sql`select count(*)::int as n from ecriture_lignes l join users u on u.id = l.entreprise_id
        where lower(u.email) = 'direction@transgabon.ga'`,
  )) as { rows: Array<{ n: number }> };
  console.log(
    `Graine comptable : ${FACTURES.toLocaleString('fr-FR')} factures sur trois ans, ${Number(lignes.rows[0]!.n).toLocaleString('fr-FR')} lignes d'écritures, en ${((performance.now() - start) / 1000).toFixed(0)} s`,
  );
}

/** A year of positions for 50 devices (bench/scale-gps.sql): `--gps-jours`, `--gps-appareils`. */
const GPS_JOURS = Number(args.get('gps-jours') ?? 365);
const GPS_APPAREILS = Number(args.get('gps-appareils') ?? 50);

/** Generated again when the devices or the days asked differ from what the database holds. */
async function seedGpsScale() {
  const have = (await db.execute(sql`
    select count(*)::int as n,
           (select count(*)::int from positions p where p.appareil_id = min(a.id)) as premier
    from appareils a where a.identifiant like 'BENCH-GPS-%'`)) as {
    rows: Array<{ n: number; premier: number }>;
  };
  const { n, premier } = have.rows[0]!;
  if (n === GPS_APPAREILS && premier === GPS_JOURS * 600) return;
  if (n > 0) {
    console.log(`Suppression des ${n} appareils GPS générés précédemment et de leurs positions…`);
    await db.execute(sql`delete from appareils where identifiant like 'BENCH-GPS-%'`);
  }
  const start = performance.now();
  const text = fs
    .readFileSync(path.join(import.meta.dirname, 'scale-gps.sql'), 'utf8')
    .replaceAll('{{jours}}', String(GPS_JOURS))
    .replaceAll('{{appareils}}', String(GPS_APPAREILS));
  await db.execute(sql.raw(text));
  await db.execute(sql`vacuum analyze positions`);
  const total = (await db.execute(sql`select count(*)::int as n from positions`)) as {
    rows: Array<{ n: number }>;
  };
  console.log(
    `Graine GPS : ${GPS_APPAREILS} appareils, ${GPS_JOURS} jours, ${Number(total.rows[0]!.n).toLocaleString('fr-FR')} positions en tout, en ${((performance.now() - start) / 1000).toFixed(0)} s`,
  );
}

const target = SCALE || process.env.DATABASE_URL ? await openPostgresTarget() : await openPgliteTarget();
const { db } = target.database;
const t0 = performance.now();
await migrate(target.database);
await seedDemoIfEmpty(db);
if (SCALE) {
  const have = (await db.execute(sql`select count(*)::int as n from courses where code like 'CRS-B%'`)) as {
    rows: Array<{ n: number }>;
  };
  const n = Number(have.rows[0]!.n);
  if (n !== COURSES) {
    if (n > 0) {
      console.log(`Suppression des ${n} courses générées précédemment…`);
      await db.execute(sql`delete from paiements where libelle like 'Règlement CRS-B%'`);
      await db.execute(sql`delete from courses where code like 'CRS-B%'`);
      await db.execute(sql`delete from vehicules where plaque like 'BN-%-GA'`);
      await db.execute(sql`delete from users where email like 'bench.%@bench.ga'`);
    }
    const seedStart = performance.now();
    const text = fs
      .readFileSync(path.join(import.meta.dirname, 'scale-seed.sql'), 'utf8')
      .replaceAll('{{n}}', String(COURSES));
    await db.execute(sql.raw(text));
    await db.execute(sql`vacuum analyze`);
    console.log(
      `Graine d'échelle : ${COURSES.toLocaleString('fr-FR')} courses générées en ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
    );
  }
}
if (SCALE) await seedAccountingScale();
if (SCALE) await seedGpsScale();
await analyze(db);
if (args.has('seed-only')) {
  console.log(`Base prête en ${Math.round(performance.now() - t0)} ms : ${target.describe}`);
  await target.close();
  process.exit(0);
}

const config = {
  ...loadConfig({ ...BENCH_LIMITS, ...process.env, DATA_DIR: path.join(root, '.test-data/bench') }),
  webDist: undefined,
  // The GPS listener of Traccar Client's devices (host and port, as Traccar's 5055): any free port.
  gpsPort: 0,
};
const app = await buildApp({ config, database: target.database, logger: false, mailer: { async send() {} } });
await app.ready();
console.log(`Base prête en ${Math.round(performance.now() - t0)} ms : ${target.describe}`);

// ---------------------------------------------------------------------------------------------------
// Tokens and the ids the lines refer to.

async function login(email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: DEMO_PASSWORD, source: 'web' },
  });
  return res.json().data.token;
}
const tokens = {
  entreprise: await login('direction@transgabon.ga'),
  superadmin: await login('admin@yams.ga'),
};
const busiest = (await db.execute(sql`
  select c.vehicule_id as vehicule, c.client_id as client, c.chauffeur_id as chauffeur, v.proprietaire_id as proprietaire
  from courses c join vehicules v on v.id = c.vehicule_id
  join users u on u.id = c.entreprise_id
  where lower(u.email) = 'direction@transgabon.ga' and c.chauffeur_id is not null and v.proprietaire_id is not null
  order by c.id desc limit 1`)) as { rows: Array<Record<string, number>> };
// Accounting lines: the company's validated invoice with the most lines, the span of its journals, and
// the number of the journals' last page over that span (12 lines a page).
const compta = (await db.execute(sql`
  select (select f.id from factures f join users u on u.id = f.entreprise_id
          where lower(u.email) = 'direction@transgabon.ga' and f.est_valide and f.type = 'Normale'
          order by (select count(*) from facture_lignes l where l.facture_id = f.id) desc, f.id limit 1) as facture,
         to_char(min(e.date_operation), 'YYYY-MM-DD') as debut, to_char(max(e.date_operation), 'YYYY-MM-DD') as fin,
         greatest(1, ceil(count(*) / 12.0))::int as derniere,
         to_char(date_trunc('month', max(e.date_operation)), 'YYYY-MM-DD') as mois,
         to_char(max(e.date_operation) - interval '1 year' + interval '1 day', 'YYYY-MM-DD') as an
  from ecriture_lignes e join users u on u.id = e.entreprise_id
  where lower(u.email) = 'direction@transgabon.ga'`)) as { rows: Array<Record<string, number | string>> };
// Geolocation lines: the scale seed's first device (else the demo's first device with positions), the
// day before today and the week ending then.
const gps = (await db.execute(sql`
  select a.id as appareil, to_char(current_date - 1, 'YYYY-MM-DD') as hier,
         to_char(current_date - 7, 'YYYY-MM-DD') as semaine, to_char(current_date, 'YYYY-MM-DD') as aujourdhui,
         to_char(current_date - 30, 'YYYY-MM-DD') as mois_gps,
         to_char(current_date - interval '5 years' + interval '10 days', 'YYYY-MM-DD') as cinq_ans
  from appareils a join users u on u.id = a.entreprise_id
  where lower(u.email) = 'direction@transgabon.ga' and exists (select 1 from positions p where p.appareil_id = a.id)
  order by a.identifiant not like 'BENCH-GPS-%', a.id limit 1`)) as {
  rows: Array<Record<string, number | string>>;
};
const ids: Record<string, number | string> = { ...busiest.rows[0]!, ...compta.rows[0]!, ...gps.rows[0]! };
const urlOf = (line: BenchLine) => line.url.replace(/\{(\w+)\}/g, (_, k: string) => String(ids[k]));

// ---------------------------------------------------------------------------------------------------
// The baseline: a bare node:http route replaying, for line i, the statements the API sent for it
// (statements the API ran side by side are replayed side by side), answering the last one's rows.

type Plan = unknown[][]; // groups of statements run together
const plans: Plan[] = [];

async function capturePlan(url: string, token: string): Promise<Plan> {
  // Warm requests first: what the load repeats, not a first call's token look-up and last-use writes
  // (whose notification drops the token from the cache: the second call reads it again and keeps it).
  for (let i = 0; i < 2; i++)
    await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  capture = [];
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  await new Promise((r) => setTimeout(r, 5));
  const sent = capture;
  // BENCH_SHOW_SQL=1 prints each statement of a line (its first 300 characters; =2 whole).
  const show = Number(process.env.BENCH_SHOW_SQL ?? 0);
  for (const s of show ? sent! : [])
    console.log(JSON.stringify(s.config).slice(0, show > 1 ? undefined : 300));
  capture = null;
  if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 300)}`);
  const groups: Plan = [];
  let groupEnd = -1;
  for (const s of sent) {
    if (groups.length && s.start < groupEnd) groups.at(-1)!.push(s.config);
    else groups.push([s.config]);
    groupEnd = Math.max(groupEnd, s.end);
  }
  return groups;
}

async function bare(req: http.IncomingMessage, res: http.ServerResponse) {
  try {
    const plan = plans[Number(req.url!.slice(BASE.length))]!;
    let last: unknown;
    for (const group of plan) {
      const results = await Promise.all(group.map((config) => target.run(config)));
      last = results.at(-1);
    }
    const body = JSON.stringify((last as { rows?: unknown[] })?.rows ?? null);
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
}
// One port for both: `/__base/<line>` is the bare route, everything else goes to the API's router.
const BASE = '/__base/';
const server = http.createServer((req, res) =>
  req.url!.startsWith(BASE) ? void bare(req, res) : app.routing(req, res),
);
// Idle keep-alive sockets stay open between lines: a line's capture can take seconds on a loaded machine,
// and a socket the server closes just as the agent reuses it ends the run with ECONNRESET.
server.keepAliveTimeout = 120_000;
const PORT = Number(process.env.BENCH_PORT ?? 3205);
await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));

// ---------------------------------------------------------------------------------------------------
// Load: CLIENTS concurrent keep-alive clients for SECONDS (at least one request each), in a worker thread
// (load-worker.ts): the clients' work stays off the API's event loop, which the bench measures.

async function load(
  port: number,
  pathName: string,
  token: string | undefined,
  times: number[],
  seconds = SECONDS,
) {
  const result = await loadFromWorker({
    port,
    clients: CLIENTS,
    seconds,
    requests: [{ name: 'ligne', weight: 1, method: 'GET', path: pathName, token }],
  });
  const line = result.byName.ligne!;
  if (line.errors) throw new Error(`${pathName} : ${line.errors} erreurs, ${line.samples.join(' ; ')}`);
  times.push(...line.times);
  return result.elapsed;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

const rows: Array<Record<string, string | number>> = [];
const lines = LINES.filter((l) => !ONLY || ONLY.test(l.label));
for (const line of lines) {
  const url = urlOf(line);
  const token = tokens[line.as ?? 'entreprise'];
  plans.push(await capturePlan(url, token));
  const index = plans.length - 1;
  const api: number[] = [];
  const bareTimes: number[] = [];
  let apiMs = 0;
  let bareMs = 0;
  if (WARMUP > 0) {
    await load(PORT, url, token, [], WARMUP);
    await load(PORT, `${BASE}${index}`, undefined, [], WARMUP);
  }
  for (let round = 0; round < ROUNDS; round++) {
    apiMs += await load(PORT, url, token, api);
    bareMs += await load(PORT, `${BASE}${index}`, undefined, bareTimes);
  }
  api.sort((a, b) => a - b);
  bareTimes.sort((a, b) => a - b);
  const statements = plans[index]!.flat().length;
  rows.push({
    ligne: `${line.target ? '★ ' : ''}${line.label}`,
    'req/s': Number(((api.length / apiMs) * 1000).toFixed(1)),
    'p50 ms': Number(pct(api, 0.5).toFixed(1)),
    'p95 ms': Number(pct(api, 0.95).toFixed(1)),
    'p99 ms': Number(pct(api, 0.99).toFixed(1)),
    'base req/s': Number(((bareTimes.length / bareMs) * 1000).toFixed(1)),
    'base p50': Number(pct(bareTimes, 0.5).toFixed(1)),
    'base p95': Number(pct(bareTimes, 0.95).toFixed(1)),
    'base p99': Number(pct(bareTimes, 0.99).toFixed(1)),
    'ratio p50': Number((pct(api, 0.5) / pct(bareTimes, 0.5)).toFixed(2)),
    sql: statements,
  });
  console.log(
    `${line.label.padEnd(40)} p50 ${pct(api, 0.5).toFixed(1).padStart(7)} ms  p95 ${pct(api, 0.95).toFixed(1).padStart(7)} ms  (base p50 ${pct(bareTimes, 0.5).toFixed(1)} ms, ${api.length}+${bareTimes.length} requêtes)`,
  );
}
loop.disable();

console.log(
  `\n${target.describe} — ${CLIENTS} clients simultanés, ${ROUNDS} × ${SECONDS} s par côté, API et base alternées`,
);
console.log(
  `Machine : ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} Go, Node ${process.version}`,
);
if (rows.length) console.table(rows);
// The GPS ingest: its own lines, messages per second rather than a list's latency.
if (!ONLY || ONLY.test('osmand')) {
  const { benchOsmand } = await import('./osmand.bench');
  console.table(
    await benchOsmand({
      db,
      port: PORT,
      gpsPort: gpsAddress(config)!.port,
      clients: CLIENTS,
      seconds: SECONDS,
      rounds: ROUNDS,
    }),
  );
}
// The dashboard's figures against a naive GROUP BY over the courses, at this run's size.
if (!ONLY || ONLY.test('statist')) {
  const { checkStatistics } = await import('./statistics.bench');
  console.table(await checkStatistics({ db, app, token: tokens.entreprise }));
}
// The soak (`--soak=30`, minutes): the mixed load that long with the memory sampled every 10 s, then
// a minute at rest: whether the API's memory stays flat and comes back down.
if (args.has('soak')) {
  const { benchMixed } = await import('./mixed.bench');
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  const start = performance.now();
  const samples: Array<Record<string, string | number>> = [];
  const sample = (phase: string) => {
    const m = process.memoryUsage();
    samples.push({
      phase,
      s: Math.round((performance.now() - start) / 1000),
      'RSS Mo': mb(m.rss),
      'tas utilisé Mo': mb(m.heapUsed),
      'tas total Mo': mb(m.heapTotal),
      'externe Mo': mb(m.external),
      'tampons Mo': mb(m.arrayBuffers),
    });
  };
  sample('au départ');
  console.table(
    await benchMixed({
      db,
      port: PORT,
      clients: Number(args.get('mix-clients') ?? 50),
      seconds: Number(args.get('soak')) * 60,
      tokens,
      tick: () => sample('en charge'),
    }),
  );
  for (let i = 0; i < 6; i++) {
    await new Promise((r) => setTimeout(r, 10_000));
    sample('au repos');
  }
  console.table(samples);
}
// A minute of many clients mixing reads and writes: its own table, errors counted.
if (!args.has('soak') && (!ONLY || ONLY.test('mix'))) {
  const { benchMixed } = await import('./mixed.bench');
  console.table(
    await benchMixed({
      db,
      port: PORT,
      clients: Number(args.get('mix-clients') ?? 200),
      seconds: Number(args.get('mix-seconds') ?? 60),
      tokens,
    }),
  );
}
console.log(
  `Plus long blocage de la boucle d'événements : ${(loop.max / 1e6).toFixed(0)} ms ; mémoire (RSS) : ${Math.round(process.memoryUsage().rss / 1024 / 1024)} Mo`,
);
server.close();
await app.close();
await target.close();
