// Crash safety. Starts the real API (`src/main.ts`) as a child process on PGlite (or, with
// --postgres, on Debian's PostgreSQL started here), sends a burst of acknowledged writes (validated payments, invoice validations, OsmAnd positions,
// cash vouchers) from concurrent clients, kills it with SIGKILL in the middle of the burst (with --postgres,
// PostgreSQL is crashed at the same moment: `pg_ctl stop -m immediate`, recovery from its WAL at restart), then checks:
// the database opens, every acknowledged write is there, invoice numbers have no gap (and each series'
// counter equals its last number), every journal entry balances. Then restarts the API for the next cycle.
//
//   npm run crash                                  10 cycles
//   npm run crash -- --cycles=100 --minutes=120
//   node --import tsx bench/crash.ts --cycles=3 --from=.test-data/template.tar   (what the test runs)
//   npm run crash -- --postgres --cycles=100 --minutes=120
//
// Options: --cycles=N, --minutes=M (stops starting cycles after M minutes), --port=P (default 3305),
// --data-dir=D (default a fresh temporary folder, removed at the end), --from=<tar> (a PGlite dump to
// start from instead of seeding the demo data), --clients=C concurrent writers (default 6), --postgres
// (PostgreSQL on 127.0.0.1, --pg-port=P default 54358, a throwaway data dir removed at the end).
// Exit code 0 when every cycle passed; the last line is a JSON summary.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from '../src/db/client';
import { BENCH_LIMITS } from './lines';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const CYCLES = Number(args.get('cycles') ?? 10);
const DEADLINE = Date.now() + Number(args.get('minutes') ?? 30) * 60_000;
const PORT = Number(args.get('port') ?? process.env.E2E_PORT ?? 3305);
const CLIENTS = Number(args.get('clients') ?? 6);
const FROM = args.get('from');
const ownDir = !args.has('data-dir');
const DATA_DIR = path.resolve(args.get('data-dir') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'yams-crash-')));
const PGDATA = path.join(DATA_DIR, 'pgdata');
const apiDir = path.resolve(import.meta.dirname, '..');
const POSTGRES = args.has('postgres');
const PG_ENV = {
  ...process.env,
  PG_PORT: args.get('pg-port') ?? '54358',
  // Production durability: a commit is acknowledged once its WAL is on disk (the tests' server turns
  // synchronous commit off, and then a crash loses the last acknowledged commits: this script sees it).
  PG_SETTINGS: '-c fsync=on -c synchronous_commit=on -c full_page_writes=on',
  // Beside the run's folder, not in it: mkdtemp's 0700 folder would shut the postgres user out.
  PG_DIR: path.join(os.tmpdir(), `yams-crash-pg-${args.get('pg-port') ?? '54358'}`),
};
const pgServer = path.resolve(apiDir, '../../scripts/pg-test-server.sh');
let DATABASE_URL = '';

/** PostgreSQL (Debian's, scripts/pg-test-server.sh) with a `yams_crash` database; its URL. */
async function startPostgres(): Promise<string> {
  const admin = execFileSync('bash', [pgServer, 'start'], { env: PG_ENV }).toString().trim();
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  if (!(await c.query("select 1 from pg_database where datname = 'yams_crash'")).rowCount)
    await c.query('create database yams_crash');
  await c.end();
  return admin.replace(/\/postgres$/, '/yams_crash');
}

/** A PostgreSQL crash: immediate stop, no checkpoint (the next start replays the WAL). */
function crashPostgres(): void {
  const bin = execFileSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'])
    .toString()
    .trim();
  const asPg = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const cmd = [...asPg, `${bin}/pg_ctl`, '-D', PG_ENV.PG_DIR, '-m', 'immediate', 'stop'];
  execFileSync(cmd[0]!, cmd.slice(1), { stdio: 'ignore' });
}
const base = `http://127.0.0.1:${PORT}`;

const log = (s: string) => console.log(s);

// ---------------------------------------------------------------------------------------------------
// The API process.

