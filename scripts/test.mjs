// `npm test`: what a developer runs before each commit — unit, API integration on the embedded database
// (the cached template, apps/api/test/template.ts), then the browser suite in Debian's Chromium against one
// built server. The long system tests and the API suite on PostgreSQL are `npm run test:system`.

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
const timed = (label, fn) => {
  const t0 = Date.now();
  fn();
  console.log(`\n⏱ ${label} : ${Math.round((Date.now() - t0) / 1000)} s`);
};
timed('unitaires et API', () => run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'api']));
timed('construction web et budget', () => {
  ensureWebBuild();
  run('node', ['apps/web/scripts/size-budget.mjs']);
});
timed('navigateur', () => run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts']));
console.log(`\nTous les tests sont passés en ${Math.round((Date.now() - started) / 1000)} s.`);
