import { MSG } from '@yams/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authAttempts, personalAccessTokens, users, verificationCodes } from '../src/db/schema';
import { addBackOfficeUser, allKeys, setupApi, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupApi();
});

const SECRET_KEYS = ['password', 'token_hash', 'code_hash'];

function expectNoSecrets(body: unknown) {
  const keys = allKeys(body);
  for (const k of SECRET_KEYS) expect(keys.has(k), `la réponse contient ${k}`).toBe(false);
  expect(JSON.stringify(body)).not.toMatch(/\$argon2id\$/);
}

describe('POST /api/login', () => {
  it('signs a transporteur in and returns the user and a bearer token, never a hash', async () => {
    const res = await t.post('/api/login', {
      email: 'Direction@TransGabon.ga',
      password: 'Yams2026!',
      source: 'yamsmanager',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      errors: [],
      data: { user: { email: 'direction@transgabon.ga', type: 'transporteur' } },
    });
    expect(body.data.token).toMatch(/^\d+\|[A-Za-z0-9_-]{20,}$/);
    expect(body.data.user.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expectNoSecrets(body);
    const [stored] = await t.database.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, Number(body.data.token.split('|')[0])));
    expect(stored?.name).toBe('yamsmanager');
    expect(stored?.token_hash).not.toContain(body.data.token.split('|')[1]);
    const me = await t.get('/api/me', body.data.token);
    expect(me.json().data.email).toBe('direction@transgabon.ga');
    expectNoSecrets(me.json());
  });

  it('refuses a wrong password with a French error and no token', async () => {
    const res = await t.post('/api/login', { email: 'admin@yams.ga', password: 'mauvais-mot' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      message: MSG.badCredentials,
      data: null,
      errors: [MSG.badCredentials],
    });
  });

  it('refuses an unknown email with the same answer as a wrong password', async () => {
    const res = await t.post('/api/login', { email: 'personne@yams.ga', password: 'Yams2026!' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([MSG.badCredentials]);
  });

  it('refuses a client with exactly the specification message', async () => {
    const res = await t.post('/api/login', { email: 'client@yams.ga', password: 'Yams2026!' });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual(['Vous devez avoir un compte transporteur pour acceder à yamsmanager']);
  });

  it('names the fields in French when the body is invalid', async () => {
    const res = await t.post('/api/login', { email: 'pas-un-email' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.data.fields).toEqual({
      email: "L'email n'est pas valide.",
      password: 'Le mot de passe est obligatoire.',
    });
    expect(body.errors).toContain("L'email n'est pas valide.");
  });

  it('answers 429 in French after repeated failures on one account', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.post('/api/login', {
        email: 'direction@ogooue-logistique.ga',
        password: `faux-${i}`,
      });
      expect(res.statusCode).toBe(422);
    }
    const res = await t.post('/api/login', {
      email: 'direction@ogooue-logistique.ga',
      password: 'Yams2026!',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0]).toMatch(/^Trop de tentatives\. Veuillez réessayer dans 15 minutes\.$/);
    // Another account from the same address is not blocked by it.
    expect((await t.post('/api/login', { email: 'admin@yams.ga', password: 'Yams2026!' })).statusCode).toBe(
      200,
    );
  });

  it('answers 429 per address after many failures across accounts', async () => {
    // TRUST_PROXY is off by default: the address is the socket's own.
    const login = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.9.9.9', payload });
    for (let i = 0; i < 20; i++) await login({ email: `inconnu${i}@yams.ga`, password: 'x' });
    const res = await login({ email: 'admin@yams.ga', password: 'Yams2026!' });
    expect(res.statusCode).toBe(429);
  });
});

