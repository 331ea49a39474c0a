// `npm run backup` / `npm run restore`: a round trip through the backup file gives back every table of the
// schema with the same rows (count and checksum of every row), on the database of this test pass — the
// embedded PGlite, or PostgreSQL in the CI's PostgreSQL pass (TEST_DATABASE_URL).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { backup, compareStats, restore, type TableStats, tableStats } from '../src/db/backup';
import { PGLITE_EXTENSIONS } from '../src/db/client';
import { createDatabaseFromTemplate } from './helpers';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-backup-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const backupDir = path.join(tmp, 'backups');
const apiDir = path.resolve(import.meta.dirname, '..');

/** What any restored copy must hold: the schema's tables, seeded, with the migration journal. */
function expectSeededSchema(stats: TableStats) {
  expect(Object.keys(stats).length).toBeGreaterThan(40);
  expect(stats['public.users']!.rows).toBeGreaterThan(5);
  expect(stats['public.courses']!.rows).toBeGreaterThan(100);
  expect(stats['drizzle.__drizzle_migrations']!.rows).toBeGreaterThan(0);
}

/** An uploaded file beside the database, which the backup must carry too. */
function addUpload(dataDir: string) {
  const file = path.join(dataDir, 'uploads', 'logos', 'entreprise-1.png');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'logo');
}

const pgUrl = process.env.TEST_DATABASE_URL;
const pgTemplate = inject('pgTemplate');

if (pgUrl && pgTemplate) {
  describe('sauvegarde PostgreSQL (pg_dump / pg_restore)', () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    const names = [`yams_bk_src_${process.pid}`, `yams_bk_dst_${process.pid}`];
    const urlOf = (db: string) => {
      const u = new URL(pgUrl);
      u.pathname = `/${db}`;
      return u.toString();
    };
    async function statsOf(db: string) {
      const c = new pg.Client({ connectionString: urlOf(db) });
      await c.connect();
      try {
        return await tableStats(c);
      } finally {
        await c.end();
      }
    }
    afterAll(async () => {
      for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      await admin.end();
    });

    it('restaure dans une base vide toutes les tables à l’identique et refuse une base non vide sans --force', async () => {
      await admin.connect();
      await createDatabaseFromTemplate(admin, names[0]!, pgTemplate!);
      await admin.query(`CREATE DATABASE ${names[1]}`);
      const srcDir = path.join(tmp, 'pg-src');
      addUpload(srcDir);
      const source = await statsOf(names[0]!);
      expectSeededSchema(source);

      const { file, manifest } = await backup({ databaseUrl: urlOf(names[0]!), dataDir: srcDir }, backupDir);
      expect(path.basename(file)).toMatch(/^yams-sauvegarde-\d{4}-\d{2}-\d{2}-\d{6}-postgres\.tar\.gz$/);
      expect(manifest.tables).toEqual(source);

      const dstDir = path.join(tmp, 'pg-dst');
      await restore(file, { databaseUrl: urlOf(names[1]!), dataDir: dstDir });
      const restored = await statsOf(names[1]!);
      expect(compareStats(source, restored)).toEqual([]);
      expect(restored).toEqual(source);
      expect(fs.readFileSync(path.join(dstDir, 'uploads', 'logos', 'entreprise-1.png'), 'utf8')).toBe('logo');

      await expect(restore(file, { databaseUrl: urlOf(names[1]!), dataDir: dstDir })).rejects.toThrow(
        /La base PostgreSQL n’est pas vide \(\d+ tables\).*--force/,
      );
      // --force replaces it, tables created since included.
      const c = new pg.Client({ connectionString: urlOf(names[1]!) });
      await c.connect();
      await c.query('CREATE TABLE en_trop (id int)');
      await c.query('DELETE FROM notifications');
      await c.end();
      await restore(file, { databaseUrl: urlOf(names[1]!), dataDir: dstDir }, { force: true });
      expect(await statsOf(names[1]!)).toEqual(source);
    }, 180_000);
  });
} else {
  describe('sauvegarde de la base embarquée (PGlite)', () => {
    const srcDir = path.join(tmp, 'src');
    const dstDir = path.join(tmp, 'dst');
    let source: TableStats;

    it('npm run backup écrit un fichier daté, que la restauration redonne table par table dans un DATA_DIR neuf', async () => {
      const template = inject('pgliteTemplate')!;
      fs.mkdirSync(srcDir, { recursive: true });
      const db = await PGlite.create({
        dataDir: path.join(srcDir, 'pgdata'),
        loadDataDir: new Blob([fs.readFileSync(template)]),
        extensions: PGLITE_EXTENSIONS,
      });
      await db.query(`UPDATE users SET nom = 'Nzé Obiang' WHERE id = (SELECT min(id) FROM users)`);
      source = await tableStats(db);
      await db.close();
      expectSeededSchema(source);
      addUpload(srcDir);

      // The command itself, as documented in the README.
      const cli = spawnSync('node', ['--import', 'tsx', 'scripts/backup.ts', 'backup'], {
        cwd: apiDir,
        env: { ...process.env, DATA_DIR: srcDir, BACKUP_DIR: backupDir, INIT_CWD: apiDir },
        encoding: 'utf8',
      });
      expect(cli.stderr).toBe('');
      expect(cli.status).toBe(0);
      expect(cli.stdout).toMatch(/Sauvegarde terminée .* \d+ tables, [\d.]+ lignes, 1 fichiers joints\./);
      const file = cli.stdout.trim().split('\n').at(-1)!;
      expect(path.dirname(file)).toBe(backupDir);
      expect(path.basename(file)).toMatch(/^yams-sauvegarde-\d{4}-\d{2}-\d{2}-\d{6}-pglite\.tar\.gz$/);

      const { manifest } = await restore(file, { dataDir: dstDir });
      expect(manifest.tables).toEqual(source);
      const copy = await PGlite.create({
        dataDir: path.join(dstDir, 'pgdata'),
        extensions: PGLITE_EXTENSIONS,
      });
      const restored = await tableStats(copy);
      expect(compareStats(source, restored)).toEqual([]);
      expect(restored).toEqual(source);
      const { rows } = await copy.query<{ nom: string }>('SELECT nom FROM users ORDER BY id LIMIT 1');
      expect(rows[0]!.nom).toBe('Nzé Obiang');
      // The comparison sees a missing table and a changed row.
      await copy.query('DROP TABLE notifications');
      // (Without an audit entry of the change, which would be one more difference.)
      await copy.query(`SET yams.audit = 'off'`);
      await copy.query(`UPDATE users SET nom = 'Autre' WHERE id = (SELECT min(id) FROM users)`);
      expect(compareStats(source, await tableStats(copy))).toEqual([
        'table public.notifications absente',
        'table public.users : contenu différent',
      ]);
      await copy.close();
      expect(fs.readFileSync(path.join(dstDir, 'uploads', 'logos', 'entreprise-1.png'), 'utf8')).toBe('logo');

      // A database that has tables is never overwritten without --force; with it, the old one is kept aside.
      await expect(restore(file, { dataDir: dstDir })).rejects.toThrow(
        /La base embarquée de .* n’est pas vide \(\d+ tables\).*Relancez avec --force/,
      );
      const { previous } = await restore(file, { dataDir: dstDir }, { force: true });
      expect(fs.existsSync(path.join(previous!, 'PG_VERSION'))).toBe(true);
      const again = await PGlite.create({
        dataDir: path.join(dstDir, 'pgdata'),
        extensions: PGLITE_EXTENSIONS,
      });
      expect(await tableStats(again)).toEqual(source);
      await again.close();
    }, 240_000);
  });
}
