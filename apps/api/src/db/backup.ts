// Backups of the whole installation in one file, and their restore (`npm run backup`, `npm run restore`).
//
// The file is a gzipped tar holding:
//   manifest.json        what it is: database kind, date, app version, every table's row count and checksum
//   database/pgdata.tar  the embedded PGlite data dir (PGlite's own `dumpDataDir`), or
//   database/postgres.dump  a pg_dump of the PostgreSQL database (custom format, for pg_restore)
//   uploads/…            the files kept beside the database (company logos, vehicle documents)
//
// A restore refuses to overwrite a database that already has tables unless `force` is given, and checks
// after loading that every table has the row count and checksum written in the manifest.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from './client';
import { DataDirLock } from './lock';

/** Anything that runs SQL and returns rows: a PGlite instance or a node-postgres client. */
export interface Queryable {
  query<T>(sql: string): Promise<{ rows: T[] }>;
}

export interface TableStat {
  rows: number;
  /** md5 over the sorted md5 of every row's text: any changed, missing or extra row changes it. */
  checksum: string;
}

export type TableStats = Record<string, TableStat>;

/** The schemas a backup carries: the application's tables and Drizzle's migration journal. */
const SCHEMAS = ['public', 'drizzle'];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Row count and checksum of every table of the application schemas, found in `information_schema`. */
export async function tableStats(db: Queryable): Promise<TableStats> {
  const { rows: tables } = await db.query<{ table_schema: string; table_name: string }>(
    `SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema IN (${SCHEMAS.map((s) => `'${s}'`).join(', ')})
     ORDER BY table_schema, table_name`,
  );
  const stats: TableStats = {};
  for (const t of tables) {
    const name = `${quote(t.table_schema)}.${quote(t.table_name)}`;
    const { rows } = await db.query<{ n: number; sum: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(md5(r::text), '' ORDER BY md5(r::text)), '')) AS sum
       FROM ${name} r`,
    );
    stats[`${t.table_schema}.${t.table_name}`] = { rows: rows[0]!.n, checksum: rows[0]!.sum };
  }
  return stats;
}

/** Differences between two sets of table stats, in French; empty when they are the same. */
export function compareStats(expected: TableStats, actual: TableStats): string[] {
  const problems: string[] = [];
  for (const [table, e] of Object.entries(expected)) {
    const a = actual[table];
    if (!a) problems.push(`table ${table} absente`);
    else if (a.rows !== e.rows) problems.push(`table ${table} : ${a.rows} lignes au lieu de ${e.rows}`);
    else if (a.checksum !== e.checksum) problems.push(`table ${table} : contenu différent`);
  }
  for (const table of Object.keys(actual)) {
    if (!(table in expected)) problems.push(`table ${table} en trop`);
  }
  return problems;
}

export interface Manifest {
  format: 'yams-backup';
  version: 1;
  kind: 'pglite' | 'postgres';
  createdAt: string;
  appVersion: string;
  tables: TableStats;
  uploads: number;
}

export interface BackupTarget {
  /** PostgreSQL connection string; when unset, the embedded database of `dataDir`. */
  databaseUrl?: string;
  /** DATA_DIR: holds `pgdata` (PGlite) and `uploads`. */
  dataDir: string;
}

const pgdataOf = (dataDir: string) => path.join(dataDir, 'pgdata');
const lockOf = (dataDir: string) => path.join(dataDir, 'pgdata.lock');

/** The error shown to the person running the command, already in French. */
export class BackupError extends Error {}

function appVersion(): string {
  try {
    const pkg = path.resolve(import.meta.dirname, '../../package.json');
    return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
  } catch {
    return 'inconnue';
  }
}

function run(command: string, args: string[], what: string): void {
  try {
    execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: Buffer };
    if (e.code === 'ENOENT') {
      throw new BackupError(
        `${command} est introuvable : installez-le (Debian : apt-get install -y postgresql-client) puis relancez.`,
      );
    }
    throw new BackupError(`${what} a échoué : ${e.stderr?.toString().trim() || e.message}`);
  }
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
}

/** `2026-11-23-034512` (UTC): sorts by date in a file name. */
const stamp = (at = new Date()) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace('T', '-')
    .replaceAll(':', '');

/** `yams-sauvegarde-2026-11-23-034512-pglite.tar.gz`: sorts by date, says which database. */
export function backupFileName(kind: Manifest['kind'], at = new Date()): string {
  return `yams-sauvegarde-${stamp(at)}-${kind}.tar.gz`;
}

function pgClient(url: string) {
  return new pg.Client({ connectionString: url });
}

/** Opens the embedded database of `dataDir` under its lock (refused while the server holds it). */
async function withPglite<T>(
  dataDir: string,
  fn: (db: PGlite) => Promise<T>,
  loadDataDir?: Blob,
): Promise<T> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = DataDirLock.acquire(lockOf(dataDir));
  try {
    const db = await PGlite.create({
      dataDir: pgdataOf(dataDir),
      loadDataDir,
      extensions: PGLITE_EXTENSIONS,
    });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

/** Writes one backup file into `backupDir` and returns its path and manifest. */
export async function backup(
  target: BackupTarget,
  backupDir: string,
): Promise<{ file: string; manifest: Manifest }> {
  const kind: Manifest['kind'] = target.databaseUrl ? 'postgres' : 'pglite';
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-backup-'));
  try {
    fs.mkdirSync(path.join(stage, 'database'));
    let tables: TableStats;
    if (target.databaseUrl) {
      const client = pgClient(target.databaseUrl);
      await client.connect();
      try {
        tables = await tableStats(client);
      } finally {
        await client.end();
      }
      run(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${path.join(stage, 'database', 'postgres.dump')}`,
          `--dbname=${target.databaseUrl}`,
        ],
        'pg_dump',
      );
    } else {
      if (!fs.existsSync(path.join(pgdataOf(target.dataDir), 'PG_VERSION'))) {
        throw new BackupError(
          `Aucune base embarquée dans ${target.dataDir} : vérifiez DATA_DIR (ou DATABASE_URL pour PostgreSQL).`,
        );
      }
      tables = await withPglite(target.dataDir, async (db) => {
        const stats = await tableStats(db);
        const dump = await db.dumpDataDir('none');
        fs.writeFileSync(path.join(stage, 'database', 'pgdata.tar'), Buffer.from(await dump.arrayBuffer()));
        return stats;
      });
    }
    const uploads = path.join(target.dataDir, 'uploads');
    if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(stage, 'uploads'), { recursive: true });
    const manifest: Manifest = {
      format: 'yams-backup',
      version: 1,
      kind,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      tables,
      uploads: countFiles(uploads),
    };
    fs.writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(backupDir, { recursive: true });
    const file = path.join(path.resolve(backupDir), backupFileName(kind));
    const partial = `${file}.partiel`;
    run('tar', ['-czf', partial, '-C', stage, '.'], 'L’archivage');
    fs.renameSync(partial, file);
    return { file, manifest };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** Number of tables of the application schemas: 0 means an empty database that a restore may fill. */
