// The API's side of the embedded database's thread (pglite-worker.ts). `PgliteWorkerClient` stands in for
// a PGlite instance where the API uses one — drizzle's pglite driver (`query`, `transaction`) and the audit
// attribution of audit-context.ts — but each statement runs in the worker: the wasm engine and the parsing
// of its answers leave the API's event loop, which only receives the rows.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { AttributedPool, attributePglite } from './audit-context';
import type { Database, Db } from './client';
import { DataDirLock } from './lock';
import type { Reply, Request, WorkerOptions } from './pglite-worker';
import * as schema from './schema';

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type Call = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** An error rebuilt from the worker's plain data, with PostgreSQL's fields (`code`, `constraint`…). */
function rebuild(data: Record<string, unknown>): Error {
  const err = new Error(String(data.message));
  Object.assign(err, data);
  return err;
}

/** Starts the worker thread; resolves once PGlite is open in it. */
function startWorker(options: Omit<WorkerOptions, 'role'>) {
  const file = new URL('./pglite-worker.ts', import.meta.url).href;
  // The worker is TypeScript: its thread registers tsx's loader first (an inherited `--import tsx` does
  // not reach a worker's entry file on Node 20).
  // Resolved here: an eval'd worker resolves bare names from the working directory, which may be anywhere.
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(file)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: { ...options, role: 'yams-pglite' } });
  const pending = new Map<number, Pending>();
  const notify = new Map<string, Set<(payload: string) => void>>();
  let next = 1;
  let dead: Error | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: Reply) => {
      if ('ready' in m) return resolve();
      if ('failed' in m) return reject(rebuild(m.failed));
      if ('notify' in m) {
        for (const fn of notify.get(m.notify) ?? []) fn(m.payload);
        return;
      }
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(rebuild(m.error));
    });
    const fail = (err: Error) => {
      dead = err;
      reject(err);
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`La base embarquée s'est arrêtée (code ${code}).`)));
  });
  const call = <T>(request: Call): Promise<T> => {
    if (dead) return Promise.reject(dead);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  return { worker, ready, call, notify, isDead: () => dead !== null };
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** The PGlite surface the API uses, served by the worker. */
export class PgliteWorkerClient {
  closed = false;
  private constructor(private readonly w: ReturnType<typeof startWorker>) {}

  static async start(dataDir?: string): Promise<PgliteWorkerClient> {
    const w = startWorker({ mode: 'rpc', dataDir });
    try {
      await w.ready;
    } catch (err) {
      await w.worker.terminate();
      throw err;
    }
    return new PgliteWorkerClient(w);
  }

  private run<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const raw = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.w.call<Results<T>>({ op: 'query', text, params, rowMode: options?.rowMode, raw, tx });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.run<T>(text, params, options);
  }

  exec(text: string): Promise<Array<Results>> {
    return this.w.call<Array<Results>>({ op: 'exec', text });
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.w.call<number>({ op: 'begin' });
    const tx = {
      closed: false,
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        this.run<R>(text, params, options, id),
      exec: (text: string) => this.w.call<Array<Results>>({ op: 'exec', text, tx: id }),
    } as unknown as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await this.w.call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.w.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.w.notify.get(channel);
    if (!set) {
      set = new Set();
      this.w.notify.set(channel, set);
      await this.w.call({ op: 'listen', channel });
    }
    set.add(fn);
    return async () => {
      set.delete(fn);
      if (set.size === 0 && this.w.notify.get(channel) === set) {
        this.w.notify.delete(channel);
        if (!this.closed) await this.w.call({ op: 'unlisten', channel });
      }
    };
  }

  /** Closes PGlite cleanly (its data dir written and released), then ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (!this.w.isDead()) await this.w.call({ op: 'close' });
    } finally {
      await this.w.worker.terminate();
    }
  }

  /** Called when the thread dies on its own (a wasm abort): the server cannot go on without its database. */
  onExit(fn: (err: Error) => void): void {
    this.w.worker.once('exit', (code) => {
      if (!this.closed) fn(new Error(`La base embarquée s'est arrêtée (code ${code}).`));
    });
  }
}

function lockFor(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  return DataDirLock.acquire(path.join(dataDir, '..', `${path.basename(dataDir)}.lock`));
}

/**
 * The embedded database in its own thread (the server's default): same data dir, lock, drizzle driver,
 * audit attribution and LISTEN/NOTIFY as the in-process `openPglite`, without PGlite on the event loop.
 */
export async function openPgliteWorker(options: {
  dataDir: string;
}): Promise<Database & { client: PgliteWorkerClient }> {
  const lock = lockFor(options.dataDir);
  try {
    const client = await PgliteWorkerClient.start(options.dataDir);
    attributePglite(client as never);
    const db = drizzlePglite(client as never, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      client,
      listen: (channel, fn) => client.listen(channel, fn),
      onFatal: (fn) => client.onExit(fn),
      async close() {
        try {
          await client.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/**
 * PGlite in a worker speaking the PostgreSQL wire protocol on a unix socket beside the data dir (the
 * arrangement of @electric-sql/pglite-socket), the API connected by node-postgres with ONE connection:
 * PGlite is one backend, so two connections would share its session settings (the audit's actor),
 * its unnamed statements and its transaction. LISTEN is a setting of that one backend: the notifications
 * arrive on whichever connection runs the committing statement, and every connection dispatches them.
 */
export async function openPgliteSocket(options: { dataDir: string }): Promise<Database> {
  const lock = lockFor(options.dataDir);
  const dir = path.dirname(options.dataDir);
  const w = startWorker({
    mode: 'socket',
    dataDir: options.dataDir,
    socketPath: path.join(dir, '.s.PGSQL.5432'),
  });
  try {
    await w.ready;
  } catch (err) {
    await w.worker.terminate();
    lock.release();
    throw err;
  }
  const pool = new AttributedPool({
    host: dir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
  });
  const channels = new Map<string, Set<(payload: string) => void>>();
  pool.on('connect', (client) => {
    client.on('notification', (m) => {
      if (m.payload !== undefined) for (const fn of channels.get(m.channel) ?? []) fn(m.payload);
    });
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async listen(channel, fn) {
      let set = channels.get(channel);
      if (!set) {
        set = new Set();
        channels.set(channel, set);
        await pool.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(fn);
      return async () => {
        set.delete(fn);
      };
    },
    async close() {
      try {
        await pool.end();
        await w.call({ op: 'close' });
        await w.worker.terminate();
      } finally {
        lock.release();
      }
    },
  };
}
