import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personalAccessTokens, type User, users } from '../../db/schema';
import { randomToken, sameHash, sha256 } from '../../lib/crypto';
import type { TokenCache } from './token-cache';

/** Issues a Sanctum-style token `id|secret`; only the SHA-256 of the secret is stored. */
export async function issueToken(
  db: Db,
  input: { userId: number; name: string; ttlHours: number; ip?: string; userAgent?: string },
): Promise<string> {
  const secret = randomToken();
  const [row] = await db
    .insert(personalAccessTokens)
    .values({
      user_id: input.userId,
      name: input.name,
      token_hash: sha256(secret),
      ip: input.ip?.slice(0, 64),
      user_agent: input.userAgent?.slice(0, 500),
      expires_at: new Date(Date.now() + input.ttlHours * 3_600_000).toISOString(),
    })
    .returning({ id: personalAccessTokens.id });
  return `${row!.id}|${secret}`;
}

export interface Authenticated {
  user: User;
  tokenId: number;
  /** The client the token was issued to (the login's `source`): "chauffeur" for the driver's app. */
  source: string;
}

/**
 * The user behind a bearer token, or null when it is unknown, expired, revoked or its user blocked. With a
 * cache (the auth plugin's), a token seen lately is not read again (token-cache.ts says when it is).
 */
export async function findByToken(db: Db, bearer: string, cache?: TokenCache): Promise<Authenticated | null> {
  const match = /^(\d{1,10})\|([A-Za-z0-9_-]{20,100})$/.exec(bearer);
  if (!match) return null;
  const id = Number(match[1]);
  let row: { token: typeof personalAccessTokens.$inferSelect; user: User } | undefined = cache?.get(id);
  if (!row) {
    const generation = cache?.generation ?? 0;
    [row] = await db
      .select({ token: personalAccessTokens, user: users })
      .from(personalAccessTokens)
      .innerJoin(users, eq(users.id, personalAccessTokens.user_id))
      .where(and(eq(personalAccessTokens.id, id), isNull(personalAccessTokens.revoked_at)))
      .limit(1);
    if (row) cache?.set(id, row, generation);
  }
  if (!row || !sameHash(row.token.token_hash, sha256(match[2]!))) return null;
  if (new Date(row.token.expires_at).getTime() <= Date.now() || row.user.bloque) return null;
  // Write last use at most once a minute per token.
  const last = row.token.last_used_at ? new Date(row.token.last_used_at).getTime() : 0;
  if (Date.now() - last > 60_000) {
    const now = new Date().toISOString();
    row.token.last_used_at = now;
    await db.update(personalAccessTokens).set({ last_used_at: now }).where(eq(personalAccessTokens.id, id));
    await db.update(users).set({ last_seen_at: now }).where(eq(users.id, row.user.id));
  }
  return { user: row.user, tokenId: id, source: row.token.name };
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db
    .update(personalAccessTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(personalAccessTokens.id, tokenId), isNull(personalAccessTokens.revoked_at)));
}

/** Of these tokens, the ones still valid: not revoked, not expired, their user not blocked. */
export async function stillValidTokens(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: personalAccessTokens.id })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.user_id))
    .where(
      and(
        inArray(personalAccessTokens.id, ids),
        isNull(personalAccessTokens.revoked_at),
        sql`${personalAccessTokens.expires_at} > now()`,
        eq(users.bloque, false),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
