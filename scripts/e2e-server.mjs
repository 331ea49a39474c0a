// The one server the browser tests run against: the built web app, a fresh embedded database copied from
// the cached template of the API tests (the demo data, seeded once a day and per source change, not at each
// start), and mail written to its outbox (read by the tests).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.test-data/e2e');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error(
    "L'application web n'est pas construite : lancez `npm run build` avant les tests navigateur.",
  );
  process.exit(1);
}
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/e2e-database.ts', path.join(dataDir, 'pgdata')], {
  cwd: path.join(root, 'apps/api'),
  stdio: 'inherit',
});
const port = process.env.PORT ?? '3100';
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/api'),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // The template has the demo data: nothing to seed (an empty database would fail the tests, not hide).
    SEED_DEMO: '0',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
