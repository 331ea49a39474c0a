import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { courseEvenements, liensSuivi, notifications } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { data, type Fixtures, setupFixtures } from './fixtures';
import { uploadLogo } from './helpers';

// A course's GPS events (arrival and departure at its pickup and drop-off) raised by the
// positions of its vehicle's device, and the public tracking link of a course.

let f: Fixtures;
beforeAll(async () => {
  f = await setupFixtures();
});
// A truck reports live: each fix is sent when the (fake) clock reaches its time, never ahead of the
// server's clock (a fix from the future is put at its receive time).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
});

// Owendo port (pickup) → Ntoum (drop-off), on the N1.
const PICKUP = { lat: 0.2912, lng: 9.5031 };
const DROP = { lat: 0.3889, lng: 9.7611 };
let seq = 0;

/** A vehicle with a device, and an open course of it with coordinates. */
async function courseWithDevice(coords = true) {
  const v = await f.vehicule(f.A);
  const identifiant = `C${process.pid % 1000}${Date.now() % 100000}${++seq}`;
  data(
    await f.t.post('/api/appareils', { nom: `Traceur ${seq}`, identifiant, vehicule_id: v.id }, f.A.token),
  );
  const client = await f.client(f.A, 'Suivi');
  const course = data(
    await f.t.post(
      '/api/courses',
      {
        client_id: client.id,
        vehicule_id: v.id,
        type_course: 'Transport de marchandises',
        ville_depart_id: f.villes.lbv,
        ville_arrivee_id: f.villes.lbv,
        adresse_chargement: 'Port d’Owendo, môle 2',
        adresse_dechargement: 'Ntoum, zone industrielle',
        date_chargement: new Date().toISOString(),
        montant: 250_000,
        ...(coords
          ? {
              chargement_lat: PICKUP.lat,
              chargement_lng: PICKUP.lng,
              dechargement_lat: DROP.lat,
              dechargement_lng: DROP.lng,
            }
          : {}),
      },
      f.A.token,
    ),
  );
  // The file's clock stands still (fake Date) while the database's runs on: on a slow machine the course's
  // created_at (the database's now()) can be ahead of it, and fixes dated before it are ignored. The clock
  // moves up to the course, so fixes reported from now on come after it.
  const created = Date.parse(course.created_at);
  if (created > Date.now()) vi.setSystemTime(created);
  return { v, identifiant, course };
}

