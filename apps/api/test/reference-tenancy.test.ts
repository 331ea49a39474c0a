import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles, fournisseurs, garages, services, trajets } from '../src/db/schema';
import { data, expectEvery, type Fixtures, failed, setupFixtures } from './fixtures';

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

const TABLES = [
  ['articles', articles, "Cet article n'existe pas.", { nom: 'Piraté' }],
  ['garages', garages, "Ce garage n'existe pas.", { nom: 'Piraté' }],
  ['services', services, "Ce service n'existe pas.", { libelle: 'Piraté' }],
  ['fournisseurs', fournisseurs, "Ce fournisseur n'existe pas.", { nom: 'Piraté' }],
  ['trajets', trajets, "Ce trajet n'existe pas.", { libelle: 'Piraté' }],
] as const;

describe.each(TABLES)('%s of another company', (table, pgTable, notFound, change) => {
  it('are never listed, counted, searched, read, changed or deleted (404 like a missing row)', async () => {
    const { t, A, B, admin } = ctx;
    const mine = data(await t.get(`/api/${table}`, A.token)) as Array<{ id: number; entreprise_id: number }>;
    const theirs = data(await t.get(`/api/${table}`, B.token)) as Array<{
      id: number;
      entreprise_id: number;
    }>;
    expect(mine.length).toBeGreaterThan(0);
    expectEvery(mine, (r) => r.entreprise_id === A.id);
    expectEvery(theirs, (r) => r.entreprise_id === B.id);
    const everything = data(await t.get(`/api/${table}?req_count=1`, admin));
    expect(everything).toBeGreaterThanOrEqual(mine.length + theirs.length);
    expect(data(await t.get(`/api/${table}?req_count=1`, B.token))).toBe(theirs.length);
    const paged = data(await t.get(`/api/${table}?page=1&per_page=100`, B.token));
    expect(paged.data.some((r: { id: number }) => mine.some((m) => m.id === r.id))).toBe(false);

    const target = mine[0]!;
    failed(await t.get(`/api/${table}/${target.id}`, B.token), 404, notFound);
    failed(await t.post(`/api/${table}/${target.id}/update`, change, B.token), 404, notFound);
    failed(await t.post(`/api/${table}/${target.id}/destroy`, {}, B.token), 404, notFound);
    const [stored] = await t.database.db.select().from(pgTable).where(eq(pgTable.id, target.id));
    expect(stored).toMatchObject(
      Object.fromEntries(Object.keys(change).map((k) => [k, (target as never)[k]])),
    );
    // The superadmin sees it.
    expect(data(await t.get(`/api/${table}/${target.id}`, admin)).id).toBe(target.id);
  });
});

it('a search never reaches another company’s rows', async () => {
  const { t, B } = ctx;
  const tgOnly = data(await t.post('/api/garages', { nom: 'Garage Secret TransGabon' }, ctx.A.token));
  expect(data(await t.get('/api/garages?search=Secret', B.token))).toEqual([]);
  expect(data(await t.get('/api/garages?search=Secret&req_count=1', B.token))).toBe(0);
  expect(data(await t.get('/api/garages?search=Secret', ctx.A.token))[0].id).toBe(tgOnly.id);
});
