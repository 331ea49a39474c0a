import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../src/db/schema';
import { verifierSilences } from '../src/modules/geolocation/alertes.service';
import { gpsEvenements } from '../src/modules/geolocation/geolocation.table';
import { sharedIngest } from '../src/modules/geolocation/ingest';
import { data } from './fixtures';
import { addBackOfficeUser, setupApi, type TestContext } from './helpers';

// GPS alerts (issue 28 §4) through the OsmAnd ingest, and the events report (/api/rapports/evenements):
// each alert recorded once (a message sent twice, a speed hovering at the limit), notified once to the users
// who chose it (in the bell, by e-mail), the silent device found by its job with a fake clock.

let t: TestContext;
let token: string;
let otherToken: string;
let directionId: number;
let secondId: number;
beforeAll(async () => {
  t = await setupApi();
  token = await t.login('direction@transgabon.ga');
  otherToken = await t.login('direction@ogooue-logistique.ga');
  const [direction] = await t.database.db
    .select({ id: users.id, entreprise_id: users.entreprise_id })
    .from(users)
    .where(eq(users.email, 'direction@transgabon.ga'));
  directionId = direction!.id;
  // A colleague who chose nothing: hears of no alert.
  secondId = await addBackOfficeUser(
    t,
    direction!.entreprise_id ?? direction!.id,
    'second.alertes@transgabon.ga',
  );
  const prefs = await t.post(
    '/api/notifications/preferences',
    {
      desactivees: [],
      alertes_app: ['alerte_vitesse', 'alerte_zone', 'alerte_silence'],
      alertes_email: ['alerte_vitesse'],
    },
    token,
  );
  expect(prefs.statusCode, prefs.body).toBe(200);
});

let seq = 0;
async function device() {
  const identifiant = `EV${process.pid % 1000}${Date.now() % 100000}${++seq}`;
  const a = data(await t.post('/api/appareils', { nom: `Camion alertes ${seq}`, identifiant }, token));
  return { id: a.id as number, identifiant };
}

const KM = 1 / 111.195;
const BASE = { lat: 0.52, lng: 9.41 };
type Fix = { ms: number; east: number; kmh: number; extras?: Record<string, unknown> };

async function send(identifiant: string, fixes: Fix[]) {
  const location = fixes.map((f) => ({
    timestamp: new Date(f.ms).toISOString(),
    coords: { latitude: BASE.lat, longitude: BASE.lng + f.east, speed: f.kmh / 3.6, accuracy: 5 },
    ...(f.extras ? { extras: f.extras } : {}),
  }));
  const res = await t.post('/api/gps/osmand', { device_id: identifiant, location });
  expect(res.statusCode, res.body).toBe(200);
}

/** Libreville 2026-03-02 from 09:00 (08:00 UTC): a fix a minute at these speeds, eastwards. */
const START = Date.parse('2026-03-02T08:00:00Z');
function route(speeds: number[], from = START, startKm = 0): Fix[] {
  let east = startKm * KM;
  return speeds.map((kmh, i) => {
    const f = { ms: from + i * 60_000, east, kmh };
    east += (kmh / 60) * KM;
    return f;
  });
}

const eventsOf = (appareilId: number) =>
  t.database.db.select().from(gpsEvenements).where(eq(gpsEvenements.appareil_id, appareilId));
const notesOf = (userId: number, evenementId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.cle, `gps_evenement:${evenementId}`)));

