import { todayInGabon } from '@yams/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { data, type FleetContext, failed, fleetContext, type Json, uploadFichier } from './fleet-fixtures';

// Ogooué Logistique's token on TransGabon's rows, what tenancy-routes.test.ts (generated from the route
// table: every route with an id, id filters, group actions) does not cover: searches, counts, pages, and
// bodies naming another company's rows.

let c: FleetContext;
let tgVehicule: Json;
let tgDraft: Json;
let tgGarage: number;
let tgService: number;
let tgArticle: number;
let ogVehicule: Json;
let ogGarage: number;

beforeAll(async () => {
  c = await fleetContext();
  const { t, tg, og } = c;
  tgVehicule = data(await t.get('/api/vehicules?limit=1', tg))[0];
  const assurance = data(
    await t.post(
      '/api/documents',
      { libelle: 'Assurance', camion_id: tgVehicule.id, date_expiration: todayInGabon() },
      tg,
    ),
  );
  data(await uploadFichier(t, assurance.id, tg, Buffer.from('%PDF-1.4 confidentiel')));
  tgDraft = data(await t.get('/api/interventions?statut=Brouillon&limit=1', tg))[0];
  tgGarage = tgDraft.garage_id;
  tgService = data(await t.get('/api/services?limit=1', tg))[0].id;
  tgArticle = data(await t.get('/api/articles?limit=1', tg))[0].id;
  ogVehicule = data(await t.get('/api/vehicules?limit=1', og))[0];
  ogGarage = data(await t.get('/api/garages?limit=1', og))[0].id;
});

/** None of the rows is another company's (the list may be empty). */
const onlyOg = (rows: Json[]) => expect(rows.filter((r) => r.entreprise_id !== c.ogId)).toEqual([]);

describe('vehicules', () => {
  it('lists and filters only the company’s own vehicles', async () => {
    const { t, og, admin, tgId } = c;
    const list = data(await t.get('/api/vehicules?limit=1000', og)) as Json[];
    expect(list.length).toBe(25);
    onlyOg(list);
    expect(data(await t.get(`/api/vehicules?proprietaire=${tgId}`, og))).toEqual([]);
    expect(data(await t.get(`/api/vehicules?chauffeur=${tgVehicule.chauffeur_id ?? 1}`, og))).toEqual([]);
    onlyOg(data(await t.get(`/api/vehicules?type=${tgVehicule.type_vehicule_id}`, og)));
    onlyOg(data(await t.get(`/api/vehicules?search=${tgVehicule.plaque}`, og)));
    onlyOg(data(await t.get('/api/vehicules?page=1&per_page=100', og)).data);
    expect(data(await t.get('/api/vehicules?req_count=1', admin))).toBeGreaterThanOrEqual(52);
  });
});

describe('documents', () => {
  it('lists and filters only the company’s own documents', async () => {
    const { t, og } = c;
    onlyOg(data(await t.get('/api/documents?limit=1000', og)));
    expect(data(await t.get(`/api/documents?camion_id=${tgVehicule.id}`, og))).toEqual([]);
    onlyOg(data(await t.get(`/api/documents?req_period=${todayInGabon().slice(0, 7)}`, og)));
    onlyOg(data(await t.get(`/api/documents?expire_avant=2100-01-01`, og)));
    onlyOg(data(await t.get(`/api/documents?search=${tgVehicule.plaque}`, og)));
  });

  it('never attaches a document to another company’s vehicle', async () => {
    const { t, og } = c;
    failed(
      await t.post('/api/documents', { libelle: 'Assurance', camion_id: tgVehicule.id }, og),
      422,
      "Ce véhicule n'existe pas.",
      'camion_id',
    );
    const own = data(await t.post('/api/documents', { libelle: 'Assurance', camion_id: ogVehicule.id }, og));
    failed(
      await t.post(`/api/documents/${own.id}/update`, { camion_id: tgVehicule.id }, og),
      422,
      "Ce véhicule n'existe pas.",
      'camion_id',
    );
  });
});

describe('interventions', () => {
  it('lists and filters only the company’s own interventions', async () => {
    const { t, og } = c;
    onlyOg(data(await t.get('/api/interventions?limit=1000', og)));
    expect(data(await t.get(`/api/interventions?vehicule=${tgVehicule.id}`, og))).toEqual([]);
    expect(data(await t.get(`/api/interventions?garage=${tgGarage}`, og))).toEqual([]);
    onlyOg(data(await t.get(`/api/interventions?req_period=${tgDraft.date_debut.slice(0, 7)}`, og)));
    onlyOg(data(await t.get(`/api/interventions?date_debut=2000-01-01&date_fin=2100-01-01`, og)));
    onlyOg(data(await t.get(`/api/interventions?search=${tgDraft.vehicule.plaque}`, og)));
  });

  it('never uses another company’s vehicle, garage, service or article', async () => {
    const { t, og } = c;
    const base = {
      vehicule_id: ogVehicule.id,
      garage_id: ogGarage,
      type: 'Réparation',
      date_debut: '2026-02-01',
    };
    failed(
      await t.post('/api/interventions', { ...base, vehicule_id: tgVehicule.id }, og),
      422,
      "Ce véhicule n'existe pas.",
      'vehicule_id',
    );
    failed(
      await t.post('/api/interventions', { ...base, garage_id: tgGarage }, og),
      422,
      "Ce garage n'existe pas.",
      'garage_id',
    );
    failed(
      await t.post(
        '/api/interventions',
        { ...base, lignes: [{ kind: 'service', service_id: tgService, qte: 1 }] },
        og,
      ),
      422,
      "Ce service n'existe pas.",
      'lignes.0.service_id',
    );
    failed(
      await t.post(
        '/api/interventions',
        { ...base, lignes: [{ kind: 'article', article_id: tgArticle, qte: 1 }] },
        og,
      ),
      422,
      "Cet article n'existe pas.",
      'lignes.0.article_id',
    );
    const own = data(await t.post('/api/interventions', base, og));
    failed(
      await t.post(`/api/interventions/${own.id}/update`, { ...base, garage_id: tgGarage }, og),
      422,
      "Ce garage n'existe pas.",
      'garage_id',
    );
    // A superadmin's intervention lands in the vehicle's company.
    expect(
      data(await t.post('/api/interventions', { ...base, vehicule_id: ogVehicule.id }, c.admin))
        .entreprise_id,
    ).toBe(c.ogId);
  });
});
