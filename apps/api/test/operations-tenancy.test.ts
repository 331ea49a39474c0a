import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, demandes } from '../src/db/schema';
import { expectEvery, type Fixtures, inDays, setupFixtures } from './fixtures';

// Ogooué's token on TransGabon's rows, what tenancy-routes.test.ts (generated from the route table: every
// route with an id, every id filter, every group action) does not cover: searches, counts, bodies naming
// another company's rows, and the demandes market's states.

let ctx: Fixtures;
const tgRows = {} as {
  client: number;
  vehicule: number;
  course: { id: number; code: string };
  paiement: number;
  accepted: number;
  cancelled: number;
  open: number;
  broadcast: number;
};
const MISSING = 2_000_000_000;

beforeAll(async () => {
  ctx = await setupFixtures();
  const { t, A: tg } = ctx;
  const client = await ctx.client(tg, 'Mouketou-TransGabon');
  const v = await ctx.vehicule(tg);
  const course = await ctx.postCourse(tg, client.id, v.id);
  const paiement = (
    await t.post(
      '/api/paiements',
      { course_id: course.id, libelle: 'Acompte', mode: 'Espèces', montant: 5_000 },
      tg.token,
    )
  ).json().data.id;
  const demande = async () =>
    (
      await t.post(
        '/api/demandes',
        {
          client_id: client.id,
          type_course: 'Livraison',
          ville_depart_id: ctx.villes.lbv,
          ville_arrivee_id: ctx.villes.lbv,
          date_souhaitee: inDays(8),
        },
        tg.token,
      )
    ).json().data.id as number;
  const [accepted, cancelled, open, broadcast] = [
    await demande(),
    await demande(),
    await demande(),
    await demande(),
  ];
  await t.post(`/api/demandes/${accepted}/broadcast`, undefined, tg.token);
  const w = await ctx.vehicule(tg);
  await t.post(`/api/demandes/${accepted}/accept`, { vehicule_id: w.id, montant: 10_000 }, tg.token);
  await t.post(`/api/demandes/${cancelled}/cancel`, undefined, tg.token);
  Object.assign(tgRows, {
    client: client.id,
    vehicule: v.id,
    course,
    paiement,
    accepted,
    cancelled,
    open,
    broadcast,
  });
});

/** The foreign row is answered byte for byte like a missing one. */
async function sameAsMissing(
  method: 'GET' | 'POST',
  path: (id: number) => string,
  id: number,
  body?: unknown,
) {
  const call = (x: number) =>
    ctx.t.app.inject({
      method,
      url: path(x),
      payload: body as never,
      headers: { authorization: `Bearer ${ctx.B.token}` },
    });
  const [foreign, missing] = [await call(id), await call(MISSING)];
  expect(foreign.statusCode, `${method} ${path(id)}`).toBe(404);
  expect(foreign.json()).toEqual(missing.json());
  expect(foreign.json().success).toBe(false);
}

describe('courses across companies', () => {
  it('lists never show another company’s courses, whatever the filter', async () => {
    const { t, B: og, A: tg } = ctx;
    const rows = (await t.get('/api/courses?limit=1000', og.token)).json().data as Array<{
      entreprise_id: number;
      code: string;
    }>;
    expect(rows.length).toBeGreaterThan(0);
    expectEvery(rows, (c) => c.entreprise_id === og.id);
    for (const q of [
      `client=${tgRows.client}`,
      `vehicule=${tgRows.vehicule}`,
      `chauffeur=${tg.chauffeur}`,
      `proprietaire=${tg.id}`,
      'search=Mouketou-TransGabon',
    ]) {
      expect((await t.get(`/api/courses?${q}&req_count=1`, og.token)).json().data, q).toBe(0);
    }
    // Codes are per company: the same code may exist at Ogooué, never TransGabon's course.
    const sameCode = (await t.get(`/api/courses?search=${tgRows.course.code}`, og.token)).json().data;
    expect(sameCode.filter((c: { id: number }) => c.id === tgRows.course.id)).toEqual([]);
    const total = (await t.get('/api/courses?req_count=1', og.token)).json().data;
    const all = (await t.get('/api/courses?req_count=1', ctx.admin)).json().data;
    expect(all).toBeGreaterThan(total);
  });

  it('refuses another company’s client, vehicle or driver as if they did not exist', async () => {
    const { t, B: og, A: tg } = ctx;
    const mine = await ctx.client(og);
    const myV = await ctx.vehicule(og);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ client_id: tgRows.client }, "Ce client n'existe pas."],
      [{ vehicule_id: tgRows.vehicule }, "Ce véhicule n'existe pas."],
      [{ chauffeur_id: tg.chauffeur }, "Ce chauffeur n'existe pas."],
    ];
    for (const [extra, message] of cases) {
      const res = await t.post('/api/courses', ctx.courseBody(mine.id, myV.id, extra), og.token);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([message]);
    }
    const trajet = await t.database.db.execute(
      `select id from trajets where entreprise_id = ${tg.id} limit 1`,
    );
    const trajetId = (trajet as unknown as { rows: Array<{ id: number }> }).rows[0]?.id;
    if (trajetId) {
      const res = await t.post(
        '/api/courses',
        ctx.courseBody(mine.id, myV.id, { trajet_id: trajetId }),
        og.token,
      );
      expect(res.json().errors).toEqual(["Ce trajet n'existe pas."]);
    }
  });
});

