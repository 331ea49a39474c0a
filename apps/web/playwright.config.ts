import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL } from './e2e/support/server';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Debian's old headless shell (package chromium-headless-shell): the same engine without the browser's UI
 * process work; measured on the courses screen, about a third less CPU per page load than the full
 * Chromium in headless mode (apps/api/bench/RESULTS.md, "Browser tests"). `--headed` and PWDEBUG need a
 * window: the full Chromium then. CHROMIUM_PATH overrides both.
 */
const headed = process.argv.includes('--headed') || Boolean(process.env.PWDEBUG);
const executablePath =
  process.env.CHROMIUM_PATH ?? (headed ? '/usr/bin/chromium' : '/usr/bin/chromium-headless-shell');

/**
 * Browser tests: Debian's Chromium against one built server on a fresh copy of the template database.
 * The demo accounts sign in once (project `sessions`); every test works on rows of its own or reads what
 * no test changes (e2e/support/accounts.ts), so tests run in any order, in parallel.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // One limit for every test: a journey of a few dozen steps takes 10–40 s here, several times that when
  // the 2 cores are shared (CI); a test stuck on a missing element stops there.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    // A click or a fill whose element never comes fails in 30 s, not at the test's limit.
    actionTimeout: 30_000,
    locale: 'fr-FR',
    timezoneId: 'Africa/Libreville',
    // The app then skips its animations (theme.ts): the tests wait less and see the final state.
    reducedMotion: 'reduce',
    // A failed test keeps its trace (DOM of each step) when a spec is run on its own; the whole run of `npm test`
    // records none (E2E_TRACE=0: recording costs about a tenth of the browser's CPU in every passing test):
    // rerun the failing spec alone to get it.
    trace:
      process.env.E2E_TRACE === '0'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'sessions', testMatch: /sessions\.setup\.ts$/, teardown: 'transgabon' },
    { name: 'transgabon', testMatch: /transgabon\.teardown\.ts$/ },
    {
      name: 'chromium',
      dependencies: ['sessions'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: `node ${path.join(root, 'scripts/e2e-server.mjs')}`,
    url: `${BASE_URL}/api/docs/json`,
    env: { PORT: new URL(BASE_URL).port },
    // E2E_REUSE_SERVER=1: run against a server already started on E2E_PORT (same E2E_DATA_DIR).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
