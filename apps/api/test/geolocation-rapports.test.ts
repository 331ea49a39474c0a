import { beforeAll, describe, expect, it } from 'vitest';
import { data } from './fixtures';
import { setupApi, type TestContext } from './helpers';

// The tracking reports of issue 28 on seeded tracks: the summary per vehicle and per driver
// (/api/rapports/resume) and the time on site (/api/rapports/zones), with the zones' CRUD (/api/zones).

let t: TestContext;
let token: string;
let otherToken: string;
beforeAll(async () => {
  t = await setupApi();
  token = await t.login('direction@transgabon.ga');
  otherToken = await t.login('direction@ogooue-logistique.ga');
});

let seq = 0;
async function device() {
  const identifiant = `RP${process.pid % 1000}${Date.now() % 100000}${++seq}`;
  const a = data(await t.post('/api/appareils', { nom: `Camion rapport ${seq}`, identifiant }, token));
  return { id: a.id as number, identifiant };
}

/** 1 km of longitude near the equator, in degrees. */
const KM = 1 / 111.195;
const DEPOT = { lat: 0.31, lng: 9.45 };

type Fix = { ms: number; east: number; kmh: number; extras?: Record<string, unknown> };

async function send(identifiant: string, fixes: Fix[], north = 0) {
  const location = fixes.map((f) => ({
    timestamp: new Date(f.ms).toISOString(),
    coords: { latitude: DEPOT.lat + north, longitude: DEPOT.lng + f.east, speed: f.kmh / 3.6, accuracy: 5 },
    ...(f.extras ? { extras: f.extras } : {}),
  }));
  const res = await t.post('/api/gps/osmand', { device_id: identifiant, location });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Libreville 2025-11-21 from 09:00 (08:00 UTC): 8 km east at 50 km/h (a fix a minute), 15 minutes at the
 * client's engine running (a fix every 3 min), 4 km back at 48 km/h; the tracker reports the ignition and
 * the driver's badge on its first fix.
 */
function journee(start = Date.parse('2025-11-21T08:00:00Z')): Fix[] {
  const fixes: Fix[] = [];
  const on = { ignition: true };
  for (let i = 0; i <= 10; i++)
    fixes.push({
      ms: start + i * 60_000,
      east: (i * 8 * KM) / 10,
      kmh: 50,
      extras: i === 0 ? { ...on, driverUniqueId: 'BADGE-R1' } : on,
    });
  const atClient = start + 10 * 60_000;
  for (let m = 3; m <= 15; m += 3)
    fixes.push({ ms: atClient + m * 60_000, east: 8 * KM, kmh: 0, extras: on });
  const back = atClient + 15 * 60_000;
  for (let i = 1; i <= 5; i++)
    fixes.push({ ms: back + i * 60_000, east: 8 * KM - (i * 4 * KM) / 5, kmh: 48, extras: on });
  return fixes;
}

describe('summary report (/api/rapports/resume)', () => {
  it('gives the figures of a hand computation, per vehicle and per driver, for the company only', async () => {
    const d = await device();
    await send(d.identifiant, journee());
    const q = 'date_debut=2025-11-20&date_fin=2025-11-22';
    const r = data(await t.get(`/api/rapports/resume?${q}`, token));
    expect([r.date_debut, r.date_fin]).toEqual(['2025-11-20', '2025-11-22']);
    const ligne = r.vehicules.find((v: { appareil: { id: number } }) => v.appareil.id === d.id);
    // 12 km; driving 10 + 5 min; idle = the 15 minutes at the client's; engine 30 min; one stop of 15 min;
    // 11 + 5 + 5 fixes; the 20th and the 22nd without a fix.
    expect(ligne).toEqual({
      appareil: { id: d.id, nom: expect.stringContaining('Camion rapport') },
      vehicule: null,
      distance_km: 12,
      duree_conduite_s: 900,
      arrets: 1,
      vitesse_max_kmh: 50,
      ralenti_s: 900,
      moteur_s: 1800,
      positions: 21,
      jours_sans_donnees: 2,
    });
    expect(r.conducteurs).toContainEqual({
      conducteur: 'BADGE-R1',
      distance_km: 12,
      duree_conduite_s: 900,
      arrets: 1,
      vitesse_max_kmh: 50,
      ralenti_s: 900,
      moteur_s: 1800,
      positions: 21,
      vehicules: [expect.stringContaining('Camion rapport')],
    });
    expect(r.totaux.positions).toBeGreaterThanOrEqual(21);

    // Another company sees none of it.
    const other = data(await t.get(`/api/rapports/resume?${q}`, otherToken));
    expect(other.vehicules.map((v: { appareil: { id: number } }) => v.appareil.id)).not.toContain(d.id);
    expect(other.conducteurs.map((c: { conducteur: string }) => c.conducteur)).not.toContain('BADGE-R1');

    // Excel and PDF of the same report.
    const xlsx = await t.get(`/api/rapports/resume?${q}&format=xlsx`, token);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const pdf = await t.get(`/api/rapports/resume?${q}&format=pdf`, token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('follows the company’s thresholds (Configurations → Entreprise): a 20-minute stop threshold', async () => {
    const d = await device();
    await send(d.identifiant, journee(Date.parse('2025-11-10T08:00:00Z')));
    const q = 'date_debut=2025-11-10&date_fin=2025-11-10';
    const arrets = async () => {
      const r = data(await t.get(`/api/rapports/resume?${q}`, token));
      const trajets = data(await t.get(`/api/rapports/trajets?appareil_id=${d.id}&${q}`, token));
      const trace = data(await t.get(`/api/appareils/${d.id}/trace?${q}`, token));
      return [
        r.vehicules.find((v: { appareil: { id: number } }) => v.appareil.id === d.id).arrets,
        trajets.arrets.length,
        trajets.trajets.length,
        trace.arret_minutes,
      ];
    };
    expect(await arrets()).toEqual([1, 1, 2, 5]);
    const save = (body: Record<string, number>) => t.post('/api/entreprise/parametres/update', body, token);
    expect((await save({ arret_min_minutes: 20 })).statusCode).toBe(200);
    try {
      // The 15 minutes at the client's are no longer a stop: one trip out and back.
      expect(await arrets()).toEqual([0, 0, 1, 20]);
    } finally {
      expect((await save({ arret_min_minutes: 5 })).statusCode).toBe(200);
    }
  });

  it('a superadmin reads every company’s devices and gets the Excel, not a PDF without a company', async () => {
    const admin = await t.login('admin@yams.ga');
    const d = await device();
    await send(d.identifiant, journee(Date.parse('2025-11-12T08:00:00Z')));
    const q = 'date_debut=2025-11-12&date_fin=2025-11-12';
    const r = data(await t.get(`/api/rapports/resume?${q}`, admin));
    expect(r.vehicules.find((v: { appareil: { id: number } }) => v.appareil.id === d.id)).toMatchObject({
      distance_km: 12,
      arrets: 1,
    });
    expect((await t.get(`/api/rapports/resume?${q}&format=xlsx`, admin)).statusCode).toBe(200);
    const pdf = await t.get(`/api/rapports/resume?${q}&format=pdf`, admin);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors).toEqual(["Le PDF porte l'en-tête d'une entreprise : demandez l'Excel."]);
  });

  it('refuses a bad period or filter with a French 422 naming the field', async () => {
    const cases: Array<[string, string, string]> = [
      [
        'date_debut=2025-11-22&date_fin=2025-11-20',
        'date_fin',
        'La date de fin doit être postérieure à la date de début.',
      ],
      ['date_debut=2025-10-01&date_fin=2025-11-20', 'date_fin', 'La période ne peut pas dépasser 31 jours.'],
      [
        'date_debut=2025-11-20&date_fin=2025-13-01',
        'date_fin',
        'La date de fin doit être une date au format AAAA-MM-JJ.',
      ],
      ['date_debut=2025-11-20&vehicule=abc', 'vehicule', 'Le véhicule doit être un identifiant numérique.'],
      ['date_debut=2025-11-20&format=docx', 'format', 'Le format est « json », « xlsx » ou « pdf ».'],
    ];
    for (const [q, field, message] of cases) {
      const res = await t.get(`/api/rapports/resume?${q}`, token);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors, q).toContain(message);
      expect(JSON.stringify(res.json()), q).toContain(field);
    }
  });
});

async function clientOf(tok: string): Promise<{ id: number }> {
  return (data(await t.get('/api/utilisateurs?type=client&limit=1', tok)) as Array<{ id: number }>)[0]!;
}

describe('zones (/api/zones)', () => {
  it('created, listed, changed and deleted by its company; circles and polygons', async () => {
    const client = await clientOf(token);
    const cercle = data(
      await t.post(
        '/api/zones',
        {
          nom: 'Site CRUD',
          type: 'cercle',
          latitude: 0.4,
          longitude: 9.45,
          rayon_m: '250',
          client_id: client.id,
        },
        token,
      ),
    );
    expect(cercle).toMatchObject({
      nom: 'Site CRUD',
      type: 'cercle',
      categorie: 'Site client',
      latitude: 0.4,
      longitude: 9.45,
      rayon_m: 250,
      points: null,
      client: { id: client.id },
    });
    const listed = data(await t.get('/api/zones?search=CRUD', token)) as Array<{ id: number }>;
    expect(listed.map((z) => z.id)).toEqual([cercle.id]);
    // A circle becomes a polygon: its centre is the mean of the vertices, its radius goes.
    const poly = data(
      await t.post(
        `/api/zones/${cercle.id}/update`,
        {
          type: 'polygone',
          points: [
            [0.4, 9.4],
            [0.4, 9.5],
            [0.5, 9.5],
            [0.5, 9.4],
          ],
        },
        token,
      ),
    );
    expect(poly).toMatchObject({ type: 'polygone', rayon_m: null, latitude: 0.45, longitude: 9.45 });
    expect(poly.points).toHaveLength(4);
    // Company B reaches none of it.
    expect((await t.get(`/api/zones/${cercle.id}`, otherToken)).statusCode).toBe(404);
    expect((await t.post(`/api/zones/${cercle.id}/update`, { nom: 'X' }, otherToken)).statusCode).toBe(404);
    expect((await t.post(`/api/zones/${cercle.id}/destroy`, {}, otherToken)).statusCode).toBe(404);
    expect(data(await t.get('/api/zones?search=CRUD', otherToken))).toEqual([]);
    const hist = data(await t.get(`/api/zones/${cercle.id}/historique`, token)) as Array<{ action: string }>;
    expect(hist.map((h) => h.action)).toEqual(['modification', 'creation']);
    expect((await t.post(`/api/zones/${cercle.id}/destroy`, {}, token)).statusCode).toBe(200);
    expect((await t.get(`/api/zones/${cercle.id}`, token)).statusCode).toBe(404);
  });

  it('bad input: a French 422 naming each field', async () => {
    const base = { nom: 'Zone invalide', type: 'cercle', latitude: 0.4, longitude: 9.45, rayon_m: 200 };
    const otherClient = await clientOf(otherToken);
    data(await t.post('/api/zones', { ...base, nom: 'Zone prise' }, token));
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...base, nom: ' ' }, 'nom', 'Le nom est obligatoire.'],
      [{ ...base, type: 'carre' }, 'type', 'Le type de zone est « cercle » ou « polygone ».'],
      [
        { ...base, rayon_m: undefined },
        'rayon_m',
        'Le rayon du cercle est obligatoire (en mètres, de 10 à 50 000).',
      ],
      [{ ...base, rayon_m: 5 }, 'rayon_m', 'Le rayon doit être au moins 10.'],
      [{ ...base, latitude: 95 }, 'latitude', 'La latitude doit être un nombre entre -90 et 90.'],
      [
        {
          ...base,
          type: 'polygone',
          points: [
            [0.4, 9.4],
            [0.5, 9.5],
          ],
        },
        'points',
        'Un polygone a au moins 3 sommets.',
      ],
      [{ ...base, type: 'polygone', points: [[0.4, 9.4], [0.5], [0.5, 9.4]] }, 'points', ZONE_SOMMET],
      [{ ...base, client_id: otherClient.id }, 'client_id', "Ce client n'existe pas."],
      [{ ...base, nom: 'Zone prise' }, 'nom', 'Une zone porte déjà ce nom.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.post('/api/zones', body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toContain(message);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
  });
});

const ZONE_SOMMET =
  'Chaque sommet est [latitude, longitude] : une latitude entre -90 et 90, une longitude entre -180 et 180.';

describe('time-on-site report (/api/rapports/zones)', () => {
  it('lists each visit with its arrival, departure and duration, filtered by zone and client', async () => {
    const client = await clientOf(token);
    const d = await device();
    // The client's site is where the seeded day stops: 8 km east of the depot.
    const site = data(
      await t.post(
        '/api/zones',
        {
          nom: 'Site rapport',
          type: 'cercle',
          latitude: DEPOT.lat,
          longitude: DEPOT.lng + 8 * KM,
          rayon_m: 200,
          client_id: client.id,
        },
        token,
      ),
    );
    await send(d.identifiant, journee());
    const q = `date_debut=2025-11-21&date_fin=2025-11-21&zone=${site.id}`;
    const r = data(await t.get(`/api/rapports/zones?${q}`, token));
    const mine = r.visites.filter((v: { appareil: { id: number } }) => v.appareil.id === d.id);
    // In at the 08:10 fix, last fix inside 08:25, out at 08:26 (0.8 km back west).
    expect(mine).toEqual([
      {
        zone: { id: site.id, nom: 'Site rapport', categorie: 'Site client' },
        appareil: { id: d.id, nom: expect.any(String) },
        vehicule: null,
        client: { id: client.id, nom: expect.any(String) },
        course: null,
        arrivee: '2025-11-21T08:10:00.000Z',
        depart: '2025-11-21T08:25:00.000Z',
        duree_s: 900,
      },
    ]);
    expect(r.zones).toEqual([{ nom: 'Site rapport', visites: r.visites.length, duree_s: r.duree_s }]);
    const parClient = data(await t.get(`/api/rapports/zones?${q}&client=${client.id}`, token));
    expect(parClient.visites).toHaveLength(r.visites.length);
    const autreClient = data(await t.get(`/api/rapports/zones?${q}&client=${client.id + 100000}`, token));
    expect(autreClient.visites).toEqual([]);
    // Company B: A's zone is not its own, A's device not either.
    const other = data(await t.get(`/api/rapports/zones?${q}`, otherToken));
    expect(other.visites).toEqual([]);
    const xlsx = await t.get(`/api/rapports/zones?${q}&format=xlsx`, token);
    expect(xlsx.statusCode).toBe(200);
  });

  it('a visit across midnight in Libreville is one visit', async () => {
    const d = await device();
    const site = data(
      await t.post(
        '/api/zones',
        {
          nom: 'Parking de nuit',
          type: 'cercle',
          latitude: DEPOT.lat + 0.05,
          longitude: DEPOT.lng,
          rayon_m: 150,
        },
        token,
      ),
    );
    // Arrives 23:30 in Libreville on the 21st (22:30 UTC), a fix every 10 min, leaves at 00:40 on the 22nd.
    const start = Date.parse('2025-11-21T22:10:00Z');
    const fixes: Fix[] = [{ ms: start, east: 2 * KM, kmh: 40 }];
    for (let m = 20; m <= 90; m += 10) fixes.push({ ms: start + m * 60_000, east: 0, kmh: 0 });
    fixes.push({ ms: start + 100 * 60_000, east: 2 * KM, kmh: 40 });
    await send(d.identifiant, fixes, 0.05);
    const r = data(
      await t.get(`/api/rapports/zones?date_debut=2025-11-21&date_fin=2025-11-22&zone=${site.id}`, token),
    );
    expect(r.visites.map((v: Record<string, unknown>) => [v.arrivee, v.depart, v.duree_s])).toEqual([
      ['2025-11-21T22:30:00.000Z', '2025-11-21T23:40:00.000Z', 70 * 60],
    ]);
  });

  it('refuses a bad filter with a French 422', async () => {
    const res = await t.get('/api/rapports/zones?date_debut=2025-11-21&zone=abc', token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContain('La zone doit être un identifiant numérique.');
  });
});
