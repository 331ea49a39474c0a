import { MOIS_INVALIDE } from '@yams/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compteurs } from '../src/db/schema';
import { expectFailure, type Fixtures, setupFixtures } from './fixtures';

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

describe('GET /api/courses', () => {
  it('lists the demo year of courses of the company only, newest first, with the spec fields', async () => {
    const { t, A: tg } = ctx;
    // The demo year (1,500 courses) and the 6 of the demo drivers of the driver's app.
    const total = (await t.get('/api/courses?req_count=1', tg.token)).json().data;
    expect(total).toBe(1506);
    const page = (await t.get('/api/courses?page=1', tg.token)).json().data;
    expect(page).toMatchObject({ current_page: 1, per_page: 6, total: 1506, last_page: 251 });
    const row = page.data[0];
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining([
        'code',
        'vehicule',
        'camion',
        'client',
        'client_nom_complet',
        'chauffeur',
        'type_course',
        'course_details',
        'montant',
        'montant_paye',
        'reste_a_payer',
        'etat',
        'statut',
        'date_chargement',
        'date_dechargement',
        'adresse_chargement',
        'adresse_dechargement',
      ]),
    );
    expect(row.code).toMatch(/^CRS-\d{4}-\d{5}$/);
    expect(row.camion.plaque).toBe(row.vehicule.plaque);
    expect(row.course_details).toContain(' → ');
    expect(row.entreprise_id).toBe(tg.id);
    const dates = page.data.map((c: { date_chargement: string }) => c.date_chargement);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await t.get('/api/courses?limit=4', tg.token)).json().data).toHaveLength(4);
  });

  it('filters by every criterion and ignores empty values', async () => {
    const { t, A: tg } = ctx;
    const client = await ctx.client(tg, 'Ndong-Filtre');
    const [v1, v2] = [await ctx.vehicule(tg), await ctx.vehicule(tg)];
    const a = await ctx.postCourse(tg, client.id, v1.id, {
      date_chargement: '2026-03-02T09:00',
      type_course: 'Livraison',
    });
    await ctx.moveCourse(tg, a.id, 'Chargement terminé', 'Transport en cours', 'Terminé');
    const b = await ctx.postCourse(tg, client.id, v1.id, {
      date_chargement: '2026-03-31T23:30',
      date_dechargement: '2026-04-01T10:00',
      chauffeur_id: tg.chauffeur,
    });
    const c = await ctx.postCourse(tg, client.id, v2.id, { date_chargement: '2026-04-10T08:00' });
    await t.post(
      '/api/paiements',
      { course_id: c.id, libelle: 'Acompte', mode: 'Espèces', montant: 40_000, statut: 'Validé' },
      tg.token,
    );
    const ids = async (query: string) =>
      (
        (await t.get(`/api/courses?client=${client.id}&${query}`, tg.token)).json().data as Array<{
          id: number;
        }>
      )
        .map((x) => x.id)
        .sort((x, y) => x - y);
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids(`vehicule=${v1.id}`)).toEqual([a.id, b.id]);
    expect(await ids(`chauffeur=${tg.chauffeur}`)).toEqual([b.id]);
    expect(await ids('statut=Terminé')).toEqual([a.id]);
    expect(await ids('type=Livraison')).toEqual([a.id]);
    expect(await ids('reglement=Acompte')).toEqual([c.id]);
    expect(await ids('reglement=Non%20pay%C3%A9')).toEqual([a.id, b.id]);
    expect(await ids('date_debut=2026-03-01&date_fin=2026-03-31')).toEqual([a.id, b.id]);
    expect(await ids('date_debut=2026-04-01')).toEqual([c.id]);
    // The calendar: loading or unloading in the month (Libreville time).
    expect(await ids('req_period=2026-03')).toEqual([a.id, b.id]);
    expect(await ids('req_period=2026-04')).toEqual([b.id, c.id]);
    expect(await ids('search=Ndong-Filtre&statut=&type=&reglement=')).toEqual([a.id, b.id, c.id]);
    expect(await ids(`search=${encodeURIComponent(c.code)}`)).toEqual([c.id]);
    expect((await t.get(`/api/courses?client=${client.id}&req_count=1`, tg.token)).json().data).toBe(3);
  });

  it('filters by vehicle owner; the vehicle’s usual driver is the default', async () => {
    const { t, A: tg } = ctx;
    const client = await ctx.client(tg);
    const v = await ctx.vehicule(tg);
    const { vehicules } = await import('../src/db/schema');
    await t.database.db
      .update(vehicules)
      .set({ proprietaire_id: tg.chauffeur, chauffeur_id: tg.chauffeur })
      .where(eq(vehicules.id, v.id));
    const course = await ctx.postCourse(tg, client.id, v.id);
    // Without a driver in the body, the vehicle's usual driver drives.
    expect(course.chauffeur).toMatchObject({ id: tg.chauffeur });
    const rows = (
      await t.get(`/api/courses?proprietaire=${tg.chauffeur}&client=${client.id}`, tg.token)
    ).json().data;
    expect(rows.map((r: { id: number }) => r.id)).toEqual([course.id]);
  });

  it('refuses bad filters in French', async () => {
    const { t, A: tg } = ctx;
    expectFailure(
      await t.get('/api/courses?reglement=Gratuit', tg.token),
      422,
      'Le règlement doit être « Payé », « Non payé » ou « Acompte ».',
    );
    expectFailure(await t.get('/api/courses?req_period=2026-13', tg.token), 422, MOIS_INVALIDE);
    expectFailure(
      await t.get('/api/courses?date_debut=14/03/2026', tg.token),
      422,
      'La date de début doit être une date au format AAAA-MM-JJ.',
    );
    expectFailure(
      await t.get('/api/courses?date_debut=2026-04-01&date_fin=2026-03-01', tg.token),
      422,
      'La date de fin doit être postérieure ou égale à la date de début.',
    );
    expectFailure(
      await t.get('/api/courses?vehicule=abc', tg.token),
      422,
      'Le véhicule doit être un identifiant numérique.',
    );
    expectFailure(
      await t.get('/api/courses?statut=Volé', tg.token),
      422,
      "Le statut de course n'est pas valide.",
    );
  });
});

