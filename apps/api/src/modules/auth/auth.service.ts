import {
  BACKOFFICE_TYPES,
  CHAUFFEUR_SOURCE,
  EMAIL_CHANGE_TTL_HOURS,
  estChauffeur,
  type LoginBody,
  MSG,
  nomComplet,
  telephoneNational,
  type UpdateMeBody,
  type UserType,
  VERIFICATION,
} from '@yams/shared';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { emailChanges, passwordResets, type User, users, verificationCodes } from '../../db/schema';
import { hashPassword, randomDigits, randomToken, sameHash, sha256, verifyPassword } from '../../lib/crypto';
import type { Mailer } from '../../lib/mailer';
import { assertStrongPassword } from '../../lib/password-policy';
import { assertNotLimited, clearFailures, recordFailure } from '../../lib/rate-limit';
import { createResetLink, revokeUserTokens } from '../users/credentials';
import {
  findChauffeursByTelephone,
  findUserByEmail,
  findUserById,
  getAccountOut,
} from '../users/users.repository';
import {
  accountBlocked,
  alreadyVerified,
  badCredentials,
  codeExpired,
  codeInvalid,
  codeTooManyTries,
  currentPasswordWrong,
  emailChangeInvalid,
  emailTaken,
  LIMITS,
  notBackoffice,
  notChauffeur,
  resetInvalid,
  userNotFound,
} from './auth.errors';
import { confirmEmailMail, emailChangeNoticeMail, resetPasswordMail, verificationCodeMail } from './mails';
import { issueToken } from './tokens.repository';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
}

interface Client {
  ip: string;
  userAgent?: string;
}

/** A hash to verify against when the email is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;

/**
 * The account behind a sign-in: by email, or (the driver's app only) by phone number, trying the password
 * on each driver account with that number. `user` is the one whose password matched, if any.
 */
async function credentialsOf(db: Db, body: LoginBody): Promise<User | undefined> {
  dummyHash ??= hashPassword('yams-dummy-password');
  const candidates = body.email
    ? [await findUserByEmail(db, body.email)].filter((u) => u !== undefined)
    : await findChauffeursByTelephone(db, body.telephone ?? '');
  // The same work whether or not an account exists, so the timing tells nothing.
  if (!candidates.length) await verifyPassword(await dummyHash, body.password);
  for (const user of candidates) {
    if (await verifyPassword(user.password ?? (await dummyHash), body.password)) return user;
  }
  return undefined;
}

/**
 * `POST /api/login`. The back-office (any `source` but "chauffeur") admits transporteur and superadmin
 * accounts only (the specification's message otherwise); the driver's app (`source: "chauffeur"`, email or
 * phone) admits drivers only (`estChauffeur`) and its token reaches `/api/chauffeur/…` only (plugins/auth.ts).
 */
