import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Company, expectFailure, type Fixtures, setupFixtures } from './fixtures';

// Issue 24 §21: a course's steps in the back-office carry their actual time (typed afterwards, checked), and
// the last one may be undone by its author for 10 minutes, recorded in the history.

let ctx: Fixtures;
let collegue: Company;
beforeAll(async () => {
  ctx = await setupFixtures();
  collegue = await ctx.collegue(ctx.A);
});
afterEach(() => {
  vi.useRealTimers();
});

async function freshCourse() {
  const client = await ctx.client(ctx.A);
  const v = await ctx.vehicule(ctx.A);
  const course = await ctx.postCourse(ctx.A, client.id, v.id, {
    date_chargement: new Date(Date.now() - 5 * 3_600_000).toISOString(),
    date_dechargement: new Date(Date.now() + 3_600_000).toISOString(),
  });
  return { v, course };
}
const step = (c: Company, id: number, body: Record<string, unknown>) =>
  ctx.t.post(`/api/courses/${id}/statut`, body, c.token);
const undo = (c: Company, id: number) => ctx.t.post(`/api/courses/${id}/annuler-etape`, {}, c.token);
/** A whole second (the API keeps seconds), `minutes` ago. */
const ago = (minutes: number) =>
  new Date(Math.floor((Date.now() - minutes * 60_000) / 1000) * 1000).toISOString();

describe('the actual time of a step', () => {
  it('is stored as typed, never in the future, never before the previous step', async () => {
    const { course } = await freshCourse();
    const charge = ago(120);
    expect(
      (await step(ctx.A, course.id, { statut: 'Chargement terminé', date_reelle: charge })).statusCode,
    ).toBe(200);
    expect(new Date((await ctx.storedCourse(course.id))!.date_chargement_reelle!).toISOString()).toBe(charge);

    const future = expectFailure(
      await step(ctx.A, course.id, {
        statut: 'Transport en cours',
        date_reelle: new Date(Date.now() + 3_600_000).toISOString(),
      }),
      422,
    );
    expect(future.errors).toEqual(['L’heure réelle ne peut pas être dans le futur.']);
    const before = expectFailure(
      await step(ctx.A, course.id, { statut: 'Transport en cours', date_reelle: ago(180) }),
      422,
    );
    expect(before.errors[0]).toMatch(
      /^L’heure réelle ne peut pas précéder l’étape « Chargement terminé » \(\d\d\/\d\d\/\d{4} \d\d:\d\d\)\.$/,
    );
    expectFailure(
      await step(ctx.A, course.id, { statut: 'Transport en cours', date_reelle: '2026-13-45T10:00' }),
      422,
    );
    // Nothing moved.
    expect((await ctx.storedCourse(course.id))!.statut).toBe('Chargement terminé');

    // Libreville time when typed without a zone.
    const depart = new Date(Date.now() - 60 * 60_000);
    const lbv = new Date(depart.getTime() + 3_600_000).toISOString().slice(0, 16);
    expect(
      (await step(ctx.A, course.id, { statut: 'Transport en cours', date_reelle: lbv })).statusCode,
    ).toBe(200);
    const stored = (await ctx.storedCourse(course.id))!;
    expect(Math.abs(new Date(stored.date_depart_reelle!).getTime() - depart.getTime())).toBeLessThan(60_000);
  });
});

describe('undoing the last step', () => {
  it('its author may, for 10 minutes; the course, its dates and its vehicle go back; the history says so', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { course, v } = await freshCourse();
    await ctx.moveCourse(ctx.A, course.id, 'Chargement terminé', 'Transport en cours');
    expect((await step(ctx.A, course.id, { statut: 'Terminé' })).statusCode).toBe(200);
    expect(await ctx.vehiculeStatut(v.id)).toBe('Disponible');
    const detail = (await ctx.t.get(`/api/courses/${course.id}`, ctx.A.token)).json().data;
    expect(detail.etape_annulable).toMatchObject({ de: 'Terminé', retour: 'Transport en cours' });
    // Not the colleague's to undo, not another company's.
    expect(
      (await ctx.t.get(`/api/courses/${course.id}`, collegue.token)).json().data.etape_annulable,
    ).toBeNull();
    expectFailure(await undo(collegue, course.id), 422);
    expectFailure(await undo(ctx.B, course.id), 404);

    const res = await undo(ctx.A, course.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      `L’étape « Terminé » de la course ${course.code} a été annulée : la course est revenue au statut « Transport en cours ».`,
    );
    const back = (await ctx.storedCourse(course.id))!;
    expect(back.statut).toBe('Transport en cours');
    expect(back.date_dechargement_reelle).toBeNull();
    expect(back.date_dechargement).not.toBeNull(); // the plan stays
    expect(await ctx.vehiculeStatut(v.id)).toBe('En course');
    const history = (await ctx.t.get(`/api/courses/${course.id}/historique`, ctx.A.token)).json().data;
    const rows = (history.data ?? history) as {
      action: string;
      changements: { champ: string; avant: unknown; apres: unknown }[];
    }[];
    expect(
      rows.some((r) =>
        r.changements.some(
          (ch) => ch.champ === 'statut' && ch.avant === 'Terminé' && ch.apres === 'Transport en cours',
        ),
      ),
    ).toBe(true);

    // The step before is not undoable (only the last step, once): 'Transport en cours' was not undone by this.
    expectFailure(await undo(ctx.A, course.id), 422);

    // A new step, 11 minutes later: too late.
    await ctx.moveCourse(ctx.A, course.id, 'Terminé');
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect(
      (await ctx.t.get(`/api/courses/${course.id}`, ctx.A.token)).json().data.etape_annulable,
    ).toBeNull();
    const late = expectFailure(await undo(ctx.A, course.id), 422);
    expect(late.errors[0]).toBe(
      'Seule la dernière étape d’une course peut être annulée, par la personne qui l’a enregistrée, dans les 10 minutes.',
    );
    expect((await ctx.storedCourse(course.id))!.statut).toBe('Terminé');
  });

  it('a finished course whose vehicle took another course cannot come back', async () => {
    const { course, v } = await freshCourse();
    await ctx.moveCourse(ctx.A, course.id, 'Chargement terminé', 'Transport en cours', 'Terminé');
    const other = await ctx.postCourse(ctx.A, (await ctx.client(ctx.A)).id, v.id);
    const refused = expectFailure(await undo(ctx.A, course.id), 422);
    expect(refused.errors[0]).toBe(`Le véhicule ${v.plaque} est déjà affecté à la course ${other.code}.`);
    expect((await ctx.storedCourse(course.id))!.statut).toBe('Terminé');
  });
});
