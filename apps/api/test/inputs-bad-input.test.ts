import { Readable } from 'node:stream';
import { MSG } from '@yams/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/config';
import { type Fixtures, type Json, setupFixtures } from './fixtures';
import { addBackOfficeUser, uploadFichier } from './helpers';

// Bad input is a French 422 (or 4xx) in the envelope, never a 500 nor Fastify's own body.

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

function envelope422(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(422);
  const body = JSON.parse(res.body);
  expect(body.success).toBe(false);
  expect(body.data).toBeTypeOf('object');
  expect(body.errors[0]).toMatch(/caractère/);
}

describe('control characters', () => {
  const NUL = 'x\u0000y';

  it('are refused with a French 422 naming the field in every kind of text field', async () => {
    const v = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    const first = async (url: string) => ((await ctx.t.get(url, ctx.A.token)).json().data as Json[])[0];
    const garage = await first('/api/garages?limit=1');
    const article = await first('/api/articles?limit=1');
    const service = await first('/api/services?limit=1');
    const fournisseur = await first('/api/fournisseurs?limit=1');
    const trajet = await first('/api/trajets?limit=1');
    const course = await first('/api/courses?limit=1');
    const paiement = await first('/api/paiements?limit=1&statut=En%20attente');
    const demande = await first('/api/demandes?limit=1');
    const inter = await ctx.intervention(ctx.A, v.id);
    const users = await first('/api/utilisateurs?limit=1&type=client');
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['/api/garages', { nom: NUL }, ctx.A.token, 'nom'],
      [`/api/garages/${garage.id}/update`, { nom: NUL }, ctx.A.token, 'nom'],
      [`/api/articles/${article.id}/update`, { nom: `a\u0001b` }, ctx.A.token, 'nom'],
      [`/api/services/${service.id}/update`, { libelle: NUL }, ctx.A.token, 'libelle'],
      [`/api/fournisseurs/${fournisseur.id}/update`, { nom: NUL }, ctx.A.token, 'nom'],
      [`/api/trajets/${trajet.id}/update`, { libelle: NUL }, ctx.A.token, 'libelle'],
      [`/api/vehicules/${v.id}/update`, { marque: NUL }, ctx.A.token, 'marque'],
      [`/api/vehicules/${v.id}/update`, { modele: '\u001b[31m' }, ctx.A.token, 'modele'],
      [
        `/api/interventions/${inter.id}/update`,
        { ...inter, lignes: [], description: NUL },
        ctx.A.token,
        'description',
      ],
      [`/api/courses/${course.id}/update`, { adresse_chargement: NUL }, ctx.A.token, 'adresse_chargement'],
      [`/api/paiements/${paiement.id}/update`, { libelle: NUL }, ctx.A.token, 'libelle'],
      [`/api/demandes/${demande.id}/update`, { description: NUL }, ctx.A.token, 'description'],
      [`/api/utilisateurs/${users.id}/update`, { nom: NUL }, ctx.A.token, 'nom'],
      ['/api/me/update', { nom: NUL }, ctx.A.token, 'nom'],
      ['/api/villes', { code: 'NUL', libelle: NUL }, ctx.admin, 'libelle'],
      ['/api/types_marchandises', { libelle: NUL }, ctx.admin, 'libelle'],
    ];
    for (const [url, body, token, field] of cases) {
      const res = await ctx.t.post(url, body, token);
      envelope422(res, url);
      expect(Object.keys(res.json().data.fields), url).toContain(field);
    }
    // Nothing was stored: the garage keeps its name.
    const after = (await ctx.t.get(`/api/garages/${garage.id}`, ctx.A.token)).json().data;
    expect(after.nom).toBe(garage.nom);
  });

  it('keep line breaks and tabs in long texts', async () => {
    const v = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    const inter = await ctx.intervention(ctx.A, v.id);
    const res = await ctx.t.post(
      `/api/interventions/${inter.id}/update`,
      { ...inter, lignes: [], description: 'Ligne 1\nLigne 2\tfin' },
      ctx.A.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.description).toBe('Ligne 1\nLigne 2\tfin');
  });

  it('are dropped from a search, which answers normally', async () => {
    for (const url of [
      '/api/garages',
      '/api/vehicules',
      '/api/courses',
      '/api/utilisateurs',
      '/api/documents',
      '/api/interventions',
      '/api/villes',
    ]) {
      const res = await ctx.t.get(`${url}?search=%00Lib%01`, ctx.A.token);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json().success).toBe(true);
    }
  });
});

describe('public verification routes', () => {
  it('answer a French 422 for an id beyond a PostgreSQL integer', async () => {
    for (const userId of [2147483648, 99999999999, '99999999999']) {
      for (const url of ['/api/verify-account', '/api/send-verification-code']) {
        const res = await ctx.t.post(url, { userId, code: '123456' });
        expect(res.statusCode, `${url} ${userId}: ${res.body}`).toBe(422);
        expect(res.json().errors).toContain("L'identifiant de l'utilisateur n'est pas valide.");
      }
    }
  });
});

