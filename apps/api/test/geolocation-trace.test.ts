import { beforeAll, describe, expect, it } from 'vitest';
import { gpsAddress } from '../src/modules/geolocation/gps.routes';
import { data } from './fixtures';
import { setupApi, type TestContext } from './helpers';

// The track of a device over a day range (points in time order, stops longer than 5 minutes, distance and
// driving time per Libreville day) and its export; the second listener on GPS_PORT (Traccar Client's
// default setup: a bare host and port).

let t: TestContext;
let token: string;
let otherToken: string;
beforeAll(async () => {
  t = await setupApi({ GPS_PORT: '0', HOST: '127.0.0.1' });
  token = await t.login('direction@transgabon.ga');
  otherToken = await t.login('direction@ogooue-logistique.ga');
});

let seq = 0;
async function device() {
  const identifiant = `TR${process.pid % 1000}${Date.now() % 100000}${++seq}`;
  const a = data(await t.post('/api/appareils', { nom: `Camion ${seq}`, identifiant }, token));
  return { id: a.id as number, identifiant };
}

/** 1 km of latitude, in degrees. */
const KM = 1 / 111.195;

describe('track of a device', () => {
  it('gives points in order, stops over 5 minutes, distance and driving time per Libreville day', async () => {
    const d = await device();
    // Day 1 (Libreville 2025-11-20): 10 km north in 12 fixes 1 min apart (about 50 km/h), a 20-minute
    // stop (fixes every 2 min), then 5 km more. Day 2 at 00:30 Libreville (23:30 UTC the day before): 2 km.
    const start = Date.parse('2025-11-20T07:00:00Z');
    const fixes: Array<[number, number, number]> = [];
    for (let i = 0; i <= 12; i++) fixes.push([start + i * 60_000, (i * 10 * KM) / 12, 50]);
    const stopAt = start + 12 * 60_000;
    for (let m = 2; m <= 20; m += 2) fixes.push([stopAt + m * 60_000, 10 * KM + (m % 4 ? 0.00002 : 0), 0]);
    const resume = stopAt + 20 * 60_000;
    for (let i = 1; i <= 6; i++) fixes.push([resume + i * 60_000, 10 * KM + (i * 5 * KM) / 6, 50]);
    const night = Date.parse('2025-11-20T23:30:00Z');
    for (let i = 0; i <= 2; i++) fixes.push([night + i * 60_000, 15 * KM + i * KM, 60]);
    const location = fixes.map(([ms, lat, kmh]) => ({
      timestamp: new Date(ms).toISOString(),
      coords: {
        latitude: 0.2 + lat,
        longitude: 9.5,
        speed: kmh / 3.6,
        heading: 0,
        accuracy: 5,
        altitude: 10,
      },
      battery: { level: 0.9, is_charging: false },
    }));
    const res = await t.post('/api/gps/osmand', { device_id: d.identifiant, location: location.reverse() });
    expect(res.statusCode, res.body).toBe(200);

    const trace = data(
      await t.get(`/api/appareils/${d.id}/trace?date_debut=2025-11-20&date_fin=2025-11-22`, token),
    );
    expect(trace.points).toHaveLength(fixes.length);
    const times = trace.points.map((p: { heure: string }) => p.heure);
    expect([...times].sort()).toEqual(times);
    // The 20-minute stop, and the night parked at the same place (no fix while the phone was off).
    expect(trace.arrets).toHaveLength(2);
    expect(trace.arrets[0]).toMatchObject({ debut: new Date(stopAt).toISOString(), duree_min: 20 });
    expect(trace.arrets[1]).toMatchObject({
      debut: new Date(resume + 6 * 60_000).toISOString(),
      fin: new Date(night).toISOString(),
    });
    expect(trace.jours.map((j: { date: string }) => j.date)).toEqual([
      '2025-11-20',
      '2025-11-21',
      '2025-11-22',
    ]);
    const [d1, d2, d3] = trace.jours;
    expect(d1.distance_km).toBeCloseTo(15, 0);
    // Driving: 12 + 6 minutes moving (the stop does not count).
    expect(d1.duree_conduite_s).toBe(18 * 60);
    expect(d1).toMatchObject({ arrets: 2, points: 13 + 10 + 6 });
    expect(d2.distance_km).toBeCloseTo(2, 0);
    expect(d2).toMatchObject({
      duree_conduite_s: 120,
      points: 3,
      premiere_heure: new Date(night).toISOString(),
    });
    expect(d3).toMatchObject({ distance_km: 0, points: 0, duree_conduite_s: 0 });
    expect(trace.distance_km).toBeCloseTo(d1.distance_km + d2.distance_km, 1);

    const csv = await t.get(
      `/api/appareils/${d.id}/trace/export?date_debut=2025-11-20&date_fin=2025-11-21&format=csv`,
      token,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Date";"Distance (km)";"Temps de conduite";"Temps de conduite (min)";"Arrêts";"Points";"Conducteurs"',
    );
    expect(lines[1]).toMatch(/^"20\/11\/2025";1[45](,\d+)?;"0 h 18";18;2;29;(""|)$/);
    expect(lines.at(-1)).toMatch(/^"Total";/);
    const xlsx = await t.get(
      `/api/appareils/${d.id}/trace/export?date_debut=2025-11-20&date_fin=2025-11-21`,
      token,
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a bad range in French', async () => {
    const d = await device();
    for (const [q, message] of [
      [
        'date_debut=2025-11-20&date_fin=2025-11-10',
        'La date de fin doit être postérieure à la date de début.',
      ],
      ['date_debut=2025-01-01&date_fin=2025-03-01', 'La période ne peut pas dépasser 31 jours.'],
      ['date_debut=2025-02-30', 'La date de début doit être une date au format AAAA-MM-JJ.'],
    ] as const) {
      const res = await t.get(`/api/appareils/${d.id}/trace?${q}`, token);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors).toContain(message);
    }
    expect((await t.get(`/api/appareils/${d.id}/trace`, otherToken)).statusCode).toBe(404);
  });
});

