import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** 160 random bits, URL-safe. */
export const randomToken = () => randomBytes(20).toString('base64url');

export const randomDigits = (length: number) => Array.from({ length }, () => randomInt(0, 10)).join('');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// argon2id with the library's defaults (memory 19 MiB, 2 passes): OWASP's minimum recommendation.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
