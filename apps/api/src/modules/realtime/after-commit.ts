import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Postgres NOTIFY channel of the events to deliver once their transaction committed. */
export const COMMIT_CHANNEL = 'yams_realtime';

/** Postgres refuses NOTIFY payloads over 8000 bytes: rooms go in chunks, the data stays small. */
const ROOMS_PER_NOTIFY = 150;

/**
 * Pushes `event` to the sockets of these rooms once the transaction `tx` commits (Postgres NOTIFY is
 * delivered on commit only, to every API process): a rolled-back change is never announced.
 */
export async function emitAfterCommit(tx: Db, to: string[], event: string, data: unknown): Promise<void> {
  for (let i = 0; i < to.length; i += ROOMS_PER_NOTIFY) {
    const payload = JSON.stringify({ to: to.slice(i, i + ROOMS_PER_NOTIFY), event, data });
    await tx.execute(sql`select pg_notify(${COMMIT_CHANNEL}, ${payload})`);
  }
}
