import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from './helpers';

// `?sort=champ` / `?sort=-champ` on every list: the server sorts the whole selection before paging.

let t: TestContext;
let tg: string;
beforeAll(async () => {
  t = await setupApi();
  tg = await t.login('direction@transgabon.ga');
});

type Row = Record<string, unknown>;
const page = async (path: string, sort: string, perPage = 50): Promise<Row[]> => {
  const sep = path.includes('?') ? '&' : '?';
  const res = await t.get(`${path}${sep}sort=${sort}&page=1&per_page=${perPage}`, tg);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data;
};
const ascending = (values: (number | string)[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);

describe('numeric and date sorts, both directions', () => {
  const cases: Array<[string, string, (r: Row) => number | string]> = [
    ['/api/courses', 'montant', (r) => r.montant as number],
    ['/api/courses', 'date_chargement', (r) => r.date_chargement as string],
    ['/api/paiements', 'montant', (r) => r.montant as number],
    ['/api/paiements', 'date_operation', (r) => r.date_operation as string],
    ['/api/interventions', 'montant', (r) => r.montant as number],
    ['/api/interventions', 'date_debut', (r) => r.date_debut as string],
    ['/api/demandes', 'date_souhaitee', (r) => r.date_souhaitee as string],
    ['/api/utilisateurs', 'id', (r) => r.id as number],
  ];
  for (const [path, key, value] of cases) {
    it(`${path}?sort=${key} and -${key}`, async () => {
      const up = (await page(path, key)).map(value);
      const down = (await page(path, `-${key}`)).map(value);
      expect(up.length).toBeGreaterThan(1);
      expect(ascending(up)).toBe(true);
      expect(ascending([...down].reverse())).toBe(true);
      // The whole selection is sorted, not just one page: the extremes differ.
      expect(up[0]).not.toEqual(down[0]);
    });
  }
});

it('sorts on unique text keys: descending is ascending reversed', async () => {
  const all = (await t.get('/api/vehicules?req_count=1', tg)).json().data as number;
  const up = (await page('/api/vehicules', 'plaque', 100)).map((r) => r.plaque);
  const down = (await page('/api/vehicules', '-plaque', 100)).map((r) => r.plaque);
  expect(up).toHaveLength(all);
  expect(down).toEqual([...up].reverse());
  const phones = (await page('/api/utilisateurs?type=client', '-telephone1', 100)).map((r) => r.telephone1);
  expect(phones.length).toBeGreaterThan(1);
  expect(phones[0]).not.toEqual(phones.at(-1));
  // A client without a phone comes last, whichever the direction.
  const u = (await t.get('/api/utilisateurs?type=client&page=1&per_page=1', tg)).json().data.data[0];
  const cleared = await t.post(`/api/utilisateurs/${u.id}/update`, { telephone1: null }, tg);
  expect(cleared.json().data.telephone1).toBeNull();
  for (const sort of ['telephone1', '-telephone1']) {
    expect((await page('/api/utilisateurs?type=client', sort, 5))[0]!.telephone1).not.toBeNull();
  }
  const codes = (await page('/api/courses?date_debut=2000-01-01', 'code', 10)).map((r) => r.code);
  expect(codes).toEqual([...codes].sort());
});

it('refuses an unknown sort field with a French 422 naming the possible ones', async () => {
  const res = await t.get('/api/courses?sort=mot_de_passe&page=1', tg);
  expect(res.statusCode).toBe(422);
  expect(res.json().data.fields.sort).toMatch(
    /^Cette liste ne peut pas être triée par « mot_de_passe » \(possible : code, /,
  );
  const bad = await t.get('/api/vehicules?sort=plaque;drop', tg);
  expect(bad.statusCode).toBe(422);
  expect(bad.json().errors).toEqual([
    'Cette liste ne peut pas être triée par « plaque;drop » (possible : plaque, marque, modele, tonnage, statut, annee, created_at).',
  ]);
  // An empty sort is no sort.
  expect((await t.get('/api/vehicules?sort=&page=1', tg)).statusCode).toBe(200);
});

describe('the tie-break follows the sort direction (one index serves both directions)', () => {
  // The last 45 days: a few hundred rows, under the unpaged cap of 1000.
  const since = `date_debut=${new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10)}`;
  const all = async (path: string, sort: string): Promise<Row[]> => {
    const sep = path.includes('?') ? '&' : '?';
    const res = await t.get(`${path}${sep}sort=${sort}&limit=1000`, tg);
    expect(res.statusCode, res.body).toBe(200);
    const rows: Row[] = res.json().data;
    expect(rows.length).toBeLessThan(1000);
    return rows;
  };
  const cases: Array<[string, string, string]> = [
    ['/api/courses', 'statut', 'date_chargement'],
    ['/api/courses', 'type_course', 'date_chargement'],
    ['/api/courses', 'montant', 'date_chargement'],
    ['/api/paiements', 'statut', 'date_operation'],
    ['/api/paiements', 'mode', 'date_operation'],
  ];
  for (const [path, key, date] of cases) {
    it(`${path} sort=${key}: descending is exactly ascending reversed, ties by ${date} then id`, async () => {
      const up = await all(`${path}?${since}`, key);
      const down = await all(`${path}?${since}`, `-${key}`);
      expect(up.length).toBeGreaterThan(5);
      expect(down.map((r) => r.id)).toEqual([...up].reverse().map((r) => r.id));
      // Ascending: within one value, the oldest first (the default order's columns, ascending).
      const tie = (r: Row) => [r[key], Date.parse(r[date] as string), r.id as number] as const;
      let ties = 0;
      for (let i = 1; i < up.length; i++) {
        const [k0, d0, id0] = tie(up[i - 1]!);
        const [k1, d1, id1] = tie(up[i]!);
        if (k0 !== k1) continue;
        ties++;
        expect(d0 < d1 || (d0 === d1 && id0 < id1), `${key}=${String(k0)}: ${id0} before ${id1}`).toBe(true);
      }
      expect(ties).toBeGreaterThan(0);
    });
  }

  it('a nullable column: empty values last both ways, the rest mirrored', async () => {
    const path = `/api/courses?${since}`;
    const up = await all(path, 'date_dechargement');
    const down = await all(path, '-date_dechargement');
    const filled = (rows: Row[]) => rows.filter((r) => r.date_dechargement !== null).map((r) => r.id);
    const empty = (rows: Row[]) => rows.filter((r) => r.date_dechargement === null).map((r) => r.id);
    expect(empty(up).length).toBeGreaterThan(0);
    expect(filled(up).length).toBeGreaterThan(1);
    expect(up.slice(-empty(up).length).every((r) => r.date_dechargement === null)).toBe(true);
    expect(down.slice(-empty(down).length).every((r) => r.date_dechargement === null)).toBe(true);
    expect(filled(down)).toEqual([...filled(up)].reverse());
    // Among the empty ones, the tie-break too follows the direction.
    expect(empty(down)).toEqual([...empty(up)].reverse());
  });
});

describe('sorts on another table: the plate and the client name copied on the row, kept by triggers', () => {
  const since = `date_debut=${new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10)}`;
  const all = async (path: string, sort: string): Promise<Row[]> => {
    const res = await t.get(`${path}&sort=${sort}&limit=1000`, tg);
    expect(res.statusCode, res.body).toBe(200);
    const rows: Row[] = res.json().data;
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(1000);
    return rows;
  };
  const plaque = (r: Row) => (r.vehicule as { plaque: string }).plaque;
  const clientOf = (r: Row) => r.client as { id: number; nom_complet: string };
  /** Each key's rows in one block, the blocks in the given order of keys. */
  const inBlocks = <K>(keys: K[], order: K[]) => {
    const seen: K[] = keys.filter((k, i) => i === 0 || keys[i - 1] !== k);
    expect(new Set(seen).size, 'each value in one block').toBe(seen.length);
    const rank = seen.map((k) => order.indexOf(k));
    expect(rank.every((r) => r >= 0)).toBe(true);
    expect(rank).toEqual([...rank].sort((a, b) => a - b));
  };

  it('courses by plate, both directions, in the order of the vehicles sorted by plate', async () => {
    const plates = (await page('/api/vehicules', 'plaque', 100)).map((r) => r.plaque as string);
    const up = await all(`/api/courses?${since}`, 'vehicule');
    const down = await all(`/api/courses?${since}`, '-vehicule');
    inBlocks(up.map(plaque), plates);
    expect(down.map((r) => r.id)).toEqual([...up].reverse().map((r) => r.id));
  });

  it('a new plate and a renamed client move their courses and payments at once', async () => {
    const [course] = await all(`/api/courses?${since}`, '-date_chargement');
    const v = (course!.vehicule as { id: number }).id;
    const renamed = await t.post(`/api/vehicules/${v}/update`, { plaque: 'AA-000-AA' }, tg);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const byPlate = await all(`/api/courses?${since}`, 'vehicule');
    expect(plaque(byPlate[0]!)).toBe('AA-000-AA');
    expect(byPlate.filter((r) => plaque(r) === 'AA-000-AA').map((r) => r.id)).toContain(course!.id);

    const client = clientOf(course!).id;
    const entries = (await t.get(`/api/courses/${course!.id}/historique?page=1&per_page=50`, tg)).json().data
      .length as number;
    expect(entries).toBeGreaterThan(0);
    const res = await t.post(
      `/api/utilisateurs/${client}/update`,
      { nom: '000 Premier', prenom: 'Client' },
      tg,
    );
    expect(res.statusCode, res.body).toBe(200);
    // The copy is derived data: the course's history records no change for it (the client's own does).
    const history = await t.get(`/api/courses/${course!.id}/historique?page=1&per_page=50`, tg);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data).toHaveLength(entries);
    expect(history.body).not.toContain('tri_');
    const own = await t.get(`/api/utilisateurs/${client}/historique?page=1&per_page=50`, tg);
    expect(own.body).toContain('000 Premier');
    const byClient = await all(`/api/courses?${since}`, 'client');
    expect(clientOf(byClient[0]!)).toEqual({ id: client, nom_complet: '000 Premier Client' });
    expect((await all(`/api/courses?${since}`, '-client')).at(-1)!.client).toEqual(clientOf(byClient[0]!));
    // Namesakes share a block (the name is the key, then the date).
    const names = byClient.map((r) => clientOf(r).nom_complet);
    inBlocks(names, [...new Set(names)]);

    // The payments sorted by client: a renamed payer's payments come first, names in blocks.
    const [payment] = await all(`/api/paiements?${since}`, '-date_operation');
    const payer = clientOf(payment!).id;
    const again = await t.post(`/api/utilisateurs/${payer}/update`, { nom: '000 Payeur', prenom: 'A' }, tg);
    expect(again.statusCode, again.body).toBe(200);
    const payments = await all(`/api/paiements?${since}`, 'client');
    expect(clientOf(payments[0]!)).toEqual({ id: payer, nom_complet: '000 Payeur A' });
    const payers = payments.map((r) => clientOf(r).nom_complet);
    inBlocks(payers, [...new Set(payers)]);
  });

  it('payments by course code follow the codes', async () => {
    const rows = await all(`/api/paiements?${since}`, 'course');
    const codes = rows.map((r) => (r.course as { code: string }).code);
    expect(codes).toEqual([...codes].sort());
    const down = await all(`/api/paiements?${since}`, '-course');
    expect(down.map((r) => r.id)).toEqual([...rows].reverse().map((r) => r.id));
  });
});

describe('deep pages: the ids of the page through the index, then the names of those rows only', () => {
  for (const sort of ['', '&sort=montant', '&sort=client', '&sort=-vehicule']) {
    it(`page k of per_page 7${sort || ' (default order)'} is the slice of the whole list`, async () => {
      const whole: Row[] = (await t.get(`/api/courses?limit=1000${sort}`, tg)).json().data;
      expect(whole.length).toBeGreaterThan(60);
      for (const page of [1, 4, Math.floor(whole.length / 7)]) {
        const answer = (await t.get(`/api/courses?page=${page}&per_page=7${sort}`, tg)).json().data;
        expect(answer.data).toEqual(whole.slice((page - 1) * 7, page * 7));
      }
    });
  }
});

describe('the month filter (req_period) read as two index ranges: the same rows as the OR of both dates', () => {
  // Last month in Libreville (UTC+1), and every course loaded from two months before it (a superset).
  const now = new Date(Date.now() + 3_600_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const period = first.toISOString().slice(0, 7);
  const start = first.getTime() - 3_600_000;
  const end = next.getTime() - 3_600_000;
  const inMonth = (v: unknown) => typeof v === 'string' && Date.parse(v) >= start && Date.parse(v) < end;
  const since = new Date(first.getTime() - 60 * 86_400_000).toISOString().slice(0, 10);

  for (const sort of ['', '&sort=montant', '&sort=-date_dechargement', '&sort=statut']) {
    it(`req_period=${period}${sort}: every page as the filter computed here`, async () => {
      const wide = await t.get(`/api/courses?date_debut=${since}&limit=1000${sort}`, tg);
      const rows: Row[] = wide.json().data;
      expect(rows.length).toBeLessThan(1000);
      const expected = rows.filter((r) => inMonth(r.date_chargement) || inMonth(r.date_dechargement));
      // Both kinds are there: loaded in the month, and loaded before it but unloaded in it.
      expect(expected.filter((r) => inMonth(r.date_chargement)).length).toBeGreaterThan(5);
      expect(expected.some((r) => !inMonth(r.date_chargement))).toBe(true);

      const all = await t.get(`/api/courses?req_period=${period}&limit=1000${sort}`, tg);
      expect(all.json().data.map((r: Row) => r.id)).toEqual(expected.map((r) => r.id));
      const count = await t.get(`/api/courses?req_period=${period}&req_count=1`, tg);
      expect(count.json().data).toBe(expected.length);
      const p2 = await t.get(`/api/courses?req_period=${period}&page=2&per_page=5${sort}`, tg);
      expect(p2.json().data.total).toBe(expected.length);
      expect(p2.json().data.data.map((r: Row) => r.id)).toEqual(expected.slice(5, 10).map((r) => r.id));
    });
  }
});

describe('the search read as two parts (code by trigrams, then the client): the same rows as before', () => {
  const since = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const text = (r: Row) =>
    [r.code as string, (r.client as { nom_complet: string }).nom_complet].map((s) => s.toLowerCase());
  const check = async (term: string, sort: string) => {
    const wide: Row[] = (await t.get(`/api/courses?date_debut=${since}&limit=1000${sort}`, tg)).json().data;
    expect(wide.length).toBeLessThan(1000);
    const expected = wide.filter((r) => text(r).some((s) => s.includes(term.toLowerCase())));
    expect(expected.length).toBeGreaterThan(0);
    const q = `/api/courses?date_debut=${since}&search=${encodeURIComponent(term)}${sort}`;
    const all = await t.get(`${q}&limit=1000`, tg);
    expect(all.json().data.map((r: Row) => r.id)).toEqual(expected.map((r) => r.id));
    expect((await t.get(`${q}&req_count=1`, tg)).json().data).toBe(expected.length);
    const p1 = (await t.get(`${q}&page=1&per_page=2`, tg)).json().data;
    expect(p1.total).toBe(expected.length);
    expect(p1.data.map((r: Row) => r.id)).toEqual(expected.slice(0, 2).map((r) => r.id));
    const p3 = (await t.get(`${q}&page=3&per_page=2`, tg)).json().data;
    expect(p3.data.map((r: Row) => r.id)).toEqual(expected.slice(4, 6).map((r) => r.id));
    return expected;
  };

  it('a code, typed in lower case: that course', async () => {
    const [course] = (await t.get(`/api/courses?date_debut=${since}&page=1&per_page=1`, tg)).json().data.data;
    const found = await check((course.code as string).toLowerCase(), '');
    expect(found.map((r) => r.id)).toContain(course.id);
    await check((course.code as string).slice(-3), '&sort=-montant');
  });

  it('the start of a code (`CRS-2026-00`, any case): its prefix, read from its own index', async () => {
    const [course] = (await t.get(`/api/courses?date_debut=${since}&page=1&per_page=1`, tg)).json().data.data;
    const prefix = (course.code as string).slice(0, 11);
    expect(prefix).toMatch(/^[A-Z]+-\d{4}-\d{2}$/);
    const found = await check(prefix.toLowerCase(), '&sort=montant');
    expect(found.length).toBeGreaterThan(5);
    // A wildcard typed in a code is a character, not « anything ».
    const none = await t.get(`/api/courses?search=${encodeURIComponent(`${prefix}%`)}&req_count=1`, tg);
    expect(none.json().data).toBe(0);
  });

  it("a client's name: the client's courses, in any order asked", async () => {
    const rows: Row[] = (await t.get(`/api/courses?date_debut=${since}&limit=1000`, tg)).json().data;
    const name = (rows.at(-1)!.client as { nom_complet: string }).nom_complet;
    const found = await check(name, '&sort=statut');
    expect(found.length).toBeGreaterThan(1);
    await check(name.split(' ')[0]!, '');
  });
});
