import { beforeAll, describe, expect, it } from 'vitest';
import { data, type Fixtures, failed, setupFixtures } from './fixtures';

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

describe('company tables (articles, garages, services, fournisseurs, trajets)', () => {
  it('lists rows with the labels of what they refer to', async () => {
    const { t, A } = ctx;
    const article = data(await t.get('/api/articles?search=PN-31580', A.token))[0];
    expect(article).toMatchObject({
      reference: 'PN-31580',
      prix_unitaire: 215_000,
      types_article: { libelle: 'Pneumatique' },
    });
    expect(data(await t.get('/api/articles?req_count=1', A.token))).toBe(15);
    const garage = data(await t.get('/api/garages?search=Oloumi', A.token))[0];
    expect(garage).toMatchObject({ nom: 'CFAO Motors Libreville', ville: { libelle: 'Libreville' } });
    const trajet = data(await t.get('/api/trajets?search=Franceville', A.token)).find(
      (x: { libelle: string }) => x.libelle === 'Libreville → Franceville',
    );
    expect(trajet).toMatchObject({
      montant: 850_000,
      ville_depart: { libelle: 'Libreville' },
      ville_arrivee: { libelle: 'Franceville' },
    });
    expect(data(await t.get('/api/services?search=vidange', A.token))[0]).toMatchObject({
      libelle: 'Vidange',
      montant: 35_000,
    });
    const fournisseur = data(await t.get('/api/fournisseurs?limit=1', A.token))[0];
    expect(fournisseur.ville).toHaveProperty('libelle');
    expect(data(await t.get('/api/fournisseurs?page=1&per_page=2', A.token))).toMatchObject({
      total: 5,
      last_page: 3,
    });
    expect(data(await t.get('/api/services?page=1', A.token)).per_page).toBe(6);
  });

  it("offers the articles as a select's choices, searched on the server, with their stock", async () => {
    const { t, A } = ctx;
    const article = data(await t.get('/api/articles?search=PN-31580', A.token))[0];
    const stock = data(await t.get('/api/articles/options?search=PN-31580&label=stock', A.token));
    expect(stock).toEqual([{ id: article.id, label: `PN-31580 — ${article.nom} (stock : ${article.qte})` }]);
    // The value already chosen keeps its label, even when a search does not bring it.
    expect(data(await t.get(`/api/articles/options?id=${article.id}&label=stock`, A.token))).toEqual(stock);
    expect(data(await t.get('/api/articles/options?search=PN-31580', A.token))).toEqual([
      { id: article.id, label: article.nom },
    ]);
    const fournisseurs = data(await t.get('/api/fournisseurs/options?limit=2', A.token));
    expect(fournisseurs).toHaveLength(2);
  });

  it('creates, updates and deletes an article of the company', async () => {
    const { t, A } = ctx;
    const type = data(await t.get('/api/types_articles?search=Filtre', A.token))[0];
    const missing = await t.post('/api/articles', {}, A.token);
    failed(missing, 422, 'La référence est obligatoire.', 'reference');
    failed(missing, 422, 'Le nom est obligatoire.', 'nom');
    failed(
      await t.post('/api/articles', { reference: 'X', nom: 'X', type_article_id: 99999 }, A.token),
      422,
      "Ce type d'article n'existe pas.",
      'type_article_id',
    );
    const created = await t.post(
      '/api/articles',
      {
        reference: 'fl-hab',
        nom: "Filtre d'habitacle",
        qte: 10,
        prix_unitaire: 9_500,
        type_article_id: type.id,
        entreprise_id: 999,
      },
      A.token,
    );
    expect(created.json().message).toBe("L'article a été ajouté.");
    const article = data(created);
    expect(article).toMatchObject({
      entreprise_id: A.id,
      reference: 'FL-HAB',
      qte: 10,
      types_article: { libelle: 'Filtre' },
    });
    failed(
      await t.post('/api/articles', { reference: 'FL-HAB', nom: 'Doublon' }, A.token),
      422,
      'Cette référence est déjà utilisée.',
      'reference',
    );
    // Another company may use the same reference.
    expect(
      data(await t.post('/api/articles', { reference: 'FL-HAB', nom: "Filtre d'habitacle" }, ctx.B.token))
        .reference,
    ).toBe('FL-HAB');
    const updated = data(
      await t.post(`/api/articles/${article.id}/update`, { qte: 12, type_article_id: null }, A.token),
    );
    expect(updated).toMatchObject({
      qte: 12,
      nom: "Filtre d'habitacle",
      types_article: null,
      type_article_id: null,
    });
    failed(
      await t.post(`/api/articles/${article.id}/update`, { nom: '' }, A.token),
      422,
      'Le nom est obligatoire.',
      'nom',
    );
    expect((await t.post(`/api/articles/${article.id}/destroy`, {}, A.token)).json().message).toBe(
      "L'article a été supprimé.",
    );
    failed(await t.get(`/api/articles/${article.id}`, A.token), 404, "Cet article n'existe pas.");
  });

  it('checks the cities of garages, suppliers and routes', async () => {
    const { t, A } = ctx;
    failed(
      await t.post('/api/garages', { nom: 'Garage fantôme', ville_id: 99999 }, A.token),
      422,
      "Cette ville n'existe pas.",
      'ville_id',
    );
    failed(
      await t.post('/api/fournisseurs', { nom: 'Fournisseur fantôme', ville_id: 'abc' }, A.token),
      422,
      "La ville n'est pas valide.",
      'ville_id',
    );
    failed(
      await t.post('/api/trajets', { libelle: 'Nulle part', ville_arrivee_id: 99999 }, A.token),
      422,
      "La ville d'arrivée n'existe pas.",
      'ville_arrivee_id',
    );
    failed(
      await t.post('/api/services', { montant: 10 }, A.token),
      422,
      'Le libellé est obligatoire.',
      'libelle',
    );
    const oyem = data(await t.get('/api/villes?search=OYE', A.token))[0];
    const garage = data(
      await t.post('/api/garages', { nom: 'Garage Woleu', adresse: 'Akoakam', ville_id: oyem.id }, A.token),
    );
    expect(garage.ville).toEqual({ id: oyem.id, libelle: 'Oyem' });
    expect(
      data(await t.post(`/api/garages/${garage.id}/update`, { adresse: '' }, A.token)).adresse,
    ).toBeNull();
    const trajet = data(
      await t.post(
        '/api/trajets',
        { libelle: 'Oyem → Bitam', montant: 120_000, ville_depart_id: oyem.id },
        A.token,
      ),
    );
    expect(trajet).toMatchObject({
      ville_depart: { libelle: 'Oyem' },
      ville_arrivee: null,
      montant: 120_000,
    });
    expect((await t.post(`/api/garages/${garage.id}/destroy`, {}, A.token)).json().message).toBe(
      'Le garage a été supprimé.',
    );
    expect((await t.post(`/api/trajets/${trajet.id}/destroy`, {}, A.token)).json().message).toBe(
      'Le trajet a été supprimé.',
    );
  });

  it('lets a superadmin write a company row only for a named company', async () => {
    const { t, admin, A } = ctx;
    failed(
      await t.post('/api/services', { libelle: 'Lavage', montant: 5_000 }, admin),
      422,
      "L'entreprise est obligatoire.",
      'entreprise_id',
    );
    const client = data(await t.get('/api/utilisateurs?type=client&limit=1', admin))[0];
    failed(
      await t.post('/api/services', { libelle: 'Lavage', entreprise_id: client.id }, admin),
      422,
      "Cette entreprise n'existe pas.",
      'entreprise_id',
    );
    const service = data(
      await t.post('/api/services', { libelle: 'Lavage', montant: 5_000, entreprise_id: A.id }, admin),
    );
    expect(service.entreprise_id).toBe(A.id);
    expect(data(await t.get(`/api/services/${service.id}`, ctx.A.token)).libelle).toBe('Lavage');
    // The company of a row never changes through an update.
    const again = data(
      await t.post(`/api/services/${service.id}/update`, { entreprise_id: ctx.B.id, montant: 6_000 }, admin),
    );
    expect(again).toMatchObject({ entreprise_id: A.id, montant: 6_000 });
  });

  it('answers 409 when a garage, service or article is used by an intervention', async () => {
    const { t, A } = ctx;
    const intervention = data(await t.get('/api/interventions?limit=1', A.token))[0];
    const garage = await t.post(`/api/garages/${intervention.garage_id}/destroy`, {}, A.token);
    expect(garage.statusCode).toBe(409);
    expect(garage.json().errors[0]).toMatch(
      /^Ce garage est utilisé par \d+ interventions? : il ne peut pas être supprimé\.$/,
    );
    const ligne = intervention.lignes[0];
    const service = await t.post(`/api/services/${ligne.service_id}/destroy`, {}, A.token);
    expect(service.json().errors[0]).toMatch(
      /^Ce service est utilisé par \d+ lignes? d'intervention : il ne peut pas être supprimé\.$/,
    );
    const all = data(await t.get('/api/interventions?limit=100', A.token));
    const articleLine = all
      .flatMap((i: { lignes: Array<{ article_id: number | null }> }) => i.lignes)
      .find((l: { article_id: number | null }) => l.article_id);
    const article = await t.post(`/api/articles/${articleLine.article_id}/destroy`, {}, A.token);
    expect(article.statusCode).toBe(409);
    expect(article.json().errors[0]).toMatch(
      /^Cet article est utilisé par .* : il ne peut pas être supprimé\.$/,
    );
    expect(data(await t.get(`/api/garages/${intervention.garage_id}`, A.token)).id).toBe(
      intervention.garage_id,
    );
  });
});

