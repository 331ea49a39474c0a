// The embedded database's own thread: PGlite (PostgreSQL compiled to wasm) runs its statements here, in a
// `worker_threads` Worker, so the API's event loop keeps serving static files, health checks and the
// parsing of other requests while a statement runs. Started by `openPgliteWorker` (pglite-remote.ts).
//
// Two ways to talk to it (workerData.mode):
// - 'rpc': the API's PGlite stand-in posts each statement ({ text, params, rowMode, parser type ids }) and
//   receives the rows PGlite already parsed, by structured clone. Transactions are PGlite's own
//   `transaction()`, held open here between a 'begin' and an 'end' message.
// - 'socket' (measured in bench/embedded.bench.ts, not used by the server): the PostgreSQL wire protocol on
//   a unix socket, each complete message handed to PGlite's `execProtocolRawStream`, the way
//   @electric-sql/pglite-socket does, one connection at a time.
import fs from 'node:fs';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse as pgParse, protocol, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PLAN_PAR_APPEL } from './plan-par-appel';

export interface WorkerOptions {
  /** Marks this thread's data: any other worker that imports the file by mistake does not start PGlite. */
  role: 'yams-pglite';
  mode: 'rpc' | 'socket';
  dataDir?: string;
  /** 'socket' mode: the unix socket's path. */
  socketPath?: string;
}

export type Request =
  | {
      id: number;
      op: 'query';
      text: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Type ids whose text is kept as is (drizzle's identity parsers, which cannot cross threads). */
      raw?: number[];
      tx?: number;
    }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' };

export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { notify: string; payload: string }
  | { ready: true }
  | { failed: Record<string, unknown> };

/** An error as plain data: the message and PostgreSQL's fields (code, constraint, detail…). */
export function errorData(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const data: Record<string, unknown> = { message: err.message, name: err.name, stack: err.stack };
  for (const [k, v] of Object.entries(err)) {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) data[k] = v;
  }
  return data;
}

const identity = (value: string) => value;

/** Named statements kept per database: past this many distinct texts, the others run unnamed. */
const MAX_PREPARED = 500;
const READ = /^\s*select\b/i;

/**
 * A single read as a named prepared statement of the session: parsed and described once, then each call is
 * one Bind, Describe, Execute and Sync handed to PostgreSQL at once. PGlite's own `query` parses, describes
 * and plans every time, in six exchanges with the wasm: measured on a list page (bench/RESULTS.md), the
 * plan alone (PostgreSQL reads the size of every table and index it may use) cost more than the run.
 * PostgreSQL still plans the first five calls of a statement for their parameters, then keeps a generic
 * plan only if it costs no more (plan_cache_mode auto); DDL or ANALYZE invalidates plans by itself.
 */
