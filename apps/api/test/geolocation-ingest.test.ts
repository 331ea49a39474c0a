import { asc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appareils, appareilsInconnus, positions } from '../src/db/schema';
import { data, type Fixtures, setupFixtures } from './fixtures';
import { listen, openTab } from './realtime-support';

// The OsmAnd ingest with requests shaped exactly as Traccar Client sends them: the query-string
// form of Traccar Client ≤ 8 and of OsmAnd trackers, the form body, the JSON of current Traccar Client
// (one location or an array after an offline stretch). 200 empty when stored (and for an unknown
// identifier: the same answer, so identifiers cannot be swept; listed to the superadmin as 'Appareil inconnu'), 400 malformed
// or impossible (nothing stored).

let f: Fixtures;
let seq = 0;
beforeAll(async () => {
  f = await setupFixtures();
});

/** A device of company A with a fresh identifier. */
async function device(extra: Record<string, unknown> = {}) {
  const identifiant = `T${process.pid % 1000}${Date.now() % 100000}${++seq}`;
  const a = data(
    await f.t.post('/api/appareils', { nom: `Téléphone ${seq}`, identifiant, ...extra }, f.A.token),
  );
  return { id: a.id as number, identifiant };
}

const stored = (appareilId: number) =>
  f.db.select().from(positions).where(eq(positions.appareil_id, appareilId)).orderBy(asc(positions.heure));

const osmand = (
  method: 'GET' | 'POST',
  url: string,
  payload?: string,
  headers: Record<string, string> = {},
) => f.t.app.inject({ method, url, payload, headers });

/** Current Traccar Client's JSON location (react-native-background-geolocation). */
function traccarLocation(lat: number, lng: number, timestamp: string, extra: Record<string, unknown> = {}) {
  return {
    event: 'motionchange',
    is_moving: true,
    uuid: 'c5a1e7b0-4a63-4f5e-9d2b-2f0c5d1f8c11',
    timestamp,
    odometer: 1523.4,
    coords: {
      latitude: lat,
      longitude: lng,
      accuracy: 12.5,
      speed: 13.9,
      speed_accuracy: -1,
      heading: 87.5,
      heading_accuracy: -1,
      altitude: 14.2,
      ellipsoidal_altitude: 14.2,
      altitude_accuracy: 3.1,
      age: 52,
    },
    activity: { type: 'in_vehicle', confidence: 100 },
    battery: { is_charging: true, level: 0.84 },
    extras: {},
    ...extra,
  };
}

