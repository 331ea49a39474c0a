import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, type Fixtures, setupFixtures } from './fixtures';

// The calendar's three sources, one month at a time (`req_period=YYYY-MM`): an event spanning two months
// appears in both, never in a third; another company never sees them.

let ctx: Fixtures;
let vehiculeId: number;
let courseId: number;
let interventionId: number;
let documentId: number;

beforeAll(async () => {
  ctx = await setupFixtures();
  vehiculeId = (await ctx.vehicule(ctx.A)).id;
  const client = (await ctx.client(ctx.A)).id;
  courseId = (
    await ctx.postCourse(ctx.A, client, vehiculeId, {
      date_chargement: '2031-01-30T10:00',
      date_dechargement: '2031-02-02T16:00',
    })
  ).id;
  interventionId = (
    await ctx.intervention(ctx.A, vehiculeId, {
      type: 'Réparation',
      date_debut: '2031-01-28',
      date_fin: '2031-02-03',
    })
  ).id;
  documentId = (
    await ctx.document(ctx.A, vehiculeId, { libelle: 'Visite technique', date_expiration: '2031-02-10' })
  ).id;
});

const ids = async (path: string, period: string, token: string) => {
  const res = await ctx.t.get(`${path}?req_period=${period}&limit=1000`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((r) => r.id);
};

describe('req_period windows of the calendar sources', () => {
  it('courses: departure in January, arrival in February → both months, not March', async () => {
    expect(await ids('/api/courses', '2031-01', ctx.A.token)).toContain(courseId);
    expect(await ids('/api/courses', '2031-02', ctx.A.token)).toContain(courseId);
    expect(await ids('/api/courses', '2031-03', ctx.A.token)).not.toContain(courseId);
    expect(await ids('/api/courses', '2030-12', ctx.A.token)).not.toContain(courseId);
  });

  it('interventions: start in January, exit in February → both months only', async () => {
    expect(await ids('/api/interventions', '2031-01', ctx.A.token)).toContain(interventionId);
    expect(await ids('/api/interventions', '2031-02', ctx.A.token)).toContain(interventionId);
    expect(await ids('/api/interventions', '2031-03', ctx.A.token)).not.toContain(interventionId);
  });

  it('documents: the month of their expiry only', async () => {
    expect(await ids('/api/documents', '2031-02', ctx.A.token)).toContain(documentId);
    expect(await ids('/api/documents', '2031-01', ctx.A.token)).not.toContain(documentId);
  });

  it('another company sees none of them; a malformed period is a French 422', async () => {
    for (const path of ['/api/courses', '/api/interventions', '/api/documents']) {
      const theirs = await ids(path, '2031-02', ctx.B.token);
      expect(theirs).not.toContain(
        path === '/api/courses' ? courseId : path === '/api/interventions' ? interventionId : documentId,
      );
      const bad = await ctx.t.get(`${path}?req_period=2031-13`, ctx.A.token);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().success).toBe(false);
    }
  });

  it('a planned course is rescheduled (the calendar’s drag); a started one may not move', async () => {
    const moved = await ctx.t.post(
      `/api/courses/${courseId}/update`,
      { date_chargement: '2031-01-29T10:00' },
      ctx.A.token,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await ids('/api/courses', '2031-01', ctx.A.token)).toContain(courseId);
    await ctx.moveCourse(ctx.A, courseId, 'Chargement terminé');
    const refused = expectFailure(
      await ctx.t.post(
        `/api/courses/${courseId}/update`,
        { date_chargement: '2031-01-27T10:00' },
        ctx.A.token,
      ),
      422,
    );
    expect(refused.errors[0]).toMatch(
      /au statut « Chargement terminé » : sa date de chargement ne peut plus changer\.$/,
    );
    // Another company cannot move it at all.
    expect(
      (
        await ctx.t.post(
          `/api/courses/${courseId}/update`,
          { date_chargement: '2031-01-27T10:00' },
          ctx.B.token,
        )
      ).statusCode,
    ).toBe(404);
  });
});
