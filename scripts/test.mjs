// `npm test`: what a developer runs before each commit — unit, API integration on the embedded database
// (the cached template, apps/api/test/template.ts), then the browser suite in Debian's Chromium (headless shell) against one
// built server. The long system tests and the API suite on PostgreSQL are `npm run test:system`.

import fs from 'node:fs';
import { ensureDependencies, ensureWebBuild, installDebianPackages, run, timed } from './lib.mjs';

// The browser tests run in Debian's headless shell (apps/web/playwright.config.ts).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

ensureDependencies();
installDebianPackages(fs.existsSync(CHROMIUM) ? [] : ['chromium-headless-shell']);
const started = Date.now();
timed('unitaires et API', () => run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'api']));
timed('construction web et budget', () => {
  ensureWebBuild();
  run('node', ['apps/web/scripts/size-budget.mjs']);
});
// No trace in the whole run (a failing spec rerun alone keeps its own: playwright.config.ts).
process.env.E2E_TRACE ??= '0';
timed('navigateur', () => run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts']));
console.log(`\nTous les tests sont passés en ${Math.round((Date.now() - started) / 1000)} s.`);
