import { jourAGabon, RENTABILITE_MSG, todayInGabon } from '@yams/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { scoped } from '../src/db/scoped';
import { fraisRoute, pleinsCarburant } from '../src/modules/chauffeur/chauffeur.table';
import { interventions } from '../src/modules/fleet/fleet.table';
import { courses } from '../src/modules/operations/operations.table';
import { data, type Fixtures, failed, setupFixtures } from './fixtures';

// One vehicle's March 2021 (a month the demo data never reaches), computed by hand below.
//   Fills: 1 Mar 100 000 km 200 L 150 000 F; 10 Mar (course C1) 100 600 km 100 L 75 000 F; 25 Mar 101 000 km
//   50 L 37 500 F → 350 L, 262 500 F, 750 F/L on average, 1 000 km in the month (no reading before it).
//   A confirmed intervention on 15 Mar: 200 000 F.
//   C1 900 000 F, (0°, 9°) → (0°, 10°): 111,195 km × 1,3 = 144,6 km; its fill 75 000; péage 10 000,
//      pesage 5 000, per diem 25 000; maintenance 200 000 × 144,6 / 1 000 = 28 920
//      → margin 900 000 − 75 000 − 15 000 − 25 000 − 28 920 = 756 080 (84,0 %).
//   C2 400 000 F, same road, no fill: 144,6 km × 40 L/100 km × 750 F = 43 380 (estimated); maintenance 28 920
//      → margin 327 700 (81,9 %).
//   C3 300 000 F, no coordinates: its distance is the month's 1 000 km / 3 courses = 333,3 km → fuel
//      333,3 × 40 / 100 × 750 = 99 990 (estimated), maintenance 200 000 × 333,3 / 1 000 = 66 660 → 133 350.
//   C4 cancelled: not counted.

let f: Fixtures;
let vehicule: number;
const ids: Record<string, number> = {};
const Q = 'date_debut=2021-03-01&date_fin=2021-03-31';

beforeAll(async () => {
  f = await setupFixtures();
  const s = scoped(f.db, f.A.scope);
  vehicule = (await f.vehicule(f.A, { consommation_reference: 40 })).id;
  const client = (await f.client(f.A)).id;
  const course = async (nom: string, jour: string, montant: number, extra: Record<string, unknown> = {}) => {
    ids[nom] = (
      await f.course(f.A, { client, vehicule, montant, date_chargement: `${jour}T08:00:00.000Z`, ...extra })
    ).id;
    await f.db.update(courses).set({ statut: 'Terminé' }).where(eq(courses.id, ids[nom]!));
  };
  const route = { chargement_lat: 0, chargement_lng: 9, dechargement_lat: 0, dechargement_lng: 10 };
  await course('C1', '2021-03-10', 900_000, { ...route, chauffeur_id: f.A.chauffeur });
  await course('C2', '2021-03-20', 400_000, route);
  await course('C3', '2021-03-22', 300_000);
  await course('C4', '2021-03-23', 999_999);
  await f.db.update(courses).set({ statut: 'Annulé' }).where(eq(courses.id, ids.C4!));
  const plein = (
    jour: string,
    km: number,
    litres: number,
    montant: number,
    course_id: number | null = null,
  ) => ({
    chauffeur_id: f.A.chauffeur,
    vehicule_id: vehicule,
    course_id,
    litres,
    montant,
    kilometrage: km,
    plein: true,
    saisie: 'bureau',
    date_plein: `${jour}T09:00:00.000Z`,
  });
  await s
    .insert(pleinsCarburant)
    .values([
      plein('2021-03-01', 100_000, 200, 150_000),
      plein('2021-03-10', 100_600, 100, 75_000, ids.C1),
      plein('2021-03-25', 101_000, 50, 37_500),
    ]);
  const frais = (type: string, montant: number) => ({
    chauffeur_id: f.A.chauffeur,
    id_client: crypto.randomUUID(),
    course_id: ids.C1!,
    vehicule_id: vehicule,
    type,
    montant,
    date_frais: '2021-03-10T12:00:00.000Z',
  });
  await s
    .insert(fraisRoute)
    .values([frais('Péage', 10_000), frais('Pesage', 5_000), frais('Per diem', 25_000)]);
  const it = await f.intervention(
    f.A,
    vehicule,
    { date_debut: '2021-03-15', date_fin: '2021-03-16' },
    { confirme: true },
  );
  await f.db.update(interventions).set({ montant: 200_000 }).where(eq(interventions.id, it.id));
}, 120_000);