describe('trips report (/api/rapports/trajets)', () => {
  it('names the places after saved addresses, and keeps to the company and to a valid query', async () => {
    const d = await device();
    // Libreville 2025-11-21: 8 km east from the depot at 50 km/h (a fix a minute), 15 minutes at the
    // client's (a fix every 3 min), 4 km back. The depot is a saved address; the client's site is not.
    const depot = { lat: 0.31, lng: 9.45 };
    const start = Date.parse('2025-11-21T08:00:00Z');
    const fixes: Array<[number, number, number]> = [];
    for (let i = 0; i <= 10; i++) fixes.push([start + i * 60_000, (i * 8 * KM) / 10, 50]);
    const atClient = start + 10 * 60_000;
    for (let m = 3; m <= 15; m += 3) fixes.push([atClient + m * 60_000, 8 * KM, 0]);
    const back = atClient + 15 * 60_000;
    for (let i = 1; i <= 5; i++) fixes.push([back + i * 60_000, 8 * KM - (i * 4 * KM) / 5, 48]);
    const location = fixes.map(([ms, east, kmh]) => ({
      timestamp: new Date(ms).toISOString(),
      coords: { latitude: depot.lat, longitude: depot.lng + east, speed: kmh / 3.6, accuracy: 5 },
    }));
    expect((await t.post('/api/gps/osmand', { device_id: d.identifiant, location })).statusCode).toBe(200);

    const me = data(await t.get('/api/me', token));
    const villes = data(await t.get('/api/villes', token)) as { id: number }[];
    const libelle = `Dépôt rapport ${seq}`;
    data(
      await t.post(
        '/api/adresses',
        { libelle, ville: villes[0]!.id, lat: depot.lat, lng: depot.lng + 0.001, utilisateur: me.id },
        token,
      ),
    );

    const q = `appareil_id=${d.id}&date_debut=2025-11-21&date_fin=2025-11-21`;
    const r = data(await t.get(`/api/rapports/trajets?${q}`, token));
    expect(r.appareil.id).toBe(d.id);
    expect(
      r.trajets.map((x: Record<string, unknown>) => [x.debut, x.fin, x.distance_km, x.vitesse_max_kmh]),
    ).toEqual([
      ['2025-11-21T08:00:00.000Z', '2025-11-21T08:10:00.000Z', 8, 50],
      ['2025-11-21T08:25:00.000Z', '2025-11-21T08:30:00.000Z', 4, 48],
    ]);
    expect(r.trajets[0].depart.adresse).toBe(libelle);
    expect(r.trajets[0].arrivee.adresse).toBeNull();
    expect(r.trajets[0].course).toBeNull();
    expect(r.arrets).toEqual([
      expect.objectContaining({
        debut: '2025-11-21T08:10:00.000Z',
        duree_min: 15,
        adresse: null,
        course: null,
      }),
    ]);
    expect([r.distance_km, r.duree_s]).toEqual([12, 900]);

    // Another company's device is not found; a missing device or a bad day is a French 422.
    expect((await t.get(`/api/rapports/trajets?${q}`, otherToken)).statusCode).toBe(404);
    const missing = await t.get('/api/rapports/trajets?date_debut=2025-11-21', token);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toContain("Choisissez l'appareil (son identifiant numérique).");
    const bad = await t.get(`/api/rapports/trajets?appareil_id=${d.id}&date_fin=2025-13-01`, token);
    expect(bad.statusCode).toBe(422);
  });
});

