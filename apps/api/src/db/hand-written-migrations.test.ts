import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handWrittenMigrations } from './hand-written-migrations';
import { MIGRATIONS_FOLDER } from './migrate';

const API_DIR = path.resolve(import.meta.dirname, '../..');
const listing = () =>
  fs
    .readdirSync(MIGRATIONS_FOLDER, { recursive: true })
    .map(String)
    .sort()
    .map((f) => {
      const file = path.join(MIGRATIONS_FOLDER, f);
      return fs.statSync(file).isFile() ? `${f}:${fs.readFileSync(file, 'utf8').length}` : f;
    });

describe('hand-written migrations', () => {
  it('are found: custom files (same snapshot) and generated files completed by hand, never a generated one', () => {
    const found = handWrittenMigrations(MIGRATIONS_FOLDER);
    expect(found).toEqual(
      expect.arrayContaining([
        '0004_stats_triggers',
        '0013_plaques_canoniques',
        '0018_audit_triggers',
        '0022_pg_trgm',
        '0039_auth_notify',
        '0041_chauffeur',
      ]),
    );
    expect(found).not.toContain('0000_init');
    expect(found).not.toContain('0017_audit_log');
    expect(found).not.toContain('0042_email_changes');
  });

  it('`npm run db:squash` refuses, names them, and leaves drizzle/ as it was', () => {
    const before = listing();
    const pkg = JSON.parse(fs.readFileSync(path.join(API_DIR, 'package.json'), 'utf8'));
    const run = spawnSync('sh', ['-c', pkg.scripts['db:squash']], { cwd: API_DIR, encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('db:squash refusé');
    expect(run.stderr).toContain('drizzle/0018_audit_triggers.sql');
    expect(listing()).toEqual(before);
  }, 30_000);
});
