import { ADRESSE_MSG } from '@yams/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createAdresse, listAdresses } from '../src/modules/operations/adresses.repository';
import { scopeOf } from '../src/plugins/auth';
import { expectFailure, type Fixtures, setupFixtures } from './fixtures';

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

const body = (extra: Record<string, unknown> = {}) => ({
  libelle: 'Dépôt d’Owendo',
  ville: ctx.villes.lbv,
  lat: 0.2906,
  lng: 9.5025,
  utilisateur: ctx.A.id,
  ...extra,
});

describe('addresses (the specification)', () => {
  it('every validation message of the specification, each on its field', async () => {
    const all = expectFailure(await ctx.t.post('/api/adresses', {}, ctx.A.token), 422);
    expect(all.errors).toEqual(
      expect.arrayContaining([
        ADRESSE_MSG.libelleObligatoire,
        ADRESSE_MSG.villeObligatoire,
        ADRESSE_MSG.position,
        ADRESSE_MSG.utilisateur,
      ]),
    );
    const fields = (all as unknown as { data: { fields: Record<string, string> } }).data.fields;
    expect(fields.libelle).toBe(ADRESSE_MSG.libelleObligatoire);
    expect(fields.ville).toBe(ADRESSE_MSG.villeObligatoire);
    expect(fields.utilisateur).toBe(ADRESSE_MSG.utilisateur);
    expectFailure(
      await ctx.t.post('/api/adresses', body({ libelle: '   ' }), ctx.A.token),
      422,
      ADRESSE_MSG.libelleObligatoire,
    );
    expectFailure(
      await ctx.t.post('/api/adresses', body({ lat: 95 }), ctx.A.token),
      422,
      ADRESSE_MSG.position,
    );
    expectFailure(
      await ctx.t.post('/api/adresses', body({ lng: 'abc' }), ctx.A.token),
      422,
      ADRESSE_MSG.position,
    );
    expectFailure(
      await ctx.t.post('/api/adresses', body({ ville: 999_999 }), ctx.A.token),
      422,
      ADRESSE_MSG.villeChoisir,
    );
    // Someone else as the owner.
    expectFailure(
      await ctx.t.post('/api/adresses', body({ utilisateur: ctx.B.id }), ctx.A.token),
      422,
      ADRESSE_MSG.utilisateur,
    );
  });

  it('adds, lists with latitude/longitude, edits and deletes one’s own; another company sees nothing', async () => {
    const res = await ctx.t.post('/api/adresses', body(), ctx.A.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ADRESSE_MSG.ajoutee);
    const a = res.json().data;
    expect(a).toMatchObject({
      libelle: 'Dépôt d’Owendo',
      latitude: 0.2906,
      longitude: 9.5025,
      utilisateur: ctx.A.id,
      ville: 'Libreville',
    });

    const list = (await ctx.t.get('/api/adresses', ctx.A.token)).json().data as { id: number }[];
    expect(list.map((x) => x.id)).toContain(a.id);
    expect((await ctx.t.get('/api/adresses?req_count=1', ctx.A.token)).json().data).toBe(list.length);

    // Company B: 404 on A's id for every route, and never in its list.
    expectFailure(await ctx.t.get(`/api/adresses/${a.id}`, ctx.B.token), 404, "Cette adresse n'existe pas.");
    expectFailure(await ctx.t.post(`/api/adresses/${a.id}/update`, { libelle: 'Volée' }, ctx.B.token), 404);
    expectFailure(await ctx.t.post(`/api/adresses/${a.id}/destroy`, {}, ctx.B.token), 404);
    const theirs = (await ctx.t.get('/api/adresses', ctx.B.token)).json().data as { id: number }[];
    expect(theirs.some((x) => x.id === a.id)).toBe(false);

    const upd = await ctx.t.post(
      `/api/adresses/${a.id}/update`,
      { libelle: 'Dépôt principal', lat: 0.3 },
      ctx.A.token,
    );
    expect(upd.json().data).toMatchObject({ libelle: 'Dépôt principal', latitude: 0.3, longitude: 9.5025 });
    expect((await ctx.t.post(`/api/adresses/${a.id}/destroy`, {}, ctx.A.token)).statusCode).toBe(200);
    expectFailure(await ctx.t.get(`/api/adresses/${a.id}`, ctx.A.token), 404);
  });
});

describe('whose address book (scoped like every tenant table)', () => {
  const libelles = async (token: string) =>
    ((await ctx.t.get('/api/adresses?limit=500', token)).json().data as Array<{ libelle: string }>).map(
      (a) => a.libelle,
    );

  it('a company’s accounts share its places; a client sees only their own, even one the company registered', async () => {
    const depot = await ctx.t.post('/api/adresses', body({ libelle: 'Entrepôt partagé' }), ctx.A.token);
    expect(depot.statusCode, depot.body).toBe(200);
    // Another back-office account of TransGabon.
    const agent = await ctx.collegue(ctx.A, `agent.adresses.${process.pid}@exemple.ga`);
    const agentToken = agent.token;
    expect(await libelles(agentToken)).toContain('Entrepôt partagé');
    const own = await ctx.t.post(
      '/api/adresses',
      body({ libelle: 'Quai de l’agent', utilisateur: agent.id }),
      agentToken,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ utilisateur: agent.id });
    expect(await libelles(ctx.A.token)).toContain('Quai de l’agent');
    expect(await libelles(ctx.B.token)).not.toContain('Quai de l’agent');
    expect(await libelles(ctx.B.token)).not.toContain('Entrepôt partagé');

    // A client TransGabon registered shares its scope, not its address book (the repository, as the
    // mobile app's routes will read it).
    const client = await ctx.client(ctx.A);
    const [account] = await ctx.db.select().from(users).where(eq(users.id, client.id));
    const scope = scopeOf(account!);
    expect(scope.entrepriseId).toBe(ctx.A.id);
    const db = ctx.t.database.db;
    expect(await listAdresses(db, scope).rows(500, 0)).toEqual([]);
    await createAdresse(db, scope, {
      libelle: 'Chez le client',
      ville: ctx.villes.lbv,
      lat: 0.4,
      lng: 9.45,
      utilisateur: client.id,
    });
    expect((await listAdresses(db, scope).rows(500, 0)).map((a) => a.libelle)).toEqual(['Chez le client']);
    expect(await listAdresses(db, scope).count()).toBe(1);
  });
});

describe('demo addresses', () => {
  it('each demo company starts with its own saved places, and sees none of the other’s', async () => {
    const libelles = async (token: string) =>
      ((await ctx.t.get('/api/adresses', token)).json().data as Array<{ libelle: string }>).map(
        (a) => a.libelle,
      );
    const tg = await libelles(ctx.A.token);
    const og = await libelles(ctx.B.token);
    expect(tg).toContain('Dépôt TransGabon — Owendo');
    expect(og).toContain('Port môle de Port-Gentil');
    expect(tg).not.toContain('Port môle de Port-Gentil');
    expect(og).not.toContain('Dépôt TransGabon — Owendo');
  });
});
