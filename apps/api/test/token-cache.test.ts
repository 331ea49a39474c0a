import { MSG } from '@yams/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { personalAccessTokens, users } from '../src/db/schema';
import { setupApi, type TestContext } from './helpers';

// Who calls is read once and kept by the process (src/modules/auth/token-cache.ts): a list page pays no
// round trip for it. What the cache must never do is outlive a change: a token revoked or a user blocked
// or changed by anyone (another node, a script, SQL by hand) stops counting as soon as the notification
// of migration 0039 arrives; this process's own writes count before their answer leaves.
let t: TestContext;

beforeAll(async () => {
  t = await setupApi();
});

const tokenId = (token: string) => Number(token.split('|')[0]);
const me = (token: string) => t.get('/api/me', token);
/** On PostgreSQL a notification travels on another connection: a few milliseconds. */
const soon = { timeout: 3000, interval: 20 };

describe('the token cache', () => {
  it('reads a token once: with notifications off, a change by hand goes unseen until this process writes', async () => {
    const token = await t.login('coursier@yams.ga');
    // The first use writes the token's last use, whose notification drops it; the second is kept.
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    // As a lost notification would: the revocation is written with the triggers off.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(personalAccessTokens)
        .set({ revoked_at: new Date().toISOString() })
        .where(eq(personalAccessTokens.id, tokenId(token)));
    });
    // Still known: the database was not asked again.
    expect((await me(token)).statusCode).toBe(200);
    // Any write of this process (here a refused one) clears what it kept, before it answers.
    const other = await t.login('camionneur@yams.ga');
    expect((await t.post('/api/me/update', { telephone1: 'abc' }, other)).statusCode).toBe(422);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().errors).toEqual([MSG.unauthenticated]);
  });

  it('a token revoked by hand in SQL stops working at once', async () => {
    const token = await t.login('direction@ogooue-logistique.ga');
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update personal_access_tokens set revoked_at = now() where id = ${tokenId(token)}`,
    );
    await expect.poll(async () => (await me(token)).statusCode, soon).toBe(401);
  });

  it('an account blocked elsewhere is refused at once, on every token', async () => {
    const a = await t.login('camionneur@yams.ga');
    const b = await t.login('camionneur@yams.ga');
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(200);
    await t.database.db.update(users).set({ bloque: true }).where(eq(users.email, 'camionneur@yams.ga'));
    try {
      await expect.poll(async () => (await me(a)).statusCode, soon).toBe(401);
      await expect.poll(async () => (await me(b)).statusCode, soon).toBe(401);
    } finally {
      await t.database.db.update(users).set({ bloque: false }).where(eq(users.email, 'camionneur@yams.ga'));
    }
    // Unblocked elsewhere: the same tokens work again, without a write of this process.
    await expect.poll(async () => (await me(a)).statusCode, soon).toBe(200);
  });

  it('a user changed elsewhere is judged as it now is (here: no longer verified)', async () => {
    const token = await t.login('direction@transgabon.ga');
    const list = () => t.get('/api/vehicules?limit=1', token);
    expect((await list()).statusCode).toBe(200);
    const [before] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'direction@transgabon.ga'));
    await t.database.db.update(users).set({ email_verified_at: null }).where(eq(users.id, before!.id));
    try {
      await expect.poll(async () => (await list()).json().errors, soon).toEqual([MSG.accountNotVerified]);
    } finally {
      await t.database.db
        .update(users)
        .set({ email_verified_at: before!.email_verified_at })
        .where(eq(users.id, before!.id));
    }
    await expect.poll(async () => (await list()).statusCode, soon).toBe(200);
  });

  it('signing out answers 401 to the very next request, on this process', async () => {
    const token = await t.login('direction@ogooue-logistique.ga');
    expect((await me(token)).statusCode).toBe(200);
    expect((await t.post('/api/logout', undefined, token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });
});
