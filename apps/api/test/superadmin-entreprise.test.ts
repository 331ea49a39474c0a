import { beforeAll, describe, expect, it } from 'vitest';
import { expectEvery, type Fixtures, inDays, setupFixtures } from './fixtures';

// A superadmin tells companies apart (Entreprise column and filter) and names the company of
// what it creates.

let f: Fixtures;
beforeAll(async () => {
  f = await setupFixtures();
});

type Row = { id: number; entreprise_id: number; entreprise_nom?: string | null };
const list = async (url: string, token: string) => (await f.t.get(url, token)).json().data as Row[];

describe('a superadmin’s lists', () => {
  it('carry each row’s company name and filter on ?entreprise=id', async () => {
    for (const path of [
      '/api/courses',
      '/api/vehicules',
      '/api/paiements',
      '/api/interventions',
      '/api/garages',
    ]) {
      const all = await list(`${path}?limit=1000`, f.admin);
      expect(new Set(all.map((r) => r.entreprise_id)).size, path).toBeGreaterThan(1);
      expectEvery(all, (r) => typeof r.entreprise_nom === 'string' && r.entreprise_nom.length > 0, path);
      const a = await list(`${path}?limit=1000&entreprise=${f.A.id}`, f.admin);
      expectEvery(
        a,
        (r) => r.entreprise_id === f.A.id && r.entreprise_nom === 'TransGabon SARL',
        `${path} A`,
      );
      const count = (await f.t.get(`${path}?req_count=1&entreprise=${f.B.id}`, f.admin)).json().data;
      const b = await list(`${path}?limit=1000&entreprise=${f.B.id}`, f.admin);
      expect(b.length, path).toBe(Math.min(count, 1000));
      expectEvery(b, (r) => r.entreprise_id === f.B.id, `${path} B`);
      // One row's detail names its company too (the detail dialog's 'Entreprise').
      const one = (await f.t.get(`${path}/${a[0]!.id}`, f.admin)).json().data as Row;
      expect(one.entreprise_nom, path).toBe('TransGabon SARL');
      const own = (await f.t.get(`${path}/${a[0]!.id}`, f.A.token)).json().data as Row;
      expect(own.entreprise_nom, path).toBeUndefined();
    }
  });

  it('a company’s ?entreprise changes nothing and its rows carry no company name', async () => {
    const own = await list('/api/courses?limit=50', f.B.token);
    const asked = await list(`/api/courses?limit=50&entreprise=${f.A.id}`, f.B.token);
    expect(asked.map((r) => r.id)).toEqual(own.map((r) => r.id));
    expectEvery(asked, (r) => r.entreprise_id === f.B.id && r.entreprise_nom === undefined);
  });
});

describe('a superadmin creates for a company it names', () => {
  it('refuses a course, a vehicle or a demande without it (field entreprise_id), then stores it there', async () => {
    const client = await f.client(f.A);
    const vehicule = await f.vehicule(f.A);
    const course = {
      client_id: client.id,
      vehicule_id: vehicule.id,
      type_course: 'Livraison',
      ville_depart_id: f.villes.lbv,
      ville_arrivee_id: f.villes.fcv,
      date_chargement: '2026-12-01T08:00:00.000Z',
      montant: 50_000,
    };
    const demande = {
      client_id: client.id,
      type_course: 'Livraison',
      ville_depart_id: f.villes.lbv,
      ville_arrivee_id: f.villes.fcv,
      date_souhaitee: inDays(31),
    };
    for (const [url, body] of [
      ['/api/courses', course],
      ['/api/demandes', demande],
    ] as const) {
      const refused = await f.t.post(url, body, f.admin);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().data.fields.entreprise_id).toBe("L'entreprise est obligatoire.");
      const made = await f.t.post(url, { ...body, entreprise_id: f.A.id }, f.admin);
      expect(made.statusCode, made.body).toBe(200);
    }
    const d = (await list(`/api/demandes?limit=1000&client=${client.id}`, f.A.token))[0] as Row & {
      cree_par_entreprise_id: number;
    };
    expect(d.cree_par_entreprise_id).toBe(f.A.id);
  });
});
