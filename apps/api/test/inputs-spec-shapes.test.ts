import { beforeAll, describe, expect, it } from 'vitest';
import { data, type Fixtures, failed, type Json, setupFixtures } from './fixtures';

// What the specification's mobile clients send and read.

let ctx: Fixtures;
let clientId: number;

beforeAll(async () => {
  ctx = await setupFixtures();
  clientId = (await ctx.client(ctx.A, 'Spécification')).id;
});

const post = (url: string, body: unknown, token = ctx.A.token) => ctx.t.post(url, body, token);
const get = (url: string, token = ctx.A.token) => ctx.t.get(url, token);

describe("the invoice's lines as the specification names them: content", () => {
  const content = [
    { description: 'Transports de novembre', isTitle: true },
    // What a mobile app sends as it reads it back: net_a_payer is computed by the API, never taken.
    {
      description: 'Libreville – Franceville, 20 t',
      isTitle: false,
      qte: 2,
      prix_unitaire: 450_000,
      reduction: 0,
      net_a_payer: 1,
    },
    { description: 'Manutention', qte: 1, prix_unitaire: 100_000, reduction: 10_000 },
  ];
  const body = (extra: Record<string, unknown>) => ({
    date_operation: '2026-11-02',
    type: 'Normale',
    client_id: clientId,
    ...extra,
  });
  const lines = (f: Json) =>
    f.content.map((l: Json) => [
      l.description,
      l.isTitle,
      l.qte,
      l.prix_unitaire,
      l.reduction,
      l.net_a_payer,
    ]);

  it('creates and updates an invoice from content and answers content', async () => {
    const f = data(await post('/api/factures', body({ content })));
    expect(lines(f)).toEqual([
      ['Transports de novembre', true, null, null, 0, 0],
      ['Libreville – Franceville, 20 t', false, 2, 450_000, 0, 900_000],
      ['Manutention', false, 1, 100_000, 10_000, 90_000],
    ]);
    expect(f.total_ht).toBe(990_000);
    const updated = data(
      await post(
        `/api/factures/${f.id}/update`,
        body({ content: [{ description: 'Forfait', qte: 3, prix_unitaire: 50_000 }] }),
      ),
    );
    expect(lines(updated)).toEqual([['Forfait', false, 3, 50_000, 0, 150_000]]);
    expect(lines(data(await get(`/api/factures/${f.id}`)))).toEqual(lines(updated));
  });

  it('still takes lignes, its former name, and refuses both at once', async () => {
    const f = data(await post('/api/factures', body({ lignes: content })));
    expect(f.total_ht).toBe(990_000);
    failed(
      await post('/api/factures', body({ content, lignes: content })),
      422,
      'Les lignes se donnent une seule fois : dans « content » (« lignes » en est l’ancien nom).',
      'lignes',
    );
  });

  it('names the field the client sent in its errors', async () => {
    failed(
      await post('/api/factures', body({})),
      422,
      'Les lignes de la facture sont obligatoires.',
      'content',
    );
    failed(
      await post('/api/factures', body({ content: [{ description: 'X', qte: 0, prix_unitaire: 5 }] })),
      422,
      'La quantité doit être au moins 1.',
      'content.0.qte',
    );
    failed(
      await post('/api/factures', body({ lignes: [{ description: 'X', qte: 0, prix_unitaire: 5 }] })),
      422,
      'La quantité doit être au moins 1.',
      'lignes.0.qte',
    );
  });

  it('documents content in OpenAPI', async () => {
    const doc = (await get('/api/docs/json')).json();
    const schema = doc.paths['/api/factures'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['content', 'lignes']));
  });
});

