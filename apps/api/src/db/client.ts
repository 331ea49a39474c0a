import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { attributePglite } from './audit-context';
import { DataDirLock } from './lock';
import { openPgliteWorker } from './pglite-remote';
import { PreparedPool } from './prepared-pool';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every repository takes, whatever the driver behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Postgres LISTEN: `fn` receives each NOTIFY payload of the channel, once its transaction committed,
   * whichever API process sent it. Resolves to the unsubscribe function.
   */
  listen?(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `fn` while no other API process runs one under the same key (PostgreSQL: a session advisory lock
   * on a connection of its own; absent on PGlite, whose data dir has one process). Several nodes started at once on
   * an empty database: one migrates and seeds, the others wait, then find it done.
   */
  exclusive?<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** Calls `fn` if the database stops on its own (the embedded database's thread dying): the server exits. */
  onFatal?(fn: (err: Error) => void): void;
}

/** node-postgres: return DATE columns as plain `YYYY-MM-DD` strings, never shifted by the time zone. */
pg.types.setTypeParser(1082, (v) => v);

/** `observe` sees the pool before use (the bench records every statement sent, to replay it bare). */
export function openPostgres(url: string, max = 10, observe?: (pool: pg.Pool) => void): Database {
  // JIT off for the API's sessions: its statements are short (a page, a figure), and past PostgreSQL's JIT
  // cost threshold (a deep page, a long range) compiling took 176–216 ms of a 430–694 ms call.
  const pool = new PreparedPool({ connectionString: url, max, options: '-c jit=off' });
  observe?.(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners: pg.Client[] = [];
  let closing = false;
  return {
    db,
    kind: 'postgres',
    async exclusive(key, fn) {
      const c = await pool.connect();
      try {
        await c.query('select pg_advisory_lock(hashtext($1))', [key]);
        try {
          return await fn();
        } finally {
          await c.query('select pg_advisory_unlock(hashtext($1))', [key]);
        }
      } finally {
        c.release();
      }
    },
    async close() {
      closing = true;
      await Promise.all(listeners.splice(0).map((c) => c.end().catch(() => undefined)));
      await pool.end();
    },
    async listen(channel, fn) {
      // A dedicated connection, reopened after a drop (a restarted database, a network cut).
      let client: pg.Client | null = null;
      let stopped = false;
      const open = async () => {
        const c = new pg.Client({ connectionString: url });
        c.on('notification', (m) => {
          if (m.channel === channel && m.payload !== undefined) fn(m.payload);
        });
        c.on('error', () => undefined);
        c.on('end', () => {
          listeners.splice(listeners.indexOf(c) >>> 0, 1);
          if (!stopped && !closing) setTimeout(() => void open().catch(() => undefined), 2000).unref();
        });
        await c.connect();
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        listeners.push(c);
        client = c;
      };
      await open();
      return async () => {
        stopped = true;
        await client?.end().catch(() => undefined);
      };
    },
  };
}

/** PGlite from an in-memory dump or an on-disk data dir. */
/**
 * The extensions the schema uses (pg_trgm: the trigram index of the courses search, drizzle/0022). Every
 * PGlite opened on the app's data must load them: without them, a write to an indexed table fails.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    lock = DataDirLock.acquire(path.join(options.dataDir, '..', `${path.basename(options.dataDir)}.lock`));
  }
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: PGLITE_EXTENSIONS,
    });
    attributePglite(client);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      async listen(channel, fn) {
        return client.listen(channel, fn);
      },
      async close() {
        try {
          if (!client.closed) await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * The server's database: PostgreSQL when DATABASE_URL is set, else the embedded PGlite of DATA_DIR in a
 * thread of its own (pglite-remote.ts: its statements never stall the API's event loop; measured against
 * PGlite on the event loop in bench/embedded.bench.ts, bench/RESULTS.md). Tests and scripts that hold the
 * database alone keep the in-process `openPglite`.
 */
export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPgliteWorker({ dataDir: path.join(config.dataDir, 'pgdata') });
}