export async function login({ db, mailer, config }: AuthDeps, body: LoginBody, client: Client) {
  const chauffeurApp = body.source === CHAUFFEUR_SOURCE;
  const ident = body.email ?? `tel:${telephoneNational(body.telephone)}`;
  const keys = { account: `login:${ident}`, address: `login-ip:${client.ip}` };
  await assertNotLimited(db, [
    { key: keys.account, max: LIMITS.loginPerAccount },
    { key: keys.address, max: LIMITS.loginPerAddress },
  ]);
  const user = await credentialsOf(db, body);
  if (!user) {
    await recordFailure(db, [keys.account, keys.address]);
    throw badCredentials(body.email ? MSG.badCredentials : MSG.badPhoneCredentials);
  }
  if (user.bloque) throw accountBlocked();
  if (chauffeurApp ? !estChauffeur(user) : !BACKOFFICE_TYPES.includes(user.type as UserType)) {
    throw chauffeurApp ? notChauffeur() : notBackoffice();
  }
  await clearFailures(db, [keys.account]);

  const token = await issueToken(db, {
    userId: user.id,
    name: body.source ?? 'yamsmanager',
    ttlHours: config.tokenTtlHours,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  // A driver's account is set up by the office (most drivers have no email to receive a code).
  const verificationRequired = !chauffeurApp && !user.email_verified_at;
  if (verificationRequired) await sendVerificationCode({ db, mailer, config }, user.id, client, false);
  const out = await getAccountOut(db, user);
  return { user: out!, token, verification_required: verificationRequired };
}

export async function forgotPassword({ db, mailer, config }: AuthDeps, email: string, client: Client) {
  const keys = { account: `forgot:${email}`, address: `forgot-ip:${client.ip}` };
  await assertNotLimited(db, [
    { key: keys.account, max: LIMITS.forgotPerAccount },
    { key: keys.address, max: LIMITS.forgotPerAddress },
  ]);
  // Every request counts: each one may send a mail.
  await recordFailure(db, [keys.account, keys.address]);
  const user = await findUserByEmail(db, email);
  if (!user?.email || user.bloque) return; // Same answer whether or not the account exists.
  const link = await createResetLink({ db, config }, user);
  await mailer.send(resetPasswordMail(user.email, nomComplet(user), link));
}

/**
 * The row of a single-use link (reset, invitation, email change) found by `find` among the unused ones, if it
 * has not expired; otherwise the link's 422, each miss counted against the caller's address.
 */
async function usableLink<R extends { expires_at: string }>(
  db: Db,
  addressKey: string,
  invalid: () => Error,
  find: () => Promise<R | undefined>,
): Promise<R> {
  await assertNotLimited(db, [{ key: addressKey, max: LIMITS.verifyPerAddress }]);
  const row = await find();
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) {
    await recordFailure(db, [addressKey]);
    throw invalid();
  }
  return row;
}

export async function resetPassword(
  { db }: Pick<AuthDeps, 'db'>,
  token: string,
  password: string,
  client: Client,
): Promise<number> {
  const row = await usableLink(db, `reset-ip:${client.ip}`, resetInvalid, async () => {
    const [found] = await db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.token_hash, sha256(token)), isNull(passwordResets.used_at)))
      .limit(1);
    return found;
  });
  await assertStrongPassword(password, (await findUserById(db, row.user_id)) ?? {});
  const hashed = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Mark the token used first and only if still unused, so two concurrent resets cannot both succeed.
    const used = await tx
      .update(passwordResets)
      .set({ used_at: sql`now()` })
      .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.used_at)))
      .returning({ id: passwordResets.id });
    if (!used.length) throw resetInvalid();
    await tx
      .update(users)
      .set({ password: hashed, email_verified_at: sql`coalesce(${users.email_verified_at}, now())` })
      .where(eq(users.id, row.user_id));
    await revokeUserTokens(tx as unknown as Db, row.user_id);
  });
  return row.user_id;
}

export async function sendVerificationCode(
  { db, mailer }: AuthDeps,
  userId: number,
  client: Client,
  limited = true,
) {
  const user = await findUserById(db, userId);
  if (!user) throw userNotFound();
  if (user.email_verified_at) throw alreadyVerified();
  // A client recorded with a phone alone has no address to send a code to.
  if (!user.email) throw userNotFound();
  const email = user.email;
  const key = `send-code:${userId}`;
  if (limited) await assertNotLimited(db, [{ key, max: LIMITS.sendCodePerAccount }]);
  await recordFailure(db, [key]);
  const code = randomDigits(VERIFICATION.codeLength);
  await db.transaction(async (tx) => {
    // A new code replaces the previous ones.
    await tx
      .update(verificationCodes)
      .set({ consumed_at: sql`now()` })
      .where(and(eq(verificationCodes.user_id, userId), isNull(verificationCodes.consumed_at)));
    await tx.insert(verificationCodes).values({
      user_id: userId,
      code_hash: sha256(`${userId}:${code}`),
      expires_at: new Date(Date.now() + VERIFICATION.ttlMinutes * 60_000).toISOString(),
    });
  });
  void client;
  await mailer.send(verificationCodeMail(email, nomComplet(user), code));
}

export async function verifyAccount(
  { db }: Pick<AuthDeps, 'db'>,
  userId: number,
  code: string,
  client: Client,
) {
  const addressKey = `verify-ip:${client.ip}`;
  await assertNotLimited(db, [{ key: addressKey, max: LIMITS.verifyPerAddress }]);
  const user = await findUserById(db, userId);
  if (!user) throw userNotFound();
  if (user.email_verified_at) throw alreadyVerified();
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.user_id, userId), isNull(verificationCodes.consumed_at)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row) {
    await recordFailure(db, [addressKey]);
    throw codeInvalid();
  }
  if (row.attempts >= VERIFICATION.maxAttempts) throw codeTooManyTries();
  if (new Date(row.expires_at).getTime() <= Date.now()) throw codeExpired();
  if (!sameHash(row.code_hash, sha256(`${userId}:${code}`))) {
    const [updated] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id))
      .returning({ attempts: verificationCodes.attempts });
    await recordFailure(db, [addressKey]);
    if ((updated?.attempts ?? 0) >= VERIFICATION.maxAttempts) throw codeTooManyTries();
    throw codeInvalid();
  }
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumed_at: sql`now()` })
      .where(eq(verificationCodes.id, row.id));
    await tx.update(users).set({ email_verified_at: sql`now()` }).where(eq(users.id, userId));
  });
}

