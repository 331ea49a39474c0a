// `npm run bench`: response times of the calls the back-office makes most, on the demo data (1,500 courses
// per company), through the whole Fastify stack (routing, zod, auth, SQL) on the embedded PGlite — or on
// PostgreSQL when DATABASE_URL is set. Prints p50/p95/max per call, the worst event-loop stall and the RSS.
// Our targets (the list screens must feel instant on a 2-core machine): a list page or a counter p95 under
// 50 ms, a sign-in under 300 ms (argon2id is slow on purpose). Courses pages miss it today (see the notes).
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/db/seed';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const dataDir = path.resolve(import.meta.dirname, '../../../.test-data/bench');
fs.mkdirSync(dataDir, { recursive: true });
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir }), webDist: undefined };

const opened = performance.now();
const database = await openDatabase(config);
await migrate(database);
await seedDemoIfEmpty(database.db);
const app = await buildApp({ config, database, logger: false, mailer: { async send() {} } });
await app.ready();
console.log(
  `Base prête en ${Math.round(performance.now() - opened)} ms (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
);

async function login(email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: DEMO_PASSWORD, source: 'web' },
  });
  return res.json().data.token;
}
const token = await login('direction@transgabon.ga');
const admin = await login('admin@yams.ga');

const CALLS: Array<[label: string, url: string, token: string]> = [
  ['courses, page 1', '/api/courses?page=1&per_page=6', token],
  [
    'courses, filtres + tri',
    '/api/courses?page=3&per_page=25&reglement=Acompte&date_debut=2026-01-01&sort=-montant',
    token,
  ],
  ['courses, compteur', '/api/courses?req_count=1', token],
  ['courses, superadmin page 1', '/api/courses?page=1&per_page=6', admin],
  ['paiements, page 1', '/api/paiements?page=1&per_page=6', token],
  ['véhicules, page 1', '/api/vehicules?page=1&per_page=6', token],
  ['interventions, page 1', '/api/interventions?page=1&per_page=6', token],
  ['clients, page 1', '/api/utilisateurs?type=client&page=1&per_page=6', token],
  ['demandes en attente, compteur', '/api/demandes?statut=En%20attente&req_count=1', token],
  ['export courses (1000 lignes)', '/api/courses?limit=1000', token],
];

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const rows: Array<Record<string, string | number>> = [];
for (const [label, url, bearer] of CALLS) {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  rows.push({
    appel: label,
    'p50 ms': Number(pct(times, 0.5).toFixed(1)),
    'p95 ms': Number(pct(times, 0.95).toFixed(1)),
    'max ms': Number(times.at(-1)!.toFixed(1)),
  });
}
const logins: number[] = [];
for (let i = 0; i < 10; i++) {
  const start = performance.now();
  await login('direction@ogooue-logistique.ga');
  logins.push(performance.now() - start);
}
logins.sort((a, b) => a - b);
rows.push({
  appel: 'connexion (argon2id)',
  'p50 ms': Number(pct(logins, 0.5).toFixed(1)),
  'p95 ms': Number(pct(logins, 0.95).toFixed(1)),
  'max ms': Number(logins.at(-1)!.toFixed(1)),
});
loop.disable();
console.table(rows);
console.log(
  `Plus long blocage de la boucle d'événements : ${(loop.max / 1e6).toFixed(0)} ms ; mémoire (RSS) : ${Math.round(process.memoryUsage().rss / 1024 / 1024)} Mo`,
);
await app.close();
await database.close();
