// `npm test`: every test — unit, API integration (PGlite, and PostgreSQL too when TEST_DATABASE_URL is
// set), then the browser suite in Debian's Chromium against one built server.

import fs from 'node:fs';
import { ensureDependencies, ensureWebBuild, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const onPath = (command) =>
  (process.env.PATH ?? '').split(':').some((dir) => dir && fs.existsSync(`${dir}/${command}`));

/** Debian's Chromium (browser tests) and redis-server (realtime across two API processes). */
function ensureDebianPackages() {
  const missing = [];
  if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
  if (!onPath('redis-server')) missing.push('redis-server');
  if (missing.length === 0) return;
  if (process.getuid?.() === 0) {
    console.log(`Installation de ${missing.join(' et ')} (Debian)…`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', ...missing], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error(
    `✖ Introuvable : ${missing.join(', ')}. Installez-les avec « sudo apt-get install -y ${missing.join(' ')} » puis relancez npm test.`,
  );
  process.exit(1);
}

ensureDependencies();
ensureDebianPackages();
const started = Date.now();
run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'api']);
if (process.env.TEST_DATABASE_URL) {
  console.log(`\nSuite API sur PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`);
  run('npx', ['vitest', 'run', '--project', 'api']);
}
ensureWebBuild();
run('node', ['apps/web/scripts/size-budget.mjs']);
run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts']);
console.log(`\nTous les tests sont passés en ${Math.round((Date.now() - started) / 1000)} s.`);
