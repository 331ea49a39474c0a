// Seed timing with and without the audit triggers: `node --import tsx scripts/audit-seed-timing.ts [off]`.
import { sql } from 'drizzle-orm';
import { openPglite } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';

// In memory, opened as the app opens it (extensions included).
const database = await openPglite({});
await migrate(database);
if (process.argv[2] === 'off') await database.db.execute(sql`DROP FUNCTION audit_ecrire() CASCADE`);
const t0 = performance.now();
const c0 = process.cpuUsage();
await seedDemo(database.db);
const ms = performance.now() - t0;
const cpu = process.cpuUsage(c0);
const n = (await database.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as {
  rows: unknown[];
};
const by = (await database.db.execute(
  sql`select table_name, action, count(*)::int n from audit_log group by 1, 2 order by 3 desc limit 12`,
)) as unknown as { rows: unknown[] };
console.log(
  `seed ${Math.round(ms)} ms wall, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU, audit rows`,
  n.rows[0],
  by.rows,
);
const sample = (await database.db.execute(
  sql`select * from audit_log order by id desc limit 3`,
)) as unknown as { rows: unknown[] };
console.log(JSON.stringify(sample.rows, null, 1).slice(0, 3000));
await database.close();
