// The browser tests' database (scripts/e2e-server.mjs): the data dir given as argument becomes a copy of the
// cached template of the API tests (test/template.ts: migrated, seeded and analyzed, built if the cache has
// none), so the server starts on the demo data instead of seeding it (main.ts seeds an empty database only).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pgliteTemplate } from '../test/template';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('Usage : e2e-database.ts <dossier de la base>');
const template = await pgliteTemplate((line) => console.log(line));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
try {
  // The template is PGlite's dump of its data dir, a tar: unpacked as it is in well under a second.
  execFileSync('tar', ['-xf', template, '-C', dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
} catch {
  // No `tar` here: PGlite unpacks it itself (seconds: it starts the database once to do so).
  fs.rmSync(dataDir, { recursive: true, force: true });
  const { openPglite } = await import('../src/db/client');
  const database = await openPglite({ dataDir, loadDataDir: new Blob([fs.readFileSync(template)]) });
  await database.close();
}
if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
  throw new Error(`La base modèle ${template} n'a pas donné de dossier de données PostgreSQL.`);
}
