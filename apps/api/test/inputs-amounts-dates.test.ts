import { addDays, montantMessages, todayInGabon } from '@yams/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { factures } from '../src/db/schema';
import { data, type Fixtures, failed, inDays, type Json, setupFixtures } from './fixtures';

// Amounts as Gabonese users paste them, and one rule for every accounting date.

let ctx: Fixtures;
let clientId: number;
let vehiculeId: number;
let fournisseurId: number;

beforeAll(async () => {
  ctx = await setupFixtures();
  clientId = (await ctx.client(ctx.A, 'Montants')).id;
  vehiculeId = (await ctx.vehicule(ctx.A)).id;
  fournisseurId = (await ctx.referenceCreate(ctx.A, 'fournisseurs', { nom: 'Fournisseur des montants' })).id;
});

const today = todayInGabon();
const post = (url: string, body: unknown, token = ctx.A.token) => ctx.t.post(url, body, token);

const voucher = (montant: unknown, date_operation: string = today) => ({
  date_operation,
  beneficiaire: 'Garage du Port',
  decaisseur: 'Caisse centrale',
  montant,
  libelle: 'Carburant',
});
const facture = (extra: Record<string, unknown> = {}) => ({
  date_operation: today,
  type: 'Normale',
  client_id: clientId,
  lignes: [{ description: 'Transport Libreville – Oyem', qte: 1, prix_unitaire: 250_000 }],
  ...extra,
});
const achat = (extra: Record<string, unknown> = {}) => ({
  date_operation: today,
  acheteur_id: ctx.A.id,
  fournisseur_id: fournisseurId,
  lignes: [{ description: 'Pneus', qte: 2, prix_unitaire: 90_000 }],
  ...extra,
});
const operation = (extra: Record<string, unknown> = {}) => ({
  date_operation: today,
  libelle: 'Versement espèces en banque',
  lignes: [
    { compte: '521', debit: 500_000 },
    { compte: '571', credit: 500_000 },
  ],
  ...extra,
});

describe('amounts typed as they are pasted', () => {
  it('stores 17500,00 as 17.500 FCFA, not 1.750.000', async () => {
    const v = data(await post('/api/piece_de_caisses', voucher('17500,00')));
    expect(v.montant).toBe(17_500);
    expect(data(await ctx.t.get(`/api/piece_de_caisses/${v.id}`, ctx.A.token)).montant).toBe(17_500);
  });

  it('reads every FCFA field of the API with the one parser', async () => {
    const course = await ctx.postCourse(ctx.A, clientId, vehiculeId, { montant: '1 250 000' });
    expect(course.montant).toBe(1_250_000);
    const paiement = data(
      await post('/api/paiements', {
        course_id: course.id,
        libelle: 'Acompte',
        mode: 'Espèces',
        montant: '250.000,00',
        date_operation: today,
      }),
    );
    expect(paiement.montant).toBe(250_000);
    const f = data(
      await post(
        '/api/factures',
        facture({
          appliquer_reduction: true,
          reduction: '5 000',
          lignes: [{ description: 'Transport', qte: 2, prix_unitaire: '1.250.000', reduction: '10.000,00' }],
        }),
      ),
    );
    expect([f.total_ht, f.reduction, f.content[0].prix_unitaire, f.content[0].reduction]).toEqual([
      2_490_000, 5_000, 1_250_000, 10_000,
    ]);
    const a = data(
      await post(
        '/api/achats',
        achat({ lignes: [{ description: 'Huile', qte: 1, prix_unitaire: '45 000' }] }),
      ),
    );
    expect(a.montant_ht).toBe(45_000);
    const od = data(
      await post(
        '/api/operations',
        operation({
          lignes: [
            { compte: '521', debit: '1 000 000' },
            { compte: '571', credit: '1.000.000' },
          ],
        }),
      ),
    );
    expect(od.total_debit).toBe(1_000_000);
    const trajet = data(
      await post('/api/trajets', { libelle: 'Libreville – Lambaréné', montant: '350.000 FCFA' }),
    );
    expect(trajet.montant).toBe(350_000);
    const service = data(await post('/api/services', { libelle: 'Graissage', montant: '15 000' }));
    expect(service.montant).toBe(15_000);
    const demande = data(
      await post('/api/demandes', {
        client_id: clientId,
        type_course: 'Livraison',
        ville_depart_id: ctx.villes.lbv,
        ville_arrivee_id: ctx.villes.fcv,
        date_souhaitee: inDays(3),
        budget: '600 000,00',
      }),
    );
    expect(demande.budget).toBe(600_000);
    const reglages = data(
      await post('/api/entreprise/parametres/update', { objectif_mensuel: '30.000.000' }),
    );
    expect(reglages.objectif_mensuel).toBe(30_000_000);
    const { garage, vidange } = await ctx.atelier(ctx.A);
    const inter = data(
      await post('/api/interventions', {
        vehicule_id: vehiculeId,
        garage_id: garage.id,
        type: 'Entretien',
        date_debut: today,
        lignes: [{ kind: 'service', service_id: vidange.id, qte: 1, prix_unitaire: '27 500' }],
      }),
    );
    expect(inter.montant).toBe(27_500);
  });

  it('refuses 12e5, centimes, negatives and unreadable amounts with a French 422 naming the field', async () => {
    const m = montantMessages('Le montant');
    for (const [montant, message] of [
      ['12e5', m.exposant],
      ['17500,50', m.centimes],
      [17500.5, m.centimes],
      ['-5000', 'Le montant ne peut pas être négatif.'],
      [-5000, 'Le montant ne peut pas être négatif.'],
      ['1,250', m.ambigu],
      ['1 25 000', m.invalide],
      ['douze mille', m.invalide],
    ] as const) {
      failed(await post('/api/piece_de_caisses', voucher(montant)), 422, message, 'montant');
    }
    failed(
      await post('/api/factures', facture({ appliquer_reduction: true, reduction: '-5000' })),
      422,
      'La remise ne peut pas être négative.',
      'reduction',
    );
    failed(
      await post('/api/trajets', { libelle: 'Trajet négatif', montant: '-5 000' }),
      422,
      'Le montant ne peut pas être négatif.',
      'montant',
    );
  });
});