describe('POST /api/courses', () => {
  it('creates a course with the next gapless code of the company and year, vehicle En course', async () => {
    const { t, A: tg } = ctx;
    const client = await ctx.client(tg);
    const v = await ctx.vehicule(tg);
    const year = new Date().getUTCFullYear();
    const [counter] = await t.database.db
      .select()
      .from(compteurs)
      .where(
        and(eq(compteurs.entreprise_id, tg.id), eq(compteurs.serie, 'course'), eq(compteurs.annee, year)),
      );
    const res = await t.post(
      '/api/courses',
      ctx.courseBody(client.id, v.id, { chauffeur_id: tg.chauffeur }),
      tg.token,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = `CRS-${year}-${String((counter?.dernier ?? 0) + 1).padStart(5, '0')}`;
    expect(body).toMatchObject({ success: true, message: `La course ${expected} a été créée.`, errors: [] });
    expect(body.data).toMatchObject({
      code: expected,
      statut: 'Chargement en attente',
      etat: 'Non payé',
      montant: 100_000,
      montant_paye: 0,
      reste_a_payer: 100_000,
      course_details: 'Libreville → Franceville (12 t)',
      chauffeur: { id: tg.chauffeur },
      client: { id: client.id, nom_complet: `Testeur ${client.prenom}` },
      paiements: [],
      date_chargement: '2026-03-14T07:00:00.000Z',
    });
    expect(await ctx.vehiculeStatut(v.id)).toBe('En course');
    expect((await ctx.storedCourse(body.data.id))?.entreprise_id).toBe(tg.id);
  });

  it('numbers concurrent creations without gap or duplicate, per company', async () => {
    const { t, A: tg, B: og } = ctx;
    const client = await ctx.client(tg);
    const ogClient = await ctx.client(og);
    const vs = await Promise.all([1, 2, 3, 4, 5].map(() => ctx.vehicule(tg)));
    const ogV = await ctx.vehicule(og);
    const answers = await Promise.all([
      ...vs.map((v) => t.post('/api/courses', ctx.courseBody(client.id, v.id), tg.token)),
      t.post('/api/courses', ctx.courseBody(ogClient.id, ogV.id), og.token),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const numbers = answers
      .slice(0, 5)
      .map((a) => Number(a.json().data.code.slice(-5)))
      .sort((x, y) => x - y);
    expect(numbers.at(-1)! - numbers[0]!).toBe(4);
    expect(new Set(numbers).size).toBe(5);
    const year = new Date().getUTCFullYear();
    const [counter] = await t.database.db
      .select()
      .from(compteurs)
      .where(
        and(eq(compteurs.entreprise_id, tg.id), eq(compteurs.serie, 'course'), eq(compteurs.annee, year)),
      );
    expect(counter!.dernier).toBe(numbers.at(-1));
    // A refused creation does not use a number.
    const busy = await t.post('/api/courses', ctx.courseBody(client.id, vs[0]!.id), tg.token);
    expect(busy.statusCode).toBe(422);
    const next = await ctx.postCourse(tg, client.id, (await ctx.vehicule(tg)).id);
    expect(Number(next.code.slice(-5))).toBe(numbers.at(-1)! + 1);
  });

  it('answers French field errors', async () => {
    const { t, A: tg } = ctx;
    const res = expectFailure(
      await t.post('/api/courses', { type_course: 'Vol', montant: -5 }, tg.token),
      422,
    );
    expect(res.errors).toEqual(
      expect.arrayContaining([
        'Le client est obligatoire.',
        'Le véhicule est obligatoire.',
        "Le type de course n'est pas valide.",
        'La ville de départ est obligatoire.',
        "La ville d'arrivée est obligatoire.",
        'La date de chargement est obligatoire.',
        'Le montant ne peut pas être négatif.',
      ]),
    );
    const client = await ctx.client(tg);
    const v = await ctx.vehicule(tg);
    expectFailure(
      await t.post(
        '/api/courses',
        ctx.courseBody(client.id, v.id, { date_dechargement: '2026-03-13T08:00' }),
        tg.token,
      ),
      422,
      'La date de déchargement doit être postérieure à la date de chargement.',
    );
    const bad = expectFailure(
      await t.post(
        '/api/courses',
        ctx.courseBody(client.id, v.id, { ville_depart_id: 999_999, type_marchandise_id: 999_999 }),
        tg.token,
      ),
      422,
    );
    expect(bad.errors).toEqual(["La ville de départ n'existe pas.", "Ce type de marchandise n'existe pas."]);
    expectFailure(
      await t.post('/api/courses', ctx.courseBody(client.id, v.id, { chauffeur_id: client.id }), tg.token),
      422,
      "Ce chauffeur n'existe pas.",
    );
    // A superadmin names the company.
    expectFailure(
      await t.post('/api/courses', ctx.courseBody(client.id, v.id), ctx.admin),
      422,
      "L'entreprise est obligatoire.",
    );
    const made = await t.post(
      '/api/courses',
      ctx.courseBody(client.id, v.id, { entreprise_id: tg.id }),
      ctx.admin,
    );
    expect(made.json().data.entreprise_id).toBe(tg.id);
  });

  it('refuses a vehicle under repair, unavailable or already on an open course', async () => {
    const { t, A: tg } = ctx;
    const client = await ctx.client(tg);
    const garage = await ctx.vehicule(tg, { statut: 'En intervention' });
    expectFailure(
      await t.post('/api/courses', ctx.courseBody(client.id, garage.id), tg.token),
      422,
      `Le véhicule ${garage.plaque} est « En intervention » : il ne peut pas être affecté à une course.`,
    );
    const broken = await ctx.vehicule(tg, { statut: 'Indisponible' });
    expectFailure(
      await t.post('/api/courses', ctx.courseBody(client.id, broken.id), tg.token),
      422,
      `Le véhicule ${broken.plaque} est « Indisponible » : il ne peut pas être affecté à une course.`,
    );
    const v = await ctx.vehicule(tg);
    const first = await ctx.postCourse(tg, client.id, v.id);
    expectFailure(
      await t.post('/api/courses', ctx.courseBody(client.id, v.id), tg.token),
      422,
      `Le véhicule ${v.plaque} est déjà affecté à la course ${first.code}.`,
    );
    // Two creations racing for one vehicle: exactly one gets it.
    const w = await ctx.vehicule(tg);
    const race = await Promise.all(
      [1, 2].map(() => t.post('/api/courses', ctx.courseBody(client.id, w.id), tg.token)),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('accepts only a client of the company', async () => {
    const { t, A: tg, B: og } = ctx;
    const theirs = await ctx.client(og);
    const v = await ctx.vehicule(tg);
    expectFailure(
      await t.post('/api/courses', ctx.courseBody(theirs.id, v.id), tg.token),
      422,
      "Ce client n'existe pas.",
    );
    expectFailure(
      await t.post('/api/courses', ctx.courseBody(tg.chauffeur, v.id), tg.token),
      422,
      "Ce client n'existe pas.",
    );
  });
});
