import { randomUUID } from 'node:crypto';
import { ANOMALIES_CARBURANT, CARBURANT_MSG } from '@yams/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, pleinsCarburant } from '../src/db/schema';
import { data, expectEvery, type Fixtures, failed, type Json, setupFixtures } from './fixtures';
import { formData } from './helpers';

// Fuel fills of the office (`/api/carburant`): writes, French refusals, tenancy, the fuel-card import,
// anomalies raised once, and the consumption per vehicle and month against a hand computation.

let f: Fixtures;
beforeAll(async () => {
  f = await setupFixtures();
  // A colleague at the office: the one told of the anomalies A's account records.
  await f.collegue(f.A);
}, 180_000);

/** An instant `days` ago at `hh:mm` Libreville time. */
const le = (day: string, hhmm: string) => `${day}T${hhmm}:00+01:00`;
const camion = (extra: Record<string, unknown> = {}) =>
  f.vehicule(f.A, { capacite_reservoir: 400, consommation_reference: 30, ...extra });

const plein = (vehicule_id: number, extra: Record<string, unknown> = {}) => ({
  vehicule_id,
  date: le('2026-01-10', '08:00'),
  litres: 300,
  prix_litre: 690,
  kilometrage: 100_000,
  plein_complet: true,
  mode_paiement: 'carte',
  station: 'Total Owendo',
  ...extra,
});

/** What the office's other accounts were told of a fill (the author of a write is not told of it). */
const notificationsDe = async (pleinId: number) =>
  f.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.type, 'anomalie_carburant'),
        eq(notifications.lien, `/parc-auto/carburant?id=${pleinId}`),
      ),
    );