describe('one rule for every accounting date', () => {
  const trop = addDays(today, 8);
  const futur = 'La date ne peut pas dépasser de plus de 7 jours la date du jour.';
  const ancien = 'La date est trop ancienne (avant le 01/01/2000).';

  it('refuses 1900 and 2100 on invoices, purchases, vouchers and journal entries, and accepts today + 7', async () => {
    for (const [url, body] of [
      ['/api/factures', facture],
      ['/api/achats', achat],
      ['/api/piece_de_caisses', (x: Record<string, unknown>) => voucher(10_000, x.date_operation as string)],
      ['/api/operations', operation],
    ] as const) {
      for (const [date, message] of [
        ['2100-01-01', futur],
        [trop, futur],
        ['1900-01-01', ancien],
        ['1999-12-31', ancien],
      ]) {
        failed(await post(url, body({ date_operation: date })), 422, message!, 'date_operation');
      }
      const ok = await post(url, body({ date_operation: addDays(today, 7) }));
      expect(ok.statusCode, `${url}: ${ok.body}`).toBe(200);
      const old = await post(url, body({ date_operation: '2000-01-01' }));
      expect(old.statusCode, `${url}: ${old.body}`).toBe(200);
    }
  });

  it('refuses a credit note and an update dated out of range', async () => {
    const f = data(await post('/api/factures', facture()));
    failed(
      await post(`/api/factures/${f.id}/update`, facture({ date_operation: '2100-01-01' })),
      422,
      futur,
      'date_operation',
    );
    data(await post(`/api/factures/${f.id}/validate`, {}));
    failed(
      await post(`/api/factures/${f.id}/avoir`, { date_operation: '1900-01-01' }),
      422,
      ancien,
      'date_operation',
    );
  });

  it('never numbers nor posts a draft saved before the rule with a date of 2100', async () => {
    const f = data(await post('/api/factures', facture()));
    // A draft of an older version, stored with the date the API refuses now.
    await ctx.db.update(factures).set({ date_operation: '2100-01-01' }).where(eq(factures.id, f.id));
    failed(await post(`/api/factures/${f.id}/validate`, {}), 422, futur, 'date_operation');
    const stored = (await ctx.db.select().from(factures).where(eq(factures.id, f.id)))[0] as Json;
    expect([stored.numero, stored.est_valide]).toEqual([null, false]);
  });

  it('gives payments the same rule', async () => {
    const course = await ctx.postCourse(ctx.A, clientId, (await ctx.vehicule(ctx.A)).id);
    failed(
      await post('/api/paiements', {
        course_id: course.id,
        libelle: 'Solde',
        mode: 'Espèces',
        montant: 1000,
        date_operation: '2100-01-01',
      }),
      422,
      "La date de l'opération ne peut pas dépasser de plus de 7 jours la date du jour.",
      'date_operation',
    );
  });
});

