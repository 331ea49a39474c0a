import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appareils, appareilsInconnus, positions } from '../src/db/schema';
import { gpsAddress } from '../src/modules/geolocation/gps.routes';
import { data, type Fixtures, setupFixtures } from './fixtures';

// What an outside review found on the GPS devices: identifiers could be swept with no
// throttle (an unknown one answered 404), the identifier was the device's only credential, and every
// company saw (and could claim) the platform's unknown identifiers. Limits here are low (set by the test's
// settings) so that a few requests reach them; the window passes on a fake clock.

const LIMITE_GPS = 20;
const LIMITE_PUBLIC = 5;

let f: Fixtures;
let seq = 0;
beforeAll(async () => {
  f = await setupFixtures({
    LIMITE_GPS_PAR_MINUTE: String(LIMITE_GPS),
    LIMITE_PUBLIC_PAR_MINUTE: String(LIMITE_PUBLIC),
    GPS_PORT: '0',
    HOST: '127.0.0.1',
  });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Each test speaks from its own address, so the counts of one do not spill into another. */
let address = 0;
const nextAddress = () => `10.23.${Math.floor(++address / 250)}.${address % 250}`;

const ident = (p: string) => `${p}${process.pid % 1000}${Date.now() % 100000}${++seq}`;

async function device(token = f.A.token, extra: Record<string, unknown> = {}) {
  const identifiant = ident('S');
  const a = data(await f.t.post('/api/appareils', { nom: `Sécurité ${seq}`, identifiant, ...extra }, token));
  return { id: a.id as number, identifiant, cle: a.cle as string | null };
}

const stored = (appareilId: number) =>
  f.db.select().from(positions).where(eq(positions.appareil_id, appareilId)).orderBy(asc(positions.heure));

const osmand = (url: string, from: string) => f.t.app.inject({ method: 'GET', url, remoteAddress: from });
const fix = (identifiant: string, n: number, extra = '') =>
  `/api/gps/osmand?id=${identifiant}&timestamp=${1763884800 + n}&lat=0.4&lon=9.4${extra}`;

/** What a client can see of an answer: status, headers (but the date and the limit's countdown) and body. */
const seen = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  const headers = Object.fromEntries(
    Object.entries(res.headers).filter(([k]) => k !== 'date' && !k.startsWith('x-ratelimit-')),
  );
  return { status: res.statusCode, headers, body: res.body };
};

describe('the ingest tells nothing about which identifiers exist', () => {
  it('answers an unknown identifier exactly as a known one', async () => {
    const from = nextAddress();
    const d = await device();
    const known = await osmand(fix(d.identifiant, 1), from);
    const unknown = await osmand(fix(ident('INCONNU'), 1), from);
    expect(seen(unknown)).toEqual(seen(known));
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe('');
    expect(await stored(d.id)).toHaveLength(1);
  });
});

describe('limits per source address', () => {
  it('on the ingest: 429 in French past the limit, other addresses unaffected, back after the minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const from = nextAddress();
    const d = await device();
    for (let i = 0; i < LIMITE_GPS; i++) {
      // Known or unknown identifiers count the same.
      const id = i % 2 ? d.identifiant : ident('BALAYAGE');
      expect((await osmand(fix(id, i), from)).statusCode, `message ${i + 1}`).toBe(200);
    }
    const refused = await osmand(fix(d.identifiant, 100), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false });
    expect(refused.json().errors[0]).toMatch(
      /^Trop de requêtes depuis votre adresse : réessayez dans \d+ secondes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A fleet behind another address is not held back.
    expect((await osmand(fix(d.identifiant, 101), nextAddress())).statusCode).toBe(200);
    // The next minute.
    vi.setSystemTime(Date.now() + 61_000);
    expect((await osmand(fix(d.identifiant, 102), from)).statusCode).toBe(200);
  });

  it('on every public route, declared by the route builder', async () => {
    const publics = f.t.app.routeTable.filter(
      (r) =>
        (r.config as { access?: string } | undefined)?.access === 'public' && !r.url.startsWith('/api/docs'),
    );
    // Sign-in, password reset, verification, the public tracking page, the OsmAnd ingest…
    expect(publics.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/login', '/api/forgot-password', '/api/suivi/:token', '/api/gps/osmand']),
    );
    const unlimited = publics.filter((r) => !(r.config as { rateLimit?: unknown } | undefined)?.rateLimit);
    expect(unlimited.map((r) => `${r.method} ${r.url}`)).toEqual([]);

    const from = nextAddress();
    const suivi = () =>
      f.t.app.inject({ method: 'GET', url: '/api/suivi/pas-un-jeton', remoteAddress: from });
    for (let i = 0; i < LIMITE_PUBLIC; i++) expect((await suivi()).statusCode).toBe(404);
    const refused = await suivi();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0]).toMatch(/^Trop de requêtes depuis votre adresse/);
    // Each route counts on its own: the same address still reaches another public route.
    const csrf = () => f.t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress: from });
    for (let i = 0; i < LIMITE_PUBLIC; i++) expect((await csrf()).statusCode).toBe(200);
    expect((await csrf()).statusCode).toBe(429);
  });
});

