import { MSG, telephoneNational } from '@yams/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, failed, type Json, setupFixtures } from './fixtures';

// Who signs in to the driver's app: drivers by email or phone, never the office or clients; the
// back-office still refuses drivers; a token of the app reaches /api/chauffeur/… and nothing else.

let f: Fixtures;
beforeAll(async () => {
  f = await setupFixtures();
});

const login = (body: Record<string, unknown>) => f.t.post('/api/login', { password: 'Yams2026!', ...body });

describe('signing in to the driver app', () => {
  it('admits a demo driver by email or by his phone number written any usual way', async () => {
    const byEmail = await login({ email: 'chauffeur@transgabon.ga', source: 'chauffeur' });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json().data.user).toMatchObject({ type: 'camionneur', telephone1: '+241 077 45 67 89' });
    expect(byEmail.json().data.verification_required).toBe(false);
    for (const telephone of ['+241 077 45 67 89', '077 45 67 89', '77456789', '00241 77 45 67 89']) {
      const res = await login({ telephone, source: 'chauffeur' });
      expect(res.statusCode, `${telephone}: ${res.body}`).toBe(200);
      expect(res.json().data.user.email).toBe('chauffeur@transgabon.ga');
    }
  });

  it('the phone rule is the same in the API and in the database', async () => {
    for (const raw of [
      '+241 066 23 45 67',
      '0024166234567',
      '066-23-45-67',
      '12 34',
      '',
      '+33 6 12 34 56 78',
    ]) {
      const res = await f.db.execute(sql`select telephone_national(${raw}) as n`);
      const [row] = (res as unknown as { rows: Json[] }).rows;
      expect(row.n, raw).toBe(telephoneNational(raw));
    }
  });

  it('refuses a wrong password, a missing identifier, an office account and a client, in French', async () => {
    failed(
      await login({ telephone: '077 45 67 89', password: 'faux', source: 'chauffeur' }),
      422,
      MSG.badPhoneCredentials,
    );
    failed(
      await login({ source: 'chauffeur' }),
      422,
      "Le numéro de téléphone ou l'email est obligatoire.",
      'telephone',
    );
    failed(
      await login({ telephone: '12', source: 'chauffeur' }),
      422,
      "Le numéro de téléphone n'est pas valide.",
      'telephone',
    );
    // The back-office still signs in by email only.
    failed(await login({ telephone: '077 45 67 89' }), 422, "L'email est obligatoire.", 'email');
    for (const email of ['direction@transgabon.ga', 'admin@yams.ga', 'client@yams.ga']) {
      failed(await login({ email, source: 'chauffeur' }), 403, MSG.chauffeurOnly);
    }
  });

  it('the back-office still refuses drivers with the specification’s message; an independent camionneur is both', async () => {
    failed(
      await login({ email: 'chauffeur@transgabon.ga', source: 'yamsmanager' }),
      403,
      MSG.transporteurOnly,
    );
    failed(await login({ email: 'chauffeur2@transgabon.ga' }), 403, MSG.transporteurOnly);
    expect((await login({ email: 'camionneur@yams.ga', source: 'chauffeur' })).statusCode).toBe(200);
    expect((await login({ email: 'camionneur@yams.ga', source: 'yamsmanager' })).statusCode).toBe(200);
  });
});

describe('what a token of the driver app reaches', () => {
  it('its own API only: every back-office route is a 403, and the office’s token is refused by the app’s API', async () => {
    const driver = await f.t.loginChauffeur({ email: 'chauffeur@transgabon.ga' });
    for (const url of ['/api/courses', '/api/me', '/api/vehicules/1', '/api/utilisateurs']) {
      failed(await f.t.get(url, driver), 403, MSG.chauffeurTokenOnly);
    }
    failed(await f.t.post('/api/courses', {}, driver), 403, MSG.chauffeurTokenOnly);
    // An independent camionneur signed in to the app is held to the app's API too.
    const independant = await f.t.loginChauffeur({ email: 'camionneur@yams.ga' });
    failed(await f.t.get('/api/courses', independant), 403, MSG.chauffeurTokenOnly);
    // The office's token (and the independent's back-office one) on the app's API.
    failed(await f.t.get('/api/chauffeur/courses', f.A.token), 403, MSG.chauffeurOnly);
    expect((await f.t.get('/api/chauffeur/courses', driver)).statusCode).toBe(200);
    // Signing out works from the app, and the token is then dead.
    expect((await f.t.post('/api/logout', undefined, driver)).statusCode).toBe(200);
    expect((await f.t.get('/api/chauffeur/courses', driver)).statusCode).toBe(401);
  });

  it('the demo drivers each have a course today and one later this week, with the client to call', async () => {
    for (const email of ['chauffeur@transgabon.ga', 'chauffeur2@transgabon.ga']) {
      const token = await f.t.loginChauffeur({ email });
      const res = await f.t.get('/api/chauffeur/courses', token);
      expect(res.statusCode, res.body).toBe(200);
      const courses = res.json().data as Json[];
      const today = courses.filter((c) => c.quand === 'aujourdhui');
      expect(today.length, email).toBeGreaterThan(0);
      expect(courses.filter((c) => c.quand === 'a_venir').length, email).toBeGreaterThan(0);
      expect(today[0]).toMatchObject({
        statut: 'Chargement en attente',
        etapes_possibles: ['Chargement terminé'],
      });
      expect(today[0].client.telephone).toMatch(/^\+241/);
      expect(today[0]).not.toHaveProperty('montant');
    }
  });
});