/** Is this address another account's? */
async function emailOfAnother(db: Db, email: string, userId: number): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return !!other;
}

/**
 * `POST /api/me/update`. A new password or a new email needs the current password. A new email does not
 * replace the old one here: a link is mailed to it (`confirmEmail` makes the change), the old
 * address is told, and the account's other sessions close. Returns the account and the address waiting for
 * its confirmation, if any.
 */
export async function updateMe(
  { db, mailer, config }: AuthDeps,
  user: User,
  tokenId: number,
  body: UpdateMeBody,
): Promise<{ account: NonNullable<Awaited<ReturnType<typeof getAccountOut>>>; pendingEmail: string | null }> {
  const { current_password, password, password_confirmation, email, ...profile } = body;
  void password_confirmation;
  const changes: Partial<typeof users.$inferInsert> = {};
  for (const [key, value] of Object.entries(profile)) {
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  if (changes.name === null) delete changes.name;
  const newEmail = email && email.toLowerCase() !== user.email?.toLowerCase() ? email : null;
  if (newEmail && (await emailOfAnother(db, newEmail, user.id))) {
    throw emailTaken(MSG.emailTaken, { fields: { email: MSG.emailTaken } });
  }
  if (newEmail && !current_password) {
    throw currentPasswordWrong(MSG.currentPasswordForEmail, {
      fields: { current_password: MSG.currentPasswordForEmail },
    });
  }
  if (password || newEmail) {
    // A stolen session must not be a way to guess the password: wrong tries count like failed sign-ins.
    const key = `current-password:${user.id}`;
    await assertNotLimited(db, [{ key, max: LIMITS.loginPerAccount }]);
    if (!(await verifyPassword(user.password, current_password ?? ''))) {
      await recordFailure(db, [key]);
      throw currentPasswordWrong(MSG.currentPasswordWrong, {
        fields: { current_password: MSG.currentPasswordWrong },
      });
    }
  }
  if (password) {
    // Judged against the identity the account will have once this update is saved.
    await assertStrongPassword(password, { ...user, ...changes, email: newEmail ?? user.email });
    changes.password = await hashPassword(password);
  }
  const token = newEmail ? randomToken() : null;
  await db.transaction(async (tx) => {
    if (Object.keys(changes).length) await tx.update(users).set(changes).where(eq(users.id, user.id));
    if (newEmail && token) {
      // A newer request replaces a pending one: only the last link works.
      await tx
        .update(emailChanges)
        .set({ used_at: sql`now()` })
        .where(and(eq(emailChanges.user_id, user.id), isNull(emailChanges.used_at)));
      await tx.insert(emailChanges).values({
        user_id: user.id,
        new_email: newEmail,
        token_hash: sha256(token),
        expires_at: new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * 3_600_000).toISOString(),
      });
    }
  });
  const name = nomComplet({ ...user, ...changes });
  if (newEmail && token) {
    await mailer.send(
      confirmEmailMail(newEmail, name, `${config.appUrl}/confirmer-email?token=${encodeURIComponent(token)}`),
    );
    if (user.email) await mailer.send(emailChangeNoticeMail(user.email, name, newEmail));
  }
  // A new password or address signs out every other device; the device that asked stays signed in (it just
  // proved the current password), so the user is not thrown out of the profile page they are on.
  if (password || newEmail) await revokeUserTokens(db, user.id, tokenId);
  return { account: (await getAccountOut(db, user))!, pendingEmail: newEmail };
}

/** `POST /api/confirm-email`: the link mailed to the new address makes it the account's, once. */
export async function confirmEmail({ db }: Pick<AuthDeps, 'db'>, token: string, client: Client) {
  const row = await usableLink(db, `confirm-email-ip:${client.ip}`, emailChangeInvalid, async () => {
    const [found] = await db
      .select()
      .from(emailChanges)
      .where(and(eq(emailChanges.token_hash, sha256(token)), isNull(emailChanges.used_at)))
      .limit(1);
    return found;
  });
  if (await emailOfAnother(db, row.new_email, row.user_id)) {
    throw emailTaken(MSG.emailTaken);
  }
  await db.transaction(async (tx) => {
    const used = await tx
      .update(emailChanges)
      .set({ used_at: sql`now()` })
      .where(and(eq(emailChanges.id, row.id), isNull(emailChanges.used_at)))
      .returning({ id: emailChanges.id });
    if (!used.length) throw emailChangeInvalid();
    await tx
      .update(users)
      .set({ email: row.new_email, email_verified_at: sql`now()` })
      .where(eq(users.id, row.user_id));
  });
}
