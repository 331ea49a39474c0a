import { beforeAll, describe, expect, it } from 'vitest';
import { expectEvery } from './fixtures';
import { allKeys, setupApi, type TestContext } from './helpers';

let t: TestContext;
let transgabon: string;
let ogooue: string;
let admin: string;
beforeAll(async () => {
  t = await setupApi();
  [transgabon, ogooue, admin] = await Promise.all([
    t.login('direction@transgabon.ga'),
    t.login('direction@ogooue-logistique.ga'),
    t.login('admin@yams.ga'),
  ]);
});

describe('GET /api/utilisateurs', () => {
  it('lists only the company’s own accounts for a transporteur', async () => {
    const mine = (await t.get('/api/utilisateurs', transgabon)).json().data as Array<{
      entreprise_id: number;
      email: string;
    }>;
    const me = (await t.get('/api/me', transgabon)).json().data;
    expect(mine.length).toBeGreaterThan(10);
    expectEvery(mine, (u) => u.entreprise_id === me.id);
    expect(mine.some((u) => u.email.endsWith('@ogooue-logistique.ga'))).toBe(false);
    const theirs = (await t.get('/api/utilisateurs', ogooue)).json().data as Array<{ email: string }>;
    expect(theirs.some((u) => u.email.endsWith('@transgabon.ga'))).toBe(false);
    expect(allKeys(mine).has('password')).toBe(false);
  });

  it('lets a superadmin see every account', async () => {
    const all = (await t.get('/api/utilisateurs?req_count=1', admin)).json().data;
    const tg = (await t.get('/api/utilisateurs?req_count=1', transgabon)).json().data;
    const og = (await t.get('/api/utilisateurs?req_count=1', ogooue)).json().data;
    expect(all).toBeGreaterThan(tg + og);
  });

  it('filters by type and sous_type, ignores empty values, and counts', async () => {
    const clients = (await t.get('/api/utilisateurs?type=client&req_count=1', transgabon)).json().data;
    expect(clients).toBeGreaterThan(0);
    const list = (await t.get('/api/utilisateurs?type=client&sous_type=', transgabon)).json().data as Array<{
      type: string;
    }>;
    expect(list).toHaveLength(clients);
    expectEvery(list, (u) => u.type === 'client');
    const entreprises = (await t.get('/api/utilisateurs?sous_type=entreprise&req_count', admin)).json().data;
    expect(entreprises).toBe(3);
    // 'Camionneurs' counts the company's truck drivers and the independent camionneurs alike.
    const camionneurs = (await t.get('/api/utilisateurs?sous_type=camionneur', admin)).json().data as Array<{
      type: string;
      sous_type: string | null;
    }>;
    expect(camionneurs.some((u) => u.type === 'camionneur')).toBe(true);
    expect(camionneurs.some((u) => u.type === 'transporteur' && u.sous_type === 'camionneur')).toBe(true);
    expectEvery(camionneurs, (u) => u.type === 'camionneur' || u.sous_type === 'camionneur');
    const tgDrivers = (await t.get('/api/utilisateurs?sous_type=coursier&req_count=1', transgabon)).json()
      .data;
    expect(tgDrivers).toBeGreaterThan(0);
    const bad = await t.get('/api/utilisateurs?type=pilote', transgabon);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(["Le type d'utilisateur n'est pas valide."]);
  });

  it('pages with Laravel’s paginator shape', async () => {
    const res = (await t.get('/api/utilisateurs?page=2&per_page=6', transgabon)).json().data;
    const total = (await t.get('/api/utilisateurs?req_count=1', transgabon)).json().data;
    expect(res).toMatchObject({
      current_page: 2,
      per_page: 6,
      total,
      last_page: Math.ceil(total / 6),
      from: 7,
      to: 12,
    });
    expect(res.data).toHaveLength(6);
    const defaults = (await t.get('/api/utilisateurs?page=1', transgabon)).json().data;
    expect(defaults.per_page).toBe(6);
    const beyond = (await t.get('/api/utilisateurs?page=99', transgabon)).json().data;
    expect(beyond).toMatchObject({ data: [], from: null, to: null });
    expect((await t.get('/api/utilisateurs?page=0', transgabon)).statusCode).toBe(422);
    expect((await t.get('/api/utilisateurs?per_page=abc', transgabon)).json().errors[0]).toBe(
      'Le nombre de lignes par page doit être un nombre.',
    );
    expect((await t.get('/api/utilisateurs?limit=3', transgabon)).json().data).toHaveLength(3);
  });

  it('shows the commercial’s name of a client', async () => {
    const clients = (await t.get('/api/utilisateurs?type=client', transgabon)).json().data as Array<{
      email: string;
      commercial_nom: string | null;
    }>;
    const demo = clients.find((c) => c.email === 'client@yams.ga');
    expect(demo?.commercial_nom).toBeTruthy();
  });

  it('counts as connected only accounts with an open tab, not those that merely called the API', async () => {
    // Signed in through the API but no realtime tab: not connected (realtime-presence.test.ts opens tabs).
    expect((await t.get('/api/utilisateurs/connected?req_count=1', transgabon)).json().data).toBe(0);
    expect((await t.get('/api/utilisateurs/connected', transgabon)).json().data).toEqual([]);
  });
});
