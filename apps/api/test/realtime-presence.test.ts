import { MSG } from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalAccessTokens } from '../src/db/schema';
import { addBackOfficeUser, setupApi, type TestContext } from './helpers';
import { connectError, eventually, listen, openTab, waitFor } from './realtime-support';

let t: TestContext;
let base: string;
let tg: { id: number; token: string };
let tg2: { id: number; token: string };
let og: { id: number; token: string };
let admin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await setupApi({ REALTIME_RECHECK_MS: '300' });
  base = await listen(t.app);
  const me = async (token: string) => ({
    id: (await t.get('/api/me', token)).json().data.id as number,
    token,
  });
  tg = await me(await t.login('direction@transgabon.ga'));
  og = await me(await t.login('direction@ogooue-logistique.ga'));
  admin = await t.login('admin@yams.ga');
  await addBackOfficeUser(t, tg.id, 'exploitation@transgabon.ga');
  tg2 = await me(await t.login('exploitation@transgabon.ga'));
});
afterAll(() => {
  for (const s of sockets) s.close();
});

const tab = async (token: string) => {
  const s = await openTab(base, token, t.app);
  sockets.push(s);
  return s;
};
const connected = async (token: string) =>
  (await t.get('/api/utilisateurs/connected', token)).json().data as {
    id: number;
    onglets: number;
    connecte_depuis: string;
  }[];
const count = async (token: string) =>
  (await t.get('/api/utilisateurs/connected?req_count=1', token)).json().data as number;

describe('presence on one API process', () => {
  it('counts a user with three tabs once, per company, and forgets them when the last tab closes', async () => {
    expect(await count(tg.token)).toBe(0);
    const tabs = [await tab(tg.token), await tab(tg.token), await tab(tg.token)];
    await tab(tg2.token);
    await tab(og.token);

    expect(await count(tg.token)).toBe(2);
    const list = await connected(tg.token);
    expect(list.map((u) => u.id).sort()).toEqual([tg.id, tg2.id].sort());
    expect(list.find((u) => u.id === tg.id)!.onglets).toBe(3);
    expect(list.find((u) => u.id === tg2.id)!.onglets).toBe(1);
    expect(Date.parse(list[0]!.connecte_depuis)).toBeGreaterThan(Date.now() - 60_000);
    // Another company sees only its own; the superadmin sees everyone.
    expect((await connected(og.token)).map((u) => u.id)).toEqual([og.id]);
    expect(await count(admin)).toBe(3);
    // Paged like every list.
    const page = (await t.get('/api/utilisateurs/connected?page=1&per_page=1', tg.token)).json().data;
    expect(page.total).toBe(2);
    expect(page.data).toHaveLength(1);

    tabs[0]!.close();
    tabs[1]!.close();
    await eventually(
      () => connected(tg.token),
      (l) => l.find((u) => u.id === tg.id)?.onglets === 1,
    );
    tabs[2]!.close();
    const after = await eventually(
      () => connected(tg.token),
      (l) => l.length === 1,
      3000,
    );
    expect(after.map((u) => u.id)).toEqual([tg2.id]);
  });

  it('tells the company’s sockets live that presence changed', async () => {
    const watcher = await tab(og.token);
    const changed = waitFor<{ user_id: number }>(watcher, 'presence:changed');
    const other = await openTab(base, og.token, t.app);
    expect((await changed).user_id).toBe(og.id);
    other.close();
  });

  it('refuses a socket without a valid token, or from a foreign page', async () => {
    expect(await connectError(base, { auth: { token: '1|nottherealsecretatall00' } })).toBe(
      MSG.unauthenticated,
    );
    expect(await connectError(base, {})).toBe(MSG.unauthenticated);
    expect(
      await connectError(base, { auth: { token: tg.token }, extraHeaders: { origin: 'http://evil.test' } }),
    ).toMatch(/websocket error|xhr poll error|Forbidden/i);
    const own = await openTab(base, tg.token, t.app, { presence: false });
    own.close();
  });

  it('authorises only one’s own socket, on the channels of the specification', async () => {
    const mine = await tab(tg2.token);
    const post = (token: string | undefined, body: unknown) => t.post('/broadcasting/auth', body, token);
    const okRes = await post(tg2.token, { socket_id: mine.id, channel_name: 'presence-app' });
    expect(okRes.statusCode).toBe(200);
    expect(JSON.parse(okRes.json().data.channel_data).user_id).toBe(tg2.id);
    expect(
      (await post(tg2.token, { socket_id: mine.id, channel_name: `private-user.${tg2.id}` })).statusCode,
    ).toBe(200);
    const stolen = await post(og.token, { socket_id: mine.id, channel_name: 'presence-app' });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().errors).toEqual(['Ce socket n’est pas le vôtre ou n’est plus connecté.']);
    const foreign = await post(tg2.token, { socket_id: mine.id, channel_name: `private-user.${tg.id}` });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errors).toEqual(['Accès refusé à ce canal.']);
    expect((await post(undefined, { socket_id: mine.id, channel_name: 'presence-app' })).statusCode).toBe(
      401,
    );
    const invalid = await post(tg2.token, { channel_name: 'presence-app' });
    expect(invalid.statusCode).toBe(422);
  });

  it('drops the socket of a token signed out, revoked, or of an account blocked', async () => {
    // Sign-out: at once.
    const token1 = await t.login('exploitation@transgabon.ga');
    const s1 = await tab(token1);
    const gone1 = waitFor(s1, 'disconnect');
    expect((await t.post('/api/logout', {}, token1)).statusCode).toBe(200);
    await gone1;

    // Revoked another way (a password change revokes the other tokens): within the recheck.
    const token2 = await t.login('exploitation@transgabon.ga');
    const s2 = await tab(token2);
    const gone2 = waitFor(s2, 'disconnect');
    await t.database.db
      .update(personalAccessTokens)
      .set({ revoked_at: new Date().toISOString() })
      .where(eq(personalAccessTokens.id, Number(token2.split('|')[0])));
    await gone2;

    // Blocked by the company: every socket of the account.
    const s3 = await tab(tg2.token);
    const gone3 = waitFor(s3, 'disconnect');
    expect((await t.post(`/api/utilisateurs/${tg2.id}/disable`, {}, tg.token)).statusCode).toBe(200);
    await gone3;
    await eventually(
      () => connected(tg.token),
      (l) => !l.some((u) => u.id === tg2.id),
      3000,
    );
  });
});