describe('every reference table', () => {
  // [table, platform table?, the row's name in messages, create body, update body]
  const TABLES = [
    ['villes', true, 'La ville', 'ée', { code: 'CRD', libelle: 'Crudville' }, { libelle: 'Crudville-Sud' }],
    [
      'types_marchandises',
      true,
      'Le type de marchandise',
      'é',
      { libelle: 'Bois débité' },
      { libelle: 'Bois scié' },
    ],
    [
      'types_vehicules',
      true,
      'Le type de véhicule',
      'é',
      { libelle: 'Porte-char' },
      { libelle: 'Porte-engins' },
    ],
    [
      'types_articles',
      true,
      "Le type d'article",
      'é',
      { libelle: 'Courroie', montant: 12_000 },
      { montant: 15_000 },
    ],
    ['articles', false, "L'article", 'é', { reference: 'CRD-1', nom: 'Courroie', qte: 3 }, { qte: 4 }],
    ['garages', false, 'Le garage', 'é', { nom: 'Garage Crud' }, { adresse: 'PK 12' }],
    ['services', false, 'Le service', 'é', { libelle: 'Géométrie', montant: 20_000 }, { montant: 25_000 }],
    [
      'fournisseurs',
      false,
      'Le fournisseur',
      'é',
      { nom: 'Fournisseur Crud', telephone: '+241 066 12 34 56' },
      { telephone: '+241 077 12 34 56' },
    ],
    [
      'trajets',
      false,
      'Le trajet',
      'é',
      { libelle: 'Lambaréné → Mouila', montant: 300_000 },
      { montant: 320_000 },
    ],
  ] as const;

  it.each(TABLES)(
    '%s: created, read, updated and deleted by who may write it',
    async (table, platform, nom, e, create, update) => {
      const { t, A, admin } = ctx;
      const writer = platform ? admin : A.token;
      const created = await t.post(`/api/${table}`, create, writer);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().message).toBe(`${nom} a été ajout${e}.`);
      const row = data(created);
      expect(row).toMatchObject(create);
      if (!platform) expect(row.entreprise_id).toBe(A.id);
      // Read by the company, found by the list.
      expect(data(await t.get(`/api/${table}/${row.id}`, A.token))).toMatchObject(create);
      expect(
        data(await t.get(`/api/${table}?limit=1000`, A.token)).map((r: { id: number }) => r.id),
      ).toContain(row.id);
      const updated = await t.post(`/api/${table}/${row.id}/update`, update, writer);
      expect(updated.json().message).toBe(`${nom} a été modifi${e}.`);
      expect(data(await t.get(`/api/${table}/${row.id}`, A.token))).toMatchObject({ ...create, ...update });
      const deleted = await t.post(`/api/${table}/${row.id}/destroy`, {}, writer);
      expect(deleted.json()).toEqual({
        success: true,
        message: `${nom} a été supprim${e}.`,
        data: null,
        errors: [],
      });
      expect((await t.get(`/api/${table}/${row.id}`, A.token)).statusCode).toBe(404);
    },
  );
});
