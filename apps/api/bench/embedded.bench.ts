// `npm run bench:embedded`: the embedded database's arrangements measured against each other in one run,
// rounds alternated so the machine's load falls on all of them alike (the embedded database
// under concurrent load). Each round opens the same on-disk data dir with one arrangement, builds the
// real API on it, and sends:
//   - the line's load: CLIENTS keep-alive clients, each sending the next request when answered (a worker
//     thread: the clients' work stays off the API's event loop);
//   - alongside, one client fetching a static file of the web app (`/favicon.svg`) in a loop: its latency
//     is what a slow statement costs everything else the server answers (pages, health checks).
// Arrangements:
//   in-process    PGlite on the API's event loop (openPglite), drizzle's pglite driver
//   worker-rpc    PGlite in a worker_threads Worker, statements and rows by message (openPgliteWorker)
//   worker-socket PGlite in a Worker serving the PostgreSQL wire protocol on a unix socket, the API on
//                 node-postgres with one connection (openPgliteSocket; pglite-socket's arrangement)
//
//   npm run bench:embedded                               demo data, courses page 1, 10 clients
//   npm run bench:embedded -- --data=/tmp/x/pgdata --lines=courses,filtre,kpis --rounds=3 --seconds=3
//   npm run bench:embedded -- --courses=100000 --lines=courses,filtre,kpis   the demo data + TransGabon given
//                            100,000 courses by bench/scale-seed.sql, in a copy kept beside the demo data dir
//   --only=in-process,worker-rpc   --port=3235 (three ports from there)   --clients=10
// The data dir (default .test-data/embedded/pgdata) is created from the demo data when missing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openPglite, PGLITE_EXTENSIONS } from '../src/db/client';
import { analyze } from '../src/db/maintenance';
import { migrate } from '../src/db/migrate';
import { openPgliteSocket, openPgliteWorker } from '../src/db/pglite-remote';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/db/seed';
import { BENCH_LIMITS } from './lines';
import { loadFromWorker, pct } from './load-worker';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const root = path.resolve(import.meta.dirname, '../../..');
const DEMO = path.resolve(args.get('data') ?? path.join(root, '.test-data/embedded/pgdata'));
/** `--courses=N`: a copy of the demo data dir whose company TransGabon is given N courses (scale-seed.sql). */
const COURSES = args.get('courses') ? Number(args.get('courses')) : null;
const DATA = COURSES ? path.join(path.dirname(path.dirname(DEMO)), `embedded-${COURSES}`, 'pgdata') : DEMO;
const CLIENTS = Number(args.get('clients') ?? 10);
const SECONDS = Number(args.get('seconds') ?? 3);
const ROUNDS = Number(args.get('rounds') ?? 3);
const PORT = Number(args.get('port') ?? process.env.BENCH_PORT ?? 3235);

const courses = '/api/courses?page=1&per_page=6';
const ALL_LINES: Record<string, { label: string; url: string; target?: string }> = {
  courses: { label: 'courses, page 1', url: courses, target: 'p99 ≤ 100 ms' },
  filtre: {
    label: 'courses, Non payé + un trimestre',
    url: `${courses}&reglement=Non%20pay%C3%A9&date_debut=2025-01-01&date_fin=2025-03-31`,
  },
  kpis: { label: 'statistiques kpis, mois', url: '/api/statistiques/kpis?periode=mois' },
};
const LINE_KEYS = (args.get('lines') ?? 'courses').split(',');

const ARRANGEMENTS: Record<string, (dataDir: string) => Promise<Database>> = {
  'in-process': (dataDir) => openPglite({ dataDir }),
  'worker-rpc': (dataDir) => openPgliteWorker({ dataDir }),
  'worker-socket': (dataDir) => openPgliteSocket({ dataDir }),
};
const chosen = (args.get('only')?.split(',') ?? Object.keys(ARRANGEMENTS)).filter((k) => k in ARRANGEMENTS);

