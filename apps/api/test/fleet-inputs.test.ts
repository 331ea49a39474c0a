import { MSG, REFERENCE_TABLES } from '@yams/shared';
import { beforeAll, expect, it } from 'vitest';
import { type Fixtures, setupFixtures } from './fixtures';

// Whatever a client sends, the fleet and reference routes answer a French envelope, never a 500.

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

const tables = Object.keys(REFERENCE_TABLES);
const posts = [
  ...tables.flatMap((t) => [`/api/${t}`, `/api/${t}/1/update`, `/api/${t}/1/destroy`]),
  '/api/vehicules',
  '/api/vehicules/1/update',
  '/api/vehicules/1/destroy',
  '/api/vehicules/destroy-group',
  '/api/documents',
  '/api/documents/1/update',
  '/api/documents/1/destroy',
  '/api/interventions',
  '/api/interventions/1/update',
  '/api/interventions/1/confirm',
  '/api/interventions/1/destroy',
  '/api/interventions/destroy-group',
];
const bodies: unknown[] = [
  [],
  'texte',
  42,
  null,
  {},
  { selected_lines: 'x' },
  { selected_lines: [99999999999] },
  { lignes: 'abc' },
  { lignes: [null, { kind: 'article', article_id: 99999999999, qte: 1 }] },
  { plaque: 123, marque: ['x'], type_vehicule_id: { $ne: 1 } },
  { fichier: 42, camion_id: -1, libelle: { a: 1 } },
  { vehicule_id: 99999999999, garage_id: '1; drop table', type: 'Entretien', date_debut: '2026-99-99' },
  { code: 'X'.repeat(500), libelle: 'é'.repeat(5000), montant: 1e30, ville_id: 99999999999 },
];

it('never answers 500 to an odd body, on any fleet or reference POST route', async () => {
  // The superadmin takes other paths only for the company of a new row: the object bodies are enough.
  const runs: Array<[string, unknown[]]> = [
    [ctx.A.token, bodies],
    [ctx.admin, bodies.slice(-4)],
  ];
  for (const [token, list] of runs) {
    for (const url of posts) {
      for (const body of list) {
        const res = await ctx.t.post(url, body, token);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().errors[0], url).toMatch(/[a-zé]/);
      }
    }
  }
  for (const url of posts) {
    const raw = await ctx.t.app.inject({
      method: 'POST',
      url,
      payload: '{pas du json',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.A.token}` },
    });
    expect(raw.statusCode, url).toBe(400);
    expect(raw.json().errors, url).toEqual([MSG.invalidJson]);
  }
}, 60_000);

it('never answers 500 to odd ids and filters', async () => {
  const urls = [
    '/api/vehicules/99999999999',
    '/api/vehicules?type=99999999999',
    '/api/vehicules?proprietaire=-3&statut=%27%3B',
    '/api/documents?camion_id=99999999999',
    '/api/documents?req_period=2026-1&expire_avant=31/12/2026',
    '/api/documents/1/fichier',
    '/api/documents/abc/fichier',
    '/api/interventions?vehicule=99999999999&garage=1.5',
    '/api/interventions?date_debut=2026-02-30',
    '/api/interventions?search=%25%5F%5C',
    ...tables.map((t) => `/api/${t}/99999999999`),
    ...tables.map((t) => `/api/${t}?search=${encodeURIComponent("'%_\\")}&page=abc`),
  ];
  for (const url of urls) {
    const res = await ctx.t.get(url, ctx.A.token);
    expect(res.statusCode, url).toBeLessThan(500);
    expect(res.statusCode, url).toBeGreaterThanOrEqual(url.includes('search=%25') ? 200 : 400);
  }
  // Every route needs a signed-in user.
  for (const url of [
    '/api/vehicules',
    '/api/documents',
    '/api/interventions',
    '/api/villes',
    '/api/garages',
  ]) {
    expect((await ctx.t.get(url)).statusCode, url).toBe(401);
  }
});

it('documents every fleet and reference route in the OpenAPI description', async () => {
  const doc = (await ctx.t.get('/api/docs/json')).json();
  expect(doc.paths['/api/vehicules'].get).toBeDefined();
  expect(doc.paths['/api/vehicules/destroy-group'].post).toBeDefined();
  expect(doc.paths['/api/documents/{id}/fichier'].get).toBeDefined();
  expect(doc.paths['/api/interventions/{id}/confirm'].post).toBeDefined();
  expect(doc.paths['/api/microservice/api-courses/villes/{id}/destroy'].post).toBeDefined();
  for (const t of tables) expect(doc.paths[`/api/${t}/{id}/update`].post, t).toBeDefined();
});