describe('a plain list says when it was cut', () => {
  it('answers the first 1000 courses with truncated and the total, data still a list', async () => {
    const total = data(await get('/api/courses?req_count=1'));
    expect(total).toBeGreaterThan(1000);
    const res = (await get('/api/courses')).json();
    expect(res.success).toBe(true);
    expect(Array.isArray(res.data)).toBe(true);
    expect(res.data).toHaveLength(1000);
    expect(res).toMatchObject({ truncated: true, total });
  });

  it('says so for a limit too, and that a short list is whole', async () => {
    const total = data(await get('/api/courses?req_count=1'));
    expect((await get('/api/courses?limit=5')).json()).toMatchObject({ truncated: true, total });
    const villes = (await get('/api/villes')).json();
    expect(villes.truncated).toBe(false);
    expect(villes.total).toBeUndefined();
    expect(villes.data.length).toBe(data(await get('/api/villes?req_count=1')));
    // Paged answers and counts keep their shape.
    const page = (await get('/api/courses?page=2&per_page=10')).json();
    expect(page.truncated).toBeUndefined();
    expect(page.data).toMatchObject({ current_page: 2, per_page: 10, total });
  });

  it('is documented in OpenAPI on every list, endpoint lists included', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const path of ['/api/courses', '/api/villes', '/api/notifications', '/api/utilisateurs/connected']) {
      const schema = doc.paths[path].get.responses['200'].content['application/json'].schema;
      expect(schema.properties.truncated?.description, path).toMatch(/coupée/);
      expect(schema.properties.total, path).toBeDefined();
    }
    const detail = doc.paths['/api/courses/{id}'].get.responses['200'].content['application/json'].schema;
    expect(detail.properties.truncated).toBeUndefined();
  });
});

describe('a course given only its trajet', () => {
  let trajet: Json;
  const vehicule = async () => (await ctx.vehicule(ctx.A)).id;
  beforeAll(async () => {
    trajet = data(
      await post('/api/trajets', {
        libelle: 'Libreville – Franceville (spéc.)',
        montant: 850_000,
        ville_depart_id: ctx.villes.lbv,
        ville_arrivee_id: ctx.villes.fcv,
      }),
    );
  });
  const course = async (extra: Record<string, unknown>) => ({
    client_id: clientId,
    vehicule_id: await vehicule(),
    type_course: 'Transport de marchandises',
    date_chargement: '2026-11-20T08:00',
    ...extra,
  });

  it('takes its cities and its montant from the trajet', async () => {
    const c = data(await post('/api/courses', await course({ trajet_id: trajet.id })));
    expect([c.ville_depart.id, c.ville_arrivee.id, c.montant]).toEqual([
      ctx.villes.lbv,
      ctx.villes.fcv,
      850_000,
    ]);
    const stored = await ctx.storedCourse(c.id);
    expect([stored!.ville_depart_id, stored!.ville_arrivee_id, stored!.montant]).toEqual([
      ctx.villes.lbv,
      ctx.villes.fcv,
      850_000,
    ]);
  });

  it('keeps a montant given, and still refuses a city that is not the trajet’s', async () => {
    const c = data(await post('/api/courses', await course({ trajet_id: trajet.id, montant: 700_000 })));
    expect(c.montant).toBe(700_000);
    failed(
      await post('/api/courses', await course({ trajet_id: trajet.id, ville_depart_id: ctx.villes.pog })),
      422,
      `La ville de départ doit être celle du trajet « ${trajet.libelle} » : Libreville.`,
      'ville_depart_id',
    );
  });

  it('asks for what neither the course nor its trajet gives, on its own field', async () => {
    const vague = data(await post('/api/trajets', { libelle: 'Tournée à définir' }));
    failed(
      await post('/api/courses', await course({ trajet_id: vague.id })),
      422,
      'La ville de départ est obligatoire (le trajet « Tournée à définir » ne le précise pas).',
      'ville_depart_id',
    );
    failed(
      await post('/api/courses', await course({})),
      422,
      'La ville de départ est obligatoire.',
      'ville_depart_id',
    );
  });

  it('follows a new trajet sent alone on update', async () => {
    const c = data(
      await post(
        '/api/courses',
        await course({ ville_depart_id: ctx.villes.pog, ville_arrivee_id: ctx.villes.lbv, montant: 300_000 }),
      ),
    );
    const moved = data(await post(`/api/courses/${c.id}/update`, { trajet_id: trajet.id }));
    expect([moved.ville_depart.id, moved.ville_arrivee.id, moved.montant]).toEqual([
      ctx.villes.lbv,
      ctx.villes.fcv,
      300_000,
    ]);
  });
});