function preparedReads(db: PGlite) {
  const statements = new Map<string, { name: string; types: number[] }>();
  let named = 0;
  const { serialize } = protocol;
  const run = async (
    text: string,
    params: unknown[],
    options: { rowMode?: 'array' | 'object'; parsers?: Record<number, (v: string) => unknown> },
  ) => {
    let statement = statements.get(text);
    if (!statement) {
      const name = `yams_${++named}`;
      const described = await db.execProtocol(
        Buffer.concat([
          serialize.parse({ name, text }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      const parameters = described.messages.find((m) => m.name === 'parameterDescription') as
        | { dataTypeIDs: number[] }
        | undefined;
      statement = { name, types: parameters?.dataTypeIDs ?? [] };
      statements.set(text, statement);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[statement.types[i]!];
      return serializer ? serializer(value as never) : String(value);
    });
    const result = await db.execProtocol(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: true },
    );
    return pgParse.parseResults(result.messages, db.parsers, options)[0] as Results;
  };
  return {
    /** Whether `query` would take this text (a read, outside a transaction, while there is room). */
    takes: (text: string) =>
      READ.test(text) &&
      !text.includes(PLAN_PAR_APPEL) &&
      (statements.has(text) || statements.size < MAX_PREPARED),
    async query(text: string, params: unknown[], options: Parameters<typeof run>[2]) {
      try {
        return await db._runExclusiveTransaction(() =>
          db._runExclusiveQuery(() => run(text, params, options)),
        );
      } catch (err) {
        // 'cached plan must not change result type': a table it reads changed shape since (a migration).
        if ((err as { code?: string }).code !== '0A000') throw err;
        statements.delete(text);
        return db.query(text, params, options);
      }
    },
  };
}

async function main(port: NonNullable<typeof parentPort>, options: WorkerOptions) {
  const db = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const send = (reply: Reply) => port.postMessage(reply);

  if (options.mode === 'socket') {
    const server = await serveSocket(db, options.socketPath!);
    port.on('message', (m: Request) => {
      if (m.op !== 'close') return;
      server.close();
      void db.close().then(
        () => send({ id: m.id, ok: true, value: null }),
        (err: unknown) => send({ id: m.id, ok: false, error: errorData(err) }),
      );
    });
    send({ ready: true });
    return;
  }

  let nextTx = 1;
  const ended = new Map<number, Promise<unknown>>();
  const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
  const listeners = new Map<string, () => Promise<void>>();
  const prepared = preparedReads(db);

  const handle = async (m: Request): Promise<unknown> => {
    switch (m.op) {
      case 'query': {
        const target = m.tx ? open.get(m.tx)?.tx : db;
        if (!target) throw new Error('Transaction terminée.');
        const parsers = m.raw?.length ? Object.fromEntries(m.raw.map((t) => [t, identity])) : undefined;
        const res =
          target === db && prepared.takes(m.text)
            ? await prepared.query(m.text, m.params ?? [], { rowMode: m.rowMode, parsers })
            : await target.query(m.text, m.params, { rowMode: m.rowMode, parsers });
        return { rows: res.rows, fields: res.fields, affectedRows: res.affectedRows };
      }
      case 'exec': {
        const target = m.tx ? open.get(m.tx)?.tx : db;
        if (!target) throw new Error('Transaction terminée.');
        const results = await target.exec(m.text);
        return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
      }
      case 'begin': {
        const id = nextTx++;
        return await new Promise<number>((started, failed) => {
          const done = db.transaction(
            (tx) =>
              new Promise<void>((commit, rollback) => {
                open.set(id, {
                  tx,
                  end: (ok) => (ok ? commit() : rollback(new Error('ROLLBACK'))),
                });
                started(id);
              }),
          );
          // The transaction's outcome is read by the 'end' message; an error before it started is the begin's.
          ended.set(id, done);
          done.catch((err: unknown) => failed(err));
        });
      }
      case 'end': {
        const t = open.get(m.tx);
        const done = ended.get(m.tx);
        if (!t || !done) throw new Error('Transaction inconnue.');
        open.delete(m.tx);
        ended.delete(m.tx);
        t.end(m.commit);
        try {
          await done;
        } catch (err) {
          if (m.commit) throw err;
        }
        return null;
      }
      case 'listen': {
        if (!listeners.has(m.channel)) {
          const stop = await db.listen(m.channel, (payload) => send({ notify: m.channel, payload }));
          listeners.set(m.channel, stop);
        }
        return null;
      }
      case 'unlisten': {
        await listeners.get(m.channel)?.();
        listeners.delete(m.channel);
        return null;
      }
      case 'close': {
        for (const t of open.values()) t.end(false);
        await Promise.allSettled([...ended.values()]);
        if (!db.closed) await db.close();
        return null;
      }
    }
  };

  port.on('message', (m: Request) => {
    handle(m).then(
      (value) => send({ id: m.id, ok: true, value }),
      (err: unknown) => send({ id: m.id, ok: false, error: errorData(err) }),
    );
  });
  send({ ready: true });
}

/**
 * The PostgreSQL wire protocol on a unix socket: complete messages are handed to PGlite one at a time,
 * and a second connection waits until the first one is closed (PGlite is one backend: two clients would
 * share its session settings, prepared statements and transaction).
 */
async function serveSocket(db: PGlite, socketPath: string): Promise<net.Server> {
  fs.rmSync(socketPath, { force: true });
  let busy: Promise<void> = Promise.resolve();
  const server = net.createServer((socket) => {
    socket.pause();
    let release!: () => void;
    const previous = busy;
    busy = new Promise<void>((r) => (release = r));
    // A client gone in the middle of a transaction: roll it back before the next one gets the backend.
    socket.once('close', () => {
      const rollback = db.isInTransaction() ? db.exec('ROLLBACK').catch(() => undefined) : Promise.resolve();
      void rollback.then(release);
    });
    void previous.then(() => {
      let buffer: Buffer = Buffer.alloc(0);
      let chain: Promise<unknown> = Promise.resolve();
      socket.on('data', (chunk: Buffer) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        const messages: Buffer[] = [];
        for (;;) {
          let length = 0;
          if (buffer.length >= 8 && buffer.readInt32BE(4) === 196608) length = buffer.readInt32BE(0);
          else if (buffer.length >= 8 && buffer.readInt32BE(4) === 80877103) {
            buffer = buffer.subarray(8);
            socket.write('N'); // no SSL
            continue;
          } else if (buffer.length >= 5) length = 1 + buffer.readInt32BE(1);
          if (!length || buffer.length < length) break;
          messages.push(buffer.subarray(0, length));
          buffer = buffer.subarray(length);
        }
        for (const message of messages) {
          chain = chain.then(() =>
            db
              .execProtocolRawStream(new Uint8Array(message), {
                onRawData: (data) => {
                  if (socket.writable) socket.write(data);
                },
              })
              .catch(() => socket.destroy()),
          );
        }
      });
      socket.resume();
    });
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return server;
}

if (parentPort && (workerData as WorkerOptions | undefined)?.role === 'yams-pglite') {
  const port = parentPort;
  main(port, workerData as WorkerOptions).catch((err: unknown) =>
    port.postMessage({ failed: errorData(err) }),
  );
}
