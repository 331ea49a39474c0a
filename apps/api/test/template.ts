import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { todayInGabon } from '@yams/shared';
import type { Database } from '../src/db/client';

/**
 * The migrated and seeded demo database every API test file and the browser tests' server start from,
 * as a PGlite data-dir dump cached in `.test-data/`.
 *
 * The cache key is a hash of everything the template depends on, so a stale template can never be used:
 * - the migrations (`apps/api/drizzle`);
 * - the seed sources, which are most of the API: the demo seed goes through the modules' services
 *   (numbering, postings, statuses), so every non-test source of `apps/api/src` and `packages/shared/src`;
 * - the installed versions (`package-lock.json`: PGlite's data-dir format, drizzle's SQL);
 * - this file, which builds and trims it;
 * - today's date in Libreville: the demo data is dated relative to today (courses of today and this week).
 * Editing a test, a spec or the web app never rebuilds it.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const cacheDir = path.join(root, '.test-data');

function listFiles(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, keep));
    else if (keep(full)) out.push(full);
  }
  return out.sort();
}

const isSource = (file: string) =>
  /\.(ts|sql|json)$/.test(file) && !/\.test\.ts$/.test(file) && !file.endsWith('.d.ts');

/** The files whose content decides the template (see above). */
function templateInputs(): string[] {
  return [
    ...listFiles(path.join(root, 'apps/api/drizzle'), () => true),
    ...listFiles(path.join(root, 'apps/api/src'), isSource),
    ...listFiles(path.join(root, 'packages/shared/src'), isSource),
    path.join(root, 'package-lock.json'),
    import.meta.filename, // how the template is built and trimmed
  ];
}

function templateKey(): string {
  const hash = crypto.createHash('sha256');
  for (const file of templateInputs()) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  hash.update(todayInGabon());
  return hash.digest('hex').slice(0, 16);
}

/** A ustar archive without the entries `drop` names (headers and data kept byte for byte otherwise). */
function withoutTarEntries(tar: Uint8Array, drop: (name: string) => boolean): Buffer {
  const text = (from: number, to: number) =>
    Buffer.from(tar.subarray(from, to)).toString('latin1').replace(/\0.*$/s, '');
  const kept: Uint8Array[] = [];
  let at = 0;
  while (at + 512 <= tar.length && tar.subarray(at, at + 512).some((byte) => byte !== 0)) {
    const prefix = text(at + 345, at + 500);
    const name = prefix ? `${prefix}/${text(at, at + 100)}` : text(at, at + 100);
    const size = Number.parseInt(text(at + 124, at + 136).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    if (!drop(name)) kept.push(tar.subarray(at, end));
    at = end;
  }
  kept.push(new Uint8Array(1024)); // the end-of-archive marker: two empty blocks
  return Buffer.concat(kept);
}

async function buildTemplate(file: string): Promise<void> {
  // Loaded only to build: finding today's template (the browser tests' server start) reads files, not the API.
  const [{ PGlite }, { drizzle }, { PGLITE_EXTENSIONS }, { analyze }, { migrate }, schema, { seedDemo }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('../src/db/client'),
      import('../src/db/maintenance'),
      import('../src/db/migrate'),
      import('../src/db/schema'),
      import('../src/db/seed'),
    ]);
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database: Database = {
    db: drizzle(client, { schema }) as never,
    kind: 'pglite',
    close: () => client.close(),
  };
  await migrate(database);
  await seedDemo(database.db);
  await analyze(database.db);
  // After a checkpoint, only the WAL segment(s) from its redo point to the insert position matter; the
  // others (written during the seed, or recycled ahead) are 48 MB of the 125 MB each test file would load.
  await client.query('CHECKPOINT');
  const { rows } = await client.query<{ redo: string; fin: string }>(
    `SELECT pg_walfile_name(redo_lsn) AS redo, pg_walfile_name(pg_current_wal_insert_lsn()) AS fin
       FROM pg_control_checkpoint()`,
  );
  const dump = await client.dumpDataDir('none');
  await client.close();
  const { redo, fin } = rows[0]!;
  const tar = withoutTarEntries(new Uint8Array(await dump.arrayBuffer()), (name) => {
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    return segment !== undefined && (segment < redo || segment > fin);
  });
  // Written under a temporary name, then renamed: a run stopped halfway leaves no half template behind.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, tar);
  fs.renameSync(partial, file);
}

/**
 * The path of today's template for the current sources, built if the cache has none (about 30 s on this
 * machine, then 0 s). Older templates are removed.
 */
export async function pgliteTemplate(log: (line: string) => void = () => {}): Promise<string> {
  fs.mkdirSync(cacheDir, { recursive: true });
  const key = templateKey();
  const file = path.join(cacheDir, `template-${key}.tar`);
  if (fs.existsSync(file)) return file;
  log(`Base modèle des tests : construction (${key})…`);
  const started = Date.now();
  await buildTemplate(file);
  log(`Base modèle des tests : prête en ${Math.round((Date.now() - started) / 1000)} s.`);
  for (const name of fs.readdirSync(cacheDir)) {
    if (/^template-[0-9a-f]+\.tar$/.test(name) && name !== path.basename(file)) {
      fs.rmSync(path.join(cacheDir, name), { force: true });
    }
  }
  return file;
}