describe('rentabilité des courses', () => {
  it('chaque course égale au calcul à la main, au franc près', async () => {
    const r = data(await f.t.get(`/api/rentabilite/courses?${Q}&vehicule=${vehicule}`, f.A.token));
    expect(r.total).toBe(3);
    const par = Object.fromEntries(r.lignes.map((l: { code: string }) => [l.code, l]));
    const code = async (n: string) => (await f.storedCourse(ids[n]!))!.code;
    expect(par[await code('C1')]).toMatchObject({
      revenu: 900_000,
      distance_km: 144.6,
      carburant: 75_000,
      carburant_source: 'mesuré',
      frais: 15_000,
      per_diem: 25_000,
      entretien: 28_920,
      couts: 143_920,
      marge: 756_080,
      marge_pct: 84,
      chauffeur: { id: f.A.chauffeur },
    });
    expect(par[await code('C2')]).toMatchObject({
      carburant: 43_380,
      carburant_source: 'estimé',
      frais: 0,
      per_diem: 0,
      entretien: 28_920,
      marge: 327_700,
      marge_pct: 81.9,
    });
    expect(par[await code('C3')]).toMatchObject({
      distance_km: 333.3,
      carburant: 99_990,
      carburant_source: 'estimé',
      entretien: 66_660,
      marge: 133_350,
    });
    expect(par[await code('C4')]).toBeUndefined();
    // The lowest margin first, and the period's totals.
    expect(r.lignes.map((l: { marge: number }) => l.marge)).toEqual([133_350, 327_700, 756_080]);
    expect(r.totaux).toEqual({
      courses: 3,
      revenu: 1_600_000,
      carburant: 218_370,
      frais: 15_000,
      per_diem: 25_000,
      entretien: 124_500,
      couts: 382_870,
      marge: 1_217_130,
      marge_pct: 76.1,
      carburant_estime: 2,
    });
  });

  it('par pages, filtrée par chauffeur', async () => {
    const p2 = data(
      await f.t.get(`/api/rentabilite/courses?${Q}&vehicule=${vehicule}&per_page=2&page=2`, f.A.token),
    );
    expect(p2).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(p2.lignes.map((l: { marge: number }) => l.marge)).toEqual([756_080]);
    const ch = data(
      await f.t.get(
        `/api/rentabilite/courses?${Q}&chauffeur=${f.A.chauffeur}&vehicule=${vehicule}`,
        f.A.token,
      ),
    );
    expect(ch.lignes.map((l: { id: number }) => l.id)).toEqual([ids.C1]);
  });

  it('par chauffeur et par trajet : les sommes des courses', async () => {
    const r = data(await f.t.get(`/api/rentabilite/chauffeurs?${Q}&vehicule=${vehicule}`, f.A.token));
    expect(
      r.lignes.map((g: { id: number | null; courses: number; marge: number }) => [g.id, g.courses, g.marge]),
    ).toEqual([
      [f.A.chauffeur, 1, 756_080],
      [null, 2, 461_050],
    ]);
    expect(r.lignes[1].libelle).toBe('Sans chauffeur');
    const t = data(await f.t.get(`/api/rentabilite/trajets?${Q}&vehicule=${vehicule}`, f.A.token));
    expect(t.lignes).toHaveLength(1);
    expect(t.lignes[0]).toMatchObject({ id: null, libelle: 'Sans trajet', courses: 3, marge: 1_217_130 });
  });
});

