import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { redisPresence } from '../src/modules/realtime/presence';
import { addBackOfficeUser, setupApi, type TestContext } from './helpers';
import { eventually, listen, openTab, waitFor } from './realtime-support';
import { startRedis } from './redis-server';

// Two API processes sharing one database and one Redis (started here from Debian's redis-server): the
// presence list and every broadcast cover both.

let redis: Awaited<ReturnType<typeof startRedis>>;
let t: TestContext;
let second: FastifyInstance;
let baseA: string;
let baseB: string;
const sockets: Socket[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  redis = await startRedis();
  const env = { REDIS_URL: redis.url, PRESENCE_TTL_MS: '4000' };
  t = await setupApi(env);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-test-b-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://yams.test', ...env }),
    webDist: undefined,
  };
  second = await buildApp({ config, database: t.database, logger: false });
  baseA = await listen(t.app);
  baseB = await listen(second);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const c of cleanups) await c();
  await second.close();
  await t.app.close();
  await redis.stop();
});

describe('presence and broadcasts across two API processes sharing a Redis', () => {
  it('counts tabs on both processes once per user, from either process', async () => {
    const tg = await t.login('direction@transgabon.ga');
    const tgId = (await t.get('/api/me', tg)).json().data.id as number;
    await addBackOfficeUser(t, tgId, 'exploitation@transgabon.ga');
    const tg2 = await t.login('exploitation@transgabon.ga');

    // Tabs of the first user on both processes; the second user's tab authorised by the other process.
    sockets.push(await openTab(baseA, tg, t.app), await openTab(baseB, tg, second));
    const crossTab = await openTab(baseB, tg2, t.app);
    sockets.push(crossTab);

    // A join authorised by the other process travels through Redis: both lists converge shortly after.
    for (const app of [t.app, second]) {
      const list = await eventually(
        async () =>
          (
            await app.inject({
              url: '/api/utilisateurs/connected',
              headers: { authorization: `Bearer ${tg}` },
            })
          ).json().data as { id: number; onglets: number }[],
        (l) => l.length === 2 && l.find((u) => u.id === tgId)?.onglets === 2,
        5000,
      );
      expect(list).toHaveLength(2);
      expect(list.find((u) => u.id === tgId)!.onglets).toBe(2);
    }

    // A company broadcast from process A reaches a socket of process B.
    const heard = waitFor<{ ok: number }>(crossTab, 'test:ping');
    t.app.realtime.emitToCompany(tgId, 'test:ping', { ok: 1 });
    expect((await heard).ok).toBe(1);

    // Closing on process B is seen by process A.
    crossTab.close();
    await eventually(
      async () =>
        (
          await t.app.inject({
            url: '/api/utilisateurs/connected?req_count=1',
            headers: { authorization: `Bearer ${tg}` },
          })
        ).json().data,
      (n) => n === 1,
      3000,
    );
  });

  it('forgets the tabs of a process that crashed once its heartbeat expires', async () => {
    const live = new Redis(redis.url);
    const crashing = new Redis(redis.url);
    crashing.on('error', () => undefined);
    cleanups.push(() => live.quit());
    const alive = redisPresence(live, 1500);
    const dead = redisPresence(crashing, 1500);
    cleanups.push(
      () => alive.close(),
      () => dead.close(),
    );
    const since = new Date().toISOString();
    await alive.add({ socketId: 'a1', userId: 9001, entrepriseId: 1, since });
    await dead.add({ socketId: 'b1', userId: 9002, entrepriseId: 1, since });
    const ids = async () =>
      (await alive.list())
        .map((e) => e.userId)
        .filter((id) => id > 9000)
        .sort();
    expect(await ids()).toEqual([9001, 9002]);
    // The process dies: its connection drops without any goodbye.
    crashing.disconnect();
    // The survivor keeps renewing its own entries past the expiry; the dead one's vanish. The survivor's
    // entry was written first, so without renewal it would expire no later than the dead one's: once the
    // dead one is gone, the survivor's still being there proves the renewal.
    expect(await eventually(ids, (l) => !l.includes(9002), 5000)).toEqual([9001]);
  });
});
