import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client';
import { analyze } from '../src/db/maintenance';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';
import { pgliteTemplate } from './template';

/**
 * One migrated and seeded database template for the whole run; every test file starts from a copy of it.
 * PGlite: a data-dir dump loaded in memory, cached across runs (`template.ts`). PostgreSQL
 * (TEST_DATABASE_URL): a template database built for the run.
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
  const file = await pgliteTemplate((line) => console.log(line));
  project.provide('pgliteTemplate', file);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
  }
}