describe('tokens', () => {
  it('rejects a missing, malformed or unknown token with 401', async () => {
    for (const token of [undefined, 'abc', '999999|AAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await t.get('/api/me', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errors: [MSG.unauthenticated] });
    }
  });

  it('revokes the token on logout', async () => {
    const token = await t.login('camionneur@yams.ga');
    expect((await t.get('/api/me', token)).statusCode).toBe(200);
    expect((await t.post('/api/logout', undefined, token)).json().success).toBe(true);
    expect((await t.get('/api/me', token)).statusCode).toBe(401);
  });

  it('rejects an expired token', async () => {
    const token = await t.login('coursier@yams.ga');
    await t.database.db
      .update(personalAccessTokens)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where(eq(personalAccessTokens.id, Number(token.split('|')[0])));
    expect((await t.get('/api/me', token)).statusCode).toBe(401);
  });

  it('stops a blocked account: no sign-in, and its tokens no longer work', async () => {
    const token = await t.login('direction@transgabon.ga');
    await t.database.db.update(users).set({ bloque: true }).where(eq(users.email, 'direction@transgabon.ga'));
    try {
      expect((await t.get('/api/me', token)).statusCode).toBe(401);
      const res = await t.post('/api/login', { email: 'direction@transgabon.ga', password: 'Yams2026!' });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors).toEqual([MSG.accountBlocked]);
    } finally {
      await t.database.db
        .update(users)
        .set({ bloque: false })
        .where(eq(users.email, 'direction@transgabon.ga'));
    }
  });
});

describe('Mon compte', () => {
  it('updates the profile and validates phones in French', async () => {
    const token = await t.login('direction@transgabon.ga');
    const bad = await t.post('/api/me/update', { telephone1: 'abc' }, token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.fields.telephone1).toBe("Le numéro de téléphone n'est pas valide.");
    const res = await t.post(
      '/api/me/update',
      { prenom: 'Direction', telephone2: '+241 066 11 22 33' },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ prenom: 'Direction', telephone2: '+241 066 11 22 33' });
    expectNoSecrets(res.json());
  });

  it('refuses an email already used by another account', async () => {
    const token = await t.login('direction@transgabon.ga');
    const res = await t.post('/api/me/update', { email: 'admin@yams.ga' }, token);
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields.email).toBe(MSG.emailTaken);
  });

  it('a password change needs the current password and revokes the other tokens', async () => {
    const other = await t.login('admin@yams.ga');
    const current = await t.login('admin@yams.ga');
    const wrong = await t.post(
      '/api/me/update',
      { current_password: 'faux', password: 'NouveauMdp1!', password_confirmation: 'NouveauMdp1!' },
      current,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().data.fields.current_password).toBe(MSG.currentPasswordWrong);
    const mismatch = await t.post(
      '/api/me/update',
      { current_password: 'Yams2026!', password: 'NouveauMdp1!', password_confirmation: 'Autre' },
      current,
    );
    expect(mismatch.json().data.fields.password_confirmation).toBe(
      'La confirmation ne correspond pas au mot de passe.',
    );
    const weak = await t.post(
      '/api/me/update',
      { current_password: 'Yams2026!', password: '12345678', password_confirmation: '12345678' },
      current,
    );
    expect(weak.statusCode).toBe(422);
    expect(weak.json().data.fields.password).toMatch(/^Ce mot de passe est trop facile à deviner/);
    expect((await t.get('/api/me', other)).statusCode).toBe(200);
    const res = await t.post(
      '/api/me/update',
      { current_password: 'Yams2026!', password: 'NouveauMdp1!', password_confirmation: 'NouveauMdp1!' },
      current,
    );
    expect(res.statusCode).toBe(200);
    expect((await t.get('/api/me', other)).statusCode).toBe(401);
    expect((await t.get('/api/me', current)).statusCode).toBe(200);
    expect(
      (await t.post('/api/login', { email: 'admin@yams.ga', password: 'NouveauMdp1!' })).statusCode,
    ).toBe(200);
    expect((await t.post('/api/login', { email: 'admin@yams.ga', password: 'Yams2026!' })).statusCode).toBe(
      422,
    );
  });
});