describe('rentabilité des véhicules', () => {
  it('le mois du véhicule : revenu, pleins, entretien, frais, marge, coût au km, km, jours', async () => {
    const r = data(
      await f.t.get(
        `/api/rentabilite/vehicules?date_debut=2021-02-01&date_fin=2021-04-30&vehicule=${vehicule}`,
        f.A.token,
      ),
    );
    expect(r.lignes).toHaveLength(1);
    expect(r.lignes[0]).toMatchObject({
      vehicule: { id: vehicule },
      mois: '2021-03',
      courses: 3,
      revenu: 1_600_000,
      carburant: 262_500,
      litres: 350,
      entretien: 200_000,
      documents: 0,
      frais: 40_000,
      couts: 502_500,
      marge: 1_097_500,
      marge_pct: 68.6,
      km: 1_000,
      cout_km: 503,
      consommation: 35,
      jours: 3,
    });
    expect(r.totaux).toEqual({
      revenu: 1_600_000,
      couts: 502_500,
      marge: 1_097_500,
      marge_pct: 68.6,
      km: 1_000,
      cout_km: 503,
    });
  });

  it('Excel et PDF du même rapport', async () => {
    const x = await f.t.get(`/api/rentabilite/vehicules?${Q}&vehicule=${vehicule}&format=xlsx`, f.A.token);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const p = await f.t.get(`/api/rentabilite/courses?${Q}&vehicule=${vehicule}&format=pdf`, f.A.token);
    expect(p.statusCode).toBe(200);
    expect(p.headers['content-type']).toBe('application/pdf');
    expect(p.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });
});

describe('recalcul naïf', () => {
  it('chaque mois de chaque véhicule de la démo égale une relecture naïve des tables', async () => {
    const debut = '2026-01-01';
    const fin = todayInGabon();
    const r = data(
      await f.t.get(`/api/rentabilite/vehicules?date_debut=${debut}&date_fin=${fin}`, f.A.token),
    );
    // Every row of the company, read unscoped and summed here per vehicle and Libreville month.
    const mois = (d: Date | string) => jourAGabon(d).slice(0, 7);
    const dans = (d: Date | string) => jourAGabon(d) >= debut && jourAGabon(d) <= fin;
    const naif = new Map<
      string,
      { revenu: number; courses: number; carburant: number; entretien: number; frais: number }
    >();
    const ligne = (v: number, m: string) => {
      const k = `${v}|${m}`;
      const l = naif.get(k) ?? { revenu: 0, courses: 0, carburant: 0, entretien: 0, frais: 0 };
      naif.set(k, l);
      return l;
    };
    for (const c of await f.db.select().from(courses).where(eq(courses.entreprise_id, f.A.id)))
      if (c.statut !== 'Annulé' && dans(c.date_chargement)) {
        const l = ligne(c.vehicule_id, mois(c.date_chargement));
        l.revenu += c.montant;
        l.courses += 1;
      }
    for (const p of await f.db
      .select()
      .from(pleinsCarburant)
      .where(eq(pleinsCarburant.entreprise_id, f.A.id)))
      if (dans(p.date_plein)) ligne(p.vehicule_id, mois(p.date_plein)).carburant += p.montant;
    for (const i of await f.db.select().from(interventions).where(eq(interventions.entreprise_id, f.A.id)))
      if (i.statut === 'Confirmé' && i.date_debut >= debut && i.date_debut <= fin)
        ligne(i.vehicule_id, i.date_debut.slice(0, 7)).entretien += i.montant;
    for (const x of await f.db.select().from(fraisRoute).where(eq(fraisRoute.entreprise_id, f.A.id)))
      if (dans(x.date_frais)) ligne(x.vehicule_id, mois(x.date_frais)).frais += x.montant;
    const api = new Map(
      r.lignes.map(
        (l: {
          vehicule: { id: number };
          mois: string;
          revenu: number;
          courses: number;
          carburant: number;
          entretien: number;
          frais: number;
        }) => [
          `${l.vehicule.id}|${l.mois}`,
          {
            revenu: l.revenu,
            courses: l.courses,
            carburant: l.carburant,
            entretien: l.entretien,
            frais: l.frais,
          },
        ],
      ),
    );
    expect(naif.size).toBeGreaterThan(20);
    expect(Object.fromEntries(api)).toEqual(Object.fromEntries(naif));
  });
});

describe('entreprises et erreurs', () => {
  it('une autre entreprise ne voit rien de ce véhicule, même en le nommant', async () => {
    for (const path of ['courses', 'vehicules', 'chauffeurs', 'trajets']) {
      const r = data(await f.t.get(`/api/rentabilite/${path}?${Q}&vehicule=${vehicule}`, f.B.token));
      expect(r.lignes, path).toEqual([]);
    }
    const tout = data(await f.t.get(`/api/rentabilite/vehicules?${Q}`, f.B.token));
    expect(tout.lignes.map((l: { vehicule: { id: number } }) => l.vehicule.id)).not.toContain(vehicule);
  });

  it('un superadmin choisit l’entreprise ; le PDF demande une entreprise', async () => {
    const deA = data(
      await f.t.get(`/api/rentabilite/vehicules?${Q}&vehicule=${vehicule}&entreprise=${f.A.id}`, f.admin),
    );
    expect(deA.lignes.map((l: { marge: number }) => l.marge)).toEqual([1_097_500]);
    const deB = data(await f.t.get(`/api/rentabilite/vehicules?${Q}&entreprise=${f.B.id}`, f.admin));
    expect(deB.lignes.map((l: { vehicule: { id: number } }) => l.vehicule.id)).not.toContain(vehicule);
    // A company naming another is still itself.
    const soi = data(
      await f.t.get(`/api/rentabilite/courses?${Q}&vehicule=${vehicule}&entreprise=${f.B.id}`, f.A.token),
    );
    expect(soi.total).toBe(3);
    failed(
      await f.t.get(`/api/rentabilite/courses?${Q}&format=pdf`, f.admin),
      422,
      "Le PDF porte l'en-tête d'une entreprise : demandez l'Excel.",
      'format',
    );
  });

  it('dates refusées en français, sur leur champ', async () => {
    failed(
      await f.t.get('/api/rentabilite/courses?date_debut=2021-02-30', f.A.token),
      422,
      RENTABILITE_MSG.jour('La date de début'),
      'date_debut',
    );
    failed(
      await f.t.get('/api/rentabilite/vehicules?date_debut=2021-03-02&date_fin=2021-03-01', f.A.token),
      422,
      RENTABILITE_MSG.ordre,
      'date_fin',
    );
    failed(
      await f.t.get('/api/rentabilite/trajets?date_debut=2020-01-01&date_fin=2021-03-01', f.A.token),
      422,
      RENTABILITE_MSG.tropLongue,
      'date_fin',
    );
    failed(
      await f.t.get('/api/rentabilite/courses?per_page=5000', f.A.token),
      422,
      RENTABILITE_MSG.parPage,
      'per_page',
    );
    failed(
      await f.t.get('/api/rentabilite/chauffeurs?format=doc', f.A.token),
      422,
      RENTABILITE_MSG.format,
      'format',
    );
  });
});
