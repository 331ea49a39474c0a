import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, inDays, type Json, setupFixtures } from './fixtures';

// Computed amounts fit their column (French 422, never a 500), and a field that is
// not sent in an update is not changed — on every `POST …/{id}/update` route of the API.

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
}, 120_000);

const withoutStamp = (row: Json) => {
  const { updated_at: _, ...rest } = row;
  return rest;
};

describe('a field not sent is not changed', () => {
  it('on every update route of the route table, an empty body changes nothing', async () => {
    const doc = ctx.t.app.swagger() as Json;
    const updates = Object.keys(doc.paths).filter((p) => /^\/api\/[a-z_]+\/\{id\}\/update$/.test(p));
    expect(updates.length).toBeGreaterThanOrEqual(10);
    // A route whose rows are all locked (validated invoices…) or absent from the demo data is skipped;
    // most routes must be exercised for real.
    const tested: string[] = [];
    for (const route of updates) {
      const base = route.replace('/{id}/update', '');
      const list = (await ctx.t.get(`${base}?limit=15`, ctx.admin)).json().data as Json[];
      for (const row of list) {
        const detail = `${base}/${row.id}`;
        const before = (await ctx.t.get(detail, ctx.admin)).json().data;
        const res = await ctx.t.post(`${base}/${row.id}/update`, {}, ctx.admin);
        if (res.statusCode !== 200) continue; // a row this route may not edit (validated, confirmed…)
        const after = (await ctx.t.get(detail, ctx.admin)).json().data;
        expect(withoutStamp(after), route).toEqual(withoutStamp(before));
        tested.push(route);
        break;
      }
    }
    for (const route of [
      'courses',
      'paiements',
      'demandes',
      'vehicules',
      'interventions',
      'garages',
      'utilisateurs',
    ]) {
      expect(tested).toContain(`/api/${route}/{id}/update`);
    }
    expect(tested.length).toBeGreaterThanOrEqual(12);
  });

  it('on every update route of the route table, one field sent changes only that field', async () => {
    // The body holds one writable field (changed when it is plain text, else as it is);
    // every other field the route can write reads back as before.
    const doc = ctx.t.app.swagger() as Json;
    const updates = Object.keys(doc.paths).filter((p) => /^\/api\/[a-z_]+\/\{id\}\/update$/.test(p));
    const tested: string[] = [];
    const plain = (s: Json) => s?.type === 'string' && !s.enum && !s.format && !s.pattern;
    for (const route of updates) {
      const base = route.replace('/{id}/update', '');
      const props = doc.paths[route].post.requestBody.content['application/json'].schema.properties as Json;
      const writable = Object.keys(props).filter((k) => k !== 'updated_at' && k !== 'entreprise_id');
      const list = (await ctx.t.get(`${base}?limit=15`, ctx.admin)).json().data as Json[];
      for (const row of list) {
        const before = (await ctx.t.get(`${base}/${row.id}`, ctx.admin)).json().data;
        const present = writable.filter((k) => before[k] !== undefined && before[k] !== null);
        const text = present.find(
          (k) =>
            plain(props[k]) &&
            typeof before[k] === 'string' &&
            before[k].length > 2 &&
            !/email|plaque|password|telephone|identifiant|code|numero|date/.test(k),
        );
        const field = text ?? present[0];
        if (!field) continue;
        const value = text ? `${before[field].slice(0, 40)} (modifié)` : before[field];
        const res = await ctx.t.post(`${base}/${row.id}/update`, { [field]: value }, ctx.admin);
        // A row this route may not edit (validated, paid…): its state refuses any change; try the next one.
        if (res.statusCode === 409 || res.statusCode === 403) continue;
        if (res.statusCode === 422 && !res.json().data?.fields?.[field]) continue;
        expect(res.statusCode, `${route} ${field} ${res.body}`).toBe(200);
        const after = (await ctx.t.get(`${base}/${row.id}`, ctx.admin)).json().data;
        // (A text may come back normalised: an article's reference in capitals.)
        const read = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
        expect(read(after[field]), `${route} ${field}`).toEqual(read(value));
        for (const k of writable.filter((w) => w !== field && w in before)) {
          expect(after[k], `${route}: ${k} changed when only ${field} was sent`).toEqual(before[k]);
        }
        tested.push(route);
        break;
      }
    }
    for (const entity of ['piece_de_caisses', 'achats', 'factures', 'courses', 'vehicules', 'garages']) {
      expect(tested).toContain(`/api/${entity}/{id}/update`);
    }
    expect(tested.length).toBeGreaterThanOrEqual(updates.length - 3);
  });

  it('a cash voucher updated without its motif keeps it; null clears it', async () => {
    const created = await ctx.t.post(
      '/api/piece_de_caisses',
      {
        date_operation: inDays(0),
        beneficiaire: 'Station Total',
        decaisseur: 'Caisse',
        montant: 15_000,
        libelle: 'Carburant',
        motif: '<p>Plein du camion</p>',
      },
      ctx.A.token,
    );
    const p = created.json().data;
    const res = await ctx.t.post(`/api/piece_de_caisses/${p.id}/update`, { montant: 18_000 }, ctx.A.token);
    expect(res.statusCode, res.body).toBe(200);
    expect([res.json().data.montant, res.json().data.motif, res.json().data.libelle]).toEqual([
      18_000,
      '<p>Plein du camion</p>',
      'Carburant',
    ]);
    const cleared = await ctx.t.post(`/api/piece_de_caisses/${p.id}/update`, { motif: null }, ctx.A.token);
    expect(cleared.json().data.motif).toBeNull();
    expect(cleared.json().data.montant).toBe(18_000);
  });

  it('an intervention updated without lignes keeps its lines and its montant', async () => {
    const v = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    const [service] = (await ctx.t.get('/api/services?limit=1', ctx.A.token)).json().data;
    const inter = await ctx.intervention(ctx.A, v.id, {
      lignes: [{ kind: 'service', service_id: service.id, qte: 2, prix_unitaire: 32_500 }],
    });
    expect(inter.lignes.length).toBe(1);
    expect(inter.montant).toBeGreaterThan(0);
    const res = await ctx.t.post(
      `/api/interventions/${inter.id}/update`,
      { description: 'Pneus avant' },
      ctx.A.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data;
    expect(after.description).toBe('Pneus avant');
    expect(after.montant).toBe(inter.montant);
    expect(after.lignes.map((l: Json) => [l.libelle, l.qte, l.prix_unitaire])).toEqual(
      inter.lignes.map((l: Json) => [l.libelle, l.qte, l.prix_unitaire]),
    );
    expect(after.date_debut).toBe(inter.date_debut);
    // Sent lines still replace them; an empty list clears them.
    const cleared = (
      await ctx.t.post(`/api/interventions/${inter.id}/update`, { lignes: [] }, ctx.A.token)
    ).json().data;
    expect([cleared.lignes, cleared.montant]).toEqual([[], 0]);
  });

  it('an update that only moves date_fin before the stored date_debut is refused in French', async () => {
    const v = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    const inter = await ctx.intervention(ctx.A, v.id);
    const res = await ctx.t.post(
      `/api/interventions/${inter.id}/update`,
      { date_fin: '2000-01-01' },
      ctx.A.token,
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().data.fields.date_fin).toBe(
      'La date de fin doit être postérieure ou égale à la date de début.',
    );
  });
});

describe('computed amounts fit their column', () => {
  it('a line of 3 × 1,000,000,000 FCFA and a total beyond the column are French 422s, nothing stored', async () => {
    const v = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    const inter = await ctx.intervention(ctx.A, v.id);
    const [article] = (await ctx.t.get('/api/articles?limit=1', ctx.A.token)).json().data;
    const [service] = (await ctx.t.get('/api/services?limit=1', ctx.A.token)).json().data;
    const base = {
      vehicule_id: v.id,
      garage_id: inter.garage!.id,
      type: 'Entretien',
      date_debut: inter.date_debut,
    };
    const oneLine = {
      ...base,
      lignes: [
        { kind: 'article', article_id: article.id, qte: 3, prix_unitaire: 1_000_000_000 },
        { kind: 'service', service_id: service.id, qte: 1, prix_unitaire: 20_000 },
      ],
    };
    for (const [url, body] of [
      ['/api/interventions', oneLine],
      [`/api/interventions/${inter.id}/update`, oneLine],
    ] as const) {
      const res = await ctx.t.post(url, body, ctx.A.token);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().data.fields['lignes.0.qte']).toBe(
        'Le montant de la ligne 1 (3.000.000.000 FCFA) dépasse le maximum enregistrable de 2.147.483.647 FCFA.',
      );
    }
    const total = {
      ...base,
      lignes: [1, 2, 3].map(() => ({
        kind: 'article',
        article_id: article.id,
        qte: 1,
        prix_unitaire: 1_000_000_000,
      })),
    };
    const res = await ctx.t.post(`/api/interventions/${inter.id}/update`, total, ctx.A.token);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().data.fields.lignes).toBe(
      "Le montant total de l'intervention (3.000.000.000 FCFA) dépasse le maximum enregistrable de 2.147.483.647 FCFA.",
    );
    const stored = (await ctx.t.get(`/api/interventions/${inter.id}`, ctx.A.token)).json().data;
    expect(stored.montant).toBe(inter.montant);
  });
});

describe('dates nobody meant', () => {
  it('a payment dated years ahead or in 1900 is refused in French; next week is accepted', async () => {
    const { addDays, todayInGabon } = await import('@yams/shared');
    const [course] = (await ctx.t.get('/api/courses?limit=1&reglement=Non%20pay%C3%A9', ctx.A.token)).json()
      .data;
    const pay = (date_operation: string) =>
      ctx.t.post(
        '/api/paiements',
        { course_id: course.id, libelle: 'Avance', mode: 'Espèces', montant: 1, date_operation },
        ctx.A.token,
      );
    for (const [date, message] of [
      ['2030-01-01', "La date de l'opération ne peut pas dépasser de plus de 7 jours la date du jour."],
      [
        addDays(todayInGabon(), 8),
        "La date de l'opération ne peut pas dépasser de plus de 7 jours la date du jour.",
      ],
      ['1900-01-01', "La date de l'opération est trop ancienne (avant le 01/01/2000)."],
    ] as const) {
      const res = await pay(date);
      expect(res.statusCode, `${date}: ${res.body}`).toBe(422);
      expect(res.json().data.fields.date_operation).toBe(message);
    }
    const ok = await pay(addDays(todayInGabon(), 7));
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