describe('GPS_PORT', () => {
  it('answers the OsmAnd protocol at / of its own port, with the same rules', async () => {
    const address = gpsAddress(t.app.config);
    expect(address?.port).toBeGreaterThan(0);
    // The devices screen reads the port to show it beside the identifier.
    const serveur = await t.get('/api/gps/serveur', token);
    expect(serveur.json().data).toEqual({ port_gps: address!.port });
    expect((await t.get('/api/gps/serveur')).statusCode).toBe(401);
    const base = `http://127.0.0.1:${address!.port}`;
    const d = await device();
    const ts = Math.floor(Date.now() / 1000);
    const q = await fetch(
      `${base}/?id=${d.identifiant}&timestamp=${ts}&lat=0.4162&lon=9.4673&speed=12&batt=80`,
      {
        method: 'POST',
      },
    );
    expect(q.status).toBe(200);
    expect(await q.text()).toBe('');
    const json = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        device_id: d.identifiant,
        location: {
          timestamp: new Date().toISOString(),
          coords: { latitude: 0.42, longitude: 9.47, speed: 3 },
        },
      }),
    });
    expect(json.status).toBe(200);
    const bad = await fetch(`${base}/?id=${d.identifiant}&lat=95&lon=9`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: string[] }).errors[0]).toContain('Coordonnées impossibles');
    // An unknown identifier: the same answer as a stored message.
    const unknown = await fetch(`${base}/?id=personne-${ts}&lat=0.4&lon=9.4`);
    expect(unknown.status).toBe(200);
    const a = data(await t.get(`/api/appareils/${d.id}`, token));
    expect(a.derniere_position).toMatchObject({ latitude: 0.42, longitude: 9.47 });
  });
});

describe('demo data', () => {
  it('has devices in the demo vehicles with tracks, and a course in transit with coordinates and events', async () => {
    const devices = data(await t.get('/api/appareils?limit=100', token)) as Array<{
      id: number;
      vehicule: { id: number } | null;
      course: { id: number; statut: string } | null;
      queue: unknown[];
    }>;
    // The devices this file created have no vehicle; the demo ones all ride in one, with a track.
    const demo = devices.filter((a) => a.vehicule);
    expect(demo.length).toBeGreaterThanOrEqual(5);
    // Yesterday's working day of each (the `queue` is the 6 hours before the last fix: early in the
    // morning it holds only the first minutes of today, so the full day is read from the track).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const a of demo) {
      const trace = data(
        await t.get(`/api/appareils/${a.id}/trace?date_debut=${yesterday}&date_fin=${yesterday}`, token),
      ) as { points: unknown[]; distance_km: number };
      expect(trace.points.length, `appareil ${a.id}`).toBeGreaterThan(10);
      expect(trace.distance_km).toBeGreaterThan(1);
    }
    const enRoute = devices.filter((a) => a.course?.statut === 'Transport en cours');
    const courses = await Promise.all(
      enRoute.map(async (a) => data(await t.get(`/api/courses/${a.course!.id}`, token))),
    );
    const course = courses.find((c) => c.chargement_lat !== null);
    expect(course).toMatchObject({
      chargement_lat: 0.2912,
      chargement_lng: 9.5031,
      dechargement_lat: -0.7001,
      ville_arrivee: { libelle: 'Lambaréné' },
    });
    const events = data(await t.get(`/api/courses/${course.id}/evenements`, token));
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'Arrivé au chargement',
      'Parti du chargement',
    ]);
    // Ogooué Logistique's devices drive in Port-Gentil (south of the equator, west of 9° E).
    const pog = data(await t.get('/api/appareils?limit=100', otherToken)) as Array<{
      latlng: Array<{ latitude: number; longitude: number }>;
    }>;
    expect(pog.length).toBeGreaterThanOrEqual(3);
    expect(pog.filter((a) => a.latlng[0]!.latitude < 0 && a.latlng[0]!.longitude < 9)).toHaveLength(
      pog.length,
    );
  });
});
