import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import * as schema from '../src/db/schema';

const client = await PGlite.create();
const database: Database = {
  db: drizzle(client, { schema }) as never,
  kind: 'pglite',
  close: () => client.close(),
};
await migrate(database);
await client.query(`insert into users (name, type, email) values ('x','transporteur','x@x')`);
async function run(label: string, setup: string, n: number, bulk = false) {
  await client.exec(setup);
  const c0 = process.cpuUsage();
  if (bulk)
    await client.query(
      `insert into garages (entreprise_id, nom) select 1, 'g' || i from generate_series(1, ${n}) i`,
    );
  else
    for (let i = 0; i < n; i++)
      await client.query(`insert into garages (entreprise_id, nom) values (1, $1)`, [`${label}${i}`]);
  const c = process.cpuUsage(c0);
  console.log(label, ((c.user + c.system) / 1000 / n).toFixed(3), 'ms CPU/row');
}
await run('off-single', "set yams.audit = 'off'", 2000);
await run('on-single', "set yams.audit = 'on'", 2000);
await run('off-single', "set yams.audit = 'off'", 2000);
await run('on-single', "set yams.audit = 'on'", 2000);
await run('off-bulk', "set yams.audit = 'off'", 20000, true);
await run('on-bulk', "set yams.audit = 'on'", 20000, true);
await client.exec('DROP FUNCTION audit_ecrire() CASCADE');
await run('none-single', '', 2000);
await run('none-bulk', '', 20000, true);
