import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, setupFixtures } from './fixtures';

// `GET {path}/options`: the choices of a select as `{id, label}`, searched on the server, in the tenant scope.

let ctx: Fixtures;
let course: { id: number; code: string };
let clientId: number;
let clientNom: string;
let plaque: string;

beforeAll(async () => {
  ctx = await setupFixtures();
  clientNom = `Optionnel${process.pid}`;
  const client = await ctx.client(ctx.A, clientNom);
  clientId = client.id;
  const v = await ctx.vehicule(ctx.A);
  plaque = v.plaque;
  course = await ctx.postCourse(ctx.A, client.id, v.id);
});

const options = async (url: string, token = ctx.A.token) => {
  const res = await ctx.t.get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<{ id: number; label: string }>;
};

describe('GET {path}/options', () => {
  it('finds any course by its code, however old, as {id, label}', async () => {
    const found = await options(`/api/courses/options?search=${course.code}`);
    expect(found).toEqual([{ id: course.id, label: expect.stringContaining(course.code) }]);
    expect(found[0]!.label).toContain(clientNom);
    expect(Object.keys(found[0]!)).toEqual(['id', 'label']);
  });

  it('has a labelled variant (what remains to pay) and answers one value by id', async () => {
    const [reste] = await options(`/api/courses/options?search=${course.code}&label=reste`);
    expect(reste!.label).toMatch(/\(reste : [\d.]+ FCFA\)$/);
    expect(await options(`/api/courses/options?id=${course.id}`)).toEqual([
      { id: course.id, label: expect.stringContaining(course.code) },
    ]);
  });

  it('answers 30 choices by default, at most 100, and a French 422 beyond or for an unknown variant', async () => {
    expect((await options('/api/courses/options')).length).toBe(30);
    expect((await options('/api/courses/options?limit=100')).length).toBe(100);
    const tooMany = await ctx.t.get('/api/courses/options?limit=101', ctx.A.token);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.join(' ')).toContain('La limite ne peut pas dépasser 100.');
    const variant = await ctx.t.get('/api/courses/options?label=xyz', ctx.A.token);
    expect(variant.statusCode).toBe(422);
    expect((await ctx.t.get('/api/courses/options')).statusCode).toBe(401);
  });

  it('applies the list filters: clients by name, vehicles with their state, cities', async () => {
    expect(await options(`/api/utilisateurs/options?type=client&search=${clientNom}`)).toEqual([
      { id: clientId, label: expect.stringContaining(clientNom) },
    ]);
    const [v] = await options(`/api/vehicules/options?search=${plaque}&label=statut`);
    expect(v!.label).toBe(`${plaque} · En course`);
    const villes = await options('/api/villes/options?search=Librev');
    expect(villes.map((o) => o.label)).toContain('Libreville');
  });

  it("never shows another company's rows, by search or by id", async () => {
    expect(await options(`/api/courses/options?search=${course.code}`, ctx.B.token)).toEqual([]);
    expect(await options(`/api/courses/options?id=${course.id}`, ctx.B.token)).toEqual([]);
    expect(await options(`/api/utilisateurs/options?search=${clientNom}`, ctx.B.token)).toEqual([]);
    expect(await options(`/api/vehicules/options?search=${plaque}`, ctx.B.token)).toEqual([]);
    const mine = await options('/api/courses/options?limit=100', ctx.B.token);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((o) => o.id)).not.toContain(course.id);
  });
});
