import { todayInGabon } from '@yams/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { data, type Fixtures, failed, type Json, setupFixtures } from './fixtures';
import { uploadFichier } from './helpers';

// Ogooué Logistique's token on TransGabon's rows, what tenancy-routes.test.ts (generated from the route
// table: every route with an id, id filters, group actions) does not cover: searches, counts, pages, and
// bodies naming another company's rows.

let ctx: Fixtures;
let tgVehicule: Json;
let tgDraft: Json;
let tgGarage: number;
let tgService: number;
let tgArticle: number;
let ogVehicule: Json;
let ogGarage: number;

beforeAll(async () => {
  ctx = await setupFixtures();
  const { t, A, B } = ctx;
  tgVehicule = data(await t.get('/api/vehicules?limit=1', A.token))[0];
  const assurance = data(
    await t.post(
      '/api/documents',
      { libelle: 'Assurance', camion_id: tgVehicule.id, date_expiration: todayInGabon() },
      A.token,
    ),
  );
  data(await uploadFichier(t, assurance.id, A.token, Buffer.from('%PDF-1.4 confidentiel')));
  tgDraft = data(await t.get('/api/interventions?statut=Brouillon&limit=1', A.token))[0];
  tgGarage = tgDraft.garage_id;
  tgService = data(await t.get('/api/services?limit=1', A.token))[0].id;
  tgArticle = data(await t.get('/api/articles?limit=1', A.token))[0].id;
  ogVehicule = data(await t.get('/api/vehicules?limit=1', B.token))[0];
  ogGarage = data(await t.get('/api/garages?limit=1', B.token))[0].id;
});

/** None of the rows is another company's (the list may be empty). */
const onlyOg = (rows: Json[]) => expect(rows.filter((r) => r.entreprise_id !== ctx.B.id)).toEqual([]);

describe('vehicules', () => {
  it('lists and filters only the company’s own vehicles', async () => {
    const { t, B, admin, A } = ctx;
    const list = data(await t.get('/api/vehicules?limit=1000', B.token)) as Json[];
    expect(list.length).toBe(25);
    onlyOg(list);
    expect(data(await t.get(`/api/vehicules?proprietaire=${A.id}`, B.token))).toEqual([]);
    expect(data(await t.get(`/api/vehicules?chauffeur=${tgVehicule.chauffeur_id ?? 1}`, B.token))).toEqual(
      [],
    );
    onlyOg(data(await t.get(`/api/vehicules?type=${tgVehicule.type_vehicule_id}`, B.token)));
    onlyOg(data(await t.get(`/api/vehicules?search=${tgVehicule.plaque}`, B.token)));
    onlyOg(data(await t.get('/api/vehicules?page=1&per_page=100', B.token)).data);
    expect(data(await t.get('/api/vehicules?req_count=1', admin))).toBeGreaterThanOrEqual(52);
  });
});

describe('documents', () => {
  it('lists and filters only the company’s own documents', async () => {
    const { t, B } = ctx;
    onlyOg(data(await t.get('/api/documents?limit=1000', B.token)));
    expect(data(await t.get(`/api/documents?camion_id=${tgVehicule.id}`, B.token))).toEqual([]);
    onlyOg(data(await t.get(`/api/documents?req_period=${todayInGabon().slice(0, 7)}`, B.token)));
    onlyOg(data(await t.get(`/api/documents?expire_avant=2100-01-01`, B.token)));
    onlyOg(data(await t.get(`/api/documents?search=${tgVehicule.plaque}`, B.token)));
  });

  it('never attaches a document to another company’s vehicle', async () => {
    const { t, B } = ctx;
    failed(
      await t.post('/api/documents', { libelle: 'Assurance', camion_id: tgVehicule.id }, B.token),
      422,
      "Ce véhicule n'existe pas.",
      'camion_id',
    );
    const own = data(
      await t.post('/api/documents', { libelle: 'Assurance', camion_id: ogVehicule.id }, B.token),
    );
    failed(
      await t.post(`/api/documents/${own.id}/update`, { camion_id: tgVehicule.id }, B.token),
      422,
      "Ce véhicule n'existe pas.",
      'camion_id',
    );
  });
});

describe('interventions', () => {
  it('lists and filters only the company’s own interventions', async () => {
    const { t, B } = ctx;
    onlyOg(data(await t.get('/api/interventions?limit=1000', B.token)));
    expect(data(await t.get(`/api/interventions?vehicule=${tgVehicule.id}`, B.token))).toEqual([]);
    expect(data(await t.get(`/api/interventions?garage=${tgGarage}`, B.token))).toEqual([]);
    onlyOg(data(await t.get(`/api/interventions?req_period=${tgDraft.date_debut.slice(0, 7)}`, B.token)));
    onlyOg(data(await t.get(`/api/interventions?date_debut=2000-01-01&date_fin=2100-01-01`, B.token)));
    onlyOg(data(await t.get(`/api/interventions?search=${tgDraft.vehicule.plaque}`, B.token)));
  });

  it('never uses another company’s vehicle, garage, service or article', async () => {
    const { t, B } = ctx;
    const base = {
      vehicule_id: ogVehicule.id,
      garage_id: ogGarage,
      type: 'Réparation',
      date_debut: '2026-02-01',
    };
    failed(
      await t.post('/api/interventions', { ...base, vehicule_id: tgVehicule.id }, B.token),
      422,
      "Ce véhicule n'existe pas.",
      'vehicule_id',
    );
    failed(
      await t.post('/api/interventions', { ...base, garage_id: tgGarage }, B.token),
      422,
      "Ce garage n'existe pas.",
      'garage_id',
    );
    failed(
      await t.post(
        '/api/interventions',
        { ...base, lignes: [{ kind: 'service', service_id: tgService, qte: 1 }] },
        B.token,
      ),
      422,
      "Ce service n'existe pas.",
      'lignes.0.service_id',
    );
    failed(
      await t.post(
        '/api/interventions',
        { ...base, lignes: [{ kind: 'article', article_id: tgArticle, qte: 1 }] },
        B.token,
      ),
      422,
      "Cet article n'existe pas.",
      'lignes.0.article_id',
    );
    const own = data(await t.post('/api/interventions', base, B.token));
    failed(
      await t.post(`/api/interventions/${own.id}/update`, { ...base, garage_id: tgGarage }, B.token),
      422,
      "Ce garage n'existe pas.",
      'garage_id',
    );
    // A superadmin's intervention lands in the vehicle's company.
    expect(
      data(await t.post('/api/interventions', { ...base, vehicule_id: ogVehicule.id }, ctx.admin))
        .entreprise_id,
    ).toBe(ctx.B.id);
  });
});