describe('paiements across companies', () => {
  it('a payment cannot be recorded on, or moved to, another company’s course', async () => {
    const { t, B: og } = ctx;
    const body = { course_id: tgRows.course.id, libelle: 'X', mode: 'Espèces', montant: 1_000 };
    const foreign = await t.post('/api/paiements', body, og.token);
    const missing = await t.post('/api/paiements', { ...body, course_id: MISSING }, og.token);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json().errors).toEqual(["Cette course n'existe pas."]);
    const myCourse = await ctx.postCourse(og, (await ctx.client(og)).id, (await ctx.vehicule(og)).id);
    const mine = (await t.post('/api/paiements', { ...body, course_id: myCourse.id }, og.token)).json().data
      .id;
    const moved = await t.post(`/api/paiements/${mine}/update`, { course_id: tgRows.course.id }, og.token);
    expect(moved.json().errors).toEqual(["Cette course n'existe pas."]);
  });

  it('lists never show another company’s payments, whatever the filter', async () => {
    const { t, B: og } = ctx;
    const rows = (await t.get('/api/paiements?limit=1000', og.token)).json().data as Array<{
      entreprise_id: number;
    }>;
    expectEvery(rows, (p) => p.entreprise_id === og.id);
    expect((await t.get(`/api/paiements?course=${tgRows.course.id}&req_count=1`, og.token)).json().data).toBe(
      0,
    );
    expect((await t.get(`/api/paiements?client=${tgRows.client}&req_count=1`, og.token)).json().data).toBe(0);
  });
});