describe('OsmAnd ingest', () => {
  it('stores the query-string form of Traccar Client (POST, no body) and answers 200 with an empty body', async () => {
    const d = await device();
    const res = await osmand(
      'POST',
      `/api/gps/osmand?id=${d.identifiant}&timestamp=1763884800&lat=0.4162&lon=9.4673&speed=10.0&bearing=45.0&altitude=12.0&accuracy=8.0&batt=76.0&charge=true&driverUniqueId=ABC`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('');
    const [p] = await stored(d.id);
    expect(p).toMatchObject({
      heure: '2025-11-23T08:00:00.000Z',
      latitude: 0.4162,
      longitude: 9.4673,
      cap: 45,
      altitude: 12,
      precision: 8,
      batterie: 76,
      en_charge: true,
      entreprise_id: f.A.id,
      attributs: { driverUniqueId: 'ABC' },
    });
    // Knots → km/h.
    expect(p!.vitesse).toBeCloseTo(18.52, 1);
  });

  it('takes GET, deviceid, location=lat,lon, heading, a form body, and every timestamp variant', async () => {
    const d = await device();
    const cases: Array<[string, string]> = [
      ['1763884860', '2025-11-23T08:01:00.000Z'],
      ['1763884920000', '2025-11-23T08:02:00.000Z'],
      ['2025-11-23T08:03:00Z', '2025-11-23T08:03:00.000Z'],
      ['2025-11-23T09:04:00%2B01:00', '2025-11-23T08:04:00.000Z'],
      ['2025-11-23%2008:05:00', '2025-11-23T08:05:00.000Z'],
      ['2025-11-23T08:06:00.250Z', '2025-11-23T08:06:00.250Z'],
    ];
    for (const [ts] of cases) {
      const res = await osmand(
        'GET',
        `/api/gps/osmand?deviceid=${d.identifiant}&timestamp=${ts}&location=0.39,9.45&heading=90`,
      );
      expect(res.statusCode, `${ts} ${res.body}`).toBe(200);
    }
    const form = await osmand(
      'POST',
      '/api/gps/osmand',
      `id=${d.identifiant}&timestamp=1763885220&lat=0.40&lon=9.46&speed=0&valid=true&hdop=0.9`,
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(form.statusCode, form.body).toBe(200);
    const rows = await stored(d.id);
    expect(rows.map((r) => r.heure)).toEqual([...cases.map(([, iso]) => iso), '2025-11-23T08:07:00.000Z']);
    expect(rows[0]).toMatchObject({ latitude: 0.39, longitude: 9.45, cap: 90 });
    expect(rows.at(-1)).toMatchObject({
      latitude: 0.4,
      longitude: 9.46,
      vitesse: 0,
      attributs: { hdop: 0.9 },
    });
  });

  it('stores the JSON of current Traccar Client: one location, then a batch in time order, m/s → km/h', async () => {
    const d = await device();
    const one = await f.t.post('/api/gps/osmand', {
      location: traccarLocation(0.3912, 9.4541, '2025-11-23T10:00:00.000Z'),
      device_id: d.identifiant,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.body).toBe('');
    const batch = Array.from({ length: 1000 }, (_, i) =>
      traccarLocation(
        0.3912 + i * 0.0001,
        9.4541 + i * 0.0001,
        new Date(Date.parse('2025-11-23T09:00:00Z') + i * 1000).toISOString(),
      ),
    ).reverse();
    const res = await f.t.post('/api/gps/osmand', { location: batch, device_id: d.identifiant });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await stored(d.id);
    expect(rows).toHaveLength(1001);
    expect(rows[0]!.heure).toBe('2025-11-23T09:00:00.000Z');
    expect(rows.at(-1)).toMatchObject({
      heure: '2025-11-23T10:00:00.000Z',
      precision: 12.5,
      cap: 87.5,
      altitude: 14.2,
      batterie: 84,
      en_charge: true,
      attributs: { motion: true, odometer: 1523.4, event: 'motionchange', activity: 'in_vehicle' },
    });
    expect(rows.at(-1)!.vitesse).toBeCloseTo(50.04, 1);
    // speed and heading of -1 (unknown) are not stored as values.
    const unknown = await f.t.post('/api/gps/osmand', {
      location: traccarLocation(0.39, 9.45, '2025-11-23T10:05:00.000Z', {
        coords: { latitude: 0.39, longitude: 9.45, accuracy: 5, speed: -1, heading: -1, altitude: 3 },
      }),
      device_id: d.identifiant,
    });
    expect(unknown.statusCode).toBe(200);
    expect((await stored(d.id)).at(-1)).toMatchObject({ vitesse: null, cap: null });
  });

  it('stores the same fix sent twice once, and late fixes in their place', async () => {
    const d = await device();
    const send = (ts: number, lat: number) =>
      osmand('POST', `/api/gps/osmand?id=${d.identifiant}&timestamp=${ts}&lat=${lat}&lon=9.5`);
    for (const [ts, lat] of [
      [1763900000, 0.1],
      [1763900060, 0.2],
      [1763900060, 0.2],
      [1763900030, 0.15],
      [1763900000, 0.1],
    ] as const) {
      expect((await send(ts, lat)).statusCode).toBe(200);
    }
    const rows = await stored(d.id);
    expect(rows.map((r) => r.latitude)).toEqual([0.1, 0.15, 0.2]);
    // The track reads them in time order.
    const day = '2025-11-23';
    const trace = data(
      await f.t.get(`/api/appareils/${d.id}/trace?date_debut=${day}&date_fin=${day}`, f.A.token),
    );
    expect(trace.points.map((p: { latitude: number }) => p.latitude)).toEqual([0.1, 0.15, 0.2]);
  });

  it('stores concurrent messages of several companies together, each in its company, duplicates once', async () => {
    const a = await device();
    const idB = `B${process.pid % 1000}${Date.now() % 100000}${++seq}`;
    const b = data(await f.t.post('/api/appareils', { nom: 'Téléphone B', identifiant: idB }, f.B.token));
    const base = 1763950000;
    const sends = [];
    for (let i = 0; i < 20; i++) {
      sends.push(
        osmand('GET', `/api/gps/osmand?id=${a.identifiant}&timestamp=${base + (i % 15)}&lat=0.4&lon=9.4`),
      );
      sends.push(osmand('GET', `/api/gps/osmand?id=${idB}&timestamp=${base + i}&lat=-0.71&lon=8.78`));
    }
    const answers = await Promise.all(sends);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const rowsA = await stored(a.id);
    const rowsB = await stored(b.id);
    expect(rowsA).toHaveLength(15);
    expect(rowsB).toHaveLength(20);
    expect(new Set(rowsA.map((r) => r.entreprise_id))).toEqual(new Set([f.A.id]));
    expect(new Set(rowsB.map((r) => r.entreprise_id))).toEqual(new Set([f.B.id]));
  });

  it('answers 400 in French for a malformed message or impossible coordinates, and stores nothing', async () => {
    const d = await device();
    const bad: Array<[string, string | undefined, Record<string, string>?]> = [
      [`?id=${d.identifiant}&lat=95&lon=9.4&timestamp=1763884800`, undefined],
      [`?id=${d.identifiant}&lat=0.4&lon=190`, undefined],
      [`?id=${d.identifiant}&lat=NaN&lon=9.4`, undefined],
      [`?id=${d.identifiant}&lat=abc&lon=9.4`, undefined],
      [`?id=${d.identifiant}&lat=0.4`, undefined],
      [`?id=${d.identifiant}&lat=0.4&lon=9.4&timestamp=demain`, undefined],
      ['?lat=0.4&lon=9.4', undefined],
      [
        '',
        JSON.stringify({ device_id: d.identifiant, location: { coords: { latitude: 'x', longitude: 9 } } }),
        { 'content-type': 'application/json' },
      ],
      [
        '',
        JSON.stringify({ device_id: d.identifiant, location: [] }),
        { 'content-type': 'application/json' },
      ],
      [
        '',
        JSON.stringify({
          device_id: d.identifiant,
          location: [
            traccarLocation(0.4, 9.4, '2025-11-23T10:00:00Z'),
            traccarLocation(95, 9.4, '2025-11-23T10:01:00Z'),
          ],
        }),
        { 'content-type': 'application/json' },
      ],
      ['', '{"device_id":', { 'content-type': 'application/json' }],
      ['', '<xml/>', { 'content-type': 'application/xml' }],
    ];
    for (const [qs, payload, headers] of bad) {
      const res = await osmand('POST', `/api/gps/osmand${qs}`, payload, headers);
      expect(res.statusCode, `${qs} ${payload} → ${res.body}`).toBe(400);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.errors[0]).toMatch(/[éèàç]|La |L'|Le /);
    }
    expect(await stored(d.id)).toEqual([]);
  });

  it('answers an unknown identifier 200 (nothing stored), lists it to the superadmin, who assigns it', async () => {
    const identifiant = `INCONNU${process.pid}${Date.now() % 10000}`;
    for (let i = 0; i < 3; i++) {
      const res = await osmand(
        'GET',
        `/api/gps/osmand?id=${identifiant}&lat=0.4&lon=9.4&timestamp=${1763884800 + i}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
    }
    const [row] = await f.db
      .select()
      .from(appareilsInconnus)
      .where(eq(appareilsInconnus.identifiant, identifiant));
    // Written once a minute per identifier: the next write carries the other two.
    expect(row?.vu_fois).toBe(1);
    const listed = data(await f.t.get('/api/appareils/inconnus', f.admin)).find(
      (x: { identifiant: string }) => x.identifiant === identifiant,
    );
    expect(listed).toMatchObject({ identifiant, vu_fois: 1 });
    // No position, no company in it.
    expect(Object.keys(listed).sort()).toEqual(['derniere_vue', 'identifiant', 'premiere_vue', 'vu_fois']);

    const v = await f.vehicule(f.A);
    const registered = data(
      await f.t.post(
        '/api/appareils/inconnus/enregistrer',
        { identifiant, vehicule_id: v.id, entreprise_id: f.A.id },
        f.admin,
      ),
    );
    expect(registered).toMatchObject({ nom: `Appareil ${identifiant}`, identifiant, vehicule: { id: v.id } });
    expect(
      data(await f.t.get('/api/appareils/inconnus', f.admin)).map(
        (x: { identifiant: string }) => x.identifiant,
      ),
    ).not.toContain(identifiant);
    const now = Math.floor(Date.now() / 1000);
    expect(
      (await osmand('GET', `/api/gps/osmand?id=${identifiant}&lat=0.4&lon=9.4&timestamp=${now}`)).statusCode,
    ).toBe(200);
    expect(await stored(registered.id)).toHaveLength(1);
    // B cannot take an identifier already registered.
    const taken = await f.t.post('/api/appareils', { nom: 'Vol', identifiant }, f.B.token);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual(['Cet identifiant est déjà utilisé par un autre appareil.']);
  });

  it('GET /api/appareils answers the spec shape: latlng, queue, statut online within the company delay', async () => {
    const v = await f.vehicule(f.A);
    const d = await device({ vehicule_id: v.id });
    const before = data(await f.t.get(`/api/appareils/${d.id}`, f.A.token));
    expect(before).toMatchObject({ statut: 'Hors ligne', latlng: [], queue: [], derniere_position: null });
    const now = Date.now();
    for (let i = 4; i >= 0; i--) {
      const ts = new Date(now - i * 30_000).toISOString();
      const res = await f.t.post('/api/gps/osmand', {
        device_id: d.identifiant,
        location: traccarLocation(0.4 + i / 1000, 9.45, ts),
      });
      expect(res.statusCode).toBe(200);
    }
    const list = data(await f.t.get('/api/appareils?limit=1000', f.A.token));
    const mine = list.find((a: { id: number }) => a.id === d.id);
    expect(mine).toMatchObject({
      nom: expect.any(String),
      statut: 'En ligne',
      vehicule: { id: v.id, plaque: v.plaque },
      latlng: [{ latitude: 0.4, longitude: 9.45 }],
      derniere_position: { latitude: 0.4, longitude: 9.45, batterie: 84 },
    });
    expect(mine.queue.map((p: { latitude: number }) => p.latitude)).toEqual([
      0.404, 0.403, 0.402, 0.401, 0.4,
    ]);
    expect(
      data(await f.t.get('/api/appareils?statut=En%20ligne&limit=1000', f.A.token)).map(
        (a: { id: number }) => a.id,
      ),
    ).toContain(d.id);
    expect(
      data(await f.t.get('/api/appareils?statut=Hors%20ligne&limit=1000', f.A.token)).map(
        (a: { id: number }) => a.id,
      ),
    ).not.toContain(d.id);
    // Received 10 minutes ago: offline with the default 5 minutes, online with a company delay of 15.
    await f.db
      .update(positions)
      .set({ recu_le: new Date(Date.now() - 10 * 60_000).toISOString() })
      .where(eq(positions.appareil_id, d.id));
    expect(data(await f.t.get(`/api/appareils/${d.id}`, f.A.token)).statut).toBe('Hors ligne');
    data(await f.t.post('/api/entreprise/parametres/update', { delai_en_ligne_min: 15 }, f.A.token));
    expect(data(await f.t.get(`/api/appareils/${d.id}`, f.A.token)).statut).toBe('En ligne');
    data(await f.t.post('/api/entreprise/parametres/update', { delai_en_ligne_min: 5 }, f.A.token));
  });

  it('pushes each stored position live to the company (and never to another one)', async () => {
    const d = await device();
    const base = await listen(f.t.app);
    const sockets: Socket[] = [];
    afterAll(() => {
      for (const s of sockets) s.close();
    });
    const a = await openTab(base, f.A.token, f.t.app, { presence: false });
    const b = await openTab(base, f.B.token, f.t.app, { presence: false });
    sockets.push(a, b);
    const heardByB: unknown[] = [];
    b.on('position:new', (p) => heardByB.push(p));
    const heard = new Promise<{ appareil_id: number; positions: Array<{ latitude: number }> }>((resolve) =>
      a.on('position:new', (p) => {
        if (p.appareil_id === d.id) resolve(p);
      }),
    );
    const res = await osmand(
      'GET',
      `/api/gps/osmand?id=${d.identifiant}&lat=0.4&lon=9.4&timestamp=${Math.floor(Date.now() / 1000)}`,
    );
    expect(res.statusCode).toBe(200);
    const payload = await heard;
    expect(payload).toMatchObject({
      appareil_id: d.id,
      entreprise_id: f.A.id,
      positions: [{ latitude: 0.4, longitude: 9.4 }],
    });
    // B then hears a position of its own: events reach a socket in order, so anything of A's sent to B
    // would have arrived before it.
    const mine = data(
      await f.t.post(
        '/api/appareils',
        { nom: 'Téléphone de B', identifiant: `B${d.identifiant}` },
        f.B.token,
      ),
    ) as { id: number; identifiant: string };
    const heardOwn = new Promise((resolve) =>
      b.on('position:new', (p: { appareil_id: number }) => {
        if (p.appareil_id === mine.id) resolve(p);
      }),
    );
    const own = await osmand(
      'GET',
      `/api/gps/osmand?id=${mine.identifiant}&lat=0.5&lon=9.5&timestamp=${Math.floor(Date.now() / 1000)}`,
    );
    expect(own.statusCode).toBe(200);
    await heardOwn;
    expect(heardByB.map((p) => (p as { appareil_id: number }).appareil_id)).toEqual([mine.id]);
  });
});

describe('devices of a company', () => {
  it('are isolated: B never lists, reads, changes or tracks A’s devices', async () => {
    const d = await device();
    expect(
      data(await f.t.get('/api/appareils?limit=1000', f.B.token)).map((a: { id: number }) => a.id),
    ).not.toContain(d.id);
    for (const url of [
      `/api/appareils/${d.id}`,
      `/api/appareils/${d.id}/trace`,
      `/api/appareils/${d.id}/trace/export?format=csv`,
    ]) {
      expect((await f.t.get(url, f.B.token)).statusCode, url).toBe(404);
    }
    expect((await f.t.post(`/api/appareils/${d.id}/update`, { nom: 'Pris' }, f.B.token)).statusCode).toBe(
      404,
    );
    expect((await f.t.post(`/api/appareils/${d.id}/destroy`, undefined, f.B.token)).statusCode).toBe(404);
    const [row] = await f.db.select().from(appareils).where(eq(appareils.id, d.id));
    expect(row?.nom).not.toBe('Pris');
    // B cannot put its device in A's vehicle.
    const vA = await f.vehicule(f.A);
    const res = await f.t.post(
      '/api/appareils',
      { nom: 'X', identifiant: `B${Date.now()}`, vehicule_id: vA.id },
      f.B.token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(["Ce véhicule n'existe pas."]);
  });

  it('validates in French and deletes with its positions', async () => {
    const res = await f.t.post('/api/appareils', { nom: '', identifiant: 'a b' }, f.A.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        'Le nom est obligatoire.',
        "L'identifiant ne contient que des lettres, des chiffres et les signes . _ : -",
      ]),
    );
    const d = await device();
    expect((await osmand('GET', `/api/gps/osmand?id=${d.identifiant}&lat=0.4&lon=9.4`)).statusCode).toBe(200);
    const gone = await f.t.post(`/api/appareils/${d.id}/destroy`, undefined, f.A.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await stored(d.id)).toEqual([]);
    // The ingest forgot it at once: the next message is answered as any other, and stored nowhere.
    expect((await osmand('GET', `/api/gps/osmand?id=${d.identifiant}&lat=0.4&lon=9.4`)).statusCode).toBe(200);
    expect(await stored(d.id)).toEqual([]);
  });
});

describe('inserts side by side (PostgreSQL): each device in one insert at a time, in its order', () => {
  it('messages of three devices sent at once: all stored once, each device answered in the order sent', async () => {
    const { Ingest } = await import('../src/modules/geolocation/ingest');
    const app = f.t.app;
    // The ingest as on PostgreSQL (five inserts at once), over the test's database.
    const ingest = new Ingest({
      db: app.db,
      database: { ...app.database, kind: 'postgres' },
      realtime: app.realtime,
      log: app.log,
      mailer: app.mailer,
      config: app.config,
    });
    const devices = await Promise.all([device(), device(), device()]);
    const base = Date.parse('2026-03-02T08:00:00Z');
    const fix = (k: number) => ({
      heure: new Date(base + k * 60_000).toISOString(),
      latitude: 0.39 + k / 1000,
      longitude: 9.45,
      vitesse: 40,
      cap: null,
      altitude: null,
      precision: null,
      batterie: null,
      en_charge: null,
      attributs: null,
      valide: true,
    });
    const answered = new Map<string, number[]>();
    const sends: Array<Promise<unknown>> = [];
    // Messages of 100 fixes (after an offline stretch): two fill an insert, so the devices are spread over
    // inserts running together, and a device's later messages wait for its running one.
    const MESSAGES = 5;
    for (let k = 0; k < MESSAGES; k++)
      for (const d of devices) {
        const fixes = Array.from({ length: 100 }, (_, i) => fix(k * 100 + i));
        sends.push(
          ingest.store({ identifiant: d.identifiant, cle: null, fixes, releves: [] }).then((r) => {
            expect(r).toBe('stored');
            answered.set(d.identifiant, [...(answered.get(d.identifiant) ?? []), k]);
          }),
        );
      }
    await Promise.all(sends);
    for (const d of devices) {
      expect(answered.get(d.identifiant)).toEqual([...Array(MESSAGES).keys()]);
      expect(await stored(d.id)).toHaveLength(MESSAGES * 100);
    }
  });
});
