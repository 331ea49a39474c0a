// Cost of the audit triggers on writes through the API, not a test: the same writes with the
// triggers and without them, alternated, on a copy of the test template (built if the cache has none).
//   node --import tsx scripts/audit-write-timing.ts [rounds=300]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/client';
import { pgliteTemplate } from '../test/template';

const rounds = Number(process.argv[2] ?? 300);
const template = await pgliteTemplate();
const database = await openPglite({ loadDataDir: new Blob([fs.readFileSync(template)]) });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-audit-timing-'));
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir }), database, logger: false });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { email: 'direction@transgabon.ga', password: 'Yams2026!', source: 'timing' },
});
const headers = { authorization: `Bearer ${login.json().data.token}` };
const vehicules = (await app.inject({ method: 'GET', url: '/api/vehicules?limit=20', headers })).json()
  .data as Array<{
  id: number;
}>;
const garages = (await app.inject({ method: 'GET', url: '/api/garages?limit=1', headers })).json()
  .data as Array<{
  ville_id: number | null;
}>;

async function phase(label: string) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) {
    const v = vehicules[i % vehicules.length]!;
    const res = await app.inject({
      method: 'POST',
      url: `/api/vehicules/${v.id}/update`,
      payload: { modele: `Modèle ${label} ${i}` },
      headers,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  const update = (performance.now() - t0) / rounds;
  const cu = process.cpuUsage(c0);
  const updateCpu = (cu.user + cu.system) / 1000 / rounds;
  const c1 = process.cpuUsage();
  const t1 = performance.now();
  for (let i = 0; i < rounds; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/garages',
      payload: { nom: `Garage ${label} ${i} ${Date.now()}`, ville_id: garages[0]?.ville_id ?? null },
      headers,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  const create = (performance.now() - t1) / rounds;
  const cc = process.cpuUsage(c1);
  const createCpu = (cc.user + cc.system) / 1000 / rounds;
  console.log(
    `${label.padEnd(8)} vehicle update ${update.toFixed(2)} ms (CPU ${updateCpu.toFixed(2)} ms)/request, garage creation ${create.toFixed(2)} ms (CPU ${createCpu.toFixed(2)} ms)/request`,
  );
}

const triggers = async (enable: boolean) => {
  const tables = (await database.db.execute(
    sql`select distinct event_object_table as t from information_schema.triggers where trigger_name like 'audit_%' and event_object_table <> 'audit_log'`,
  )) as unknown as { rows: Array<{ t: string }> };
  for (const { t } of tables.rows) {
    for (const trigger of ['audit_insert', 'audit_update', 'audit_delete']) {
      await database.db.execute(
        sql.raw(`alter table "${t}" ${enable ? 'enable' : 'disable'} trigger ${trigger}`),
      );
    }
  }
};
await phase('warm-up');
for (const round of [1, 2, 3, 4]) {
  await triggers(true);
  await phase(`audit ${round}`);
  await triggers(false);
  await phase(`none ${round}`);
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
