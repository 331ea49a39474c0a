import path from 'node:path';

/** The address of the browser tests' server (scripts/e2e-server.mjs), one port per engineer: E2E_PORT. */
export const BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

/**
 * The server's data dir, laid anew at each start: its database, its mail outbox, and the sessions the
 * `sessions` project signs in once per run (tokens of that database, useless to another).
 */
export const DATA_DIR =
  process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../../../../.test-data/e2e');
