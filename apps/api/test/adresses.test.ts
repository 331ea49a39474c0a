import { ADRESSE_MSG } from '@yams/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, type OpsContext, setupOperations } from './operations-fixtures';

let ctx: OpsContext;
beforeAll(async () => {
  ctx = await setupOperations();
});

const body = (extra: Record<string, unknown> = {}) => ({
  libelle: 'Dépôt d’Owendo',
  ville: ctx.villes.lbv,
  lat: 0.2906,
  lng: 9.5025,
  utilisateur: ctx.tg.id,
  ...extra,
});

describe('addresses (spec section 5)', () => {
  it('every validation message of the specification, each on its field', async () => {
    const all = expectFailure(await ctx.t.post('/api/adresses', {}, ctx.tg.token), 422);
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
      await ctx.t.post('/api/adresses', body({ libelle: '   ' }), ctx.tg.token),
      422,
      ADRESSE_MSG.libelleObligatoire,
    );
    expectFailure(
      await ctx.t.post('/api/adresses', body({ lat: 95 }), ctx.tg.token),
      422,
      ADRESSE_MSG.position,
    );
    expectFailure(
      await ctx.t.post('/api/adresses', body({ lng: 'abc' }), ctx.tg.token),
      422,
      ADRESSE_MSG.position,
    );
    expectFailure(
      await ctx.t.post('/api/adresses', body({ ville: 999_999 }), ctx.tg.token),
      422,
      ADRESSE_MSG.villeChoisir,
    );
    // Someone else as the owner.
    expectFailure(
      await ctx.t.post('/api/adresses', body({ utilisateur: ctx.og.id }), ctx.tg.token),
      422,
      ADRESSE_MSG.utilisateur,
    );
  });

  it('adds, lists with latitude/longitude, edits and deletes one’s own; another company sees nothing', async () => {
    const res = await ctx.t.post('/api/adresses', body(), ctx.tg.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ADRESSE_MSG.ajoutee);
    const a = res.json().data;
    expect(a).toMatchObject({
      libelle: 'Dépôt d’Owendo',
      latitude: 0.2906,
      longitude: 9.5025,
      utilisateur: ctx.tg.id,
      ville: 'Libreville',
    });

    const list = (await ctx.t.get('/api/adresses', ctx.tg.token)).json().data as { id: number }[];
    expect(list.map((x) => x.id)).toContain(a.id);
    expect((await ctx.t.get('/api/adresses?req_count=1', ctx.tg.token)).json().data).toBe(list.length);

    // Company B: 404 on A's id for every route, and never in its list.
    expectFailure(await ctx.t.get(`/api/adresses/${a.id}`, ctx.og.token), 404, "Cette adresse n'existe pas.");
    expectFailure(await ctx.t.post(`/api/adresses/${a.id}/update`, { libelle: 'Volée' }, ctx.og.token), 404);
    expectFailure(await ctx.t.post(`/api/adresses/${a.id}/destroy`, {}, ctx.og.token), 404);
    const theirs = (await ctx.t.get('/api/adresses', ctx.og.token)).json().data as { id: number }[];
    expect(theirs.some((x) => x.id === a.id)).toBe(false);

    const upd = await ctx.t.post(
      `/api/adresses/${a.id}/update`,
      { libelle: 'Dépôt principal', lat: 0.3 },
      ctx.tg.token,
    );
    expect(upd.json().data).toMatchObject({ libelle: 'Dépôt principal', latitude: 0.3, longitude: 9.5025 });
    expect((await ctx.t.post(`/api/adresses/${a.id}/destroy`, {}, ctx.tg.token)).statusCode).toBe(200);
    expectFailure(await ctx.t.get(`/api/adresses/${a.id}`, ctx.tg.token), 404);
  });
});

describe('demo addresses', () => {
  it('each demo company starts with its own saved places, and sees none of the other’s', async () => {
    const libelles = async (token: string) =>
      ((await ctx.t.get('/api/adresses', token)).json().data as Array<{ libelle: string }>).map(
        (a) => a.libelle,
      );
    const tg = await libelles(ctx.tg.token);
    const og = await libelles(ctx.og.token);
    expect(tg).toContain('Dépôt TransGabon — Owendo');
    expect(og).toContain('Port môle de Port-Gentil');
    expect(tg).not.toContain('Port môle de Port-Gentil');
    expect(og).not.toContain('Dépôt TransGabon — Owendo');
  });
});
