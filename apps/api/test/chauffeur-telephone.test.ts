import { randomUUID } from 'node:crypto';
import { MSG } from '@yams/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appareils, positions } from '../src/modules/geolocation/geolocation.table';
import { type Fixtures, failed, type Json, setupFixtures } from './fixtures';

// The driver's phone as its vehicle's GPS device: positions sent by the app while it is open go
// into the OsmAnd pipeline under a device registered on the first send, on the vehicle of his course on the
// road; Traccar Client gets the same identifier and key.

let f: Fixtures;
let driver: { id: number; token: string };
let other: { id: number; token: string };
beforeAll(async () => {
  f = await setupFixtures();
  driver = await f.chauffeur(f.A, 1);
  other = await f.chauffeur(f.B, 0);
}, 180_000);

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const send = (body: unknown, token = driver.token, key = randomUUID()) =>
  f.t.post('/api/chauffeur/positions', body, token, { 'idempotency-key': key });
const stored = async (appareilId: number) =>
  (await f.db.select().from(positions).where(eq(positions.appareil_id, appareilId))).map((p) => [
    p.heure,
    p.latitude,
    p.longitude,
  ]);

describe('the phone’s positions', () => {
  it('register the phone on the vehicle of his course on the road, once; a replay stores nothing more', async () => {
    const vehicule = await f.vehicule(f.A);
    const c = await f.course(f.A, {
      chauffeur_id: driver.id,
      vehicule: vehicule.id,
      date_chargement: ago(20),
    });
    await f.moveCourse(f.A, c.id, 'Chargement terminé', 'Transport en cours');
    const body = {
      positions: [
        { date: ago(2), lat: 0.1, lng: 10.2, precision_m: 8, vitesse: 62 },
        { date: ago(4), lat: 0.05, lng: 10.1 },
      ],
    };
    const key = randomUUID();
    const first = await send(body, driver.token, key);
    expect(first.statusCode, first.body).toBe(200);
    const out = first.json().data as Json;
    expect(out).toMatchObject({
      identifiant: `tel-chauffeur-${driver.id}`,
      vehicule: { id: vehicule.id },
      recues: 2,
    });
    expect(out.cle).toMatch(/^[\w-]{20,}$/);
    // Oldest first, each with the phone's time.
    expect(await stored(out.appareil_id)).toEqual([
      [new Date(body.positions[1]!.date).toISOString(), 0.05, 10.1],
      [new Date(body.positions[0]!.date).toISOString(), 0.1, 10.2],
    ]);
    // The same send again (its key), then the same fixes under another key: stored once.
    expect((await send(body, driver.token, key)).statusCode).toBe(200);
    expect((await send(body)).json().data.appareil_id).toBe(out.appareil_id);
    expect(await stored(out.appareil_id)).toHaveLength(2);
    // The office sees the phone among its devices, on the vehicle.
    const [row] = await f.db.select().from(appareils).where(eq(appareils.id, out.appareil_id));
    expect(row).toMatchObject({ entreprise_id: f.A.id, vehicule_id: vehicule.id });
    const list = await f.t.get(`/api/appareils?search=tel-chauffeur-${driver.id}`, f.A.token);
    expect(list.json().data.map((a: Json) => a.identifiant)).toEqual([`tel-chauffeur-${driver.id}`]);
    // Traccar Client's set-up reads the same device and key.
    const tel = await f.t.get('/api/chauffeur/telephone', driver.token);
    expect(tel.json().data).toMatchObject({ appareil_id: out.appareil_id, cle: out.cle });
  });

  it('refuses what is not a position, and a vehicle that is not his, in French', async () => {
    failed(await send({ positions: [] }), 422, 'Envoyez au moins une position.', 'positions');
    const bad = await send({ positions: [{ date: ago(1), lat: 120, lng: 9 }] });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().errors).toContain('La latitude doit être un nombre entre -90 et 90.');
    const theirs = await f.vehicule(f.B);
    failed(
      await send({ positions: [{ date: ago(1), lat: 0.4, lng: 9.4 }], vehicule_id: theirs.id }),
      422,
      'Ce véhicule ne vous est pas confié.',
      'vehicule_id',
    );
  });

  it('a driver of company B never lands on company A’s device; the office token is refused', async () => {
    const res = await send({ positions: [{ date: ago(1), lat: 0.7, lng: 8.8 }] }, other.token);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await f.db.select().from(appareils).where(eq(appareils.id, res.json().data.appareil_id));
    expect(row!.entreprise_id).toBe(f.B.id);
    failed(
      await send({ positions: [{ date: ago(1), lat: 0.7, lng: 8.8 }] }, f.A.token),
      403,
      MSG.chauffeurOnly,
    );
    failed(await f.t.get('/api/appareils', driver.token), 403, MSG.chauffeurTokenOnly);
  });
});

describe('the office’s « Chauffeurs » view', () => {
  it('shows each driver’s course on the road, last step, last place and incidents, to his company only', async () => {
    const vehicule = await f.vehicule(f.A);
    const c = await f.course(f.A, {
      chauffeur_id: driver.id,
      vehicule: vehicule.id,
      date_chargement: ago(10),
    });
    const code = (await f.storedCourse(c.id))!.code;
    const step = await f.t.post(
      `/api/chauffeur/courses/${c.id}/etapes`,
      { id_client: randomUUID(), statut: 'Chargement terminé', date: ago(5) },
      driver.token,
    );
    expect(step.statusCode, step.body).toBe(200);
    expect((await send({ positions: [{ date: ago(1), lat: -0.7, lng: 10.25 }] })).statusCode).toBe(200);
    const incident = await f.t.post(
      '/api/chauffeur/incidents',
      { id_client: randomUUID(), course_id: c.id, date: ago(1), type: 'Panne', note: 'Crevaison à Ndjolé' },
      driver.token,
    );
    expect(incident.statusCode, incident.body).toBe(200);

    const res = await f.t.get('/api/chauffeurs/activite', f.A.token);
    expect(res.statusCode, res.body).toBe(200);
    const line = (res.json().data as Json[]).find((d) => d.id === driver.id);
    expect(line).toMatchObject({
      course: { id: c.id, code, statut: 'Chargement terminé', plaque: vehicule.plaque },
      derniere_etape: { statut: 'Chargement terminé', course_code: code },
      derniere_position: { latitude: -0.7, longitude: 10.25 },
      incidents: [{ type: 'Panne', note: 'Crevaison à Ndjolé', course_id: c.id }],
    });
    expect(line.last_seen_at).not.toBeNull();
    // Company B sees its own drivers only; a driver's token is refused.
    const theirs = (await f.t.get('/api/chauffeurs/activite', f.B.token)).json().data as Json[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.map((d) => d.id)).not.toContain(driver.id);
    failed(await f.t.get('/api/chauffeurs/activite', driver.token), 403, MSG.chauffeurTokenOnly);
  });
});
