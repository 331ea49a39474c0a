import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openPostgres, PGLITE_EXTENSIONS } from '../src/db/client';
import { analyze } from '../src/db/maintenance';
import { migrate } from '../src/db/migrate';
import * as schema from '../src/db/schema';
import { seedDemo } from '../src/db/seed';

/**
 * Builds one migrated and seeded database template for the whole run; every test file starts from a
 * copy of it. PGlite: a data-dir dump loaded in memory. PostgreSQL (TEST_DATABASE_URL): a template database.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `yams_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = openPostgres(target.toString(), 2);
    await migrate(database);
    await seedDemo(database.db);
    await analyze(database.db);
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database: Database = {
    db: drizzle(client, { schema }) as never,
    kind: 'pglite',
    close: () => client.close(),
  };
  await migrate(database);
  await seedDemo(database.db);
  await analyze(database.db);
  const dump = await client.dumpDataDir('none');
  const file = path.resolve(import.meta.dirname, '../../../.test-data/template.tar');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
  }
}
