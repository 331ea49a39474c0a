import { MSG, RATE_LIMIT } from '@yams/shared';
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authAttempts } from '../db/schema';
import { AppError } from './errors';

export interface Limit {
  key: string;
  max: number;
}

const windowStart = () => new Date(Date.now() - RATE_LIMIT.windowMinutes * 60_000).toISOString();

/**
 * Failed attempts are counted in the database so that every API node sees the same numbers.
 * Throws 429 when any of the keys has reached its maximum within the window.
 */
export async function assertNotLimited(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const [row] = await db
      .select({ n: count() })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, limit.key), gt(authAttempts.created_at, windowStart())));
    if ((row?.n ?? 0) >= limit.max) {
      throw new AppError('auth.too_many_attempts', 429, [MSG.tooManyAttempts(RATE_LIMIT.windowMinutes)]);
    }
  }
}

export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.insert(authAttempts).values(keys.map((key) => ({ key })));
  // Keep the table small: forget attempts older than the window.
  if (Math.random() < 0.05) await db.delete(authAttempts).where(lt(authAttempts.created_at, windowStart()));
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(authAttempts).where(inArray(authAttempts.key, keys));
}