describe('pleins de carburant', () => {
  it('created by the office: the amount from litres × price, the stored row, the list and the detail', async () => {
    const v = await camion();
    const p = data(await f.t.post('/api/carburant', plein(v.id, { chauffeur_id: f.A.chauffeur }), f.A.token));
    expect(p).toMatchObject({
      vehicule: { id: v.id, plaque: v.plaque },
      litres: 300,
      prix_litre: 690,
      montant: 207_000,
      kilometrage: 100_000,
      plein_complet: true,
      mode_paiement: 'carte',
      saisie: 'bureau',
      chauffeur: { id: f.A.chauffeur },
      anomalies: [],
      entreprise_id: f.A.id,
    });
    const [row] = await f.db.select().from(pleinsCarburant).where(eq(pleinsCarburant.id, p.id));
    expect(row).toMatchObject({ montant: 207_000, plein: true, saisie: 'bureau', entreprise_id: f.A.id });
    const list = data(await f.t.get(`/api/carburant?vehicule=${v.id}&page=1&per_page=10`, f.A.token));
    expect(list.total).toBe(1);
    expect(list.data[0].id).toBe(p.id);
    // Partial update: only the station changes; the history names both moves.
    const upd = data(await f.t.post(`/api/carburant/${p.id}/update`, { station: 'Engen Lalala' }, f.A.token));
    expect(upd).toMatchObject({ station: 'Engen Lalala', litres: 300, montant: 207_000 });
    const hist = data(await f.t.get(`/api/carburant/${p.id}/historique`, f.A.token));
    expect(hist.map((h: Json) => h.action)).toEqual(['modification', 'creation']);
    // Deleted by the office.
    data(await f.t.post(`/api/carburant/${p.id}/destroy`, {}, f.A.token));
    expect(await f.db.select().from(pleinsCarburant).where(eq(pleinsCarburant.id, p.id))).toEqual([]);
  });

  it('bad input: a French 422 naming each field', async () => {
    const v = await camion();
    failed(
      await f.t.post('/api/carburant', { ...plein(v.id), litres: undefined }, f.A.token),
      422,
      CARBURANT_MSG.litres,
      'litres',
    );
    // A blank field of the form (null) is missing, not invalid.
    failed(
      await f.t.post('/api/carburant', plein(v.id, { litres: null }), f.A.token),
      422,
      CARBURANT_MSG.litres,
      'litres',
    );
    failed(
      await f.t.post('/api/carburant', plein(v.id, { date: null }), f.A.token),
      422,
      CARBURANT_MSG.dateObligatoire,
      'date',
    );
    failed(
      await f.t.post('/api/carburant', plein(v.id, { litres: 'beaucoup' }), f.A.token),
      422,
      CARBURANT_MSG.litresBornes,
      'litres',
    );
    failed(
      await f.t.post('/api/carburant', plein(v.id, { prix_litre: null, montant: null }), f.A.token),
      422,
      CARBURANT_MSG.montantOuPrix,
      'montant',
    );
    failed(
      await f.t.post('/api/carburant', plein(v.id, { montant: 150_000 }), f.A.token),
      422,
      CARBURANT_MSG.montantIncoherent,
      'montant',
    );
    failed(
      await f.t.post('/api/carburant', plein(v.id, { litres: 2000, prix_litre: 900_000_000 }), f.A.token),
      422,
      CARBURANT_MSG.montantTropEleve,
      'prix_litre',
    );
    failed(
      await f.t.post('/api/carburant', plein(v.id, { date: '2099-01-01' }), f.A.token),
      422,
      CARBURANT_MSG.dateFuture,
      'date',
    );
    failed(
      await f.t.post('/api/carburant', plein(v.id, { date: 'hier' }), f.A.token),
      422,
      CARBURANT_MSG.dateInvalide,
      'date',
    );
    failed(
      await f.t.post('/api/carburant', plein(v.id, { mode_paiement: 'cheque' }), f.A.token),
      422,
      CARBURANT_MSG.modeInvalide,
      'mode_paiement',
    );
    failed(
      await f.t.post('/api/carburant', plein(999_999), f.A.token),
      422,
      CARBURANT_MSG.vehiculeInconnu,
      'vehicule_id',
    );
    failed(
      await f.t.post('/api/carburant', plein(v.id, { chauffeur_id: f.A.id }), f.A.token),
      422,
      CARBURANT_MSG.chauffeurInconnu,
      'chauffeur_id',
    );
    failed(
      await f.t.get('/api/carburant?anomalie=peut-etre', f.A.token),
      422,
      "Le filtre d'anomalie est oui ou non.",
    );
  });

  it('tenancy: B sees none of A’s fills, and cannot fill A’s vehicle', async () => {
    const v = await camion();
    const p = data(await f.t.post('/api/carburant', plein(v.id), f.A.token));
    failed(await f.t.get(`/api/carburant/${p.id}`, f.B.token), 404, "Ce plein de carburant n'existe pas.");
    failed(
      await f.t.post(`/api/carburant/${p.id}/update`, { litres: 1 }, f.B.token),
      404,
      "Ce plein de carburant n'existe pas.",
    );
    expect(data(await f.t.get(`/api/carburant?limit=1000&vehicule=${v.id}`, f.B.token))).toEqual([]);
    expectEvery(
      data(await f.t.get('/api/carburant?limit=1000', f.B.token)),
      (x: Json) => x.entreprise_id === f.B.id,
    );
    failed(
      await f.t.post('/api/carburant', plein(v.id), f.B.token),
      422,
      CARBURANT_MSG.vehiculeInconnu,
      'vehicule_id',
    );
    failed(await f.t.get(`/api/vehicules/${v.id}/kilometrage`, f.B.token), 404, "Ce véhicule n'existe pas.");
  });
});