describe('a device with a secret', () => {
  it('refuses, with the same answer, every message without its key; takes it in the path or as key', async () => {
    const from = nextAddress();
    const d = await device(f.A.token, { avec_cle: true });
    expect(d.cle).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const [row] = await f.db.select({ cle: appareils.cle }).from(appareils).where(eq(appareils.id, d.id));
    expect(row!.cle).toBe(d.cle);
    // Without it, or a wrong one: answered as any message, nothing stored.
    const sansCle = await osmand(fix(d.identifiant, 1), from);
    const fausse = await osmand(fix(d.identifiant, 2, '&key=pas-la-bonne-cle'), from);
    const inconnu = await osmand(fix(ident('INCONNU'), 3), from);
    expect(seen(sansCle)).toEqual(seen(inconnu));
    expect(seen(fausse)).toEqual(seen(inconnu));
    expect(await stored(d.id)).toEqual([]);
    // With it: in the query, in the path (GET and the JSON of Traccar Client), never kept as an attribute.
    expect((await osmand(fix(d.identifiant, 4, `&key=${d.cle}`), from)).statusCode).toBe(200);
    expect(
      (await osmand(fix(d.identifiant, 5).replace('/api/gps/osmand?', `/api/gps/osmand/${d.cle}?`), from))
        .statusCode,
    ).toBe(200);
    const json = await f.t.app.inject({
      method: 'POST',
      url: `/api/gps/osmand/${d.cle}`,
      remoteAddress: from,
      payload: {
        device_id: d.identifiant,
        location: {
          timestamp: '2025-11-23T08:00:06Z',
          coords: { latitude: 0.4, longitude: 9.4, speed: 1, heading: 0, accuracy: 5 },
        },
      },
    });
    expect(json.statusCode, json.body).toBe(200);
    // The GPS listener (Traccar Client's host and port): the key as the path.
    const gps = gpsAddress(f.t.app.config)!;
    const viaPort = await fetch(
      `http://127.0.0.1:${gps.port}/${d.cle}?id=${d.identifiant}&timestamp=1763884807&lat=0.4&lon=9.4`,
    );
    expect(viaPort.status).toBe(200);
    const sansCleViaPort = await fetch(
      `http://127.0.0.1:${gps.port}/?id=${d.identifiant}&timestamp=1763884808&lat=0.4&lon=9.4`,
    );
    expect(sansCleViaPort.status).toBe(200);
    const rows = await stored(d.id);
    expect(rows.map((r) => r.heure)).toEqual([
      '2025-11-23T08:00:04.000Z',
      '2025-11-23T08:00:05.000Z',
      '2025-11-23T08:00:06.000Z',
      '2025-11-23T08:00:07.000Z',
    ]);
    expect(rows.map((r) => r.attributs)).toEqual([null, null, null, null]);

    // The company removes the secret: the device reports without it again.
    const off = data(await f.t.post(`/api/appareils/${d.id}/update`, { avec_cle: false }, f.A.token));
    expect(off.cle).toBeNull();
    expect((await osmand(fix(d.identifiant, 9), from)).statusCode).toBe(200);
    expect(await stored(d.id)).toHaveLength(5);
    // And gives it one again: a new one.
    const on = data(await f.t.post(`/api/appareils/${d.id}/update`, { avec_cle: true }, f.A.token));
    expect(on.cle).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(on.cle).not.toBe(d.cle);
    // Another company never reads it.
    expect((await f.t.get(`/api/appareils/${d.id}`, f.B.token)).statusCode).toBe(404);
  });
});

