import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { positions } from '../src/db/schema';
import { data, type Fixtures, setupFixtures } from './fixtures';

// Conformance with Traccar's OsmAnd decoder: the messages of Traccar's own test
// (OsmAndProtocolDecoderTest, testDecodeJson and testDecodeQuery) sent as they are, each to a device of its
// own (its identifier put in place of the test's), and what Traccar makes of each: the fix, the attributes
// typed as Traccar types them (a number, true/false, else text; driverUniqueId always text), the JSON
// `extras` kept, a message of cell towers and wifi without coordinates answered 200 and stored at the last
// known place. Then fixes dated ahead of the server's clock, on a fake clock.

let f: Fixtures;
let seq = 0;
beforeAll(async () => {
  f = await setupFixtures();
});
afterEach(() => {
  vi.useRealTimers();
});

async function device() {
  const identifiant = `TR${process.pid % 1000}${Date.now() % 100000}${++seq}`;
  const a = data(await f.t.post('/api/appareils', { nom: `Traccar ${seq}`, identifiant }, f.A.token));
  return { id: a.id as number, identifiant };
}

const stored = (appareilId: number) =>
  f.db.select().from(positions).where(eq(positions.appareil_id, appareilId)).orderBy(asc(positions.heure));

const get = (url: string) => f.t.app.inject({ method: 'GET', url });
const postJson = (body: string) =>
  f.t.app.inject({
    method: 'POST',
    url: '/api/gps/osmand',
    payload: body,
    headers: { 'content-type': 'application/json' },
  });

/** Traccar's JSON messages (Traccar Client 9), the device id replaced by `{id}`. */
const JSON_MESSAGES: Array<{ body: string; expected: Record<string, unknown> }> = [
  {
    body: '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"{id}"}',
    expected: {
      heure: '2025-06-15T13:45:12.862Z',
      latitude: 37.4219983,
      longitude: -122.084,
      precision: 5,
      vitesse: 0,
      cap: null,
      altitude: 5,
      batterie: 100,
      en_charge: false,
      attributs: { motion: false, odometer: 0, event: 'motionchange', activity: 'still' },
    },
  },
  {
    body: '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{"device_string_test":"long_device_id","device_bool_test":true,"device_bool_false_test":false,"device_integer_test":1,"device_double_test":1.345,"device_very_long_double_test":1763636.3442},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"{id}"}',
    expected: {
      heure: '2025-06-15T13:45:12.862Z',
      attributs: {
        motion: false,
        odometer: 0,
        event: 'motionchange',
        activity: 'still',
        device_string_test: 'long_device_id',
        device_bool_test: true,
        device_bool_false_test: false,
        device_integer_test: 1,
        device_double_test: 1.345,
        device_very_long_double_test: 1763636.3442,
      },
    },
  },
  {
    body: '{"location":{"extras":{},"mock":true,"coords":{"speed_accuracy":-1,"speed":-1,"longitude":-122.406417,"ellipsoidal_altitude":0,"floor":null,"heading_accuracy":-1,"latitude":37.785834000000001,"accuracy":5,"altitude_accuracy":-1,"altitude":0,"heading":-1},"is_moving":false,"age":188,"odometer":0,"uuid":"2FB04C65-99CF-42AB-8DD3-EBCB4B108BF8","event":"motionchange","battery":{"level":-1,"is_charging":false},"activity":{"type":"unknown","confidence":100},"timestamp":"2025-05-09T04:11:30.579Z"},"device_id":"{id}"}',
    expected: {
      heure: '2025-05-09T04:11:30.579Z',
      latitude: 37.785834,
      longitude: -122.406417,
      vitesse: null,
      cap: null,
      altitude: 0,
      batterie: null,
      en_charge: false,
      attributs: {
        motion: false,
        odometer: 0,
        event: 'motionchange',
        uuid: '2FB04C65-99CF-42AB-8DD3-EBCB4B108BF8',
        mock: true,
        activity: 'unknown',
      },
    },
  },
  {
    body: '{"location":{"event":"motionchange","is_moving":false,"uuid":"0e9a2473-a9a7-4c00-997b-fb97d2154e75","timestamp":"2021-07-21T08:06:34.444Z","odometer":0,"coords":{"latitude":-6.1148096,"longitude":106.6837015,"accuracy":3.8,"speed":18.67,"speed_accuracy":0.26,"heading":63,"heading_accuracy":0.28,"altitude":35.7,"altitude_accuracy":3.8},"activity":{"type":"still","confidence":100},"battery":{"is_charging":false,"level":0.79},"extras":{}},"device_id":"{id}"}',
    expected: {
      heure: '2021-07-21T08:06:34.444Z',
      latitude: -6.1148096,
      longitude: 106.6837015,
      precision: 3.8,
      cap: 63,
      altitude: 35.7,
      batterie: 79,
      en_charge: false,
      attributs: {
        motion: false,
        odometer: 0,
        event: 'motionchange',
        uuid: '0e9a2473-a9a7-4c00-997b-fb97d2154e75',
        activity: 'still',
      },
    },
  },
];

