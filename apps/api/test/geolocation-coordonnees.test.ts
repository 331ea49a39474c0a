import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, demandes } from '../src/db/schema';
import { data, type Fixtures, inDays, setupFixtures } from './fixtures';

// Pickup and drop-off coordinates of courses and demandes: accepted, validated in French, stored,
// answered; hidden with the addresses on another company's market demande; carried to the accepted course.

let f: Fixtures;
beforeAll(async () => {
  f = await setupFixtures();
});

const OWENDO = { chargement_lat: 0.2912, chargement_lng: 9.5031 };
const NTOUM = { dechargement_lat: 0.3889, dechargement_lng: 9.7611 };

function courseBody(client: number, vehicule: number, extra: Record<string, unknown> = {}) {
  return {
    client_id: client,
    vehicule_id: vehicule,
    type_course: 'Transport de marchandises',
    ville_depart_id: f.villes.lbv,
    ville_arrivee_id: f.villes.fcv,
    date_chargement: '2026-11-23T08:00',
    montant: 150_000,
    ...extra,
  };
}

describe('coordinates of a course', () => {
  it('are stored and answered, changed by pairs, cleared with null', async () => {
    const client = await f.client(f.A);
    const v = await f.vehicule(f.A);
    const created = data(
      await f.t.post('/api/courses', courseBody(client.id, v.id, { ...OWENDO, ...NTOUM }), f.A.token),
    );
    expect(created).toMatchObject({ ...OWENDO, ...NTOUM });
    const [row] = await f.db.select().from(courses).where(eq(courses.id, created.id));
    expect(row).toMatchObject({ ...OWENDO, ...NTOUM });

    const moved = data(
      await f.t.post(
        `/api/courses/${created.id}/update`,
        { dechargement_lat: '0.5', dechargement_lng: '10.1' },
        f.A.token,
      ),
    );
    expect(moved).toMatchObject({ ...OWENDO, dechargement_lat: 0.5, dechargement_lng: 10.1 });
    const cleared = data(
      await f.t.post(
        `/api/courses/${created.id}/update`,
        { chargement_lat: null, chargement_lng: null },
        f.A.token,
      ),
    );
    expect(cleared).toMatchObject({ chargement_lat: null, chargement_lng: null, dechargement_lat: 0.5 });
    const listed = data(await f.t.get(`/api/courses?limit=1000&vehicule=${v.id}`, f.A.token));
    expect(listed[0]).toMatchObject({ id: created.id, dechargement_lng: 10.1 });
  });

  it('refuses out-of-range, non-numeric and half pairs with a French 422 naming the field', async () => {
    const client = await f.client(f.A);
    const v = await f.vehicule(f.A);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { chargement_lat: 95, chargement_lng: 9.5 },
        'chargement_lat',
        'La latitude du chargement doit être un nombre entre -90 et 90.',
      ],
      [
        { dechargement_lat: 0.4, dechargement_lng: -181 },
        'dechargement_lng',
        'La longitude du déchargement doit être un nombre entre -180 et 180.',
      ],
      [
        { chargement_lat: 'abc', chargement_lng: 9.5 },
        'chargement_lat',
        'La latitude du chargement doit être un nombre entre -90 et 90.',
      ],
      [
        { chargement_lat: 0.29 },
        'chargement_lng',
        'La latitude et la longitude du chargement vont ensemble : indiquez les deux, ou aucune.',
      ],
    ];
    for (const [extra, field, message] of cases) {
      const res = await f.t.post('/api/courses', courseBody(client.id, v.id, extra), f.A.token);
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      const body = res.json();
      expect(body.errors).toContain(message);
      expect(JSON.stringify(body.data)).toContain(field);
    }
    const course = await f.course(f.A, { client: client.id, vehicule: v.id });
    const half = await f.t.post(`/api/courses/${course.id}/update`, { dechargement_lng: 9.7 }, f.A.token);
    expect(half.statusCode).toBe(422);
    const [row] = await f.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({ dechargement_lat: null, dechargement_lng: null });
  });
});

describe('coordinates of a demande', () => {
  it('are stored, hidden from another company on the market, and carried to the accepted course', async () => {
    const client = await f.client(f.A);
    const created = await f.t.post(
      '/api/demandes',
      {
        client_id: client.id,
        type_course: 'Livraison',
        ville_depart_id: f.villes.lbv,
        ville_arrivee_id: f.villes.fcv,
        date_souhaitee: inDays(17),
        adresse_chargement: 'Port d’Owendo',
        ...OWENDO,
        ...NTOUM,
      },
      f.A.token,
    );
    const d = data(created);
    expect(d).toMatchObject({ ...OWENDO, ...NTOUM });
    const [row] = await f.db.select().from(demandes).where(eq(demandes.id, d.id));
    expect(row).toMatchObject({ ...OWENDO, ...NTOUM });

    const bad = await f.t.post(`/api/demandes/${d.id}/update`, { chargement_lat: 91 }, f.A.token);
    expect(bad.statusCode).toBe(422);

    data(await f.t.post(`/api/demandes/${d.id}/broadcast`, undefined, f.A.token));
    const seen = data(await f.t.get(`/api/demandes/${d.id}`, f.B.token));
    expect(seen).toMatchObject({
      contact_masque: true,
      chargement_lat: null,
      chargement_lng: null,
      dechargement_lat: null,
      dechargement_lng: null,
    });

    const v = await f.vehicule(f.B);
    const accepted = data(
      await f.t.post(`/api/demandes/${d.id}/accept`, { vehicule_id: v.id, montant: 200_000 }, f.B.token),
    );
    const courseId = accepted.course?.id ?? accepted.course_id ?? accepted.id;
    const [course] = await f.db.select().from(courses).where(eq(courses.demande_id, d.id));
    expect(course, String(courseId)).toMatchObject({ ...OWENDO, ...NTOUM, entreprise_id: f.B.id });
  });
});
