import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, type Json, setupFixtures } from './fixtures';

// The OpenAPI document (`/api/docs/json`) publishes, for every operation, the error
// statuses it can answer with the error envelope, who may call it (`security`), and for every list `sort`
// as the enum of its columns — all derived from the route builders. This reads the document as a client
// generator would, and checks each promise against the API itself.

let ctx: Fixtures;
let doc: Json;
const ops: Array<{ method: string; path: string; op: Json }> = [];
beforeAll(async () => {
  ctx = await setupFixtures();
  const res = await ctx.t.get('/api/docs/json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item as Record<string, Json>)) ops.push({ method, path, op });
  }
}, 120_000);

const ACCESS = ['transporteur', 'superadmin', 'compte', 'session', 'chauffeur'];
/**
 * A request that passes validation (the check of the token comes after it): the path's parameters filled
 * (an id that exists nowhere, a token that is no one's) and its required query parameters given.
 */
const filled = (path: string, op: Json) => {
  const query = ((op.parameters ?? []) as Json[])
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => {
      const value =
        p.schema.enum?.[0] ??
        (p.name === 'columns' ? '[{"label":"Id","path":"id"}]' : p.name === 'mois' ? '2026-01' : '1');
      return `${p.name}=${encodeURIComponent(value)}`;
    });
  const url = path.replace(/\{id\}/g, '999999').replace(/\{[a-z_]+\}/gi, 'inconnu');
  return query.length ? `${url}?${query.join('&')}` : url;
};
const secured = (op: Json) => (op.security as Json[]).length > 0;

describe('the OpenAPI document', () => {
  it('declares, on every operation, its error statuses with the envelope and its security', () => {
    expect(ops.length).toBeGreaterThan(200);
    const envelope = doc.components.schemas.Erreur;
    expect(Object.keys(envelope.properties).sort()).toEqual(['data', 'errors', 'message', 'success']);
    for (const schemeName of ACCESS)
      expect(doc.components.securitySchemes[schemeName]?.scheme).toBe('bearer');
    for (const { method, path, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(Array.isArray(op.security), where).toBe(true);
      expect(op.security.length, where).toBeLessThanOrEqual(1);
      for (const requirement of op.security) expect(ACCESS, where).toContain(Object.keys(requirement)[0]);
      const statuses = Object.keys(op.responses);
      const ingest = path.startsWith('/api/gps/osmand');
      const expected = [
        ...(secured(op) ? ['401', '403'] : ['429']),
        // The OsmAnd ingest answers 200 to an unknown device or key (a sweep learns nothing), 400 to a
        // malformed message: no 404 nor 422.
        ...(ingest ? [] : path.includes('{') ? ['404', '422'] : []),
        ...(!ingest && ((op.parameters ?? []).length || op.requestBody) ? ['422'] : []),
        ...(op.requestBody?.content?.['application/json'] ? ['400'] : []),
        ...(/\/\{id\}\/update$/.test(path) ? ['409'] : []),
      ];
      for (const status of expected) expect(statuses, where).toContain(status);
      expect(
        statuses.some((s) => s.startsWith('2')),
        where,
      ).toBe(true);
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        expect(op.responses[status].content['application/json'].schema, `${where} ${status}`).toEqual({
          $ref: '#/components/schemas/Erreur',
        });
        expect(op.responses[status].description, `${where} ${status}`).toMatch(/\S/);
      }
    }
    const publics = ops.filter(({ op }) => !secured(op)).map(({ method, path }) => `${method} ${path}`);
    expect(publics).toEqual(
      expect.arrayContaining(['post /api/login', 'get /api/suivi/{token}', 'post /api/gps/osmand']),
    );
    const superadmin = ops.filter(({ op }) => op.security[0]?.superadmin).map(({ path }) => path);
    expect(superadmin).toEqual(expect.arrayContaining(['/api/audit', '/api/villes/{id}/update']));
  });

  it('documents the version an update may carry (updated_at, If-Match)', () => {
    const updates = ops.filter(({ path }) => /\/\{id\}\/update$/.test(path));
    expect(updates.length).toBeGreaterThanOrEqual(20);
    for (const { path, op } of updates) {
      const body = op.requestBody.content['application/json'].schema;
      expect(body.properties.updated_at?.type, path).toBe('string');
      expect(body.required ?? [], path).not.toContain('updated_at');
    }
  });

  it('publishes `sort` as the enum of the columns each list accepts, and the API accepts exactly those', async () => {
    const lists = ops.filter(
      ({ method, op }) => method === 'get' && (op.parameters ?? []).some((p: Json) => p.name === 'sort'),
    );
    const crudLists = lists.filter(({ path }) => /^\/api\/[a-z_]+$/.test(path)).map(({ path }) => path);
    expect(crudLists).toEqual(
      expect.arrayContaining([
        '/api/courses',
        '/api/piece_de_caisses',
        '/api/vehicules',
        '/api/utilisateurs',
      ]),
    );
    for (const { path } of lists.filter((l) => crudLists.includes(l.path))) {
      const sort = (ops.find((o) => o.path === path && o.method === 'get')!.op.parameters as Json[]).find(
        (p) => p.name === 'sort',
      );
      const values = sort.schema.enum as string[];
      expect(values?.length, path).toBeGreaterThan(1);
      for (const value of values) {
        // One company named: the journals are kept per company (a superadmin's without one are a 422).
        const res = await ctx.t.get(
          `${path}?sort=${encodeURIComponent(value)}&limit=2&entreprise=${ctx.A.id}`,
          ctx.admin,
        );
        expect(res.statusCode, `${path}?sort=${value} ${res.body}`).toBe(200);
      }
      const wrong = await ctx.t.get(`${path}?sort=pas_une_colonne&limit=2`, ctx.admin);
      expect(wrong.statusCode, path).toBe(422);
      expect(wrong.json().data.fields.sort, path).toMatch(
        /^Cette liste ne peut pas être triée par « pas_une_colonne » \(possible : .+\)\.$/,
      );
    }
  });

  it('tells the truth about security: no token is a 401 except on public routes; a company gets 403 on superadmin routes', async () => {
    for (const { method, path, op } of ops.filter((o) => o.method === 'get')) {
      if (path.startsWith('/api/docs')) continue;
      const res = await ctx.t.get(filled(path, op));
      const where = `GET ${path} ${res.statusCode}`;
      if (secured(op)) expect(res.statusCode, where).toBe(401);
      else expect(res.statusCode, where).not.toBe(401);
      if (op.security[0]?.superadmin) {
        expect((await ctx.t.get(filled(path, op), ctx.A.token)).statusCode, `${method} ${path}`).toBe(403);
      }
    }
    const villes = (await ctx.t.get('/api/villes?limit=1', ctx.A.token)).json().data as Json[];
    for (const url of [`/api/villes/${villes[0].id}/update`, `/api/villes/${villes[0].id}/destroy`]) {
      const res = await ctx.t.post(url, {}, ctx.A.token);
      expect(res.statusCode, url).toBe(403);
    }
  });
});