// The data dir: the demo data, migrated, statistics fresh; with --courses, a copy given that many courses.
async function prepare(dataDir: string) {
  const t0 = performance.now();
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION')))
    console.log(`Création de ${dataDir} (données de démonstration)…`);
  const database = await openPglite({ dataDir });
  await migrate(database);
  await seedDemoIfEmpty(database.db);
  await analyze(database.db);
  const n = (await database.db.execute(sql`select count(*)::int as n from courses`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  await database.close();
  console.log(
    `Base prête (${Number(n.rows[0]!.n).toLocaleString('fr-FR')} courses) en ${Math.round(performance.now() - t0)} ms : ${dataDir}`,
  );
}
await prepare(DEMO);
if (COURSES && !fs.existsSync(path.join(DATA, 'PG_VERSION'))) {
  const t0 = performance.now();
  // Built aside and renamed when complete: a run stopped half-way leaves no half-seeded copy behind.
  const partial = `${DATA}.partiel`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(DATA), { recursive: true });
  fs.cpSync(DEMO, partial, { recursive: true });
  const client = await PGlite.create({ dataDir: partial, extensions: PGLITE_EXTENSIONS });
  const text = fs
    .readFileSync(path.join(import.meta.dirname, 'scale-seed.sql'), 'utf8')
    .replaceAll('{{n}}', String(COURSES));
  await client.exec(text);
  await client.exec('vacuum analyze');
  await client.close();
  fs.renameSync(partial, DATA);
  console.log(
    `Graine d'échelle : ${COURSES.toLocaleString('fr-FR')} courses en ${Math.round((performance.now() - t0) / 1000)} s`,
  );
}
if (COURSES) await prepare(DATA);

type Sample = { times: number[]; ms: number; probe: number[]; errors: number; elu: number; stall: number };
const results = new Map<string, Sample>();
const key = (arr: string, line: string) => `${arr}\u0000${line}`;

async function round(name: string, port: number) {
  const database = await ARRANGEMENTS[name]!(DATA);
  const config = {
    ...loadConfig({ ...BENCH_LIMITS, ...process.env, DATA_DIR: path.dirname(DATA) }),
    gpsPort: undefined,
    port,
  };
  const app = await buildApp({ config, database, logger: false, mailer: { async send() {} } });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'direction@transgabon.ga', password: DEMO_PASSWORD, source: 'web' },
    });
    const token = login.json().data.token as string;
    for (const lineKey of LINE_KEYS) {
      const line = ALL_LINES[lineKey]!;
      // Warm-up: the first statements of a connection plan and cache.
      await loadFromWorker({
        port,
        clients: 2,
        seconds: 0.3,
        requests: [{ name: 'l', weight: 1, method: 'GET', path: line.url, token }],
      });
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const elu0 = performance.eventLoopUtilization();
      const [load, probe] = await Promise.all([
        loadFromWorker({
          port,
          clients: CLIENTS,
          seconds: SECONDS,
          requests: [{ name: 'l', weight: 1, method: 'GET', path: line.url, token }],
        }),
        loadFromWorker({
          port,
          clients: 1,
          seconds: SECONDS,
          requests: [{ name: 'p', weight: 1, method: 'GET', path: '/favicon.svg' }],
        }),
      ]);
      const elu = performance.eventLoopUtilization(elu0).utilization;
      delay.disable();
      const s = results.get(key(name, lineKey)) ?? {
        times: [],
        ms: 0,
        probe: [],
        errors: 0,
        elu: 0,
        stall: 0,
      };
      s.times.push(...load.byName.l!.times);
      s.ms += load.elapsed;
      s.errors += load.byName.l!.errors + probe.byName.p!.errors;
      for (const e of [load.byName.l!, probe.byName.p!]) if (e.samples.length) console.log(e.samples);
      s.probe.push(...probe.byName.p!.times);
      s.elu += elu / ROUNDS;
      s.stall = Math.max(s.stall, delay.max / 1e6);
      results.set(key(name, lineKey), s);
    }
  } finally {
    await app.close();
    await database.close();
  }
}

const t0 = performance.now();
for (let r = 0; r < ROUNDS; r++) {
  // Alternate the order too: no arrangement always runs first in a round.
  const order = r % 2 ? [...chosen].reverse() : chosen;
  for (const name of order) {
    const started = performance.now();
    await round(name, PORT + chosen.indexOf(name));
    console.log(
      `  tour ${r + 1}, ${name} : ${Math.round(performance.now() - started)} ms (ouverture comprise)`,
    );
  }
}

const load = os.loadavg();
console.log(
  `\nBase embarquée, ${CLIENTS} clients simultanés, ${ROUNDS} × ${SECONDS} s par arrangement (tours alternés), ` +
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}, charge ${load.map((l) => l.toFixed(1)).join(' / ')}`,
);
const rows: Array<Record<string, string | number>> = [];
for (const lineKey of LINE_KEYS) {
  for (const name of chosen) {
    const s = results.get(key(name, lineKey));
    if (!s) continue;
    s.times.sort((a, b) => a - b);
    s.probe.sort((a, b) => a - b);
    const line = ALL_LINES[lineKey]!;
    rows.push({
      ligne: `${line.label}${line.target ? ` (cible ${line.target})` : ''}`,
      arrangement: name,
      'req/s': Number(((s.times.length / s.ms) * 1000).toFixed(1)),
      'p50 ms': Number(pct(s.times, 0.5).toFixed(1)),
      'p95 ms': Number(pct(s.times, 0.95).toFixed(1)),
      'p99 ms': Number(pct(s.times, 0.99).toFixed(1)),
      'fichier p50': Number(pct(s.probe, 0.5).toFixed(1)),
      'fichier p99': Number(pct(s.probe, 0.99).toFixed(1)),
      'fichier max': Number((s.probe.at(-1) ?? 0).toFixed(1)),
      'boucle occupée': `${Math.round(s.elu * 100)} %`,
      'blocage max ms': Math.round(s.stall),
      erreurs: s.errors,
    });
  }
}
console.table(rows);
console.log(`Durée totale : ${Math.round((performance.now() - t0) / 1000)} s`);