/** Traccar's query messages that give a position (verifyPosition), the device id replaced by `{id}`. */
const QUERY_MESSAGES: Array<{ url: string; expected: Record<string, unknown>; kmh?: number }> = [
  {
    url: '/?id={id}&lat=42.06288&lon=-88.23412&timestamp=2016-01-27T18%3A55%3A47Z&hdop=6.0&altitude=224.0&speed=0.0',
    expected: {
      heure: '2016-01-27T18:55:47.000Z',
      latitude: 42.06288,
      longitude: -88.23412,
      altitude: 224,
      vitesse: 0,
      attributs: { hdop: 6 },
    },
  },
  {
    url: '/?id={id}&lat=42.06288&lon=-88.23412&timestamp=1442068686579&hdop=6.0&altitude=224.0&speed=0.0',
    expected: { heure: '2015-09-12T14:38:06.579Z', attributs: { hdop: 6 } },
  },
  {
    url: '/?lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&altitude=384.7&speed=0.0&id={id}',
    expected: {
      heure: '2014-06-04T09:10:11.000Z',
      latitude: 49.60688,
      longitude: 6.15788,
      altitude: 384.7,
      attributs: null,
    },
  },
  {
    url: '/?id={id}&timestamp=1377177267&lat=60.0&lon=30.0&speed=0.0&bearing=0.0&altitude=0&hdop=0.0',
    expected: {
      heure: '2013-08-22T13:14:27.000Z',
      latitude: 60,
      longitude: 30,
      cap: 0,
      altitude: 0,
      attributs: { hdop: 0 },
    },
  },
  {
    url: '/?id={id}&timestamp=1377177267&lat=60.0&lon=30.0',
    expected: { heure: '2013-08-22T13:14:27.000Z', latitude: 60, longitude: 30, attributs: null },
  },
  {
    url: '/?lat=60.0&lon=30.0&speed=0.0&heading=0.0&vacc=0&hacc=0&altitude=0&deviceid={id}',
    expected: { latitude: 60, longitude: 30, cap: 0, attributs: { vacc: 0, hacc: 0 } },
  },
  {
    url: '/?id={id}&lat=41.666667&lon=-0.883333&altitude=350.059479&speed=0.000000&batt=87',
    expected: { latitude: 41.666667, longitude: -0.883333, altitude: 350.06, batterie: 87 },
  },
  {
    url: '/?id={id}&timestamp=1377177267&location=60.0,30.0',
    expected: { heure: '2013-08-22T13:14:27.000Z', latitude: 60, longitude: 30 },
  },
  {
    url: '/?id={id}&timestamp=1504763810&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24',
    expected: {
      heure: '2017-09-07T05:56:50.000Z',
      latitude: 40.7232948571,
      longitude: -74.0061408571,
      cap: 7.2,
      attributs: { ignition: true, rpm: 933, fuel: 24 },
    },
    // 40 knots.
    kmh: 74.08,
  },
];