describe('changing the email', () => {
  const linkIn = (text = '') => /confirmer-email\?token=(\S+)/.exec(text)?.[1];
  const me = async (token: string) => (await t.get('/api/me', token)).json().data as { email: string };

  it('needs the current password, waits for the link mailed to the new address, tells the old one', async () => {
    const id = await addBackOfficeUser(t, 2, 'compta.change@transgabon.ga');
    const other = await t.login('compta.change@transgabon.ga');
    const current = await t.login('compta.change@transgabon.ga');
    const ask = (body: Record<string, string>) => t.post('/api/me/update', body, current);

    const without = await ask({ email: 'nouvelle.adresse@transgabon.ga' });
    expect(without.statusCode).toBe(422);
    expect(without.json().data.fields.current_password).toBe(MSG.currentPasswordForEmail);
    const wrong = await ask({ email: 'nouvelle.adresse@transgabon.ga', current_password: 'faux' });
    expect(wrong.json().data.fields.current_password).toBe(MSG.currentPasswordWrong);
    // A stolen session cannot guess the password: after five wrong tries, even the right one is a 429.
    const tries: number[] = [];
    for (let i = 0; i < 4; i++)
      tries.push((await ask({ email: 'x@transgabon.ga', current_password: `faux${i}` })).statusCode);
    expect(tries).toEqual([422, 422, 422, 422]);
    expect((await ask({ email: 'x@transgabon.ga', current_password: 'Yams2026!' })).statusCode).toBe(429);
    await t.database.db.delete(authAttempts).where(eq(authAttempts.key, `current-password:${id}`));
    const taken = await ask({ email: 'admin@yams.ga', current_password: 'Yams2026!' });
    expect(taken.json().data.fields.email).toBe(MSG.emailTaken);
    expect(t.lastMailTo('nouvelle.adresse@transgabon.ga')).toBeUndefined();

    // A first request, replaced by a second one: only the last link works.
    await ask({ email: 'premiere.adresse@transgabon.ga', current_password: 'Yams2026!' });
    const firstLink = linkIn(t.lastMailTo('premiere.adresse@transgabon.ga')?.text);
    const res = await ask({ email: 'Nouvelle.Adresse@transgabon.ga', current_password: 'Yams2026!' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.emailChangeSent('nouvelle.adresse@transgabon.ga'));
    // Nothing changed yet; the other session is closed, this one stays.
    expect(res.json().data.email).toBe('compta.change@transgabon.ga');
    expect((await me(current)).email).toBe('compta.change@transgabon.ga');
    expect((await t.get('/api/me', other)).statusCode).toBe(401);
    const notice = t.lastMailTo('compta.change@transgabon.ga');
    expect(notice?.subject).toBe('Changement de l’adresse email de votre compte');
    expect(notice?.text).toContain('nouvelle.adresse@transgabon.ga');
    const mail = t.lastMailTo('nouvelle.adresse@transgabon.ga');
    expect(mail?.subject).toBe('Confirmez votre nouvelle adresse email');
    const link = linkIn(mail?.text);
    expect(mail?.text).toContain('http://yams.test/confirmer-email?token=');

    const stale = await t.post('/api/confirm-email', { token: decodeURIComponent(firstLink!) });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors).toEqual([MSG.emailChangeInvalid]);
    expect((await t.post('/api/confirm-email', { token: 'inconnu' })).json().errors).toEqual([
      MSG.emailChangeInvalid,
    ]);

    const done = await t.post('/api/confirm-email', { token: decodeURIComponent(link!) });
    expect(done.json()).toMatchObject({ success: true, message: MSG.emailChanged, data: null });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.email).toBe('nouvelle.adresse@transgabon.ga');
    expect((await me(current)).email).toBe('nouvelle.adresse@transgabon.ga');
    expect(
      (await t.post('/api/login', { email: 'nouvelle.adresse@transgabon.ga', password: 'Yams2026!' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.post('/api/login', { email: 'compta.change@transgabon.ga', password: 'Yams2026!' }))
        .statusCode,
    ).toBe(422);
    const again = await t.post('/api/confirm-email', { token: decodeURIComponent(link!) });
    expect(again.json().errors).toEqual([MSG.emailChangeInvalid]);
  });

  it('a profile saved with the same address, whatever its case, needs no password and mails nothing', async () => {
    await addBackOfficeUser(t, 2, 'meme.adresse@transgabon.ga');
    const token = await t.login('meme.adresse@transgabon.ga');
    const mails = t.mails.length;
    const res = await t.post('/api/me/update', { email: 'Meme.Adresse@transgabon.ga', prenom: 'Awa' }, token);
    expect(res.json()).toMatchObject({ success: true, message: MSG.profileUpdated, data: { prenom: 'Awa' } });
    expect(t.mails.length).toBe(mails);
  });
});

describe('forgot and reset password', () => {
  const linkIn = (text: string) => /reinitialiser-mot-de-passe\?token=([^&\s]+)&email=/.exec(text);

  it('answers the same whether or not the email exists, and mails a working single-use link', async () => {
    const unknown = await t.post('/api/forgot-password', { email: 'personne@yams.ga' });
    const known = await t.post('/api/forgot-password', { email: 'coursier@yams.ga' });
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(t.lastMailTo('personne@yams.ga')).toBeUndefined();
    const mail = t.lastMailTo('coursier@yams.ga');
    expect(mail?.subject).toBe('Réinitialisation de votre mot de passe');
    const match = linkIn(mail!.text);
    expect(mail!.text).toContain('http://yams.test/reinitialiser-mot-de-passe?token=');
    const token = decodeURIComponent(match![1]!);
    const session = await t.login('coursier@yams.ga');

    const mismatch = await t.post('/api/reset-password', {
      token,
      password: 'Reinit2026!',
      password_confirmation: 'autre',
    });
    expect(mismatch.statusCode).toBe(422);
    // A weak password is refused with the reason, and the link still works.
    for (const [password, reason] of [
      ['azerty123', /^Ce mot de passe est trop facile à deviner/],
      ['coursier2026!', /^Le mot de passe ne doit contenir ni votre nom ni votre adresse email\.$/],
    ] as const) {
      const weak = await t.post('/api/reset-password', { token, password, password_confirmation: password });
      expect(weak.statusCode, weak.body).toBe(422);
      expect(weak.json().data.fields.password).toMatch(reason);
    }
    const ok = await t.post('/api/reset-password', {
      token,
      password: 'Reinit2026!',
      password_confirmation: 'Reinit2026!',
    });
    expect(ok.json()).toMatchObject({ success: true, message: MSG.resetDone });
    expect((await t.get('/api/me', session)).statusCode).toBe(401);
    expect(
      (await t.post('/api/login', { email: 'coursier@yams.ga', password: 'Reinit2026!' })).statusCode,
    ).toBe(200);

    const again = await t.post('/api/reset-password', {
      token,
      password: 'Encore2026!',
      password_confirmation: 'Encore2026!',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual([MSG.resetInvalid]);
  });

  it('limits the number of reset mails per account', async () => {
    let last = 0;
    for (let i = 0; i < 4; i++)
      last = (await t.post('/api/forgot-password', { email: 'direction@ogooue-logistique.ga' })).statusCode;
    expect(last).toBe(429);
  });

  it('requires a valid email', async () => {
    const res = await t.post('/api/forgot-password', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields.email).toBe("L'email est obligatoire.");
  });
});

describe('account verification', () => {
  const codeIn = (text?: string) => /code de vérification est : (\d{6})/.exec(text ?? '')?.[1];

  it('an unverified transporteur gets a code at sign-in, cannot use the API until verified, then can', async () => {
    const res = await t.post('/api/login', { email: 'nouveau@yams.ga', password: 'Yams2026!' });
    expect(res.json().data.verification_required).toBe(true);
    const { token, user } = res.json().data;
    const first = codeIn(t.lastMailTo('nouveau@yams.ga')?.text);
    expect(first).toMatch(/^\d{6}$/);
    const blocked = await t.get('/api/utilisateurs', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errors).toEqual([MSG.accountNotVerified]);

    // 'Renvoyer' replaces the code: the first one no longer works. Only the account's own token gets a mail:
    // without it, or for another account, the answer is the same and nothing is sent.
    const mails = t.mails.length;
    const anonymous = await t.post('/api/send-verification-code', { userId: user.id });
    const unknown = await t.post('/api/send-verification-code', { userId: 999_999 }, token);
    const verified = await t.post('/api/send-verification-code', { userId: 1 });
    for (const res of [anonymous, unknown, verified]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: MSG.codeSent, data: null });
    }
    expect(t.mails.length).toBe(mails);
    expect((await t.post('/api/send-verification-code', { userId: user.id }, token)).json().success).toBe(
      true,
    );
    expect(t.mails.length).toBe(mails + 1);
    const second = codeIn(t.lastMailTo('nouveau@yams.ga')?.text)!;
    if (first !== second) {
      const old = await t.post('/api/verify-account', { userId: user.id, code: first });
      expect(old.json().errors).toEqual([MSG.codeInvalid]);
    }
    const badFormat = await t.post('/api/verify-account', { userId: user.id, code: '12ab' });
    expect(badFormat.statusCode).toBe(422);
    expect(badFormat.json().data.fields.code).toBe('Le code de vérification doit contenir 6 chiffres.');

    const ok = await t.post('/api/verify-account', { userId: user.id, code: second });
    expect(ok.json()).toMatchObject({ success: true, message: MSG.accountVerified });
    expect((await t.get('/api/utilisateurs', token)).statusCode).toBe(200);
    // Verified now: the same answer, and no more codes.
    const after = await t.post('/api/send-verification-code', { userId: user.id }, token);
    expect(after.json()).toMatchObject({ success: true, message: MSG.codeSent, data: null });
    expect(t.mails.length).toBe(mails + 1);
  });

  it('refuses an expired code and locks a code after five wrong tries', async () => {
    const [model] = await t.database.db.select().from(users).where(eq(users.email, 'nouveau@yams.ga'));
    const [u] = await t.database.db
      .insert(users)
      .values({
        name: 'verif',
        type: 'transporteur',
        sous_type: 'entreprise',
        email: 'verif@yams.ga',
        nom: 'Verif SARL',
        password: model!.password,
      })
      .returning();
    const token = await t.login('verif@yams.ga');
    await t.post('/api/send-verification-code', { userId: u!.id }, token);
    const code = codeIn(t.lastMailTo('verif@yams.ga')?.text)!;
    await t.database.db
      .update(verificationCodes)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(verificationCodes.user_id, u!.id));
    const expired = await t.post('/api/verify-account', { userId: u!.id, code });
    expect(expired.json().errors).toEqual([MSG.codeExpired]);

    await t.post('/api/send-verification-code', { userId: u!.id }, token);
    const fresh = codeIn(t.lastMailTo('verif@yams.ga')?.text)!;
    const wrong = fresh === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await t.post('/api/verify-account', { userId: u!.id, code: wrong })).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const locked = await t.post('/api/verify-account', { userId: u!.id, code: fresh });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors).toEqual([MSG.codeTooManyTries]);
  });

  it('answers an unknown user like any other, and 422 for a missing userId', async () => {
    expect((await t.post('/api/send-verification-code', { userId: 999999 })).json()).toMatchObject({
      success: true,
      message: MSG.codeSent,
      data: null,
    });
    const res = await t.post('/api/verify-account', { code: '123456' });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields.userId).toBeDefined();
  });
});
