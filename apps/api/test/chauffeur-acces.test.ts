import { MSG } from '@yams/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, failed, type Json, setupFixtures } from './fixtures';

// A driver's access to the app from Ressources Humaines: a driver recorded with his phone alone,
// a single-use link the office sends by WhatsApp (no email needed), a new link replacing the old one, block.

let f: Fixtures;
beforeAll(async () => {
  f = await setupFixtures();
}, 180_000);

const PASSWORD = 'Camion-Bleu-2026!';
const tokenOf = (lien: string) => new URL(lien).searchParams.get('token')!;
const reset = (token: string) =>
  f.t.post('/api/reset-password', { token, password: PASSWORD, password_confirmation: PASSWORD });
const acces = (id: number, token = f.A.token) =>
  f.t.post(`/api/utilisateurs/${id}/acces-chauffeur`, {}, token);

describe('driver app access', () => {
  it('a driver without email: recorded with his phone, his link by WhatsApp, then he signs in by phone', async () => {
    const created = await f.t.post(
      '/api/utilisateurs',
      {
        type: 'camionneur',
        name: 'moussavou.e2e',
        nom: 'Moussavou',
        prenom: 'Paul',
        telephone1: '074 11 22 33',
      },
      f.A.token,
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe(
      'Utilisateur créé. Donnez-lui son accès depuis sa fiche (section « Application chauffeur »).',
    );
    const driver = created.json().data as Json;
    expect(driver.email).toBeNull();

    const first = await acces(driver.id);
    expect(first.statusCode, first.body).toBe(200);
    const out = first.json().data as Json;
    expect(out.lien).toMatch(/\/reinitialiser-mot-de-passe\?token=[\w-]+&email=&app=chauffeur$/);
    expect(out.whatsapp).toMatch(/^https:\/\/wa\.me\/24174112233\?text=/);
    expect(decodeURIComponent(out.whatsapp.split('text=')[1])).toBe(out.message);
    expect(out.message).toContain('votre numéro 074 11 22 33');
    expect(Date.parse(out.expire_le) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    // A second link (the reset) replaces the first: the first no longer works.
    const second = (await acces(driver.id)).json().data as Json;
    expect((await reset(tokenOf(out.lien))).statusCode).toBe(422);
    const done = await reset(tokenOf(second.lien));
    expect(done.statusCode, done.body).toBe(200);
    const login = await f.t.post('/api/login', {
      telephone: '+241 74 11 22 33',
      password: PASSWORD,
      source: 'chauffeur',
    });
    expect(login.statusCode, login.body).toBe(200);

    // Blocked: no link; the office is told why.
    expect((await f.t.post(`/api/utilisateurs/${driver.id}/disable`, {}, f.A.token)).statusCode).toBe(200);
    failed(
      await acces(driver.id),
      409,
      "Ce compte est bloqué : activez-le avant de lui donner l'accès à l'application chauffeur.",
    );
  });

  it('only for drivers, only the company’s own, never with a driver’s token', async () => {
    const agent = await f.t.post(
      '/api/utilisateurs',
      { type: 'agent', name: 'agent.sans.email', nom: 'Agent', telephone1: '074 99 88 77' },
      f.A.token,
    );
    failed(agent, 422, "L'email est obligatoire.", 'email');
    const client = await f.client(f.A);
    failed(
      await acces(client.id),
      422,
      "L'application chauffeur est réservée aux camionneurs et aux coursiers.",
    );
    const theirs = await f.chauffeur(f.A, 0);
    failed(await acces(theirs.id, f.B.token), 404, "Cet utilisateur n'existe pas.");
    failed(await acces(theirs.id, theirs.token), 403, MSG.chauffeurTokenOnly);
  });
});
