import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';

/** How often the embedded database refreshes its planner statistics. */
const ANALYZE_EVERY_MS = 60 * 60 * 1000;

/** Refreshes the planner's statistics: without them it guesses 2 rows for a 1,500-row table. */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE`);
}

/**
 * PGlite runs PostgreSQL without its background workers, so autovacuum never refreshes the statistics:
 * the server does it at start and every hour (PostgreSQL's own autovacuum does it elsewhere).
 */
export function startMaintenance(database: Database, log: (err: unknown) => void): () => void {
  if (database.kind !== 'pglite') return () => {};
  const run = () => analyze(database.db).catch(log);
  void run();
  const timer = setInterval(run, ANALYZE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