describe('alertes GPS à l’ingestion', () => {
  it('un excès de vitesse est enregistré et notifié une fois, même si le message revient', async () => {
    const d = await device();
    // Over 90 km/h for 6 minutes, hovering at the limit (88–110), then back to 60.
    const fixes = route([60, 70, 95, 110, 88, 104, 99, 93, 60, 60]);
    await send(d.identifiant, fixes);
    await send(d.identifiant, fixes);
    // The same fixes again in two halves, as a phone retrying after a timeout.
    await send(d.identifiant, fixes.slice(0, 5));
    await send(d.identifiant, fixes.slice(5));

    const events = await eventsOf(d.id);
    expect(events.map((e) => [e.type, e.heure])).toEqual([
      ['Excès de vitesse', new Date(START + 2 * 60_000).toISOString()],
    ]);
    expect(events[0]!.details).toEqual({ vitesse_kmh: 95, limite_kmh: 90 });
    expect(await notesOf(directionId, events[0]!.id)).toHaveLength(1);
    expect(await notesOf(secondId, events[0]!.id)).toHaveLength(0);
    const mails = t.mails.filter((m) => m.subject.includes('Camion alertes') && m.subject.includes('Excès'));
    expect(mails.map((m) => m.to)).toEqual(['direction@transgabon.ga']);
    expect(mails[0]!.text).toContain('95 km/h (limite 90 km/h)');
  });

  it('la limite propre du véhicule compte, et une alerte non choisie est enregistrée sans notification', async () => {
    const d = await device();
    const vehicules = data(await t.get('/api/vehicules?per_page=1', token));
    const v = vehicules[0] ?? vehicules.data?.[0];
    const upd = await t.post(`/api/vehicules/${v.id}/update`, { vitesse_max_kmh: 60 }, token);
    expect(upd.statusCode, upd.body).toBe(200);
    expect(data(await t.get(`/api/vehicules/${v.id}`, token)).vitesse_max_kmh).toBe(60);
    const lien = await t.post(`/api/appareils/${d.id}/update`, { vehicule_id: v.id }, token);
    expect(lien.statusCode, lien.body).toBe(200);
    // A vehicle's limit reaches the ingest within 10 s (its cache); the test does not wait.
    sharedIngest(t.app).forgetAlertes(v.entreprise_id);
    // 70 km/h: under the company's 90, over the vehicle's 60. Then 12 min idle with the ignition on
    // (alerte_ralenti not chosen: recorded, nobody told).
    const from = START + 3 * 3_600_000;
    const moving = route([70, 70, 70], from);
    const idle = Array.from({ length: 13 }, (_, k) => ({
      ms: from + (3 + k) * 60_000,
      east: moving.at(-1)!.east + (70 / 60) * KM,
      kmh: 0,
      extras: { ignition: true },
    }));
    await send(d.identifiant, [...moving, ...idle]);
    const events = await eventsOf(d.id);
    expect(events.map((e) => e.type).sort()).toEqual(['Excès de vitesse', 'Ralenti moteur']);
    const vitesse = events.find((e) => e.type === 'Excès de vitesse')!;
    expect(vitesse.details).toEqual({ vitesse_kmh: 70, limite_kmh: 60 });
    expect(vitesse.vehicule_id).toBe(v.id);
    const ralenti = events.find((e) => e.type === 'Ralenti moteur')!;
    expect(await notesOf(directionId, ralenti.id)).toHaveLength(0);
  });

  it('entrée et sortie d’une zone, sans battement à la frontière, avec le nom de la zone pour lieu', async () => {
    const d = await device();
    const z = data(
      await t.post(
        '/api/zones',
        {
          nom: 'Zone alertes test',
          type: 'cercle',
          latitude: BASE.lat,
          longitude: BASE.lng + 2 * KM,
          rayon_m: 300,
        },
        token,
      ),
    );
    const from = START + 6 * 3_600_000;
    // From the west at 30 km/h into the circle (its border 1.7 km east), parked at the border
    // jittering between 280 and 330 m from the centre, then away east.
    const fixes: Fix[] = [0, 0.5, 1, 1.5].map((km, i) => ({ ms: from + i * 60_000, east: km * KM, kmh: 30 }));
    for (const [i, km] of [1.72, 1.68, 1.71, 1.67, 1.72, 1.69].entries())
      fixes.push({ ms: from + (4 + i) * 60_000, east: km * KM, kmh: 0 });
    fixes.push(
      { ms: from + 11 * 60_000, east: 2.6 * KM, kmh: 30 },
      { ms: from + 12 * 60_000, east: 3 * KM, kmh: 30 },
    );
    await send(d.identifiant, fixes);
    await send(d.identifiant, fixes);
    const events = (await eventsOf(d.id)).filter((e) => e.zone_id === z.id);
    expect(events.map((e) => [e.type, e.heure])).toEqual([
      ['Entrée de zone', new Date(from + 4 * 60_000).toISOString()],
      ['Sortie de zone', new Date(from + 11 * 60_000).toISOString()],
    ]);
    expect(events.map((e) => e.lieu)).toEqual(['Zone alertes test', 'Zone alertes test']);
    expect(await notesOf(directionId, events[0]!.id)).toHaveLength(1);
  });
});

describe('appareil silencieux (tâche, horloge simulée)', () => {
  it('annoncé une fois après N heures sans position, pas avant', async () => {
    const d = await device();
    const last = Date.parse('2026-03-05T10:00:00Z');
    await send(d.identifiant, route([0, 0], last - 60_000));
    const mine = async () => (await eventsOf(d.id)).filter((e) => e.type === 'Appareil silencieux');
    await verifierSilences(t.app, last + 11 * 3_600_000);
    expect(await mine()).toHaveLength(0);
    await verifierSilences(t.app, last + 13 * 3_600_000);
    await verifierSilences(t.app, last + 14 * 3_600_000);
    const silences = await mine();
    expect(silences.map((e) => [e.heure, e.details])).toEqual([
      [new Date(last).toISOString(), { heures: 13 }],
    ]);
    expect(await notesOf(directionId, silences[0]!.id)).toHaveLength(1);
    // Another fix, then a new silence: a second alert.
    await send(d.identifiant, route([0], last + 20 * 3_600_000));
    await verifierSilences(t.app, last + 33 * 3_600_000);
    expect(await mine()).toHaveLength(2);
  });
});