describe('anomalies', () => {
  it('raised once when the fill is written, notified once, never again on reading or an unrelated change', async () => {
    const v = await camion();
    data(await f.t.post('/api/carburant', plein(v.id), f.A.token));
    // 1000 km later, 420 L: 42 L/100 km > 30 × 1.2 = 36, and more than the 400 L tank.
    const p = data(
      await f.t.post(
        '/api/carburant',
        plein(v.id, { date: le('2026-01-13', '08:00'), kilometrage: 101_000, litres: 420 }),
        f.A.token,
      ),
    );
    expect(p.anomalies.map((a: Json) => a.code)).toEqual(['consommation', 'capacite']);
    expect(p.anomalies[0].message).toBe(
      'Consommation de 42 L/100 km sur 1.000 km, au-dessus de la référence de 30 L/100 km (+20 % admis).',
    );
    expect(await notificationsDe(p.id)).toHaveLength(1);
    // Read again, listed, changed elsewhere: the same anomalies, no new notification.
    data(await f.t.get(`/api/carburant/${p.id}`, f.A.token));
    const flagged = data(await f.t.get(`/api/carburant?vehicule=${v.id}&anomalie=oui&limit=10`, f.A.token));
    expect(flagged.map((x: Json) => x.id)).toEqual([p.id]);
    data(await f.t.post(`/api/carburant/${p.id}/update`, { station: 'Total Owendo 2' }, f.A.token));
    expect(await notificationsDe(p.id)).toHaveLength(1);
    const [row] = await f.db.select().from(pleinsCarburant).where(eq(pleinsCarburant.id, p.id));
    expect(row!.anomalies.map((a) => a.code)).toEqual(['consommation', 'capacite']);
    // Corrected litres: the anomalies go, nothing is notified.
    const fixed = data(await f.t.post(`/api/carburant/${p.id}/update`, { litres: 310 }, f.A.token));
    expect(fixed).toMatchObject({ anomalies: [], montant: 213_900 });
    expect(await notificationsDe(p.id)).toHaveLength(1);
  });

  it('fills too close, an odometer going back; the company margin moves the consumption threshold', async () => {
    const v = await camion();
    data(await f.t.post('/api/carburant', plein(v.id, { plein_complet: false }), f.A.token));
    const proche = data(
      await f.t.post(
        '/api/carburant',
        plein(v.id, {
          date: le('2026-01-10', '09:00'),
          kilometrage: 100_010,
          litres: 20,
          plein_complet: false,
        }),
        f.A.token,
      ),
    );
    expect(proche.anomalies).toEqual([
      { code: 'rapproche', message: 'Plein moins de 2 heures après le précédent (60 min).' },
    ]);
    const recul = data(
      await f.t.post(
        '/api/carburant',
        plein(v.id, {
          date: le('2026-01-12', '09:00'),
          kilometrage: 99_000,
          litres: 20,
          plein_complet: false,
        }),
        f.A.token,
      ),
    );
    expect(recul.anomalies.map((a: Json) => a.code)).toEqual(['compteur']);
    expect(Object.keys(ANOMALIES_CARBURANT)).toContain('compteur');

    // 38 L/100 km: flagged at 20 %, not at 30 %.
    const w = await camion();
    data(await f.t.post('/api/entreprise/parametres/update', { marge_anomalie_carburant: 30 }, f.A.token));
    data(await f.t.post('/api/carburant', plein(w.id), f.A.token));
    const p = data(
      await f.t.post(
        '/api/carburant',
        plein(w.id, { date: le('2026-01-14', '08:00'), kilometrage: 101_000, litres: 380 }),
        f.A.token,
      ),
    );
    expect(p.anomalies).toEqual([]);
    data(await f.t.post('/api/entreprise/parametres/update', { marge_anomalie_carburant: 20 }, f.A.token));
  });
});

describe('pleins de l’application chauffeur', () => {
  it('checked like the office’s: stored once on the fill, the office notified, listed with the others', async () => {
    const driver = await f.chauffeur(f.A, 0);
    const v = await camion();
    const c = await f.course(f.A, {
      chauffeur_id: driver.id,
      vehicule: v.id,
      date_chargement: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const id_client = randomUUID();
    const form = formData({
      id_client,
      course_id: String(c.id),
      date: new Date(Date.now() - 600_000).toISOString(),
      litres: '450',
      montant: '310500',
      kilometrage: '150000',
      plein: 'true',
    });
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/api/chauffeur/carburant',
      payload: form.payload,
      headers: {
        authorization: `Bearer ${driver.token}`,
        'content-type': form.contentType,
        'idempotency-key': id_client,
      },
    });
    const id = data(res).id;
    const p = data(await f.t.get(`/api/carburant/${id}`, f.A.token));
    expect(p).toMatchObject({ saisie: 'chauffeur', chauffeur: { id: driver.id }, course: { id: c.id } });
    expect(p.anomalies).toEqual([{ code: 'capacite', message: '450 L pour un réservoir de 400 L.' }]);
    // The driver is not the office: the company's accounts are told, once.
    const told = await notificationsDe(id);
    expect(told.map((n) => n.user_id)).toContain(f.A.id);
    expect(told.filter((n) => n.user_id === f.A.id)).toHaveLength(1);
    const compteur = data(await f.t.get(`/api/vehicules/${v.id}`, f.A.token)).compteur;
    expect(compteur).toMatchObject({ kilometrage: 150_000, source: 'application', reference_id: id });
  });
});