async function startApi(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: {
      ...BENCH_LIMITS,
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DATABASE_URL,
      REDIS_URL: '',
      LOG_LEVEL: 'error',
      SEED_DEMO: '1',
      WEB_DIST: path.join(DATA_DIR, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const started = Date.now();
  while (Date.now() - started < 300_000) {
    if (child.exitCode !== null) throw new Error(`L'API s'est arrêtée au démarrage :\n${output}`);
    if (output.includes('Yams Manager est prêt')) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`L'API n'a pas démarré en 5 minutes :\n${output}`);
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function call(method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: { success?: boolean; data?: Record<string, unknown> } = {};
  try {
    json = JSON.parse(text);
  } catch {
    /* OsmAnd answers plain text */
  }
  return { status: res.status, json, text };
}

// ---------------------------------------------------------------------------------------------------
// What the clients were told was written.

interface Acked {
  paiements: number[];
  factures: Array<{ id: number; numero: string }>;
  pieces: number[];
  positions: number[]; // OsmAnd timestamps (seconds) of the test device
}

interface Fixture {
  token: string;
  clientId: number;
  courseIds: number[];
  appareilId: number;
  identifiant: string;
}

async function prepare(): Promise<Fixture> {
  const login = await call('POST', '/api/login', undefined, {
    email: 'direction@transgabon.ga',
    password: 'Yams2026!',
    source: 'crash',
  });
  const token = login.json.data?.token as string;
  if (!token) throw new Error(`Connexion impossible : ${login.text}`);
  const courses = await call('GET', '/api/courses?a_payer=1&limit=200', token);
  const rows = courses.json.data as unknown as Array<{
    id: number;
    reste_a_payer: number;
    client: { id: number } | null;
  }>;
  const courseIds = rows.filter((r) => r.reste_a_payer > 100_000).map((r) => r.id);
  if (courseIds.length === 0) throw new Error('Aucune course à payer dans les données de démonstration.');
  const clientId = rows.find((r) => r.client)?.client?.id;
  if (!clientId) throw new Error('Aucune course avec un client dans les données de démonstration.');
  const identifiant = `CRASH${process.pid}`;
  const appareil = await call('POST', '/api/appareils', token, { nom: 'Téléphone crash', identifiant });
  if (!appareil.json.success) throw new Error(`Appareil : ${appareil.text}`);
  return {
    token,
    clientId,
    courseIds,
    appareilId: appareil.json.data!.id as number,
    identifiant,
  };
}

let gpsClock = 1_763_884_800;

/** Concurrent writers until `stop` resolves; only answers fully received count as acknowledged. */
async function burst(f: Fixture, acked: Acked, stop: Promise<void>) {
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  let n = 0;
  const one = async () => {
    const kind = n++ % 4;
    if (kind === 0) {
      const course_id = f.courseIds[n % f.courseIds.length]!;
      const r = await call('POST', '/api/paiements', f.token, {
        course_id,
        libelle: 'Acompte (test de panne)',
        mode: 'Espèces',
        reference: `CR${n}`,
        montant: 100,
        statut: 'Validé',
      });
      if (r.status === 200 && r.json.success) acked.paiements.push(r.json.data!.id as number);
    } else if (kind === 1) {
      const draft = await call('POST', '/api/factures', f.token, {
        date_operation: '2026-11-20',
        type: 'Normale',
        client_id: f.clientId,
        appliquer_tva: true,
        taux_tva: 18,
        lignes: [{ description: 'Transport (test de panne)', qte: 1, prix_unitaire: 150_000 }],
      });
      if (!draft.json.success) throw new Error(`Facture : ${draft.text}`);
      const r = await call('POST', `/api/factures/${draft.json.data!.id}/validate`, f.token);
      if (r.status === 200 && r.json.success) {
        acked.factures.push({ id: r.json.data!.id as number, numero: r.json.data!.numero as string });
      }
    } else if (kind === 2) {
      const ts = gpsClock++;
      const r = await call(
        'POST',
        `/api/gps/osmand?id=${f.identifiant}&timestamp=${ts}&lat=0.41${n % 10}&lon=9.46&speed=10`,
      );
      if (r.status === 200) acked.positions.push(ts);
    } else {
      const r = await call('POST', '/api/piece_de_caisses', f.token, {
        date_operation: '2026-11-20',
        beneficiaire: 'Station Total Owendo',
        decaisseur: 'Caisse principale',
        montant: 25_000,
        libelle: 'Carburant (test de panne)',
      });
      if (r.status === 200 && r.json.success) acked.pieces.push(r.json.data!.id as number);
    }
  };
  const errors: string[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!stopped) {
        try {
          await one();
        } catch (err) {
          // A request cut by the kill is not acknowledged; anything else before the kill is a failure.
          if (!stopped) errors.push((err as Error).message);
          return;
        }
      }
    }),
  );
  return errors.filter((e) => !/fetch failed|ECONNRESET|socket|other side closed/i.test(e));
}

