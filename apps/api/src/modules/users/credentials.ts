import { APP_NAME, PASSWORD_RESET_TTL_MINUTES } from '@yams/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, personalAccessTokens, type User } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { escapeHtml as esc, mailLayout } from '../../lib/mail-layout';
import type { Mail } from '../../lib/mailer';

// An account's credentials as the users module hands them out: the link that sets a password (an
// invitation, a reset) and the end of its sessions (a blocked account, a new password). Auth (sign-in,
// reset, the signed-in account) builds on them and on the users' lookups: the import goes auth → users,
// never back.

/** A single-use link to the reset page; also used to invite a new account to choose its password. */
export async function createResetLink(
  { db, config }: { db: Db; config: { appUrl: string } },
  user: User,
  ttlMinutes: number = PASSWORD_RESET_TTL_MINUTES,
): Promise<string> {
  const token = randomToken();
  await db.insert(passwordResets).values({
    user_id: user.id,
    token_hash: sha256(token),
    expires_at: new Date(Date.now() + ttlMinutes * 60_000).toISOString(),
  });
  return `${config.appUrl}/reinitialiser-mot-de-passe?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email ?? '')}`;
}

/** Revokes every token of a user, except `keepTokenId` when given. */
export async function revokeUserTokens(db: Db, userId: number, keepTokenId?: number): Promise<void> {
  const conditions = [eq(personalAccessTokens.user_id, userId), isNull(personalAccessTokens.revoked_at)];
  if (keepTokenId !== undefined) conditions.push(ne(personalAccessTokens.id, keepTokenId));
  await db
    .update(personalAccessTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(...conditions));
}

/** The invitation of a new account: choose your password. */
export function welcomeMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: `Votre compte ${APP_NAME}`,
    text: `Bonjour ${name},\n\nUn compte ${APP_NAME} vient d'être créé pour vous. Choisissez votre mot de passe ici :\n${link}\n`,
    html: mailLayout('Bienvenue', [
      `<p>Bonjour ${esc(name)},</p>`,
      `<p>Un compte ${esc(APP_NAME)} vient d'être créé pour vous.</p>`,
      `<p><a href="${esc(link)}">Choisir mon mot de passe</a></p>`,
    ]),
  };
}