describe('consommation par véhicule et par mois', () => {
  it('full tank to full tank, partials carried, equal to a hand computation', async () => {
    const v = await camion({ consommation_reference: 33 });
    const fills = [
      plein(v.id, { date: le('2026-02-26', '08:00'), kilometrage: 50_000, litres: 250 }), // opens the chain
      plein(v.id, { date: le('2026-02-28', '08:00'), kilometrage: 50_900, litres: 297 }), // 297 / 900 = 33
      plein(v.id, {
        date: le('2026-03-03', '08:00'),
        kilometrage: 51_400,
        litres: 100,
        plein_complet: false,
      }),
      plein(v.id, { date: le('2026-03-05', '08:00'), kilometrage: 52_100, litres: 220 }), // (100 + 220) / 1200 = 26.67
      plein(v.id, { date: le('2026-03-09', '08:00'), kilometrage: 53_100, litres: 350 }), // 350 / 1000 = 35
    ];
    for (const b of fills) data(await f.t.post('/api/carburant', b, f.A.token));
    const lignes = data(
      await f.t.get(
        `/api/carburant/consommation?vehicule=${v.id}&date_debut=2026-02-01&date_fin=2026-03-31`,
        f.A.token,
      ),
    );
    expect(lignes).toEqual([
      {
        vehicule: { id: v.id, plaque: v.plaque },
        mois: '2026-02',
        km: 900,
        litres: 297,
        consommation: 33,
        consommation_reference: 33,
        consommation_seuil: 39.6,
        litres_achetes: 547,
        montant: Math.round(250 * 690) + Math.round(297 * 690),
        pleins: 2,
      },
      {
        vehicule: { id: v.id, plaque: v.plaque },
        mois: '2026-03',
        km: 2200, // 1200 + 1000
        litres: 670, // 320 + 350
        consommation: 30.5, // 670 / 2200 × 100 = 30.45
        consommation_reference: 33,
        consommation_seuil: 39.6,
        litres_achetes: 670,
        montant: (100 + 220 + 350) * 690,
        pleins: 3,
      },
    ]);
    failed(
      await f.t.get('/api/carburant/consommation?date_debut=2026-03-01&date_fin=2026-02-01', f.A.token),
      422,
      'La date de fin doit être postérieure ou égale à la date de début.',
      'date_fin',
    );
  });
});

describe('import d’un relevé de carte carburant', () => {
  it('good lines all written (vehicle by its plate, French dates), a bad file writes nothing with each line’s errors', async () => {
    const v = await camion();
    // The export's own columns: the driver by his name, the course by its code.
    const chauffeur = data(await f.t.get(`/api/utilisateurs/${f.A.chauffeur}`, f.A.token));
    const course = data(
      await f.t.get(`/api/courses/${(await f.course(f.A, { vehicule: v.id })).id}`, f.A.token),
    );
    const good = {
      lignes: [
        {
          vehicule_id: v.plaque.replaceAll('-', ' '),
          chauffeur_id: chauffeur.nom_complet,
          course_id: course.code,
          date: '02/03/2026 07:45',
          litres: '310,5',
          prix_litre: 690,
          kilometrage: 70_000,
          plein_complet: 'Oui',
          mode_paiement: 'Carte carburant',
          station: 'Total Owendo',
        },
        {
          vehicule_id: v.plaque,
          date: '2026-03-05',
          litres: 300,
          montant: 207_000,
          kilometrage: 71_000,
          plein_complet: 'oui',
          mode_paiement: 'carte',
        },
      ],
    };
    const apercu = data(await f.t.post('/api/carburant/import', { ...good, apercu: true }, f.A.token));
    expect(apercu).toEqual({ lignes: 2, importees: 0, erreurs: [] });
    expect(data(await f.t.get(`/api/carburant?vehicule=${v.id}&req_count=1`, f.A.token))).toBe(0);

    const bad = {
      lignes: [
        ...good.lignes,
        {
          vehicule_id: 'GA-000-ZZ',
          date: '05/03/2026',
          litres: 50,
          prix_litre: 690,
          chauffeur_id: 'Personne Inconnue',
          course_id: 'CRS-1999-99999',
        },
        { vehicule_id: v.plaque, date: '31/02/2026', litres: -3, prix_litre: 690, mode_paiement: 'chèque' },
      ],
      numeros: [2, 3, 5, 6],
    };
    const res = await f.t.post('/api/carburant/import', bad, f.A.token);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors[0]).toBe("Aucune ligne n'a été importée : 2 lignes à corriger.");
    expect(body.errors).toContain(
      'Ligne 5 : Aucun véhicule ne porte cette plaque : « GA-000-ZZ ». Aucun chauffeur ne porte ce nom : « Personne Inconnue ». Aucune course ne porte ce code : « CRS-1999-99999 ».',
    );
    expect(body.errors).toContain(
      `Ligne 6 : ${CARBURANT_MSG.dateInvalide} ${CARBURANT_MSG.litresBornes} ${CARBURANT_MSG.modeInvalide}`,
    );
    expect(data(await f.t.get(`/api/carburant?vehicule=${v.id}&req_count=1`, f.A.token))).toBe(0);

    const done = data(await f.t.post('/api/carburant/import', good, f.A.token));
    expect(done).toEqual({ lignes: 2, importees: 2, erreurs: [] });
    const rows = await f.db.select().from(pleinsCarburant).where(eq(pleinsCarburant.vehicule_id, v.id));
    expect(
      rows
        .map((r) => [r.saisie, r.litres, r.montant, r.plein, r.mode_paiement, r.chauffeur_id, r.course_id])
        .sort(),
    ).toEqual([
      ['import', 300, 207_000, true, 'carte', null, null],
      ['import', 310.5, Math.round(310.5 * 690), true, 'carte', f.A.chauffeur, course.id],
    ]);
  });
});

