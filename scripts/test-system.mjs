// `npm run test:system`: what spawns processes or runs for minutes, and the API suite on PostgreSQL.
// 1. the `system` project on the embedded database: SIGKILL crash cycles, the OpenAPI fuzz, backup/restore,
//    the PGlite worker, realtime across two processes through Redis;
// 2. on a throwaway PostgreSQL 15 (scripts/pg-test-server.sh): the whole `api` project, and the `system`
//    files that have a PostgreSQL side (crash cycles, fuzz, backup with pg_dump/pg_restore, two nodes).
// Debian's postgresql and redis-server are installed first when missing and we are root.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureDependencies, installDebianPackages, onPath, root, run, timed } from './lib.mjs';

ensureDependencies();
installDebianPackages([
  ...(fs.existsSync('/usr/lib/postgresql') ? [] : ['postgresql']),
  ...(onPath('pg_dump') && onPath('pg_restore') ? [] : ['postgresql-client']),
  ...(onPath('redis-server') ? [] : ['redis-server']),
]);
const started = Date.now();
timed('système, base embarquée', () => run('npx', ['vitest', 'run', '--project', 'system']));

const server = `${root}/scripts/pg-test-server.sh`;
const pg = spawnSync(server, ['start'], { cwd: root, encoding: 'utf8' });
if (pg.status !== 0) {
  console.error(`✖ PostgreSQL ne démarre pas : ${pg.stderr}`);
  process.exit(1);
}
// Stopped however this script ends (`run` exits on a failure).
process.on('exit', () => spawnSync(server, ['stop'], { cwd: root }));
const env = { ...process.env, TEST_DATABASE_URL: pg.stdout.trim() };
timed('API sur PostgreSQL', () => run('npx', ['vitest', 'run', '--project', 'api'], { env }));
// The PGlite worker and the Redis presence do not depend on the database kind: run once, above.
const onBoth = ['crash.test.ts', 'fuzz.test.ts', 'backup.test.ts', 'cluster.test.ts'];
timed('système sur PostgreSQL', () =>
  run('npx', ['vitest', 'run', '--project', 'system', ...onBoth], { env }),
);
console.log(`\nTests système passés en ${Math.round((Date.now() - started) / 1000)} s.`);