/** Reports a fix `minutes` after `start` at a point `metres` east of `place`. */
function reporter(identifiant: string, start: number) {
  return async (minutes: number, place: { lat: number; lng: number }, metresEast = 0) => {
    const lng = place.lng + metresEast / 111_320;
    const at = start + minutes * 60_000;
    if (at > Date.now()) vi.setSystemTime(at);
    const ts = Math.floor(at / 1000);
    const res = await f.t.app.inject({
      method: 'POST',
      url: `/api/gps/osmand?id=${identifiant}&timestamp=${ts}&lat=${place.lat}&lon=${lng}&speed=20`,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
}

const eventsOf = async (courseId: number) =>
  data(await f.t.get(`/api/courses/${courseId}/evenements`, f.A.token)) as Array<{
    type: string;
    heure: string;
  }>;

describe('arrival events of a course', () => {
  it("uses the company's arrival radius (Configurations → Entreprise)", async () => {
    // 800 m from the pickup is away with the default 300 m radius, and there with a radius of 1 km.
    data(await f.t.post('/api/entreprise/parametres/update', { rayon_arrivee_m: 1_000 }, f.A.token));
    try {
      const { identifiant, course } = await courseWithDevice();
      const at = reporter(identifiant, Date.now() + 1000);
      await at(0, PICKUP, 3_000);
      await at(1, PICKUP, 800);
      expect((await eventsOf(course.id)).map((e) => e.type)).toEqual(['Arrivé au chargement']);
    } finally {
      data(await f.t.post('/api/entreprise/parametres/update', { rayon_arrivee_m: 300 }, f.A.token));
    }
  });

  it('raises each event once on a simulated track through the pickup and the drop-off, with one notification', async () => {
    const { identifiant, course } = await courseWithDevice();
    const start = Date.now() + 1000;
    const at = reporter(identifiant, start);
    // On the way to the pickup, then inside the 300 m radius several times, jitter at its border, leaving.
    await at(0, PICKUP, 2_000);
    expect(await eventsOf(course.id)).toEqual([]);
    await at(1, PICKUP, 250);
    await at(2, PICKUP, 40);
    await at(3, PICKUP, 320); // outside the radius but within the 1.2 × margin: still there
    await at(4, PICKUP, 100);
    expect((await eventsOf(course.id)).map((e) => e.type)).toEqual(['Arrivé au chargement']);
    await at(5, PICKUP, 900);
    await at(6, PICKUP, 5_000);
    // Driving to Ntoum, arriving, unloading (many fixes inside), leaving.
    await at(30, DROP, -3_000);
    await at(40, DROP, -200);
    for (let i = 0; i < 5; i++) await at(41 + i, DROP, i * 10);
    await at(50, DROP, 1_500);
    await at(51, DROP, 3_000);
    const events = await eventsOf(course.id);
    expect(events.map((e) => e.type)).toEqual([
      'Arrivé au chargement',
      'Parti du chargement',
      'Arrivé à destination',
      'Parti de destination',
    ]);
    expect(events[0]!.heure).toBe(new Date(Math.floor((start + 60_000) / 1000) * 1000).toISOString());
    expect(events[2]!.heure).toBe(new Date(Math.floor((start + 40 * 60_000) / 1000) * 1000).toISOString());
    // A second pass near the drop-off raises nothing more.
    await at(60, DROP, 0);
    expect(await eventsOf(course.id)).toHaveLength(4);

    const notes = await f.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'course_evenement'),
          eq(notifications.lien, `/operations/courses?id=${course.id}`),
        ),
      );
    const titres = [...new Set(notes.map((n) => n.titre))];
    expect(titres).toEqual(
      expect.arrayContaining([
        `Course ${course.code} : Arrivé à destination`,
        `Course ${course.code} : Parti de destination`,
      ]),
    );
    expect(titres).toHaveLength(4);
    // One notification per user and event.
    expect(notes.length % 4).toBe(0);
  });

  it('ignores fixes from before the course, courses without coordinates, and finished courses', async () => {
    const { identifiant, course } = await courseWithDevice();
    const at = reporter(identifiant, Date.now());
    await at(-120, DROP, 0); // two hours ago: the vehicle's previous job
    expect(await eventsOf(course.id)).toEqual([]);

    const bare = await courseWithDevice(false);
    await reporter(bare.identifiant, Date.now() + 1000)(0, DROP, 0);
    expect(await eventsOf(bare.course.id)).toEqual([]);

    const done = await courseWithDevice();
    for (const statut of ['Chargement terminé', 'Transport en cours', 'Terminé']) {
      data(await f.t.post(`/api/courses/${done.course.id}/statut`, { statut }, f.A.token));
    }
    await reporter(done.identifiant, Date.now() + 1000)(0, DROP, 0);
    expect(
      await f.db.select().from(courseEvenements).where(eq(courseEvenements.course_id, done.course.id)),
    ).toEqual([]);
  });

  it('B never reads A’s course events', async () => {
    const { course } = await courseWithDevice();
    expect((await f.t.get(`/api/courses/${course.id}/evenements`, f.B.token)).statusCode).toBe(404);
  });
});

