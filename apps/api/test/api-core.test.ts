import { MSG } from '@yams/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupApi();
});

describe('envelope and errors', () => {
  it('unknown API paths answer a French 404 envelope', async () => {
    const res = await t.get('/api/nexiste-pas');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: MSG.routeNotFound,
      data: null,
      errors: [MSG.routeNotFound],
    });
  });

  it('the csrf-cookie call of the original client answers success', async () => {
    expect((await t.get('/sanctum/csrf-cookie')).json()).toEqual({
      success: true,
      message: null,
      data: null,
      errors: [],
    });
  });

  const malformed: Array<[string, string, string]> = [
    ['application/json', '{pas du json', MSG.invalidJson],
    ['application/json', '', 'Le corps de la requête est vide alors que du JSON est annoncé.'],
    ['text/plain', 'bonjour', "Le type de contenu envoyé n'est pas accepté."],
  ];
  // Routes that read a body (logout takes none and ignores one).
  const posts = [
    '/api/login',
    '/api/forgot-password',
    '/api/reset-password',
    '/api/send-verification-code',
    '/api/verify-account',
    '/api/me/update',
  ];

  it('never answers 500 to a malformed body, on any POST route', async () => {
    const token = await t.login('direction@transgabon.ga');
    for (const url of posts) {
      for (const [type, payload] of malformed) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': type, authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, `${url} ${type} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${type} ${payload}`).toBeLessThan(500);
        expect(res.json().success).toBe(false);
        expect(res.json().errors[0]).toMatch(/[a-zé]/);
      }
      for (const body of [[], 'texte', 42, null, { email: { $ne: 1 } }, { userId: 'abc', code: 123 }]) {
        const res = await t.post(url, body, token);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/login'].post).toBeDefined();
    expect(doc.paths['/api/utilisateurs'].get).toBeDefined();
  });
});

describe('notifications and messages counts', () => {
  it('counts unread notifications and messages of the signed-in user', async () => {
    const token = await t.login('direction@transgabon.ga');
    const me = (await t.get('/api/me', token)).json().data;
    const { notifications, messages } = await import('../src/db/schema');
    await t.database.db.insert(notifications).values([
      { user_id: me.id, type: 'info', titre: 'Nouvelle demande' },
      { user_id: me.id, type: 'info', titre: 'Lue', read_at: new Date().toISOString() },
    ]);
    await t.database.db.insert(messages).values([{ recipient_id: me.id, contenu: 'Bonjour' }]);
    expect((await t.get('/api/notifications?read_at=null&req_count', token)).json().data).toBe(1);
    expect((await t.get('/api/notifications?req_count=1', token)).json().data).toBe(2);
    expect((await t.get('/api/messages?read_at=null&req_count=1', token)).json().data).toBe(1);
    const other = await t.login('direction@ogooue-logistique.ga');
    expect((await t.get('/api/notifications?read_at=null&req_count', other)).json().data).toBe(0);
    expect((await t.get('/api/notifications?read_at=null&req_count')).statusCode).toBe(401);
  });
});