describe("Traccar's OsmAnd decoder test messages", () => {
  it.each(JSON_MESSAGES.map((m, i) => [i + 1, m] as const))(
    'JSON message %i: stored as Traccar reads it',
    async (_, m) => {
      const d = await device();
      const res = await postJson(m.body.replace('{id}', d.identifiant));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe('');
      const rows = await stored(d.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject(m.expected);
    },
  );

  it('JSON message 4: 18.67 m/s is 67.2 km/h', async () => {
    const d = await device();
    expect((await postJson(JSON_MESSAGES[3]!.body.replace('{id}', d.identifiant))).statusCode).toBe(200);
    expect((await stored(d.id))[0]!.vitesse).toBeCloseTo(67.21, 1);
  });

  it.each(QUERY_MESSAGES.map((m, i) => [i + 1, m] as const))(
    'query message %i: stored as Traccar reads it',
    async (_, m) => {
      const d = await device();
      const before = Date.now();
      const res = await get(m.url.replace('/?', '/api/gps/osmand?').replace('{id}', d.identifiant));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe('');
      const rows = await stored(d.id);
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      const { attributs, ...fields } = m.expected;
      expect(row).toMatchObject(fields);
      // Typed exactly: a number is a number, true is true, nothing else kept.
      if (attributs !== undefined) expect(row.attributs).toEqual(attributs);
      // Without a timestamp, the receive time.
      if (!m.url.includes('timestamp=')) expect(Date.parse(row.heure)).toBeGreaterThanOrEqual(before - 1000);
      if (m.kmh) expect(row.vitesse).toBeCloseTo(m.kmh, 1);
    },
  );

  it('a message without identifier is refused (400, as Traccar)', async () => {
    const res = await get('/api/gps/osmand?timestamp=1377177267&lat=60.0&lon=30.0');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatch(/identifiant de l'appareil est obligatoire/);
  });

  it('a cell-and-wifi message without lat/lon answers 200 and is stored at the last known place', async () => {
    const cells =
      '&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70';
    // Before any fix: 200 (Traccar Client would retry any other answer forever), nothing to place it at.
    const fresh = await device();
    const first = await get(`/api/gps/osmand?id=${fresh.identifiant}&timestamp=1377177267${cells}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(await stored(fresh.id)).toEqual([]);

    const d = await device();
    expect(
      (await get(`/api/gps/osmand?id=${d.identifiant}&timestamp=1377177200&lat=0.39&lon=9.45`)).statusCode,
    ).toBe(200);
    const res = await get(`/api/gps/osmand?id=${d.identifiant}&timestamp=1377177267&batt=55${cells}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('');
    const rows = await stored(d.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      heure: '2013-08-22T13:14:27.000Z',
      latitude: 0.39,
      longitude: 9.45,
      batterie: 55,
    });
    expect(rows[1]!.attributs).toEqual({
      outdated: true,
      valid: false,
      network: {
        cellTowers: [
          { mobileCountryCode: 257, mobileNetworkCode: 2, locationAreaCode: 16, cellId: 2224 },
          {
            mobileCountryCode: 257,
            mobileNetworkCode: 2,
            locationAreaCode: 16,
            cellId: 2223,
            signalStrength: -90,
          },
        ],
        wifiAccessPoints: [
          { macAddress: '00:14:22:01:23:45', signalStrength: -80 },
          { macAddress: '00:1c:b3:09:85:15', signalStrength: -70 },
        ],
      },
    });
    // The same in a form body.
    const form = await f.t.app.inject({
      method: 'POST',
      url: '/api/gps/osmand',
      payload: `id=${d.identifiant}&timestamp=1377177300${cells}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode, form.body).toBe(200);
    const last = (await stored(d.id)).at(-1)!;
    expect(last.heure).toBe('2013-08-22T13:15:00.000Z');
    expect((last.attributs as { network: { cellTowers: unknown[] } }).network.cellTowers).toHaveLength(2);
  });

  it('driverUniqueId stays text, as Traccar keeps it', async () => {
    const d = await device();
    const res = await get(
      `/api/gps/osmand?id=${d.identifiant}&timestamp=1763884800&lat=0.4&lon=9.4&driverUniqueId=0012&motion=false&note=abc`,
    );
    expect(res.statusCode).toBe(200);
    expect((await stored(d.id))[0]!.attributs).toEqual({
      driverUniqueId: '0012',
      motion: false,
      note: 'abc',
    });
  });
});

describe('ignition, motion and the driver on the track', () => {
  it('counts no driving time with the ignition off or a still phone, and names the day’s drivers', async () => {
    const d = await device();
    // 2025-11-23 in Libreville, one fix a minute moving at ~40 km/h (0.006° of latitude a minute).
    const t0 = Date.parse('2025-11-23T08:00:00Z') / 1000;
    const send = (i: number, extra: string) =>
      get(
        `/api/gps/osmand?id=${d.identifiant}&timestamp=${t0 + i * 60}&lat=${(0.3 + i * 0.006).toFixed(4)}&lon=9.45&speed=21.6${extra}`,
      );
    for (let i = 0; i <= 4; i++)
      expect((await send(i, '&ignition=true&driverUniqueId=B-17')).statusCode).toBe(200);
    // Towed, or GPS drift: ignition off, then a phone that says it is not moving.
    for (let i = 5; i <= 8; i++) expect((await send(i, '&ignition=false')).statusCode).toBe(200);
    for (let i = 9; i <= 10; i++) {
      const res = await postJson(
        JSON.stringify({
          device_id: d.identifiant,
          location: {
            timestamp: new Date((t0 + i * 60) * 1000).toISOString(),
            is_moving: false,
            coords: { latitude: 0.3 + i * 0.006, longitude: 9.45, speed: 11, heading: 0, accuracy: 5 },
            extras: { driverUniqueId: 'C-02' },
          },
        }),
      );
      expect(res.statusCode).toBe(200);
    }
    const trace = data(
      await f.t.get(`/api/appareils/${d.id}/trace?date_debut=2025-11-23&date_fin=2025-11-23`, f.A.token),
    );
    // Only the four minutes with the ignition on count.
    expect(trace.duree_conduite_s).toBe(4 * 60);
    expect(trace.jours[0]).toMatchObject({ date: '2025-11-23', conducteurs: ['B-17', 'C-02'] });
    expect(trace.points[0]).toMatchObject({ contact: true, conducteur: 'B-17' });
    expect(trace.points[5]).toMatchObject({ contact: false });
    expect(trace.points[9]).toMatchObject({ mouvement: false, conducteur: 'C-02' });
    const csv = await f.t.get(
      `/api/appareils/${d.id}/trace/export?date_debut=2025-11-23&date_fin=2025-11-23&format=csv`,
      f.A.token,
    );
    expect(csv.body).toContain('Conducteurs');
    expect(csv.body).toContain('B-17, C-02');
  });
});

describe('a fix dated ahead of the server clock', () => {
  it('is put at its receive time (its own kept) and never stays the last position for a day', async () => {
    const now = Date.parse('2026-03-10T08:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'], now });
    const d = await device();
    // A phone whose clock is 23 hours ahead.
    const ahead = await get(
      `/api/gps/osmand?id=${d.identifiant}&timestamp=${(now + 23 * 3600_000) / 1000}&lat=0.41&lon=9.45`,
    );
    expect(ahead.statusCode, ahead.body).toBe(200);
    let rows = await stored(d.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.heure).toBe('2026-03-10T08:00:00.000Z');
    expect(rows[0]!.attributs).toEqual({ heure_appareil: '2026-03-11T07:00:00.000Z' });
    // Two minutes later the truck reports a true fix: it is the last position, not the fix of "tomorrow".
    vi.setSystemTime(now + 120_000);
    expect(
      (await get(`/api/gps/osmand?id=${d.identifiant}&timestamp=${(now + 120_000) / 1000}&lat=0.42&lon=9.45`))
        .statusCode,
    ).toBe(200);
    const a = data(await f.t.get(`/api/appareils/${d.id}`, f.A.token));
    expect(a.derniere_position).toMatchObject({ heure: '2026-03-10T08:02:00.000Z', latitude: 0.42 });
    // Within a few minutes of the clock: the device's time is kept.
    expect(
      (
        await get(
          `/api/gps/osmand?id=${d.identifiant}&timestamp=${(now + 120_000 + 4 * 60_000) / 1000}&lat=0.43&lon=9.45`,
        )
      ).statusCode,
    ).toBe(200);
    rows = await stored(d.id);
    expect(rows.at(-1)).toMatchObject({ heure: '2026-03-10T08:06:00.000Z', attributs: null });
  });

  it('keeps every fix of a batch from a phone whose clock is a day ahead, in their order', async () => {
    const now = Date.parse('2026-03-12T10:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'], now });
    const d = await device();
    const location = [2, 0, 1].map((i) => ({
      timestamp: new Date(now + 86_400_000 + i * 30_000).toISOString(),
      coords: { latitude: [0.4, 0.41, 0.42][i], longitude: 9.45, speed: 10, heading: 0, accuracy: 5 },
    }));
    const res = await postJson(JSON.stringify({ device_id: d.identifiant, location }));
    expect(res.statusCode, res.body).toBe(200);
    const rows = await stored(d.id);
    expect(rows.map((r) => r.latitude)).toEqual([0.4, 0.41, 0.42]);
    expect(Date.parse(rows.at(-1)!.heure)).toBe(now);
    expect(rows.map((r) => (r.attributs as { heure_appareil: string }).heure_appareil)).toEqual([
      '2026-03-13T10:00:00.000Z',
      '2026-03-13T10:00:30.000Z',
      '2026-03-13T10:01:00.000Z',
    ]);
  });

  it('a date before 2000 (a GPS week rollover) is put at the receive time too, not refused', async () => {
    const now = Date.parse('2026-03-14T10:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'], now });
    const d = await device();
    const res = await get(
      `/api/gps/osmand?id=${d.identifiant}&timestamp=1999-08-01T10:00:00Z&lat=0.4&lon=9.45`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(d.id))[0]).toMatchObject({
      heure: '2026-03-14T10:00:00.000Z',
      attributs: { heure_appareil: '1999-08-01T10:00:00.000Z' },
    });
  });
});
