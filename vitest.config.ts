import { defineConfig } from 'vitest/config';

/**
 * Three projects (README, "Tests"):
 * - `unit`: pure logic, no database, no server;
 * - `api`: the API through `app.inject` on a copy of the cached template database (PGlite, or PostgreSQL
 *   when TEST_DATABASE_URL is set); part of `npm test`;
 * - `system`: what spawns processes or runs for minutes (SIGKILL crash cycles, the OpenAPI fuzz, several
 *   nodes, backup/restore, the PGlite worker, Redis); `npm run test:system`.
 */
const SYSTEM = [
  'apps/api/test/crash.test.ts',
  'apps/api/test/fuzz.test.ts',
  'apps/api/test/cluster.test.ts',
  'apps/api/test/backup.test.ts',
  'apps/api/test/pglite-worker.test.ts',
  'apps/api/test/realtime-redis.test.ts',
];

const database = {
  globalSetup: ['apps/api/test/global-setup.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          environment: 'node',
          pool: 'threads',
        },
      },
      {
        // Worker threads, not a process per file: unit + API took 6 min instead of 9.5 min here (each file
        // still gets fresh modules and its own copy of the database).
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: SYSTEM,
          pool: 'threads',
          ...database,
        },
      },
      {
        test: { name: 'system', include: SYSTEM, ...database },
      },
    ],
  },
});
