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
