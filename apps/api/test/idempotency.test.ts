import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, setupFixtures } from './fixtures';

// Idempotency-Key on money writes: the mobile apps retry on a bad network; a retry must never pay twice.

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

async function freshCourse() {
  const client = await ctx.client(ctx.A);
  const v = await ctx.vehicule(ctx.A);
  return ctx.postCourse(ctx.A, client.id, v.id, { montant: 200_000 });
}

const paiement = (courseId: number, montant = 25_000) => ({
  course_id: courseId,
  libelle: 'Acompte',
  mode: 'Espèces',
  montant,
  date_operation: new Date().toISOString().slice(0, 10),
});

describe('Idempotency-Key', () => {
  it('50 identical payment requests in parallel: one payment, every answer the first one', async () => {
    const course = await freshCourse();
    const key = `pay-${course.id}-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.t.post('/api/paiements', paiement(course.id), ctx.A.token, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const ids = new Set(answers.map((a) => a.json().data.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    const stored = await ctx.storedPaiements(course.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.montant).toBe(25_000);

    // A later retry (the phone came back online) gets the same answer, still one payment.
    const later = await ctx.t.post('/api/paiements', paiement(course.id), ctx.A.token, {
      'idempotency-key': key,
    });
    expect(later.json()).toEqual(answers[0]!.json());
    expect(await ctx.storedPaiements(course.id)).toHaveLength(1);

    // Without a key, the same body is a second payment, as before.
    expect((await ctx.t.post('/api/paiements', paiement(course.id), ctx.A.token)).statusCode).toBe(200);
    expect(await ctx.storedPaiements(course.id)).toHaveLength(2);
  });

  it('refuses the same key on another request, and a malformed key, in French; keys are per user', async () => {
    const course = await freshCourse();
    const key = `k-${course.id}`;
    const first = await ctx.t.post('/api/paiements', paiement(course.id, 10_000), ctx.A.token, {
      'idempotency-key': key,
    });
    expect(first.statusCode).toBe(200);
    const other = await ctx.t.post('/api/paiements', paiement(course.id, 99_000), ctx.A.token, {
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual([
      "Cette clé d'idempotence a déjà servi pour une autre requête : utilisez une nouvelle clé.",
    ]);
    const bad = await ctx.t.post('/api/paiements', paiement(course.id), ctx.A.token, {
      'idempotency-key': 'deux mots',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatch(/Idempotency-Key/);
    expect(await ctx.storedPaiements(course.id)).toHaveLength(1);

    // The other company using the same key string gets its own answer: the course is not one it can see.
    const og = await ctx.t.post('/api/paiements', paiement(course.id, 10_000), ctx.B.token, {
      'idempotency-key': key,
    });
    expect(og.statusCode).toBe(422);
    expect(og.json().errors).toContain("Cette course n'existe pas.");
    expect(og.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a refused request is answered the same way on retry, without running again', async () => {
    const course = await freshCourse();
    const key = `trop-${course.id}`;
    const body = paiement(course.id, 900_000);
    const first = await ctx.t.post('/api/paiements', body, ctx.A.token, { 'idempotency-key': key });
    expect(first.statusCode).toBe(422);
    const retry = await ctx.t.post('/api/paiements', body, ctx.A.token, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(422);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });
});