describe('compteur', () => {
  it('the latest reading of fills and interventions, with its source; the vehicle shows it', async () => {
    const v = await camion();
    const p = data(
      await f.t.post(
        '/api/carburant',
        plein(v.id, { date: le('2026-03-01', '08:00'), kilometrage: 80_000 }),
        f.A.token,
      ),
    );
    const garage = data(await f.t.get('/api/garages?limit=1', f.A.token));
    const i = data(
      await f.t.post(
        '/api/interventions',
        {
          vehicule_id: v.id,
          garage_id: (garage.data ?? garage)[0].id,
          type: 'Entretien',
          date_debut: '2026-03-04',
          kilometrage: 81_200,
        },
        f.A.token,
      ),
    );
    expect(i.kilometrage).toBe(81_200);
    const hist = data(await f.t.get(`/api/vehicules/${v.id}/kilometrage`, f.A.token));
    expect(hist).toEqual([
      { kilometrage: 81_200, source: 'intervention', date: '2026-03-04', reference_id: i.id },
      {
        kilometrage: 80_000,
        source: 'carburant',
        date: new Date(le('2026-03-01', '08:00')).toISOString(),
        reference_id: p.id,
      },
    ]);
    const detail = data(await f.t.get(`/api/vehicules/${v.id}`, f.A.token));
    expect(detail).toMatchObject({
      capacite_reservoir: 400,
      consommation_reference: 30,
      compteur: { kilometrage: 81_200, source: 'intervention' },
    });
  });
});

describe('reçu', () => {
  it('the receipt’s photo joins the fill and is served to the company only', async () => {
    const v = await camion();
    const p = data(await f.t.post('/api/carburant', plein(v.id), f.A.token));
    const PNG = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = formData({ photo: { name: 'recu.png', type: 'image/png', bytes: PNG } });
    const res = await f.t.app.inject({
      method: 'POST',
      url: `/api/carburant/${p.id}/recu`,
      payload: form.payload,
      headers: { authorization: `Bearer ${f.A.token}`, 'content-type': form.contentType },
    });
    const out = data(res);
    expect(out.photo_id).toEqual(expect.any(Number));
    expect((await f.t.get(`/api/photos-chauffeur/${out.photo_id}`, f.A.token)).statusCode).toBe(200);
    expect((await f.t.get(`/api/photos-chauffeur/${out.photo_id}`, f.B.token)).statusCode).toBe(404);
  });
});

describe('données de démonstration', () => {
  it('a year of fills for TransGabon’s trucks at 28–40 L/100 km, and a couple of anomalies', async () => {
    const lignes = data(await f.t.get('/api/carburant/consommation', f.A.token)) as Json[];
    const camions = lignes.filter((l) => (l.consommation_reference ?? 0) >= 28 && l.consommation !== null);
    expect(camions.length).toBeGreaterThan(50);
    expectEvery(camions, (l) => l.consommation >= 25 && l.consommation <= 45, 'la consommation des camions');
    const anomalies = data(
      await f.t.get('/api/carburant?anomalie=oui&saisie=bureau&limit=100', f.A.token),
    ) as Json[];
    const codes = anomalies.flatMap((p) => p.anomalies.map((a: Json) => a.code));
    expect(codes).toEqual(expect.arrayContaining(['rapproche', 'consommation']));
    expect(anomalies.length).toBeLessThanOrEqual(6);
  });
});
