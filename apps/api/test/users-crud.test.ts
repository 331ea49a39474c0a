import { MSG } from '@yams/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { allKeys, setupApi, type TestContext } from './helpers';

let t: TestContext;
let transgabon: string;
let ogooue: string;
let admin: string;
beforeAll(async () => {
  t = await setupApi();
  [transgabon, ogooue, admin] = await Promise.all([
    t.login('direction@transgabon.ga'),
    t.login('direction@ogooue-logistique.ga'),
    t.login('admin@yams.ga'),
  ]);
});

const newDriver = (email: string) => ({
  name: 'p.nzamba',
  type: 'camionneur',
  nom: 'Nzamba',
  prenom: 'Paul',
  email,
  telephone1: '+241 077 55 44 33',
});

describe('Ressources Humaines: accounts', () => {
  it('creates a driver in the company, mails an invitation whose link sets the password', async () => {
    const res = await t.post('/api/utilisateurs', newDriver('Paul.Nzamba@TransGabon.ga'), transgabon);
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    const me = (await t.get('/api/me', transgabon)).json().data;
    expect(created).toMatchObject({
      email: 'paul.nzamba@transgabon.ga',
      type: 'camionneur',
      entreprise_id: me.id,
      nom_complet: 'Nzamba Paul',
    });
    expect(allKeys(res.json()).has('password')).toBe(false);
    const mail = t.lastMailTo('paul.nzamba@transgabon.ga');
    expect(mail?.subject).toBe('Votre compte Yams Manager');
    const token = decodeURIComponent(/token=([^&\s]+)/.exec(mail!.text)![1]!);
    const reset = await t.post('/api/reset-password', {
      token,
      password: 'Chauffeur2026!',
      password_confirmation: 'Chauffeur2026!',
    });
    expect(reset.json().success).toBe(true);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, created.id));
    expect(stored?.password).toMatch(/^\$argon2id\$/);
    expect(stored?.email_verified_at).not.toBeNull();
  });

  it('lists newest first: a client just created opens the first page', async () => {
    const made: number[] = [];
    for (const n of [1, 2]) {
      const res = await t.post(
        '/api/utilisateurs',
        {
          type: 'client',
          name: `ordre.${Date.now()}.${n}`,
          nom: `Ordre ${n}`,
          telephone1: `+241 077 00 00 0${n}`,
        },
        transgabon,
      );
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json().data.id);
    }
    const page = (await t.get('/api/utilisateurs?type=client&page=1&per_page=2', transgabon)).json().data;
    expect(page.data.map((u: { id: number }) => u.id)).toEqual([made[1], made[0]]);
  });

  it('validates in French and refuses a used email', async () => {
    const res = await t.post('/api/utilisateurs', { type: 'client', email: 'x' }, transgabon);
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields).toMatchObject({
      name: "L'identifiant est obligatoire.",
      email: "L'email n'est pas valide.",
    });
    const dup = await t.post('/api/utilisateurs', newDriver('client@yams.ga'), transgabon);
    expect(dup.json().data.fields.email).toBe(MSG.emailTaken);
    const noSous = await t.post('/api/utilisateurs', { ...newDriver('t@x.ga'), type: 'transporteur' }, admin);
    expect(noSous.json().data.fields.sous_type).toBe('Le sous-type est obligatoire pour un transporteur.');
  });

  it('a company cannot create a transporteur or a superadmin', async () => {
    const res = await t.post(
      '/api/utilisateurs',
      { ...newDriver('boss@x.ga'), type: 'superadmin' },
      transgabon,
    );
    expect(res.statusCode).toBe(403);
  });

  it('a superadmin creates a company, which is its own entreprise, and must name the company of staff', async () => {
    const res = await t.post(
      '/api/utilisateurs',
      {
        name: 'nyanga',
        type: 'transporteur',
        sous_type: 'entreprise',
        nom: 'Nyanga Fret',
        email: 'contact@nyanga.ga',
      },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.entreprise_id).toBe(res.json().data.id);
    const staff = await t.post('/api/utilisateurs', newDriver('sans.entreprise@x.ga'), admin);
    expect(staff.statusCode).toBe(422);
    expect(staff.json().data.fields.entreprise_id).toBe("L'entreprise est obligatoire.");
    const ok = await t.post(
      '/api/utilisateurs',
      { ...newDriver('avec.entreprise@x.ga'), entreprise_id: res.json().data.id },
      admin,
    );
    expect(ok.json().data.entreprise_id).toBe(res.json().data.id);
  });

  it('updates, blocks and reactivates; a blocked account loses its sessions', async () => {
    const created = (
      await t.post('/api/utilisateurs', { ...newDriver('bloque@transgabon.ga'), type: 'client' }, transgabon)
    ).json().data;
    const upd = await t.post(
      `/api/utilisateurs/${created.id}/update`,
      { adresse: 'Nzeng-Ayong, Libreville', telephone2: '+241 066 00 00 01' },
      transgabon,
    );
    expect(upd.json().data).toMatchObject({
      adresse: 'Nzeng-Ayong, Libreville',
      telephone2: '+241 066 00 00 01',
    });
    const blocked = await t.post(`/api/utilisateurs/${created.id}/disable`, undefined, transgabon);
    expect(blocked.json()).toMatchObject({
      success: true,
      message: 'Le compte a été bloqué.',
      data: { bloque: true },
    });
    const active = await t.post(`/api/utilisateurs/${created.id}/activate`, undefined, transgabon);
    expect(active.json().data.bloque).toBe(false);
    const me = (await t.get('/api/me', transgabon)).json().data;
    const self = await t.post(`/api/utilisateurs/${me.id}/disable`, undefined, transgabon);
    expect(self.json().errors).toEqual(['Vous ne pouvez pas bloquer votre propre compte.']);
  });

  it('another company’s users are 404 on every route taking an id', async () => {
    const tgClient = (
      (await t.get('/api/utilisateurs?type=client&limit=1', transgabon)).json().data as Array<{ id: number }>
    )[0]!;
    for (const [method, url, body] of [
      ['GET', `/api/utilisateurs/${tgClient.id}`, undefined],
      ['POST', `/api/utilisateurs/${tgClient.id}/update`, { adresse: 'piratée' }],
      ['POST', `/api/utilisateurs/${tgClient.id}/disable`, undefined],
      ['POST', `/api/utilisateurs/${tgClient.id}/activate`, undefined],
    ] as const) {
      const res = method === 'GET' ? await t.get(url, ogooue) : await t.post(url, body, ogooue);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errors).toEqual(["Cet utilisateur n'existe pas."]);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, tgClient.id));
    expect(row?.adresse).not.toBe('piratée');
    expect(row?.bloque).toBe(false);
    expect((await t.get(`/api/utilisateurs/${tgClient.id}`, admin)).statusCode).toBe(200);
    expect((await t.get('/api/utilisateurs/abc', transgabon)).statusCode).toBe(422);
  });
});