describe("Fastify's own errors", () => {
  const inject = (opts: InjectOptions) => ctx.t.app.inject(opts);
  function inEnvelope(res: { statusCode: number; body: string }, status: number) {
    expect(res.statusCode, res.body).toBe(status);
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ success: false, data: null });
    expect(body.errors.length).toBe(1);
    expect(body.message).toBe(body.errors[0]);
    expect(body.errors[0]).toMatch(/[éèàç]|[a-z]{3} [a-z]/);
    expect(body.errors[0]).not.toMatch(/^(FST_|Body|Unsupported|URI|Request)/);
  }

  it('a path longer than Fastify accepts is a 414 in the envelope', async () => {
    const res = await inject({ method: 'POST', url: `/api/garages/${'9'.repeat(120)}/update`, payload: {} });
    inEnvelope(res, 414);
  });

  it('a JSON body over 1 MiB is a French 413 in the envelope, signed in or not, and changes nothing', async () => {
    const big = (n: number) => `{"libelle":"${'a'.repeat(n)}"}`;
    for (const [url, token] of [
      ['/api/login', undefined],
      ['/api/garages', ctx.A.token],
    ] as const) {
      const res = await inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: big(2 * 1024 * 1024),
      });
      inEnvelope(res, 413);
      expect(res.json().errors).toEqual(['Le corps de la requête est trop volumineux.']);
    }
    // Just under the limit, the same body reaches validation: a 422 about the field, not a 413.
    const under = await inject({
      method: 'POST',
      url: '/api/garages',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.A.token}` },
      payload: big(1024 * 1024 - 100),
    });
    expect(under.statusCode, under.body).toBe(422);
  });

  it('files are multipart uploads: a 1.5 MiB document file passes the 1 MiB JSON limit', async () => {
    const v = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    const doc = (await ctx.t.post('/api/documents', { libelle: 'Scan', camion_id: v.id }, ctx.A.token)).json()
      .data;
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1.5 * 1024 * 1024, 0x20)]);
    const res = await uploadFichier(ctx.t, doc.id, ctx.A.token, bytes, 'scan.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ fichier_taille: bytes.length, fichier_nom: 'scan.pdf' });
  });

  it('an anonymous upload is refused before its body is read', async () => {
    const v = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    const doc = (await ctx.t.post('/api/documents', { libelle: 'Scan', camion_id: v.id }, ctx.A.token)).json()
      .data;
    const boundary = '----yamsanonyme';
    const CHUNK = 64 * 1024;
    const TOTAL = 4 * 1024 * 1024;
    for (const [url, field, token] of [
      [`/api/documents/${doc.id}/fichier`, 'fichier', undefined],
      [`/api/documents/${doc.id}/fichier`, 'fichier', '1|jetoninconnujetoninconnujetoninconnu'],
      ['/api/entreprise/parametres/logo', 'logo', undefined],
      ['/api/documents', 'fichier', undefined],
    ] as const) {
      let read = 0;
      // A 4 MiB upload (under the 5 MiB limit), produced only as the server reads it.
      const body = Readable.from(
        (function* () {
          yield Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
          );
          for (let sent = 0; sent < TOTAL; sent += CHUNK) {
            read += CHUNK;
            yield Buffer.alloc(CHUNK, 0x20);
          }
          yield Buffer.from(`\r\n--${boundary}--\r\n`);
        })(),
        { objectMode: false },
      );
      const res = await ctx.t.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
      expect(res.json().errors).toEqual([MSG.unauthenticated]);
      expect(read, `${url}: octets lus avant le refus`).toBeLessThan(TOTAL / 4);
    }
    // A signed-in upload still works.
    expect((await uploadFichier(ctx.t, doc.id, ctx.A.token)).statusCode).toBe(200);
  });

  it('a content type the API does not take is a 415 in the envelope', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    inEnvelope(res, 415);
  });

  it('invalid JSON is a 400 in the envelope', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    inEnvelope(res, 400);
    expect(res.json().errors[0]).toBe(MSG.invalidJson);
  });

  it('a JSON body with a forbidden prototype key is a 400 in the envelope', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1},"email":"a@b.ga","password":"x"}',
    });
    inEnvelope(res, 400);
  });

  it('a missing route and a wrong method are 404 in the envelope', async () => {
    inEnvelope(await inject({ method: 'DELETE', url: '/api/garages/1' }), 404);
    inEnvelope(await inject({ method: 'GET', url: '/api/nulle-part' }), 404);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default: a forged X-Forwarded-For does not escape the per-address login limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: `personne${i}@exemple.ga`, password: 'mauvais-mot-de-passe' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(422));
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('reads true, a number of hops or addresses, and refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8, 127.0.0.1');
    const hops = parseTrustProxy('1') as (a: string, i: number) => boolean;
    expect([hops('x', 0), hops('x', 1)]).toEqual([true, false]);
    expect(() => parseTrustProxy('oui')).toThrow(/TRUST_PROXY invalide/);
  });
});

describe('CHECK constraints from the shared enums', () => {
  it('the database refuses a status or type the lifecycle does not know', async () => {
    const { sql } = await import('drizzle-orm');
    const attempts = [
      sql`update courses set statut = 'Perdu' where id = (select min(id) from courses)`,
      sql`update courses set etat = 'Offert' where id = (select min(id) from courses)`,
      sql`update paiements set statut = 'Rembourse' where id = (select min(id) from paiements)`,
      sql`update paiements set mode = 'Bitcoin' where id = (select min(id) from paiements)`,
      sql`update demandes set statut = 'Oubliée' where id = (select min(id) from demandes)`,
      sql`update vehicules set statut = 'Volé' where id = (select min(id) from vehicules)`,
      sql`update interventions set statut = 'Payé' where id = (select min(id) from interventions)`,
      sql`update users set type = 'pirate' where id = (select min(id) from users)`,
    ];
    for (const q of attempts) {
      await expect(ctx.t.database.db.execute(q)).rejects.toThrow();
    }
  });
});

// The two 500s the property-based tester still found. One month rule (packages/shared
// `zChamps.mois`) and one text rule (every string a route receives, lib/validation.ts), on every route.
describe('one month rule and one text rule, everywhere', () => {
  it('a month or a day of year 0 (PostgreSQL has none) is a French 422 on every list, never a 500', async () => {
    const v = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    for (const url of [
      '/api/courses?req_period=0000-01',
      '/api/interventions?req_period=0000-01',
      '/api/interventions/options?req_period=0000-01',
      '/api/documents?req_period=0000-01',
      `/api/documents?camion_id=${v.id}&req_period=0000-12`,
      '/api/courses?date_debut=0000-01-01',
      '/api/interventions?date_debut=0000-01-01',
      '/api/documents?expire_avant=0000-01-01',
    ]) {
      const res = await ctx.t.get(url, ctx.A.token);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      const body = res.json();
      expect(body.success).toBe(false);
      const field = url.match(/[?&](req_period|date_debut|expire_avant)=/)![1]!;
      expect(body.data.fields[field], url).toMatch(/ann[ée]e|AAAA/);
    }
    // A real month still answers.
    expect((await ctx.t.get('/api/courses?req_period=2026-03', ctx.A.token)).statusCode).toBe(200);
  });

  it('a NUL in a message, a cash voucher or a filter is a French 422 naming the field, and nothing is stored', async () => {
    const collegue = await addBackOfficeUser(ctx.t, ctx.A.id, 'collegue-nul@transgabon.ga');
    const before = (await ctx.t.get('/api/messages?req_count=1', ctx.A.token)).json().data;
    const message = await ctx.t.post(
      '/api/messages',
      { recipient_id: collegue, contenu: 'Le camion\u0000 est au port.' },
      ctx.A.token,
    );
    envelope422(message, '/api/messages');
    expect(message.json().data.fields).toHaveProperty('contenu');
    expect((await ctx.t.get('/api/messages?req_count=1', ctx.A.token)).json().data).toBe(before);

    const voucher = {
      date_operation: '2026-06-03',
      beneficiaire: 'Station Total Owendo',
      decaisseur: 'Caissière Nzé',
      montant: 45_000,
      libelle: 'Carburant',
      motif: '<p>Plein\u0000 du groupe</p>',
    };
    const created = await ctx.t.post('/api/piece_de_caisses', voucher, ctx.A.token);
    envelope422(created, '/api/piece_de_caisses');
    expect(created.json().data.fields).toHaveProperty('motif');
    const ok = await ctx.t.post('/api/piece_de_caisses', { ...voucher, motif: '<p>Plein</p>' }, ctx.A.token);
    expect(ok.statusCode, ok.body).toBe(200);
    const id = ok.json().data.id;
    const updated = await ctx.t.post(
      `/api/piece_de_caisses/${id}/update`,
      { ...voucher, motif: 'a\u0000b' },
      ctx.A.token,
    );
    envelope422(updated, 'update');
    expect(updated.json().data.fields).toHaveProperty('motif');
    const after = (await ctx.t.get(`/api/piece_de_caisses/${id}`, ctx.A.token)).json().data;
    expect(after.motif).toBe('<p>Plein</p>');

    for (const url of ['/api/operations?compte=%00', '/api/operations?compte=41%00&date_debut=2026-01-01']) {
      const res = await ctx.t.get(url, ctx.A.token);
      envelope422(res, url);
      expect(res.json().data.fields).toHaveProperty('compte');
    }
  });
});