describe('demandes across companies', () => {
  it('another company’s accepted or cancelled demande does not exist for Ogooué', async () => {
    for (const id of [tgRows.accepted, tgRows.cancelled]) {
      await sameAsMissing('GET', (x) => `/api/demandes/${x}`, id);
      await sameAsMissing('POST', (x) => `/api/demandes/${x}/update`, id, { budget: 1 });
      await sameAsMissing('POST', (x) => `/api/demandes/${x}/broadcast`, id);
      await sameAsMissing('POST', (x) => `/api/demandes/${x}/cancel`, id);
      await sameAsMissing('POST', (x) => `/api/demandes/${x}/destroy`, id);
      const group = await ctx.t.post('/api/demandes/destroy-group', { selected_lines: [id] }, ctx.B.token);
      expect(group.json().message).toEqual([
        { severity: 'error', value: `La demande n°${id} n'existe pas.` },
      ]);
    }
    // Accepting a cancelled or an accepted one of another company: as missing.
    const v = await ctx.vehicule(ctx.B);
    for (const id of [tgRows.cancelled, tgRows.accepted]) {
      await sameAsMissing('POST', (x) => `/api/demandes/${x}/accept`, id, { vehicule_id: v.id, montant: 1 });
    }
    const [row] = await ctx.t.database.db.select().from(demandes).where(eq(demandes.id, tgRows.accepted));
    expect(row?.entreprise_id).toBe(ctx.A.id);
  });

  it('an unbroadcast demande is its recorder’s; once broadcast others see it, only its recorder changes it', async () => {
    const { t, B: og } = ctx;
    const id = tgRows.open;
    await sameAsMissing('GET', (x) => `/api/demandes/${x}`, id);
    const v = await ctx.vehicule(og);
    await sameAsMissing('POST', (x) => `/api/demandes/${x}/accept`, id, { vehicule_id: v.id, montant: 1 });
    for (const path of ['update', 'broadcast', 'cancel', 'destroy']) {
      await sameAsMissing(
        'POST',
        (x) => `/api/demandes/${x}/${path}`,
        id,
        path === 'update' ? { budget: 1 } : undefined,
      );
    }
    const broadcast = await t.post(`/api/demandes/${tgRows.broadcast}/broadcast`, undefined, ctx.A.token);
    expect(broadcast.statusCode, broadcast.body).toBe(200);
    expect((await t.get(`/api/demandes/${tgRows.broadcast}`, og.token)).json().data).toMatchObject({
      statut: 'Recherche en cours',
      client: null,
      contact_masque: true,
      adresse_chargement: null,
    });
    for (const path of ['update', 'broadcast', 'cancel', 'destroy']) {
      const res = await t.post(
        `/api/demandes/${tgRows.broadcast}/${path}`,
        path === 'update' ? { budget: 1 } : undefined,
        og.token,
      );
      expect(res.statusCode, path).toBe(403);
      expect(res.json().errors).toEqual([
        "Seule l'entreprise qui a enregistré cette demande peut la modifier.",
      ]);
    }
    const [row] = await t.database.db.select().from(demandes).where(eq(demandes.id, id));
    expect(row).toMatchObject({ statut: 'En attente', budget: null, entreprise_id: null });
    const [other] = await t.database.db.select().from(demandes).where(eq(demandes.id, tgRows.broadcast));
    expect(other).toMatchObject({ statut: 'Recherche en cours', budget: null, entreprise_id: null });
  });

  it('lists and filters never show another company’s accepted demandes; its clients stay its own', async () => {
    const { t, B: og } = ctx;
    const rows = (await t.get(`/api/demandes?client=${tgRows.client}`, og.token)).json().data as Array<{
      id: number;
      statut: string;
    }>;
    // Not even its broadcast one: filtering the market by client would unmask it.
    expect(rows.map((d) => d.id)).toEqual([]);
    const refused = await t.post(
      '/api/demandes',
      {
        client_id: tgRows.client,
        type_course: 'Livraison',
        ville_depart_id: ctx.villes.lbv,
        ville_arrivee_id: ctx.villes.lbv,
        date_souhaitee: inDays(8),
      },
      og.token,
    );
    expect(refused.json().errors).toEqual(["Ce client n'existe pas."]);
    const [course] = await t.database.db
      .select()
      .from(courses)
      .where(eq(courses.demande_id, tgRows.accepted));
    await sameAsMissing('GET', (x) => `/api/courses/${x}`, course!.id);
  });
});

describe('robustness', () => {
  it('never answers 500 to a malformed body or id on an operations route', async () => {
    const id = tgRows.course.id;
    const posts = [
      '/api/courses',
      `/api/courses/${id}/update`,
      `/api/courses/${id}/statut`,
      '/api/courses/destroy-group',
      '/api/paiements',
      `/api/paiements/${tgRows.paiement}/update`,
      '/api/paiements/destroy-group',
      '/api/demandes',
      `/api/demandes/${tgRows.open}/update`,
      `/api/demandes/${tgRows.open}/accept`,
      '/api/demandes/destroy-group',
    ];
    for (const url of posts) {
      for (const body of [
        [],
        'texte',
        42,
        null,
        { client_id: { $ne: 1 } },
        { selected_lines: 'tout' },
        { montant: 1e20 },
      ]) {
        const res = await ctx.t.post(url, body, ctx.A.token);
        // An update without any field it knows is a valid no-op; anything else is refused in French.
        const where = `${url} ${JSON.stringify(body)}`;
        const mayPass =
          url.endsWith('/update') && body !== null && typeof body === 'object' && !Array.isArray(body);
        expect(res.statusCode, where).toBeLessThan(500);
        if (!mayPass) expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
        if (res.statusCode >= 400) expect(res.json().errors[0]).toMatch(/[a-zé]/);
      }
      const raw = await ctx.t.app.inject({
        method: 'POST',
        url,
        payload: '{pas du json',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.A.token}` },
      });
      expect(raw.statusCode).toBe(400);
    }
    for (const url of [
      '/api/courses/abc',
      '/api/paiements/-1',
      '/api/demandes/1.5',
      '/api/courses/99999999999',
    ]) {
      const res = await ctx.t.get(url, ctx.A.token);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors).toEqual(["L'identifiant n'est pas valide."]);
    }
    expect((await ctx.t.get('/api/courses')).statusCode).toBe(401);
    expect((await ctx.t.post('/api/paiements/destroy-group', { selected_lines: [1] })).statusCode).toBe(401);
  });
});
