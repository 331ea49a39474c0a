// `npm run test:system`: what spawns processes or runs for minutes, and the API suite on PostgreSQL.
// 1. the `system` project on the embedded database: SIGKILL crash cycles, the OpenAPI fuzz, backup/restore,
//    the PGlite worker, realtime across two processes through Redis;
// 2. on a throwaway PostgreSQL 15 (scripts/pg-test-server.sh): the whole `api` project, and the `system`
//    files that have a PostgreSQL side (crash cycles, backup with pg_dump/pg_restore, two nodes).
// Debian's postgresql and redis-server are installed first when missing and we are root.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureDependencies, root, run } from './lib.mjs';

const onPath = (command) =>
  (process.env.PATH ?? '').split(':').some((dir) => dir && fs.existsSync(`${dir}/${command}`));

function ensureDebianPackages() {
  const missing = [];
  if (!fs.existsSync('/usr/lib/postgresql')) missing.push('postgresql');
  if (!onPath('pg_dump') || !onPath('pg_restore')) missing.push('postgresql-client');
  if (!onPath('redis-server')) missing.push('redis-server');
  if (missing.length === 0) return;
  if (process.getuid?.() === 0) {
    console.log(`Installation de ${missing.join(', ')} (Debian)…`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', ...missing], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error(
    `✖ Introuvable : ${missing.join(', ')}. Installez-les avec « sudo apt-get install -y ${missing.join(' ')} » puis relancez.`,
  );
  process.exit(1);
}

const timed = (label, fn) => {
  const started = Date.now();
  fn();
  const s = Math.round((Date.now() - started) / 1000);
  console.log(`\n⏱ ${label} : ${s} s`);
};

ensureDependencies();
ensureDebianPackages();
const started = Date.now();
timed('système, base embarquée', () => run('npx', ['vitest', 'run', '--project', 'system']));

const server = `${root}/scripts/pg-test-server.sh`;
const pg = spawnSync(server, ['start'], { cwd: root, encoding: 'utf8' });
if (pg.status !== 0) {
  console.error(`✖ PostgreSQL ne démarre pas : ${pg.stderr}`);
  process.exit(1);
}
const url = pg.stdout.trim();
const env = { ...process.env, TEST_DATABASE_URL: url };
const onPostgres = (label, args) => {
  const started = Date.now();
  const res = spawnSync('npx', ['vitest', 'run', ...args], { cwd: root, stdio: 'inherit', env });
  console.log(`\n⏱ ${label} : ${Math.round((Date.now() - started) / 1000)} s`);
  if (res.status !== 0) {
    spawnSync(server, ['stop'], { cwd: root });
    console.error(`\n✖ Échec : ${label}`);
    process.exit(res.status ?? 1);
  }
};
onPostgres('API sur PostgreSQL', ['--project', 'api']);
// The PGlite worker and the Redis presence do not depend on the database kind: run once, above.
onPostgres('système sur PostgreSQL', [
  '--project',
  'system',
  'crash.test.ts',
  'fuzz.test.ts',
  'backup.test.ts',
  'cluster.test.ts',
]);
spawnSync(server, ['stop'], { cwd: root });
console.log(`\nTests système passés en ${Math.round((Date.now() - started) / 1000)} s.`);