// ---------------------------------------------------------------------------------------------------
// Checks on the database left by the killed process.

interface CheckDb {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

/** The database the killed API left: its PGlite data dir, or PostgreSQL restarted after its crash. */
async function openCheckDb(): Promise<CheckDb> {
  if (!POSTGRES) return PGlite.create({ dataDir: PGDATA, extensions: PGLITE_EXTENSIONS });
  await startPostgres();
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  return {
    query: async <T>(text: string, params?: unknown[]) => ({
      rows: (await c.query(text, params)).rows as T[],
    }),
    close: () => c.end(),
  };
}

async function check(f: Fixture, acked: Acked): Promise<string[]> {
  const problems: string[] = [];
  let db: CheckDb;
  try {
    db = await openCheckDb();
    await db.query('SELECT 1');
  } catch (err) {
    return [`la base ne s'ouvre plus : ${(err as Error).message}`];
  }
  try {
    const ids = async (table: string, list: number[], where = 'true') => {
      if (list.length === 0) return new Set<number>();
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM ${table} WHERE id = ANY($1::int[]) AND ${where}`,
        [list],
      );
      return new Set(rows.map((r) => r.id));
    };
    const paid = await ids('paiements', acked.paiements, `statut = 'Validé'`);
    const lostPaiements = acked.paiements.filter((id) => !paid.has(id));
    if (lostPaiements.length) problems.push(`paiements acquittés perdus : ${lostPaiements.join(', ')}`);
    const pieces = await ids('pieces_de_caisse', acked.pieces);
    const lostPieces = acked.pieces.filter((id) => !pieces.has(id));
    if (lostPieces.length) problems.push(`pièces de caisse acquittées perdues : ${lostPieces.join(', ')}`);

    if (acked.factures.length) {
      const { rows } = await db.query<{ id: number; numero: string | null; est_valide: boolean; e: number }>(
        `SELECT f.id, f.numero, f.est_valide,
                (SELECT count(*)::int FROM ecritures e WHERE e.source_type = 'facture' AND e.source_id = f.id) AS e
         FROM factures f WHERE f.id = ANY($1::int[])`,
        [acked.factures.map((x) => x.id)],
      );
      const stored = new Map(rows.map((r) => [r.id, r]));
      for (const a of acked.factures) {
        const s = stored.get(a.id);
        if (!s?.est_valide || s.numero !== a.numero) {
          problems.push(`facture validée ${a.numero} (n°${a.id}) perdue ou modifiée`);
        } else if (s.e !== 1) problems.push(`facture ${a.numero} : ${s.e} écritures au lieu d'une`);
      }
    }

    if (acked.positions.length) {
      const { rows } = await db.query<{ ts: number }>(
        `SELECT DISTINCT extract(epoch FROM heure)::int AS ts FROM positions
         WHERE appareil_id = $1 AND extract(epoch FROM heure)::int = ANY($2::int[])`,
        [f.appareilId, acked.positions],
      );
      const have = new Set(rows.map((r) => r.ts));
      const lost = acked.positions.filter((t) => !have.has(t));
      if (lost.length) problems.push(`${lost.length} positions OsmAnd acquittées perdues`);
    }

    // Invoice numbers: in every series (company, type, year) 1..n without a gap, and the counter at n.
    const { rows: numeros } = await db.query<{ entreprise_id: number; type: string; numero: string }>(
      `SELECT entreprise_id, type, numero FROM factures WHERE numero IS NOT NULL`,
    );
    const series = new Map<string, number[]>();
    for (const r of numeros) {
      const m = /-(\d{4})-(\d+)$/.exec(r.numero);
      if (!m) continue;
      const key = `${r.entreprise_id}|facture:${r.type}|${m[1]}`;
      series.set(key, [...(series.get(key) ?? []), Number(m[2])]);
    }
    const { rows: compteurs } = await db.query<{
      entreprise_id: number;
      serie: string;
      annee: number;
      dernier: number;
    }>(`SELECT entreprise_id, serie, annee, dernier FROM compteurs WHERE serie LIKE 'facture:%'`);
    const counters = new Map(compteurs.map((c) => [`${c.entreprise_id}|${c.serie}|${c.annee}`, c.dernier]));
    for (const [key, list] of series) {
      list.sort((a, b) => a - b);
      const gap = list.findIndex((n, i) => n !== i + 1);
      if (gap >= 0) problems.push(`numéros de facture ${key} : trou ou doublon au rang ${gap + 1}`);
      if (counters.get(key) !== list.length) {
        problems.push(`compteur ${key} à ${counters.get(key)} pour ${list.length} factures numérotées`);
      }
    }

    const { rows: unbalanced } = await db.query<{ id: number }>(
      `SELECT e.id FROM ecritures e LEFT JOIN ecriture_lignes l ON l.ecriture_id = e.id
       GROUP BY e.id HAVING count(l.ecriture_id) = 0 OR sum(l.debit) <> sum(l.credit)`,
    );
    if (unbalanced.length) {
      problems.push(`écritures déséquilibrées ou vides : ${unbalanced.map((r) => r.id).join(', ')}`);
    }
  } finally {
    await db.close();
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------

export interface CrashSummary {
  cycles: number;
  writes: { paiements: number; factures: number; positions: number; pieces: number; total: number };
  failures: number;
  problems: string[];
  seconds: number;
}

async function main(): Promise<CrashSummary> {
  const started = Date.now();
  if (FROM && !fs.existsSync(path.join(PGDATA, 'PG_VERSION'))) {
    fs.mkdirSync(DATA_DIR, { recursive: true });
    const db = await PGlite.create({
      dataDir: PGDATA,
      loadDataDir: new Blob([fs.readFileSync(FROM)]),
      extensions: PGLITE_EXTENSIONS,
    });
    await db.close();
  }
  const totals = { paiements: 0, factures: 0, positions: 0, pieces: 0, total: 0 };
  const problems: string[] = [];
  let cycles = 0;
  let failures = 0;
  if (POSTGRES) DATABASE_URL = await startPostgres();
  let api = await startApi();
  try {
    const fixture = await prepare();
    for (let cycle = 1; cycle <= CYCLES && Date.now() < DEADLINE; cycle++) {
      const acked: Acked = { paiements: [], factures: [], pieces: [], positions: [] };
      let killAt!: () => void;
      const stop = new Promise<void>((r) => {
        killAt = r;
      });
      const running = burst(fixture, acked, stop);
      // Kill at a random moment once writes of every kind are flowing.
      const target = 20 + Math.floor(Math.random() * 30);
      const t0 = Date.now();
      const count = () =>
        acked.paiements.length + acked.factures.length + acked.positions.length + acked.pieces.length;
      while (count() < target || Math.min(acked.factures.length, acked.pieces.length) === 0) {
        if (Date.now() - t0 > 60_000) break;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
      }
      await kill(api);
      if (POSTGRES) crashPostgres();
      killAt();
      const errors = await running;
      const found = [...errors.map((e) => `erreur avant la panne : ${e}`), ...(await check(fixture, acked))];
      const writes =
        acked.paiements.length + acked.factures.length + acked.positions.length + acked.pieces.length;
      totals.paiements += acked.paiements.length;
      totals.factures += acked.factures.length;
      totals.positions += acked.positions.length;
      totals.pieces += acked.pieces.length;
      totals.total += writes;
      cycles++;
      if (found.length) {
        failures++;
        problems.push(...found.map((p) => `cycle ${cycle} : ${p}`));
      }
      log(
        `cycle ${cycle} : ${writes} écritures acquittées (${acked.paiements.length} paiements, ` +
          `${acked.factures.length} factures validées, ${acked.positions.length} positions, ` +
          `${acked.pieces.length} pièces de caisse) → ${found.length ? `ÉCHEC : ${found.join(' ; ')}` : 'tout est là'}`,
      );
      const restart = Date.now();
      api = await startApi();
      log(`  redémarrage de l'API : ${((Date.now() - restart) / 1000).toFixed(1)} s`);
    }
  } finally {
    await kill(api);
    if (POSTGRES) {
      execFileSync('bash', [pgServer, 'stop'], { env: PG_ENV });
      fs.rmSync(PG_ENV.PG_DIR, { recursive: true, force: true });
    }
    if (ownDir) fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
  return { cycles, writes: totals, failures, problems, seconds: Math.round((Date.now() - started) / 1000) };
}

const summary = await main();
log(
  `\n${summary.cycles} cycles, ${summary.writes.total} écritures acquittées, ${summary.failures} cycles en échec, ${summary.seconds} s`,
);
console.log(JSON.stringify(summary));
process.exitCode = summary.failures === 0 && summary.cycles > 0 ? 0 : 1;