describe("a vehicle's year of manufacture and commissioning date", () => {
  const annee = Number(today.slice(0, 4));
  const vehicule = (extra: Record<string, unknown>) => ({
    plaque: `AN-${Math.floor(Math.random() * 1e6)}`,
    marque: 'Renault Trucks',
    ...extra,
  });
  const create = async (extra: Record<string, unknown>) =>
    post('/api/vehicules', {
      ...vehicule(extra),
      type_vehicule_id: await ctx.typeVehicule('Semi-remorque'),
    });

  it('accepts 1950 … next year, and a commissioning between the year built and today', async () => {
    for (const a of [1950, annee + 1]) expect((await create({ annee: a })).statusCode).toBe(200);
    const v = data(await create({ annee: 2015, date_mise_en_service: '2015-01-01' }));
    expect([v.annee, v.date_mise_en_service]).toEqual([2015, '2015-01-01']);
    expect((await create({ date_mise_en_service: today })).statusCode).toBe(200);
  });

  it('refuses 1900, 2100, a future commissioning and one before the year built, in French on the field', async () => {
    failed(await create({ annee: 1900 }), 422, "L'année de fabrication doit être au moins 1950.", 'annee');
    failed(
      await create({ annee: 2100 }),
      422,
      `L'année de fabrication ne peut pas dépasser ${annee + 1}.`,
      'annee',
    );
    failed(
      await create({ annee: annee + 2 }),
      422,
      `L'année de fabrication ne peut pas dépasser ${annee + 1}.`,
      'annee',
    );
    failed(
      await create({ date_mise_en_service: addDays(today, 1) }),
      422,
      'La date de mise en service ne peut pas être dans le futur.',
      'date_mise_en_service',
    );
    failed(
      await create({ date_mise_en_service: '2100-01-01' }),
      422,
      'La date de mise en service ne peut pas être dans le futur.',
      'date_mise_en_service',
    );
    failed(
      await create({ date_mise_en_service: '1900-01-01' }),
      422,
      'La date de mise en service ne peut pas précéder 1950.',
      'date_mise_en_service',
    );
    failed(
      await create({ annee: 2018, date_mise_en_service: '2017-06-30' }),
      422,
      "La date de mise en service ne peut pas précéder l'année de fabrication (2018).",
      'date_mise_en_service',
    );
  });

  it('checks a field sent alone on update against the other one stored', async () => {
    const v = data(await create({ annee: 2015, date_mise_en_service: '2016-03-15' }));
    failed(
      await post(`/api/vehicules/${v.id}/update`, { date_mise_en_service: '2014-12-31' }),
      422,
      "La date de mise en service ne peut pas précéder l'année de fabrication (2015).",
      'date_mise_en_service',
    );
    failed(
      await post(`/api/vehicules/${v.id}/update`, { annee: 2017 }),
      422,
      "L'année de fabrication (2017) ne peut pas suivre la date de mise en service (15/03/2016).",
      'annee',
    );
    const stored = data(await ctx.t.get(`/api/vehicules/${v.id}`, ctx.A.token));
    expect([stored.annee, stored.date_mise_en_service]).toEqual([2015, '2016-03-15']);
    expect((await post(`/api/vehicules/${v.id}/update`, { annee: 2016 })).statusCode).toBe(200);
  });
});

describe('the journal takes the accounts of the chart; a sub-account is opened explicitly', () => {
  const ligne = (compte: string, extra: Record<string, unknown> = {}) => [
    { compte, debit: 25_000, ...extra },
    { compte: '571', credit: 25_000 },
  ];
  const od = (lignes: unknown[], token = ctx.A.token) =>
    post('/api/operations', operation({ libelle: 'Frais bancaires', lignes }), token);

  it('refuses made-up accounts (999999, 00, class 9) in French on the line', async () => {
    for (const compte of ['999999', '00', '911', '9']) {
      const res = await od(ligne(compte));
      expect(res.statusCode, `${compte}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().data.fields), compte).toEqual(['lignes.0.compte']);
    }
    failed(
      await od(ligne('999999')),
      422,
      "Le compte « 999999 » n'est pas dans le plan comptable SYSCOHADA (classes 1 à 8).",
      'lignes.0.compte',
    );
  });

  it('accepts the chart’s accounts', async () => {
    for (const compte of ['631', '62', '4492', '101']) {
      const res = await od(ligne(compte));
      expect(res.statusCode, `${compte}: ${res.body}`).toBe(200);
    }
  });

  it('asks for a sub-account to be opened once, then takes it, for its company only', async () => {
    const compte = `521${Math.floor(Math.random() * 900) + 100}`;
    failed(
      await od(ligne(compte)),
      422,
      `Le compte « ${compte} » n'est pas encore ouvert : c'est un sous-compte de 521 (Banques). Cochez « Nouveau sous-compte » pour l'ouvrir.`,
      'lignes.0.compte',
    );
    expect((await od(ligne(compte, { nouveau_sous_compte: true }))).statusCode).toBe(200);
    expect((await od(ligne(compte))).statusCode).toBe(200);
    // Another company has not opened it.
    expect((await od(ligne(compte), ctx.B.token)).statusCode).toBe(422);
  });
});