describe('public tracking link', () => {
  it('shows this course’s route, vehicle position, track and events, and nothing else', async () => {
    const { identifiant, course } = await courseWithDevice();
    const at = reporter(identifiant, Date.now() + 1000);
    await at(0, PICKUP, 50);
    await at(1, PICKUP, 2_000);
    const created = data(await f.t.post(`/api/courses/${course.id}/suivi`, undefined, f.A.token));
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{27,}$/);
    expect(Buffer.from(created.token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(created).toMatchObject({ course_id: course.id, actif: true, chemin: `/suivi/${created.token}` });
    expect(created.url).toBe(`http://yams.test/suivi/${created.token}`);
    // Only the hash is stored.
    const [row] = await f.db.select().from(liensSuivi).where(eq(liensSuivi.id, created.id));
    expect(row!.token_hash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const res = await f.t.get(`/api/suivi/${created.token}`);
    expect(res.statusCode, res.body).toBe(200);
    const pub = res.json().data;
    expect(Object.keys(pub).sort()).toEqual(
      [
        'chargement',
        'code',
        'code_livraison',
        'date_chargement',
        'date_dechargement',
        'dechargement',
        'evenements',
        'livraison',
        'mis_a_jour',
        'position',
        'statut',
        'trace',
        'transporteur',
      ].sort(),
    );
    expect(pub).toMatchObject({
      code: course.code,
      statut: 'Chargement en attente',
      // No delivery code asked, nothing delivered yet (chauffeur-suite.test.ts has both).
      code_livraison: null,
      livraison: null,
      chargement: {
        adresse: 'Port d’Owendo, môle 2',
        latitude: PICKUP.lat,
        longitude: PICKUP.lng,
        ville: 'Libreville',
      },
      dechargement: { adresse: 'Ntoum, zone industrielle', latitude: DROP.lat },
      evenements: [
        { type: 'Arrivé au chargement', heure: expect.any(String) },
        { type: 'Parti du chargement', heure: expect.any(String) },
      ],
    });
    expect(pub.trace).toHaveLength(2);
    expect(pub.position.latitude).toBe(PICKUP.lat);
    // No company, client, driver, amount or id anywhere.
    const text = JSON.stringify(pub);
    for (const secret of [
      'entreprise',
      'client',
      'chauffeur',
      'montant',
      'plaque',
      '"id"',
      'Suivi',
      identifiant,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // The list of links never shows a token.
    const liens = data(await f.t.get(`/api/courses/${course.id}/suivi`, f.A.token));
    expect(liens).toHaveLength(1);
    expect(JSON.stringify(liens)).not.toContain(created.token);
  });

  it("is headed with the carrier's name and logo, the logo served by the link alone", async () => {
    const { course } = await courseWithDevice();
    const lien = data(await f.t.post(`/api/courses/${course.id}/suivi`, undefined, f.A.token));
    const nom = data(await f.t.get('/api/entreprise/parametres', f.A.token)).raison_sociale as string;
    expect(nom).toBeTruthy();
    expect(data(await f.t.get(`/api/suivi/${lien.token}`)).transporteur).toEqual({ nom, logo: null });
    expect((await f.t.get(`/api/suivi/${lien.token}/logo`)).statusCode).toBe(404);

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const up = await uploadLogo(f.t, f.A.token, png);
    expect(up.statusCode, up.body).toBe(200);
    const pub = data(await f.t.get(`/api/suivi/${lien.token}`));
    expect(pub.transporteur).toEqual({ nom, logo: `/api/suivi/${lien.token}/logo` });
    // No account: the link is the key.
    const logo = await f.t.get(pub.transporteur.logo);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(png)).toBe(true);
    for (const token of ['x', 'A'.repeat(27)]) {
      expect((await f.t.get(`/api/suivi/${token}/logo`)).statusCode, token).toBe(404);
    }
    data(await f.t.post(`/api/courses/${course.id}/suivi/revoke`, undefined, f.A.token));
    expect((await f.t.get(pub.transporteur.logo)).statusCode).toBe(404);
    data(await f.t.post('/api/entreprise/parametres/update', { logo: null }, f.A.token));
  });

  it('answers 404 once revoked, and once the course is finished; unknown tokens too', async () => {
    const { course } = await courseWithDevice();
    const first = data(await f.t.post(`/api/courses/${course.id}/suivi`, undefined, f.A.token));
    const revoked = await f.t.post(`/api/courses/${course.id}/suivi/revoke`, undefined, f.A.token);
    expect(revoked.json()).toMatchObject({
      data: { revoques: 1 },
      message: `Le lien de suivi de la course ${course.code} a été révoqué.`,
    });
    const gone = await f.t.get(`/api/suivi/${first.token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors).toEqual(["Ce lien de suivi n'existe pas ou n'est plus actif."]);

    const second = data(await f.t.post(`/api/courses/${course.id}/suivi`, undefined, f.A.token));
    expect((await f.t.get(`/api/suivi/${second.token}`)).statusCode).toBe(200);
    for (const statut of ['Chargement terminé', 'Transport en cours', 'Terminé']) {
      data(await f.t.post(`/api/courses/${course.id}/statut`, { statut }, f.A.token));
    }
    expect((await f.t.get(`/api/suivi/${second.token}`)).statusCode).toBe(404);
    const again = await f.t.post(`/api/courses/${course.id}/suivi`, undefined, f.A.token);
    expect(again.statusCode).toBe(422);
    expect(
      data(await f.t.get(`/api/courses/${course.id}/suivi`, f.A.token)).map(
        (l: { actif: boolean }) => l.actif,
      ),
    ).toEqual([false, false]);

    for (const token of ['x', 'A'.repeat(27), `${second.token}x`]) {
      expect((await f.t.get(`/api/suivi/${token}`)).statusCode, token).toBe(404);
    }
  });

  it('B can neither create, list nor revoke A’s links', async () => {
    const { course } = await courseWithDevice();
    const lien = data(await f.t.post(`/api/courses/${course.id}/suivi`, undefined, f.A.token));
    for (const [method, url] of [
      ['POST', `/api/courses/${course.id}/suivi`],
      ['GET', `/api/courses/${course.id}/suivi`],
      ['POST', `/api/courses/${course.id}/suivi/revoke`],
    ] as const) {
      const res = await f.t.app.inject({ method, url, headers: { authorization: `Bearer ${f.B.token}` } });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await f.t.get(`/api/suivi/${lien.token}`)).statusCode).toBe(200);
    expect(await f.db.select().from(liensSuivi).where(eq(liensSuivi.course_id, course.id))).toHaveLength(1);
  });
});