async function tableCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM information_schema.tables
     WHERE table_schema IN (${SCHEMAS.map((s) => `'${s}'`).join(', ')})`,
  );
  return rows[0]!.n;
}

function notEmpty(what: string, tables: number): BackupError {
  return new BackupError(
    `${what} n’est pas vide (${tables} tables) : la restauration l’écraserait. ` +
      'Relancez avec --force pour la remplacer par la sauvegarde.',
  );
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the replaced embedded database was moved (restore --force on PGlite). */
  previous?: string;
}

/** Restores a backup file; refuses a database that has tables unless `force`. */
export async function restore(
  file: string,
  target: BackupTarget,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new BackupError(`Fichier de sauvegarde introuvable : ${file}`);
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-restore-'));
  try {
    try {
      execFileSync('tar', ['-xzf', path.resolve(file), '-C', stage], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch {
      throw new BackupError(
        `${file} n’est pas une sauvegarde Yams Manager lisible (archive .tar.gz attendue).`,
      );
    }
    const manifestFile = path.join(stage, 'manifest.json');
    const manifest = fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest)
      : null;
    if (manifest?.format !== 'yams-backup') {
      throw new BackupError(`${file} n’est pas une sauvegarde Yams Manager (manifest.json absent).`);
    }
    const wanted: Manifest['kind'] = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.kind !== wanted) {
      throw new BackupError(
        manifest.kind === 'pglite'
          ? 'Cette sauvegarde vient de la base embarquée (PGlite) : restaurez-la sans DATABASE_URL.'
          : 'Cette sauvegarde vient de PostgreSQL : restaurez-la avec DATABASE_URL.',
      );
    }
    let previous: string | undefined;
    let actual: TableStats;
    if (target.databaseUrl) {
      actual = await restorePostgres(
        target.databaseUrl,
        path.join(stage, 'database', 'postgres.dump'),
        options,
      );
    } else {
      const pgdata = pgdataOf(target.dataDir);
      fs.mkdirSync(target.dataDir, { recursive: true });
      const lock = DataDirLock.acquire(lockOf(target.dataDir));
      try {
        if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
          let tables = 1;
          try {
            const db = await PGlite.create({ dataDir: pgdata, extensions: PGLITE_EXTENSIONS });
            tables = await tableCount(db);
            await db.close();
          } catch {
            /* unreadable: counts as not empty, only --force replaces it */
          }
          if (tables > 0 && !options.force) throw notEmpty(`La base embarquée de ${target.dataDir}`, tables);
          previous = `${pgdata}.avant-restauration-${stamp()}`;
          fs.renameSync(pgdata, previous);
        }
      } finally {
        lock.release();
      }
      const dump = new Blob([fs.readFileSync(path.join(stage, 'database', 'pgdata.tar'))]);
      actual = await withPglite(target.dataDir, (db) => tableStats(db), dump);
    }
    const problems = compareStats(manifest.tables, actual);
    if (problems.length > 0) {
      throw new BackupError(`La base restaurée ne correspond pas à la sauvegarde : ${problems.join(' ; ')}.`);
    }
    const uploads = path.join(stage, 'uploads');
    if (fs.existsSync(uploads)) {
      fs.cpSync(uploads, path.join(target.dataDir, 'uploads'), { recursive: true, force: true });
    }
    return { manifest, previous };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

async function restorePostgres(url: string, dump: string, options: { force?: boolean }): Promise<TableStats> {
  if (!fs.existsSync(dump)) throw new BackupError('La sauvegarde ne contient pas de base PostgreSQL.');
  const client = pgClient(url);
  await client.connect();
  try {
    const tables = await tableCount(client);
    if (tables > 0) {
      if (!options.force) throw notEmpty('La base PostgreSQL', tables);
      await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
      await client.query('DROP SCHEMA IF EXISTS public CASCADE');
      await client.query('CREATE SCHEMA public');
    }
    run(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, dump],
      'pg_restore',
    );
    return await tableStats(client);
  } finally {
    await client.end();
  }
}
