import { MSG } from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalAccessTokens } from '../src/db/schema';
import { addBackOfficeUser, setupApi, type TestContext } from './helpers';
import { connectError, listen, openTab, waitFor } from './realtime-support';

// A session ends — over HTTP and on the realtime socket — when its token passes its TTL, on sign-out, when
// the password changes, and when the account is blocked. The recheck runs every 300 ms here (15 s in
// production); sign-out, password change and blocking close the sockets at once, without waiting for it.
let t: TestContext;
let base: string;
let boss: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await setupApi({ REALTIME_RECHECK_MS: '300', TOKEN_TTL: '12' });
  base = await listen(t.app);
  boss = await t.login('direction@transgabon.ga');
});
afterAll(() => {
  for (const s of sockets) s.close();
});

const tab = async (token: string) => {
  const s = await openTab(base, token, t.app, { presence: false });
  sockets.push(s);
  return s;
};
const me = (token: string) => t.get('/api/me', token);
const tokenId = (token: string) => Number(token.split('|')[0]);

/** The socket is closed by the server within `ms`. */
async function closedByServer(socket: Socket, ms = 3000) {
  if (!socket.connected) return 'io server disconnect';
  return waitFor<string>(socket, 'disconnect', ms);
}

/** The socket is still open after the server rechecked every socket's token (twice, as the timer would). */
async function staysOpen(socket: Socket) {
  await t.app.realtime.recheck();
  await t.app.realtime.recheck();
  // The server drops a socket synchronously in the recheck: still known there means still open.
  expect(t.app.realtime.io.sockets.sockets.has(socket.id ?? '')).toBe(true);
  expect(socket.connected).toBe(true);
}

async function expectUnauthenticated(token: string) {
  const res = await me(token);
  expect(res.statusCode).toBe(401);
  expect(res.json().errors).toEqual([MSG.unauthenticated]);
  // And a new socket with it is refused.
  expect(await connectError(base, { auth: { token } })).toBe(MSG.unauthenticated);
}

describe('a session ends everywhere', () => {
  it('when its token passes its TTL', async () => {
    const before = Date.now();
    const token = await t.login('direction@ogooue-logistique.ga');
    const [row] = await t.database.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, tokenId(token)));
    // Issued for TOKEN_TTL hours.
    const ttl = Date.parse(row!.expires_at) - before;
    expect(ttl).toBeGreaterThan(12 * 3_600_000 - 60_000);
    expect(ttl).toBeLessThan(12 * 3_600_000 + 60_000);

    const socket = await tab(token);
    const other = await tab(boss);
    expect((await me(token)).statusCode).toBe(200);
    // Twelve hours later: the stored expiry is now in the past.
    await t.database.db
      .update(personalAccessTokens)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where(eq(personalAccessTokens.id, tokenId(token)));
    expect(await closedByServer(socket)).toBe('io server disconnect');
    await expectUnauthenticated(token);
    expect(other.connected).toBe(true);
  });

  it('on sign-out, for that token only', async () => {
    const token = await t.login('direction@ogooue-logistique.ga');
    const otherDevice = await t.login('direction@ogooue-logistique.ga');
    const socket = await tab(token);
    const otherSocket = await tab(otherDevice);
    const gone = closedByServer(socket);
    expect((await t.post('/api/logout', {}, token)).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await expectUnauthenticated(token);
    expect((await me(otherDevice)).statusCode).toBe(200);
    await staysOpen(otherSocket);
  });

  it('on a password change: every other device is signed out, the one that changed it stays', async () => {
    const tg = (await me(boss)).json().data.id as number;
    await addBackOfficeUser(t, tg, 'compta@transgabon.ga');
    const here = await t.login('compta@transgabon.ga');
    const phone = await t.login('compta@transgabon.ga');
    const laptop = await t.login('compta@transgabon.ga');
    const hereSocket = await tab(here);
    const phoneSocket = await tab(phone);
    const laptopSocket = await tab(laptop);
    const phoneGone = closedByServer(phoneSocket);
    const laptopGone = closedByServer(laptopSocket);

    const wrong = await t.post(
      '/api/me/update',
      { current_password: 'pas le bon', password: 'Nouveau2026!', password_confirmation: 'Nouveau2026!' },
      here,
    );
    expect(wrong.statusCode).toBe(422);
    expect((await me(phone)).statusCode).toBe(200);

    const changed = await t.post(
      '/api/me/update',
      { current_password: 'Yams2026!', password: 'Nouveau2026!', password_confirmation: 'Nouveau2026!' },
      here,
    );
    expect(changed.statusCode).toBe(200);
    expect(await phoneGone).toBe('io server disconnect');
    expect(await laptopGone).toBe('io server disconnect');
    await expectUnauthenticated(phone);
    await expectUnauthenticated(laptop);
    expect((await me(here)).statusCode).toBe(200);
    await staysOpen(hereSocket);
    // The old password no longer signs in, the new one does.
    expect(
      (await t.post('/api/login', { email: 'compta@transgabon.ga', password: 'Yams2026!', source: 'test' }))
        .statusCode,
    ).toBe(422);
    expect(await t.login('compta@transgabon.ga', 'Nouveau2026!')).toMatch(/^\d+\|/);
  });

  it('on a password reset from the mailed link: every device is signed out', async () => {
    const token = await t.login('direction@ogooue-logistique.ga');
    const socket = await tab(token);
    const gone = closedByServer(socket);
    await t.post('/api/forgot-password', { email: 'direction@ogooue-logistique.ga' });
    const link = /reinitialiser-mot-de-passe\?token=([^&\s]+)&email=/.exec(
      t.lastMailTo('direction@ogooue-logistique.ga')!.text,
    );
    const reset = await t.post('/api/reset-password', {
      token: decodeURIComponent(link![1]!),
      password: 'Reinit2026!',
      password_confirmation: 'Reinit2026!',
    });
    expect(reset.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await expectUnauthenticated(token);
  });

  it('when the account is blocked, on every device; reactivating it does not revive old tokens', async () => {
    const tg = (await me(boss)).json().data.id as number;
    const id = await addBackOfficeUser(t, tg, 'atelier@transgabon.ga');
    const a = await t.login('atelier@transgabon.ga');
    const b = await t.login('atelier@transgabon.ga');
    const socketA = await tab(a);
    const socketB = await tab(b);
    const bossSocket = await tab(boss);
    const goneA = closedByServer(socketA);
    const goneB = closedByServer(socketB);
    expect((await t.post(`/api/utilisateurs/${id}/disable`, {}, boss)).statusCode).toBe(200);
    expect(await goneA).toBe('io server disconnect');
    expect(await goneB).toBe('io server disconnect');
    await expectUnauthenticated(a);
    await expectUnauthenticated(b);
    const blockedLogin = await t.post('/api/login', {
      email: 'atelier@transgabon.ga',
      password: 'Yams2026!',
      source: 'test',
    });
    expect(blockedLogin.statusCode).not.toBe(200);

    expect((await t.post(`/api/utilisateurs/${id}/activate`, {}, boss)).statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(await t.login('atelier@transgabon.ga'))).statusCode).toBe(200);
    expect(bossSocket.connected).toBe(true);
  });
});