describe('rapport des événements (/api/rapports/evenements)', () => {
  const q = 'date_debut=2026-03-02&date_fin=2026-03-02';

  it('liste les événements de la période avec leur lieu, filtrés par type et véhicule, pour l’entreprise seule', async () => {
    const r = data(await t.get(`/api/rapports/evenements?${q}`, token));
    expect([r.date_debut, r.date_fin]).toEqual(['2026-03-02', '2026-03-02']);
    const types = r.evenements.map((e: { type: string }) => e.type);
    // (The devices of the tests above also fell silent for the job's fake clock.)
    expect(types).toEqual(
      expect.arrayContaining(['Excès de vitesse', 'Ralenti moteur', 'Entrée de zone', 'Sortie de zone']),
    );
    const entree = r.evenements.find((e: { type: string }) => e.type === 'Entrée de zone');
    expect(entree).toMatchObject({
      lieu: 'Zone alertes test',
      zone: { nom: 'Zone alertes test' },
      detail: null,
    });
    const vitesse = r.evenements.find(
      (e: { detail: string | null }) => e.detail === '95 km/h (limite 90 km/h)',
    );
    expect(vitesse).toBeTruthy();
    expect(r.types).toContainEqual({ type: 'Excès de vitesse', nombre: 2 });

    const seulement = data(await t.get(`/api/rapports/evenements?${q}&type=Ralenti%20moteur`, token));
    expect(seulement.evenements.map((e: { type: string }) => e.type)).toEqual(['Ralenti moteur']);
    const vehicule = seulement.evenements[0].vehicule.id;
    const parVehicule = data(await t.get(`/api/rapports/evenements?${q}&vehicule=${vehicule}`, token));
    // Its device's silence (the job's fake clock above) is the vehicle's too.
    expect(parVehicule.evenements.map((e: { type: string }) => e.type).sort()).toEqual([
      'Appareil silencieux',
      'Excès de vitesse',
      'Ralenti moteur',
    ]);
    expect(new Set(parVehicule.evenements.map((e: { vehicule: { id: number } }) => e.vehicule.id))).toEqual(
      new Set([vehicule]),
    );

    // Another company sees none of them.
    const other = data(await t.get(`/api/rapports/evenements?${q}`, otherToken));
    expect(other.evenements).toEqual([]);
  });

  it('refuse les mauvaises dates et le type inconnu avec un message en français', async () => {
    const bad = await t.get('/api/rapports/evenements?date_debut=2026-13-01', token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.fields.date_debut).toBe(
      'La date de début doit être une date au format AAAA-MM-JJ.',
    );
    const reversed = await t.get('/api/rapports/evenements?date_debut=2026-03-05&date_fin=2026-03-01', token);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().data.fields.date_fin).toBe(
      'La date de fin doit être postérieure à la date de début.',
    );
    const type = await t.get('/api/rapports/evenements?type=Accident', token);
    expect(type.statusCode).toBe(422);
    expect(type.json().data.fields.type).toContain('Le type d’événement est l’un de');
  });

  it('donne le fichier Excel et le PDF', async () => {
    const xlsx = await t.get(`/api/rapports/evenements?${q}&format=xlsx`, token);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const pdf = await t.get(`/api/rapports/evenements?${q}&format=pdf`, token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('préférences des alertes (Mon compte)', () => {
  it('dit les alertes choisies, refuse une alerte inconnue', async () => {
    const p = data(await t.get('/api/notifications/preferences', token));
    expect(p.alertes).toContainEqual({
      type: 'alerte_vitesse',
      libelle: 'Excès de vitesse',
      app: true,
      email: true,
    });
    expect(p.alertes).toContainEqual({
      type: 'alerte_arret',
      libelle: 'Arrêt prolongé hors des zones',
      app: false,
      email: false,
    });
    expect(p.types.map((x: { type: string }) => x.type)).not.toContain('alerte_vitesse');
    const bad = await t.post(
      '/api/notifications/preferences',
      { desactivees: [], alertes_email: ['alerte_pluie'] },
      token,
    );
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().data.fields)).toContain('Cette alerte GPS n’existe pas.');
    // No alert notification was given to a user who chose none.
    const secondNotes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, secondId), like(notifications.cle, 'gps_evenement:%')));
    expect(secondNotes).toEqual([]);
  });
});
