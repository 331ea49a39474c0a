import { beforeAll, describe, expect, it } from 'vitest';
import { type Company, type Fixtures, inDays, type Json, setupFixtures } from './fixtures';

// Optimistic concurrency on every update route of the route builder. The client sends
// back the version it read (the ETag of `GET {path}/{id}` in `If-Match`, or `updated_at` in the body); a
// row changed meanwhile answers 409 with a French message naming who changed it and when, and nothing is
// written. An update without a version (the specification's mobile apps) is applied as before.

let ctx: Fixtures;
let collegue: Company;
let collegueNom: string;
beforeAll(async () => {
  ctx = await setupFixtures();
  collegue = await ctx.collegue(ctx.A);
  const me = (await ctx.t.get('/api/me', collegue.token)).json().data;
  collegueNom = [me.nom, me.prenom].filter(Boolean).join(' ') || me.name;
}, 120_000);

const piece = async (token: string) => {
  const res = await ctx.t.post(
    '/api/piece_de_caisses',
    {
      date_operation: inDays(0),
      beneficiaire: 'Garage Nord',
      decaisseur: 'Caisse centrale',
      montant: 25_000,
      libelle: `Vidange ${Math.random().toString(36).slice(2, 7)}`,
      motif: '<p>Vidange du camion</p>',
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
};

describe('two tabs on one cash voucher', () => {
  it('the stale save is refused with who and when; the first save stays', async () => {
    const p = await piece(ctx.A.token);
    const read = await ctx.t.get(`/api/piece_de_caisses/${p.id}`, ctx.A.token);
    const etag = read.headers.etag as string;
    expect(etag).toBe(`"${read.json().data.updated_at}"`);

    // The colleague saves first, from the same version.
    const first = await ctx.t.post(
      `/api/piece_de_caisses/${p.id}/update`,
      { montant: 30_000 },
      collegue.token,
      { 'if-match': etag },
    );
    expect(first.statusCode, first.body).toBe(200);

    // The stale tab (If-Match, then updated_at in the body) is refused: 409 in French, nothing written.
    for (const [body, headers] of [
      [{ montant: 20_000 }, { 'if-match': etag }],
      [{ montant: 20_000, updated_at: read.json().data.updated_at }, {}],
    ] as const) {
      const stale = await ctx.t.post(`/api/piece_de_caisses/${p.id}/update`, body, ctx.A.token, headers);
      expect(stale.statusCode, stale.body).toBe(409);
      const message = stale.json().errors[0] as string;
      expect(message).toMatch(
        /^Cette fiche a été modifiée par .+ le \d\d\/\d\d\/\d{4} à \d\d:\d\d : rechargez-la avant de l'enregistrer\.$/,
      );
      expect(message).toContain(`par ${collegueNom} le`);
      expect(stale.json().data.modifie_par).toBe(collegueNom);
    }
    const stored = (await ctx.t.get(`/api/piece_de_caisses/${p.id}`, ctx.A.token)).json().data;
    expect(stored.montant).toBe(30_000);

    // Reloaded, the same save goes through; without any version it goes through too (mobile apps).
    const reloaded = await ctx.t.get(`/api/piece_de_caisses/${p.id}`, ctx.A.token);
    const again = await ctx.t.post(`/api/piece_de_caisses/${p.id}/update`, { montant: 20_000 }, ctx.A.token, {
      'if-match': reloaded.headers.etag as string,
    });
    expect(again.statusCode, again.body).toBe(200);
    const blind = await ctx.t.post(`/api/piece_de_caisses/${p.id}/update`, { montant: 21_000 }, ctx.A.token);
    expect(blind.statusCode, blind.body).toBe(200);
    expect(blind.json().data.montant).toBe(21_000);
  });

  it('a version that is not one is a French 422, not a 500', async () => {
    const p = await piece(ctx.A.token);
    const bad = await ctx.t.post(`/api/piece_de_caisses/${p.id}/update`, { montant: 1 }, ctx.A.token, {
      'if-match': 'pas-une-version',
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().data.fields['If-Match']).toMatch(/^L'en-tête If-Match doit être l'ETag/);
    const body = await ctx.t.post(
      `/api/piece_de_caisses/${p.id}/update`,
      { montant: 1, updated_at: 'hier' },
      ctx.A.token,
    );
    expect(body.statusCode, body.body).toBe(422);
    expect(body.json().data.fields.updated_at).toMatch(/^La version \(updated_at\)/);
  });
});

describe('every update route of the route table', () => {
  it('answers its row with an ETag and refuses an edit based on an older version', async () => {
    const doc = ctx.t.app.swagger() as Json;
    const updates = Object.keys(doc.paths).filter((p) => /^\/api\/[a-z_]+\/\{id\}\/update$/.test(p));
    expect(updates.length).toBeGreaterThanOrEqual(20);
    const old = '"2001-01-01T00:00:00.000Z"';
    const tested: string[] = [];
    for (const route of updates) {
      const base = route.replace('/{id}/update', '');
      const [row] = (await ctx.t.get(`${base}?limit=1`, ctx.admin)).json().data as Json[];
      if (!row) continue;
      const read = await ctx.t.get(`${base}/${row.id}`, ctx.admin);
      expect(read.headers.etag, route).toBe(`"${read.json().data.updated_at}"`);
      const res = await ctx.t.post(`${base}/${row.id}/update`, {}, ctx.admin, { 'if-match': old });
      expect(res.statusCode, `${route} ${res.body}`).toBe(409);
      expect(res.json().errors[0], route).toMatch(/^Cette fiche a été modifiée .*: rechargez-la/);
      const after = (await ctx.t.get(`${base}/${row.id}`, ctx.admin)).json().data;
      expect(after, route).toEqual(read.json().data);
      tested.push(route);
    }
    expect(tested.length).toBeGreaterThanOrEqual(updates.length - 1);
  });
});