describe('the unknown identifiers', () => {
  it('are the superadmin’s only: a company neither lists nor claims them', async () => {
    const from = nextAddress();
    const identifiant = ident('TELEPHONE');
    for (let i = 0; i < 3; i++) expect((await osmand(fix(identifiant, i), from)).statusCode).toBe(200);
    for (const token of [f.A.token, f.B.token]) {
      const list = await f.t.get('/api/appareils/inconnus', token);
      expect(list.statusCode).toBe(403);
      expect(list.json().errors[0]).toMatch(/administrateur de la plateforme/);
      const claim = await f.t.post('/api/appareils/inconnus/enregistrer', { identifiant }, token);
      expect(claim.statusCode).toBe(403);
    }
    expect(await f.db.select().from(appareils).where(eq(appareils.identifiant, identifiant))).toEqual([]);
    const listed = data(await f.t.get('/api/appareils/inconnus', f.admin)).find(
      (x: { identifiant: string }) => x.identifiant === identifiant,
    );
    expect(listed).toMatchObject({ identifiant });
    // The superadmin assigns it to the company that owns the phone; that company then sees it.
    const registered = data(
      await f.t.post('/api/appareils/inconnus/enregistrer', { identifiant, entreprise_id: f.B.id }, f.admin),
    );
    expect(registered).toMatchObject({ identifiant, entreprise_id: f.B.id });
    expect(data(await f.t.get(`/api/appareils/${registered.id}`, f.B.token)).identifiant).toBe(identifiant);
    expect((await f.t.get(`/api/appareils/${registered.id}`, f.A.token)).statusCode).toBe(404);
  });

  it('are written a bounded number of times: once a minute per identifier, a few new ones a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const one = ident('BAVARD');
    // One identifier sending ten messages: one write, the count carried by the next.
    for (let i = 0; i < 10; i++) expect((await osmand(fix(one, i), nextAddress())).statusCode).toBe(200);
    const count = async () =>
      (await f.db.select().from(appareilsInconnus).where(eq(appareilsInconnus.identifiant, one)))[0]?.vu_fois;
    expect(await count()).toBe(1);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await osmand(fix(one, 20), nextAddress())).statusCode).toBe(200);
    expect(await count()).toBe(11);

    // A sweep of 80 identifiers (from many addresses): at most 60 new ones written in the minute.
    vi.setSystemTime(Date.now() + 61_000);
    const swept = Array.from({ length: 80 }, () => ident('SWEEP'));
    for (const id of swept) expect((await osmand(fix(id, 1), nextAddress())).statusCode).toBe(200);
    const written = await f.db
      .select({ identifiant: appareilsInconnus.identifiant })
      .from(appareilsInconnus)
      .where(inArray(appareilsInconnus.identifiant, swept));
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThanOrEqual(60);
  });

  it('expire: an identifier not seen for a week is gone, and the list never shows it', async () => {
    const old = ident('ANCIEN');
    await f.db.insert(appareilsInconnus).values({
      identifiant: old,
      derniere_vue: sql`now() - interval '8 days'` as unknown as string,
    });
    expect(
      data(await f.t.get('/api/appareils/inconnus', f.admin)).map(
        (x: { identifiant: string }) => x.identifiant,
      ),
    ).not.toContain(old);
    // The next write of an unknown identifier purges it.
    expect((await osmand(fix(ident('NOUVEAU'), 1), nextAddress())).statusCode).toBe(200);
    expect(await f.db.select().from(appareilsInconnus).where(eq(appareilsInconnus.identifiant, old))).toEqual(
      [],
    );
  });
});
