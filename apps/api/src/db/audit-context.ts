import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Who writes, for the audit log (src/modules/audit). The triggers of drizzle/0018_audit_triggers.sql read the setting
 * `yams.user_id`; the API sets it from the signed-in user of the request, carried by an AsyncLocalStorage
 * that the auth plugin fills, at the driver level, so every write path is attributed whatever builds the
 * query (services, CRUD routes, raw SQL, transactions or single statements). Outside a request (seed, daily
 * jobs, GPS ingest) it is empty: the system.
 *
 * - PostgreSQL: each connection taken from the pool gets the session setting of the caller before use
 *   (only when it differs from what the connection already holds): a transaction and a single statement
 *   alike run on a connection owned by the caller from checkout to release. A single read (`select`)
 *   writes nothing to attribute, so it takes any connection as it is: a request's token look-up runs as
 *   the system and its list as the user, and syncing the setting both ways cost two extra round trips
 *   per request.
 * - PGlite (one connection): a transaction starts with `set_config(…, true)` (local to it); a single
 *   write statement outside a transaction is run inside one, so its setting cannot leak to a concurrent
 *   request's statement.
 */
export interface AuditActor {
  userId: number | null;
}

export const auditContext = new AsyncLocalStorage<AuditActor>();

/** The user of the current request, or null (system). */
export function currentActor(): number | null {
  return auditContext.getStore()?.userId ?? null;
}

/** Runs `fn` as `userId` (a test, a script acting for someone); null for the system. */
export function runAs<T>(userId: number | null, fn: () => T): T {
  return auditContext.run({ userId }, fn);
}

const SET_LOCAL = "select set_config('yams.user_id', $1, true)";
const SET_SESSION = "select set_config('yams.user_id', $1, false)";
const WRITE = /^\s*(insert|update|delete|with|merge)\b/i;

type QueryFn = PGlite['query'];

/** Attributes the writes of a PGlite instance to the current actor (see above). */
export function attributePglite(client: PGlite): void {
  const query = client.query.bind(client) as QueryFn;
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) =>
    transaction(async (tx) => {
      const user = currentActor();
      if (user !== null) await tx.query(SET_LOCAL, [String(user)]);
      return fn(tx);
    })) as PGlite['transaction'];
  client.query = ((text: string, params?: unknown[], options?: never) => {
    const user = currentActor();
    if (user === null || typeof text !== 'string' || !WRITE.test(text)) return query(text, params, options);
    return transaction(async (tx) => {
      await tx.query(SET_LOCAL, [String(user)]);
      return tx.query(text, params, options);
    });
  }) as QueryFn;
}

const ACTOR = Symbol('yams.actor');
type TaggedClient = pg.PoolClient & { [ACTOR]?: string };

/** A node-postgres pool whose connections carry the current actor (see above). */
export class AttributedPool extends pg.Pool {
  /** Set while `query` hands a single read to pg-pool, which calls `connect` synchronously. */
  #reading = false;

  // biome-ignore lint/suspicious/noExplicitAny: pg-pool's query has many overloads; this only forwards them.
  override query(...args: any[]): any {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text !== 'string' || WRITE.test(text)) return Reflect.apply(super.query, this, args);
    this.#reading = true;
    try {
      return Reflect.apply(super.query, this, args);
    } finally {
      this.#reading = false;
    }
  }

  // pg-pool's own `query` takes its connection through `connect(callback)`: both forms land here.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | undefined {
    if (this.#reading) {
      if (!callback) return super.connect();
      super.connect(callback);
      return;
    }
    const user = currentActor();
    const wanted = user === null ? '' : String(user);
    const ready = super.connect().then(async (client: TaggedClient) => {
      if (client[ACTOR] !== wanted) {
        try {
          await client.query(SET_SESSION, [wanted]);
        } catch (err) {
          client.release(err as Error);
          throw err;
        }
        client[ACTOR] = wanted;
      }
      return client;
    });
    if (!callback) return ready;
    ready.then(
      (client) => callback(undefined, client, (release?: unknown) => client.release(release as Error)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
  }
}
