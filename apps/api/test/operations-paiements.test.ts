import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { expectFailure, type Fixtures, inDays, setupFixtures } from './fixtures';

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

async function freshCourse(montant = 100_000) {
  const client = await ctx.client(ctx.A);
  const v = await ctx.vehicule(ctx.A);
  const course = await ctx.postCourse(ctx.A, client.id, v.id, { montant });
  return { client, course };
}

const pay = (courseId: number, montant: number, extra: Record<string, unknown> = {}) =>
  ctx.t.post(
    '/api/paiements',
    {
      course_id: courseId,
      libelle: 'Règlement',
      mode: 'Airtel Money',
      montant,
      date_operation: '2026-03-15',
      ...extra,
    },
    ctx.A.token,
  );

const etat = async (courseId: number) => {
  const c = await ctx.storedCourse(courseId);
  return { etat: c!.etat, montant_paye: c!.montant_paye };
};

describe('payments and the derived payment state of the course', () => {
  it('follows create, validate, cancel and delete', async () => {
    const { course, client } = await freshCourse();
    const pending = await pay(course.id, 30_000, { reference: 'AM123' });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toMatchObject({
      success: true,
      message: `Le paiement de la course ${course.code} a été enregistré.`,
      data: {
        statut: 'En attente',
        montant: 30_000,
        mode: 'Airtel Money',
        reference: 'AM123',
        date_operation: '2026-03-15',
        client: { id: client.id },
        client_nom_complet: `Testeur ${client.prenom}`,
        course: { id: course.id, code: course.code },
        course_details: 'Libreville → Franceville (12 t)',
        libelle: 'Règlement',
      },
    });
    expect(await etat(course.id)).toEqual({ etat: 'Non payé', montant_paye: 0 });

    const p1 = pending.json().data.id;
    const validated = await ctx.t.post(`/api/paiements/${p1}/validate`, undefined, ctx.A.token);
    expect(validated.json()).toMatchObject({
      message: `Le paiement de 30.000 FCFA (${course.code}) a été validé.`,
      data: { statut: 'Validé' },
    });
    expect(await etat(course.id)).toEqual({ etat: 'Acompte', montant_paye: 30_000 });
    expectFailure(
      await ctx.t.post(`/api/paiements/${p1}/validate`, undefined, ctx.A.token),
      422,
      'Le paiement est déjà au statut « Validé ».',
    );

    const p2 = (await pay(course.id, 70_000, { statut: 'Validé', mode: 'Espèces' })).json().data.id;
    expect(await etat(course.id)).toEqual({ etat: 'Payé', montant_paye: 100_000 });
    const detail = (await ctx.t.get(`/api/courses/${course.id}`, ctx.A.token)).json().data;
    expect(detail).toMatchObject({ etat: 'Payé', montant_paye: 100_000, reste_a_payer: 0 });
    expect(detail.paiements.map((p: { id: number }) => p.id)).toEqual([p1, p2]);

    await ctx.t.post(`/api/paiements/${p2}/cancel`, undefined, ctx.A.token);
    expect(await etat(course.id)).toEqual({ etat: 'Acompte', montant_paye: 30_000 });
    expectFailure(
      await ctx.t.post(`/api/paiements/${p2}/validate`, undefined, ctx.A.token),
      422,
      'Impossible de passer un paiement du statut « Annulé » au statut « Validé ».',
    );

    // Money received is never deleted: a validated payment is refused, then cancelled with who and when.
    expectFailure(
      await ctx.t.post(`/api/paiements/${p1}/destroy`, undefined, ctx.A.token),
      422,
      `Paiement de 30.000 FCFA (${course.code}) : Un paiement validé ne peut pas être supprimé : annulez-le, il restera enregistré comme « Annulé ».`,
    );
    expect(await etat(course.id)).toEqual({ etat: 'Acompte', montant_paye: 30_000 });
    const before = Date.now();
    const cancelled = (await ctx.t.post(`/api/paiements/${p1}/cancel`, undefined, ctx.A.token)).json().data;
    expect(cancelled).toMatchObject({ statut: 'Annulé', annule_par: { id: ctx.A.id } });
    expect(Date.parse(cancelled.annule_le)).toBeGreaterThanOrEqual(before - 1000);
    expect(await etat(course.id)).toEqual({ etat: 'Non payé', montant_paye: 0 });
    expectFailure(
      await ctx.t.post(`/api/paiements/${p1}/destroy`, undefined, ctx.A.token),
      422,
      `Paiement de 30.000 FCFA (${course.code}) : Un paiement annulé est conservé comme trace : il ne peut pas être supprimé.`,
    );
    const stored = await ctx.storedPaiements(course.id);
    expect(stored.map((p) => [p.id, p.statut, p.annule_par]).sort()).toEqual(
      [
        [p1, 'Annulé', ctx.A.id],
        [p2, 'Annulé', ctx.A.id],
      ].sort(),
    );
    // Only a draft is deleted.
    const p3 = (await pay(course.id, 5_000)).json().data.id;
    const del = await ctx.t.post(`/api/paiements/${p3}/destroy`, undefined, ctx.A.token);
    expect(del.json()).toEqual({
      success: true,
      message: `Le paiement de 5.000 FCFA (${course.code}) a été supprimé.`,
      data: null,
      errors: [],
    });
    expect((await ctx.storedPaiements(course.id)).map((p) => p.id).sort()).toEqual([p1, p2].sort());
  });

  it('never lets the validated total exceed the course montant', async () => {
    const { course } = await freshCourse(100_000);
    await pay(course.id, 87_500, { statut: 'Validé' });
    expectFailure(
      await pay(course.id, 20_000),
      422,
      'Le montant dépasse le reste à payer de la course (reste : 12.500 FCFA).',
    );
    // Two pending payments fit alone; validating both would overpay.
    const a = (await pay(course.id, 10_000)).json().data.id;
    const b = (await pay(course.id, 10_000)).json().data.id;
    expect((await ctx.t.post(`/api/paiements/${a}/validate`, undefined, ctx.A.token)).statusCode).toBe(200);
    expectFailure(
      await ctx.t.post(`/api/paiements/${b}/validate`, undefined, ctx.A.token),
      422,
      'Le montant dépasse le reste à payer de la course (reste : 2.500 FCFA).',
    );
    expect(await etat(course.id)).toEqual({ etat: 'Acompte', montant_paye: 97_500 });
  });

  it('two concurrent payments that together overpay: exactly one succeeds', async () => {
    const { course } = await freshCourse(100_000);
    const answers = await Promise.all([
      pay(course.id, 60_000, { statut: 'Validé' }),
      pay(course.id, 60_000, { statut: 'Validé' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const refused = answers.find((a) => a.statusCode === 422)!;
    expect(refused.json().errors).toEqual([
      'Le montant dépasse le reste à payer de la course (reste : 40.000 FCFA).',
    ]);
    expect(await etat(course.id)).toEqual({ etat: 'Acompte', montant_paye: 60_000 });
    // The same race through validate.
    const { course: other } = await freshCourse(100_000);
    const ids = await Promise.all([pay(other.id, 70_000), pay(other.id, 70_000)]).then((r) =>
      r.map((x) => x.json().data.id as number),
    );
    const validations = await Promise.all(
      ids.map((id) => ctx.t.post(`/api/paiements/${id}/validate`, undefined, ctx.A.token)),
    );
    expect(validations.map((v) => v.statusCode).sort()).toEqual([200, 422]);
    expect(await etat(other.id)).toEqual({ etat: 'Acompte', montant_paye: 70_000 });
  });

  it('edits only pending payments, and checks the rest again', async () => {
    const { course } = await freshCourse(50_000);
    const id = (await pay(course.id, 20_000)).json().data.id;
    const res = await ctx.t.post(
      `/api/paiements/${id}/update`,
      { montant: 25_000, mode: 'Chèque', reference: 'CHQ 1' },
      ctx.A.token,
    );
    expect(res.json()).toMatchObject({
      message: `Le paiement de la course ${course.code} a été modifié.`,
      data: { montant: 25_000, mode: 'Chèque', reference: 'CHQ 1', statut: 'En attente' },
    });
    expectFailure(
      await ctx.t.post(`/api/paiements/${id}/update`, { montant: 60_000 }, ctx.A.token),
      422,
      'Le montant dépasse le reste à payer de la course (reste : 50.000 FCFA).',
    );
    await ctx.t.post(`/api/paiements/${id}/validate`, undefined, ctx.A.token);
    expectFailure(
      await ctx.t.post(`/api/paiements/${id}/update`, { montant: 10_000 }, ctx.A.token),
      422,
      'Seul un paiement en attente peut être modifié (celui-ci est « Validé »).',
    );
  });

  it('refuses payments on a cancelled course, and answers French field errors', async () => {
    const { course } = await freshCourse();
    await ctx.moveCourse(ctx.A, course.id, 'Annulé');
    expectFailure(
      await pay(course.id, 1_000),
      422,
      `La course ${course.code} est annulée : elle ne reçoit plus de paiement.`,
    );
    const bad = expectFailure(
      await ctx.t.post('/api/paiements', { mode: 'Bitcoin', montant: 12.5 }, ctx.A.token),
      422,
    );
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        'La course est obligatoire.',
        'Le libellé est obligatoire.',
        "Le mode de paiement n'est pas valide.",
        "Le montant doit être un nombre entier de francs CFA : le franc CFA n'a pas de centimes.",
      ]),
    );
    expectFailure(
      await pay(course.id, 1_000, { date_operation: '2026-02-30' }),
      422,
      "La date de l'opération doit être une date au format AAAA-MM-JJ.",
    );
    expectFailure(await pay(999_999, 1_000), 422, "Cette course n'existe pas.");
  });
});

describe('payment dates nobody meant', () => {
  it('refuses a date before the company existed, and more than 7 days ahead, in French', async () => {
    const { course } = await freshCourse();
    // TransGabon joined the platform on 11/05/2024, Libreville time (23:30 UTC the day before).
    await ctx.t.database.db
      .update(users)
      .set({ created_at: '2024-05-10T23:30:00.000Z' })
      .where(eq(users.id, ctx.A.id));
    const before = expectFailure(await pay(course.id, 1_000, { date_operation: '2024-05-10' }), 422);
    expect(before.errors).toEqual([
      "La date de l'opération ne peut pas précéder l'inscription de l'entreprise (11/05/2024).",
    ]);
    expect((before as unknown as { data: { fields: Record<string, string> } }).data.fields).toEqual({
      date_operation:
        "La date de l'opération ne peut pas précéder l'inscription de l'entreprise (11/05/2024).",
    });
    const first = await pay(course.id, 1_000, { date_operation: '2024-05-11' });
    expect(first.statusCode, first.body).toBe(200);
    // An edit is checked the same way.
    expectFailure(
      await ctx.t.post(
        `/api/paiements/${first.json().data.id}/update`,
        { date_operation: '2023-12-31' },
        ctx.A.token,
      ),
      422,
      "La date de l'opération ne peut pas précéder l'inscription de l'entreprise (11/05/2024).",
    );
    expectFailure(
      await pay(course.id, 1_000, { date_operation: inDays(8) }),
      422,
      "La date de l'opération ne peut pas dépasser de plus de 7 jours la date du jour.",
    );
    const ahead = await pay(course.id, 1_000, { date_operation: inDays(7) });
    expect(ahead.statusCode, ahead.body).toBe(200);
    const stored = await ctx.storedPaiements(course.id);
    expect(stored.map((p) => p.date_operation).sort()).toEqual(['2024-05-11', inDays(7)]);
  });
});

describe('GET /api/paiements', () => {
  it('lists with filters, paging and counts', async () => {
    const { t, A: tg } = ctx;
    const { course, client } = await freshCourse(300_000);
    const a = (
      await pay(course.id, 10_000, { date_operation: '2026-02-01', mode: 'Espèces', statut: 'Validé' })
    ).json().data.id;
    const b = (await pay(course.id, 20_000, { date_operation: '2026-02-15', mode: 'Virement' })).json().data
      .id;
    const c = (await pay(course.id, 30_000, { date_operation: '2026-03-01', mode: 'Virement' })).json().data
      .id;
    const ids = async (q: string) =>
      (
        (await t.get(`/api/paiements?client=${client.id}&${q}`, tg.token)).json().data as Array<{
          id: number;
        }>
      ).map((p) => p.id);
    expect(await ids('')).toEqual([c, b, a]);
    expect(await ids(`course=${course.id}&mode=Virement`)).toEqual([c, b]);
    expect(await ids('statut=Valid%C3%A9')).toEqual([a]);
    expect(await ids('date_debut=2026-02-01&date_fin=2026-02-15')).toEqual([b, a]);
    expect(await ids('date_fin=2026-02-14&mode=')).toEqual([a]);
    expect((await t.get(`/api/paiements?client=${client.id}&req_count=1`, tg.token)).json().data).toBe(3);
    const paged = (await t.get(`/api/paiements?client=${client.id}&page=2&per_page=2`, tg.token)).json().data;
    expect(paged).toMatchObject({ current_page: 2, per_page: 2, total: 3, last_page: 2, from: 3, to: 3 });
    expect(paged.data.map((p: { id: number }) => p.id)).toEqual([a]);
    const seeded = (await t.get('/api/paiements?req_count=1', tg.token)).json().data;
    expect(seeded).toBeGreaterThan(1000);
    expectFailure(
      await t.get('/api/paiements?mode=Bitcoin', tg.token),
      422,
      "Le mode de paiement n'est pas valide.",
    );
    const one = (await t.get(`/api/paiements/${a}`, tg.token)).json().data;
    expect(one).toMatchObject({ id: a, montant: 10_000, statut: 'Validé', course: { code: course.code } });
  });

  it('the demo data holds payments in every state and courses in every payment state', async () => {
    const { t, A: tg } = ctx;
    for (const s of ['En attente', 'Validé', 'Annulé']) {
      expect(
        (await t.get(`/api/paiements?statut=${encodeURIComponent(s)}&req_count=1`, tg.token)).json().data,
      ).toBeGreaterThan(0);
    }
    for (const e of ['Payé', 'Acompte', 'Non payé']) {
      expect(
        (await t.get(`/api/courses?reglement=${encodeURIComponent(e)}&req_count=1`, tg.token)).json().data,
      ).toBeGreaterThan(0);
    }
  });

  it('destroy-group deletes drafts only: a validated payment is refused on its line and kept', async () => {
    const { course } = await freshCourse(100_000);
    const a = (await pay(course.id, 40_000, { statut: 'Validé' })).json().data.id;
    const b = (await pay(course.id, 60_000)).json().data.id;
    expect(await etat(course.id)).toEqual({ etat: 'Acompte', montant_paye: 40_000 });
    const res = await ctx.t.post(
      '/api/paiements/destroy-group',
      { selected_lines: [a, b, 888_888] },
      ctx.A.token,
    );
    expect(res.json()).toEqual({
      success: true,
      message: [
        {
          severity: 'error',
          value: `Paiement de 40.000 FCFA (${course.code}) : Un paiement validé ne peut pas être supprimé : annulez-le, il restera enregistré comme « Annulé ».`,
        },
        { severity: 'success', value: `Le paiement de 60.000 FCFA (${course.code}) a été supprimé.` },
        { severity: 'error', value: "Le paiement n°888888 n'existe pas." },
      ],
      data: null,
      errors: [],
    });
    expect(await etat(course.id)).toEqual({ etat: 'Acompte', montant_paye: 40_000 });
    expect((await ctx.storedPaiements(course.id)).map((p) => p.id)).toEqual([a]);
  });
});
