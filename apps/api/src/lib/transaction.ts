import type { Db } from '../db/client';

/** `db.transaction` typed with the one `Db` every repository takes. */
export function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}
