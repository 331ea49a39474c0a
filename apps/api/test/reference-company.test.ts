import { beforeAll, describe, expect, it } from 'vitest';
import { data, type FleetContext, failed, fleetContext } from './fleet-fixtures';

let c: FleetContext;
beforeAll(async () => {
  c = await fleetContext();
});

describe('company tables (articles, garages, services, fournisseurs, trajets)', () => {
  it('lists rows with the labels of what they refer to', async () => {
    const { t, tg } = c;
    const article = data(await t.get('/api/articles?search=PN-31580', tg))[0];
    expect(article).toMatchObject({
      reference: 'PN-31580',
      prix_unitaire: 215_000,
      types_article: { libelle: 'Pneumatique' },
    });
    expect(data(await t.get('/api/articles?req_count=1', tg))).toBe(15);
    const garage = data(await t.get('/api/garages?search=Oloumi', tg))[0];
    expect(garage).toMatchObject({ nom: 'CFAO Motors Libreville', ville: { libelle: 'Libreville' } });
    const trajet = data(await t.get('/api/trajets?search=Franceville', tg)).find(
      (x: { libelle: string }) => x.libelle === 'Libreville → Franceville',
    );
    expect(trajet).toMatchObject({
      montant: 850_000,
      ville_depart: { libelle: 'Libreville' },
      ville_arrivee: { libelle: 'Franceville' },
    });
    expect(data(await t.get('/api/services?search=vidange', tg))[0]).toMatchObject({
      libelle: 'Vidange',
      montant: 35_000,
    });
    const fournisseur = data(await t.get('/api/fournisseurs?limit=1', tg))[0];
    expect(fournisseur.ville).toHaveProperty('libelle');
    expect(data(await t.get('/api/fournisseurs?page=1&per_page=2', tg))).toMatchObject({
      total: 5,
      last_page: 3,
    });
    expect(data(await t.get('/api/services?page=1', tg)).per_page).toBe(6);
  });

  it("offers the articles as a select's choices, searched on the server, with their stock", async () => {
    const { t, tg } = c;
    const article = data(await t.get('/api/articles?search=PN-31580', tg))[0];
    const stock = data(await t.get('/api/articles/options?search=PN-31580&label=stock', tg));
    expect(stock).toEqual([{ id: article.id, label: `PN-31580 — ${article.nom} (stock : ${article.qte})` }]);
    // The value already chosen keeps its label, even when a search does not bring it.
    expect(data(await t.get(`/api/articles/options?id=${article.id}&label=stock`, tg))).toEqual(stock);
    expect(data(await t.get('/api/articles/options?search=PN-31580', tg))).toEqual([
      { id: article.id, label: article.nom },
    ]);
    const fournisseurs = data(await t.get('/api/fournisseurs/options?limit=2', tg));
    expect(fournisseurs).toHaveLength(2);
  });

  it('creates, updates and deletes an article of the company', async () => {
    const { t, tg, tgId } = c;
    const type = data(await t.get('/api/types_articles?search=Filtre', tg))[0];
    const missing = await t.post('/api/articles', {}, tg);
    failed(missing, 422, 'La référence est obligatoire.', 'reference');
    failed(missing, 422, 'Le nom est obligatoire.', 'nom');
    failed(
      await t.post('/api/articles', { reference: 'X', nom: 'X', type_article_id: 99999 }, tg),
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
      tg,
    );
    expect(created.json().message).toBe("L'article a été ajouté.");
    const article = data(created);
    expect(article).toMatchObject({
      entreprise_id: tgId,
      reference: 'FL-HAB',
      qte: 10,
      types_article: { libelle: 'Filtre' },
    });
    failed(
      await t.post('/api/articles', { reference: 'FL-HAB', nom: 'Doublon' }, tg),
      422,
      'Cette référence est déjà utilisée.',
      'reference',
    );
    // Another company may use the same reference.
    expect(
      data(await t.post('/api/articles', { reference: 'FL-HAB', nom: "Filtre d'habitacle" }, c.og)).reference,
    ).toBe('FL-HAB');
    const updated = data(
      await t.post(`/api/articles/${article.id}/update`, { qte: 12, type_article_id: null }, tg),
    );
    expect(updated).toMatchObject({
      qte: 12,
      nom: "Filtre d'habitacle",
      types_article: null,
      type_article_id: null,
    });
    failed(
      await t.post(`/api/articles/${article.id}/update`, { nom: '' }, tg),
      422,
      'Le nom est obligatoire.',
      'nom',
    );
    expect((await t.post(`/api/articles/${article.id}/destroy`, {}, tg)).json().message).toBe(
      "L'article a été supprimé.",
    );
    failed(await t.get(`/api/articles/${article.id}`, tg), 404, "Cet article n'existe pas.");
  });

  it('checks the cities of garages, suppliers and routes', async () => {
    const { t, tg } = c;
    failed(
      await t.post('/api/garages', { nom: 'Garage fantôme', ville_id: 99999 }, tg),
      422,
      "Cette ville n'existe pas.",
      'ville_id',
    );
    failed(
      await t.post('/api/fournisseurs', { nom: 'Fournisseur fantôme', ville_id: 'abc' }, tg),
      422,
      "La ville n'est pas valide.",
      'ville_id',
    );
    failed(
      await t.post('/api/trajets', { libelle: 'Nulle part', ville_arrivee_id: 99999 }, tg),
      422,
      "La ville d'arrivée n'existe pas.",
      'ville_arrivee_id',
    );
    failed(await t.post('/api/services', { montant: 10 }, tg), 422, 'Le libellé est obligatoire.', 'libelle');
    const oyem = data(await t.get('/api/villes?search=OYE', tg))[0];
    const garage = data(
      await t.post('/api/garages', { nom: 'Garage Woleu', adresse: 'Akoakam', ville_id: oyem.id }, tg),
    );
    expect(garage.ville).toEqual({ id: oyem.id, libelle: 'Oyem' });
    expect(data(await t.post(`/api/garages/${garage.id}/update`, { adresse: '' }, tg)).adresse).toBeNull();
    const trajet = data(
      await t.post(
        '/api/trajets',
        { libelle: 'Oyem → Bitam', montant: 120_000, ville_depart_id: oyem.id },
        tg,
      ),
    );
    expect(trajet).toMatchObject({
      ville_depart: { libelle: 'Oyem' },
      ville_arrivee: null,
      montant: 120_000,
    });
    expect((await t.post(`/api/garages/${garage.id}/destroy`, {}, tg)).json().message).toBe(
      'Le garage a été supprimé.',
    );
    expect((await t.post(`/api/trajets/${trajet.id}/destroy`, {}, tg)).json().message).toBe(
      'Le trajet a été supprimé.',
    );
  });

  it('lets a superadmin write a company row only for a named company', async () => {
    const { t, admin, tgId } = c;
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
      await t.post('/api/services', { libelle: 'Lavage', montant: 5_000, entreprise_id: tgId }, admin),
    );
    expect(service.entreprise_id).toBe(tgId);
    expect(data(await t.get(`/api/services/${service.id}`, c.tg)).libelle).toBe('Lavage');
    // The company of a row never changes through an update.
    const again = data(
      await t.post(`/api/services/${service.id}/update`, { entreprise_id: c.ogId, montant: 6_000 }, admin),
    );
    expect(again).toMatchObject({ entreprise_id: tgId, montant: 6_000 });
  });

  it('answers 409 when a garage, service or article is used by an intervention', async () => {
    const { t, tg } = c;
    const intervention = data(await t.get('/api/interventions?limit=1', tg))[0];
    const garage = await t.post(`/api/garages/${intervention.garage_id}/destroy`, {}, tg);
    expect(garage.statusCode).toBe(409);
    expect(garage.json().errors[0]).toMatch(
      /^Ce garage est utilisé par \d+ interventions? : il ne peut pas être supprimé\.$/,
    );
    const ligne = intervention.lignes[0];
    const service = await t.post(`/api/services/${ligne.service_id}/destroy`, {}, tg);
    expect(service.json().errors[0]).toMatch(
      /^Ce service est utilisé par \d+ lignes? d'intervention : il ne peut pas être supprimé\.$/,
    );
    const all = data(await t.get('/api/interventions?limit=100', tg));
    const articleLine = all
      .flatMap((i: { lignes: Array<{ article_id: number | null }> }) => i.lignes)
      .find((l: { article_id: number | null }) => l.article_id);
    const article = await t.post(`/api/articles/${articleLine.article_id}/destroy`, {}, tg);
    expect(article.statusCode).toBe(409);
    expect(article.json().errors[0]).toMatch(
      /^Cet article est utilisé par .* : il ne peut pas être supprimé\.$/,
    );
    expect(data(await t.get(`/api/garages/${intervention.garage_id}`, tg)).id).toBe(intervention.garage_id);
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
      const { t, tg, admin, tgId } = c;
      const writer = platform ? admin : tg;
      const created = await t.post(`/api/${table}`, create, writer);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().message).toBe(`${nom} a été ajout${e}.`);
      const row = data(created);
      expect(row).toMatchObject(create);
      if (!platform) expect(row.entreprise_id).toBe(tgId);
      // Read by the company, found by the list.
      expect(data(await t.get(`/api/${table}/${row.id}`, tg))).toMatchObject(create);
      expect(data(await t.get(`/api/${table}?limit=1000`, tg)).map((r: { id: number }) => r.id)).toContain(
        row.id,
      );
      const updated = await t.post(`/api/${table}/${row.id}/update`, update, writer);
      expect(updated.json().message).toBe(`${nom} a été modifi${e}.`);
      expect(data(await t.get(`/api/${table}/${row.id}`, tg))).toMatchObject({ ...create, ...update });
      const deleted = await t.post(`/api/${table}/${row.id}/destroy`, {}, writer);
      expect(deleted.json()).toEqual({
        success: true,
        message: `${nom} a été supprim${e}.`,
        data: null,
        errors: [],
      });
      expect((await t.get(`/api/${table}/${row.id}`, tg)).statusCode).toBe(404);
    },
  );
});
