import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT } from '../src/lib/pagination';
import { data, type Fixtures, setupFixtures } from './fixtures';

// A list page never counts a long history exactly (lib/pagination.ts): past EXACT_COUNT_LIMIT rows its
// `total` is PostgreSQL's estimate, flagged `total_estime` (the screens say 'plus de 10 000'); `req_count`
// and any selection under the limit stay exact.
let f: Fixtures;
const HISTORY = EXACT_COUNT_LIMIT + 50;

beforeAll(async () => {
  f = await setupFixtures();
  // Raw on purpose: ten thousand courses through the services would take minutes; copies of one of B's
  // courses, triggers off (the statistics they keep are not what this file reads).
  await f.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into courses (entreprise_id, code, client_id, vehicule_id, chauffeur_id, type_course,
        type_marchandise_id, ville_depart_id, ville_arrivee_id, adresse_chargement, date_chargement,
        date_dechargement, poids_kg, montant, montant_paye, etat, statut, created_at, updated_at)
      select entreprise_id, 'CRS-EST-' || g, client_id, vehicule_id, chauffeur_id, type_course,
        type_marchandise_id, ville_depart_id, ville_arrivee_id, adresse_chargement, date_chargement,
        date_dechargement, poids_kg, montant, montant_paye, etat, statut, created_at, updated_at
      from courses, generate_series(1, ${HISTORY}) g
      where id = (select min(id) from courses where entreprise_id = ${f.B.id})`);
  });
  await f.db.execute(sql`analyze courses`);
});

const countOf = async (where: ReturnType<typeof sql>) =>
  Number(
    (
      (await f.db.execute(sql`select count(*)::int as n from courses where ${where}`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows[0]!.n,
  );

describe('a list past EXACT_COUNT_LIMIT rows', () => {
  it('pages with an estimated total, flagged, and req_count stays exact', async () => {
    const exact = await countOf(sql`entreprise_id = ${f.B.id}`);
    expect(exact).toBeGreaterThan(HISTORY - 1);
    for (let round = 0; round < 2; round++) {
      const page = data(await f.t.get('/api/courses?page=2&per_page=6', f.B.token));
      expect(page.total_estime).toBe(true);
      expect(page.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
      // PostgreSQL's statistics after ANALYZE: within a tenth of the truth.
      expect(Math.abs(page.total - exact)).toBeLessThan(exact / 10);
      expect(page.data).toHaveLength(6);
      expect(page.from).toBe(7);
      expect(page.last_page).toBe(Math.ceil(page.total / 6));
    }
    expect(data(await f.t.get('/api/courses?req_count=1', f.B.token))).toBe(exact);
  });

  it('counts exactly a selection under the limit, and another company’s list', async () => {
    const search = await f.t.get('/api/courses?page=1&per_page=6&search=CRS-EST-1', f.B.token);
    const narrowed = data(search);
    expect(narrowed.total_estime).toBeUndefined();
    expect(narrowed.total).toBe(await countOf(sql`entreprise_id = ${f.B.id} and code like 'CRS-EST-1%'`));
    const own = data(await f.t.get('/api/courses?page=1&per_page=6', f.A.token));
    expect(own.total_estime).toBeUndefined();
    expect(own.total).toBe(await countOf(sql`entreprise_id = ${f.A.id}`));
    // A page past the end has no row to carry the count: counted apart, the same.
    const past = data(await f.t.get('/api/courses?page=9999&per_page=6', f.A.token));
    expect(past.data).toEqual([]);
    expect(past.total).toBe(own.total);
    expect(past.from).toBeNull();
  });
});
