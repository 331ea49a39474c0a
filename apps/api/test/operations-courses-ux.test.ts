import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, type Fixtures, setupFixtures } from './fixtures';

// A course's trajet fixes its cities, the actual time of each state change is kept
// beside the plan, and the payment form's picker asks only for courses left to pay.

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

async function makeTrajet(
  token: string,
  depart: number,
  arrivee: number,
  libelle = 'Libreville → Franceville',
) {
  const res = await ctx.t.post(
    '/api/trajets',
    { libelle, montant: 90_000, ville_depart_id: depart, ville_arrivee_id: arrivee },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

describe('a course on a trajet', () => {
  it('refuses cities that differ from the trajet, naming the field, and accepts its own', async () => {
    const { t, A: tg, villes } = ctx;
    const trajet = await makeTrajet(tg.token, villes.lbv, villes.fcv);
    const client = await ctx.client(tg);
    const v = await ctx.vehicule(tg);
    const base = {
      client_id: client.id,
      vehicule_id: v.id,
      type_course: 'Transport de marchandises',
      trajet_id: trajet.id,
      date_chargement: '2026-12-10T11:15',
      montant: 90_000,
    };
    const wrong = await t.post(
      '/api/courses',
      { ...base, ville_depart_id: villes.pog, ville_arrivee_id: villes.lbv },
      tg.token,
    );
    const body = expectFailure(
      wrong,
      422,
      'La ville de départ doit être celle du trajet « Libreville → Franceville » : Libreville.',
      "La ville d'arrivée doit être celle du trajet « Libreville → Franceville » : Franceville.",
    );
    expect(body).toMatchObject({ success: false });
    expect(
      (await t.get(`/api/courses?vehicule=${v.id}&req_count=1`, tg.token)).json().data,
      'nothing stored',
    ).toBe(0);

    const ok = await t.post(
      '/api/courses',
      { ...base, ville_depart_id: villes.lbv, ville_arrivee_id: villes.fcv },
      tg.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const id = ok.json().data.id as number;

    // An update that moves one city away from the trajet is refused; the course is unchanged.
    const moved = await t.post(`/api/courses/${id}/update`, { ville_arrivee_id: villes.pog }, tg.token);
    expectFailure(
      moved,
      422,
      "La ville d'arrivée doit être celle du trajet « Libreville → Franceville » : Franceville.",
    );
    expect((await ctx.storedCourse(id))?.ville_arrivee_id).toBe(villes.fcv);
    // Another trajet with a city that is not the trajet's: refused too, nothing changed.
    const other = await makeTrajet(tg.token, villes.pog, villes.fcv, 'Port-Gentil → Franceville');
    expectFailure(
      await t.post(
        `/api/courses/${id}/update`,
        { trajet_id: other.id, ville_depart_id: villes.lbv },
        tg.token,
      ),
      422,
      'La ville de départ doit être celle du trajet « Port-Gentil → Franceville » : Port-Gentil.',
    );
    expect((await ctx.storedCourse(id))?.trajet_id).toBe(trajet.id);
    // Another trajet sent alone brings its own cities, as at creation (the form fills them the same way).
    const alone = await t.post(`/api/courses/${id}/update`, { trajet_id: other.id }, tg.token);
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json().data).toMatchObject({
      trajet: { id: other.id },
      ville_depart: { id: villes.pog },
      ville_arrivee: { id: villes.fcv },
    });
    // Back to the first trajet with its cities: accepted.
    const both = await t.post(
      `/api/courses/${id}/update`,
      { trajet_id: trajet.id, ville_depart_id: villes.lbv, ville_arrivee_id: villes.fcv },
      tg.token,
    );
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data).toMatchObject({
      trajet: { id: trajet.id },
      ville_depart: { id: villes.lbv },
      ville_arrivee: { id: villes.fcv },
    });
  });

  it("does not let a company use another company's trajet", async () => {
    const { t, A: tg, B: og, villes } = ctx;
    const theirs = await makeTrajet(og.token, villes.lbv, villes.fcv);
    const client = await ctx.client(tg);
    const v = await ctx.vehicule(tg);
    expectFailure(
      await t.post(
        '/api/courses',
        {
          client_id: client.id,
          vehicule_id: v.id,
          type_course: 'Livraison',
          trajet_id: theirs.id,
          ville_depart_id: villes.lbv,
          ville_arrivee_id: villes.fcv,
          date_chargement: '2026-12-10T11:15',
          montant: 50_000,
        },
        tg.token,
      ),
      422,
      "Ce trajet n'existe pas.",
    );
  });
});

describe('actual times of a course', () => {
  it('records when it was loaded, departed, broke down and was delivered, keeping the plan', async () => {
    const { t, A: tg } = ctx;
    const client = await ctx.client(tg);
    const v = await ctx.vehicule(tg);
    const c = await ctx.postCourse(tg, client.id, v.id, {
      date_chargement: '2026-12-10T11:15',
      date_dechargement: '2026-12-12T17:00',
    });
    expect(c).toMatchObject({
      date_chargement_reelle: null,
      date_depart_reelle: null,
      date_dechargement_reelle: null,
      date_panne: null,
      date_annulation: null,
    });
    const before = Date.now();
    await ctx.moveCourse(tg, c.id, 'Chargement terminé', 'Transport en cours');
    const departed = (await t.get(`/api/courses/${c.id}`, tg.token)).json().data;
    expect(Date.parse(departed.date_chargement_reelle)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(departed.date_depart_reelle)).toBeGreaterThanOrEqual(
      Date.parse(departed.date_chargement_reelle),
    );
    await ctx.moveCourse(tg, c.id, 'Problemes mécaniques', 'Transport en cours', 'Terminé');
    const done = (await t.get(`/api/courses/${c.id}`, tg.token)).json().data;
    // The plan stays; the departure is the first one, not the restart after the breakdown.
    expect(done.date_chargement).toBe('2026-12-10T10:15:00.000Z');
    expect(done.date_dechargement).toBe('2026-12-12T16:00:00.000Z');
    expect(done.date_depart_reelle).toBe(departed.date_depart_reelle);
    expect(done.date_panne).not.toBeNull();
    expect(Date.parse(done.date_dechargement_reelle)).toBeGreaterThanOrEqual(Date.parse(done.date_panne));
    expect(Date.parse(done.date_dechargement_reelle)).toBeLessThanOrEqual(Date.now());
    expect(done.date_annulation).toBeNull();
  });

  it('records the cancellation time', async () => {
    const { t, A: tg } = ctx;
    const c = await ctx.postCourse(tg, (await ctx.client(tg)).id, (await ctx.vehicule(tg)).id);
    await ctx.moveCourse(tg, c.id, 'Annulé');
    const cancelled = (await t.get(`/api/courses/${c.id}`, tg.token)).json().data;
    expect(cancelled.date_annulation).not.toBeNull();
    expect(cancelled.date_chargement_reelle).toBeNull();
  });
});

describe('GET /api/courses?a_payer=1', () => {
  it('lists only courses of the company that can still receive a payment', async () => {
    const { t, A: tg, B: og } = ctx;
    const client = await ctx.client(tg);
    const make = async () => ctx.postCourse(tg, client.id, (await ctx.vehicule(tg)).id, { montant: 100_000 });
    const [unpaid, partial, paid, cancelled] = [await make(), await make(), await make(), await make()];
    const pay = async (courseId: number, montant: number) => {
      const res = await t.post(
        '/api/paiements',
        { course_id: courseId, libelle: 'Règlement', mode: 'Espèces', montant, statut: 'Validé' },
        tg.token,
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await pay(partial.id, 40_000);
    await pay(paid.id, 100_000);
    await ctx.moveCourse(tg, cancelled.id, 'Annulé');
    const ids = async (query: string, token = tg.token) =>
      (
        (await t.get(`/api/courses?client=${client.id}&limit=100${query}`, token)).json().data as Array<{
          id: number;
          reste_a_payer: number;
        }>
      )
        .map((c) => c.id)
        .sort((a, b) => a - b);
    expect(await ids('&a_payer=1')).toEqual([unpaid.id, partial.id].sort((a, b) => a - b));
    expect(await ids('&a_payer=0')).toHaveLength(4);
    expect(await ids('&a_payer=')).toHaveLength(4);
    const rows = (await t.get(`/api/courses?a_payer=1&limit=200`, tg.token)).json().data as Array<{
      entreprise_id: number;
      reste_a_payer: number;
      statut: string;
    }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.filter((r) => r.reste_a_payer <= 0 || r.statut === 'Annulé' || r.entreprise_id !== tg.id),
    ).toEqual([]);
    // Another company sees none of them.
    expect(await ids('&a_payer=1', og.token)).toEqual([]);
    expectFailure(
      await t.get('/api/courses?a_payer=oui', tg.token),
      422,
      'Le filtre « à payer » doit valoir 1 ou 0.',
    );
  });
});

describe('demo clients', () => {
  it('have addresses a driver can find: quarter, street or landmark, town', async () => {
    const { t, A: tg } = ctx;
    const clients = (await t.get('/api/utilisateurs?type=client&limit=500', tg.token)).json().data as Array<{
      adresse: string | null;
    }>;
    const seeded = clients.filter((c) => c.adresse);
    expect(seeded.length).toBeGreaterThan(20);
    // At least a place and a town ('Nzeng-Ayong, carrefour Lycée technique, Libreville'), never a bare word.
    expect(seeded.filter((c) => c.adresse!.split(',').length < 2).map((c) => c.adresse)).toEqual([]);
  });
});

describe('GET /api/vehicules?affectable=1', () => {
  it('offers only the vehicles a course can take, in the list and in the picker options', async () => {
    const { t, A: tg, B: og } = ctx;
    const libre = await ctx.vehicule(tg, { statut: 'Disponible' });
    const neuf = await ctx.vehicule(tg, { statut: 'Nouveau' });
    const panne = await ctx.vehicule(tg, { statut: 'Indisponible' });
    const atelier = await ctx.vehicule(tg, { statut: 'En intervention' });
    const occupe = await ctx.vehicule(tg, { statut: 'Disponible' });
    await ctx.postCourse(tg, (await ctx.client(tg)).id, occupe.id);
    const mine = [libre, neuf, panne, atelier, occupe].map((v) => v.id);
    const listed = (await t.get('/api/vehicules?affectable=1&limit=1000', tg.token)).json().data as Array<{
      id: number;
      statut: string;
    }>;
    expect(
      listed
        .filter((v) => mine.includes(v.id))
        .map((v) => v.id)
        .sort(),
    ).toEqual([libre.id, neuf.id].sort());
    expect(listed.filter((v) => !['Disponible', 'Nouveau'].includes(v.statut))).toEqual([]);
    const options = (
      await t.get(`/api/vehicules/options?affectable=1&search=${occupe.plaque}`, tg.token)
    ).json();
    expect(options).toMatchObject({ success: true, data: [] });
    const free = (
      await t.get(`/api/vehicules/options?affectable=1&label=statut&search=${neuf.plaque}`, tg.token)
    ).json();
    expect(free.data).toEqual([{ id: neuf.id, label: `${neuf.plaque} · Nouveau` }]);
    // Another company never sees them.
    expect(
      (await t.get(`/api/vehicules/options?affectable=1&search=${neuf.plaque}`, og.token)).json().data,
    ).toEqual([]);
    expectFailure(
      await t.get('/api/vehicules?affectable=peut-être', tg.token),
      422,
      'Le filtre « affectable » doit valoir 1 ou 0.',
    );
  });
});
