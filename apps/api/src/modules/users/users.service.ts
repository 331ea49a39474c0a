import {
  type AccesChauffeurOut,
  contactManquant,
  estChauffeur,
  MSG,
  nomComplet,
  telephoneNational,
  type UserCreateBody,
  type UserOut,
  type UserUpdateBody,
} from '@yams/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { passwordResets, type User, users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { AppError, createErrorFactory, fieldErrors } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { entrepriseForCreate, type Scope } from '../../plugins/auth';
import { createResetLink, revokeUserTokens, welcomeMail } from './credentials';
import { findUserById, getUserOut } from './users.repository';

export const userNotFound = createErrorFactory({
  code: 'users.not_found',
  statusCode: 404,
  message: "Cet utilisateur n'existe pas.",
});
const forbidden = createErrorFactory({ code: 'users.forbidden', statusCode: 403, message: MSG.forbidden });

/** Types a company may create for itself; platform-level types are a superadmin's. */
const COMPANY_TYPES = ['client', 'camionneur', 'coursier', 'agent'];
/** An invitation to choose a password stays valid for a week. */
const INVITATION_TTL_MINUTES = 7 * 24 * 60;

/**
 * A user of the scope, or 404 exactly like a missing one. 'visible' also finds the clients of other companies
 * who booked with this one (read only); 'own' only the company's own accounts (to change them).
 */
export async function findScopedUser(
  db: Db,
  scope: Scope,
  id: number,
  reach: 'visible' | 'own' = 'own',
): Promise<User> {
  const [user] = await scoped(db, scope).select().from(users, reach).where(eq(users.id, id)).limit(1);
  if (!user) throw userNotFound();
  return user;
}

async function assertEmailFree(db: Db, email: string, exceptId?: number) {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  if (other) throw fieldErrors({ email: MSG.emailTaken });
}

async function assertCommercial(db: Db, scope: Scope, id: number | null | undefined) {
  if (!id) return;
  const [c] = await scoped(db, scope).select().from(users, 'own').where(eq(users.id, id)).limit(1);
  if (!c) {
    throw fieldErrors({ commercial_id: "Ce commercial n'existe pas dans votre entreprise." });
  }
}

export async function createUser(
  deps: { db: Db; mailer: Mailer; config: Config },
  scope: Scope,
  body: UserCreateBody,
): Promise<UserOut> {
  const { db } = deps;
  if (scope.entrepriseId !== null && !COMPANY_TYPES.includes(body.type)) throw forbidden();
  if (body.email) await assertEmailFree(db, body.email);
  await assertCommercial(db, scope, body.commercial_id);
  const isCompany = body.type === 'transporteur';
  const isPlatform = body.type === 'superadmin';
  const entrepriseId = isCompany || isPlatform ? null : entrepriseForCreate(scope, body.entreprise_id);
  if (entrepriseId !== null && scope.entrepriseId === null) {
    const company = await findUserById(db, entrepriseId);
    if (company?.type !== 'transporteur') {
      throw fieldErrors({ entreprise_id: "Cette entreprise n'existe pas." });
    }
  }
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        ...body,
        sous_type: isCompany ? body.sous_type : null,
        commercial_id: body.commercial_id ?? null,
        entreprise_id: entrepriseId,
        // The owner proves the address by following the mailed link.
        email_verified_at: null,
        password: null,
      })
      .returning();
    // A transporteur account is its own company.
    if (isCompany) await tx.update(users).set({ entreprise_id: row!.id }).where(eq(users.id, row!.id));
    return row!;
  });
  // Clients of the mobile app and staff set their password from the invitation (a client recorded with a
  // phone alone gets none: they are reached by phone).
  if (created.email) {
    const link = await createResetLink(deps, created, INVITATION_TTL_MINUTES);
    await deps.mailer.send(welcomeMail(created.email, nomComplet(created), link));
  }
  return (await getUserOut(db, scope, created.id))!;
}

export async function updateUser(db: Db, scope: Scope, id: number, body: UserUpdateBody): Promise<UserOut> {
  const user = await findScopedUser(db, scope, id);
  if (body.email) await assertEmailFree(db, body.email, id);
  if (body.email !== undefined || body.telephone1 !== undefined) {
    const missing = contactManquant(user.type, {
      email: body.email === undefined ? user.email : body.email,
      telephone1: body.telephone1 === undefined ? user.telephone1 : body.telephone1,
    });
    if (missing) throw fieldErrors({ [missing.field]: missing.message });
  }
  await assertCommercial(db, scope, body.commercial_id);
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  if (user.type !== 'transporteur') delete changes.sous_type;
  if (Object.keys(changes).length) await scoped(db, scope).update(users).set(changes).where(eq(users.id, id));
  return (await getUserOut(db, scope, id))!;
}

/** Blocks or reactivates an account; a blocked account's tokens stop working at once. */
export async function setBlocked(db: Db, scope: Scope, id: number, bloque: boolean): Promise<UserOut> {
  const user = await findScopedUser(db, scope, id);
  if (user.id === scope.user.id) {
    throw new AppError('users.self_block', 422, ['Vous ne pouvez pas bloquer votre propre compte.']);
  }
  if (scope.entrepriseId !== null && user.id === scope.entrepriseId) throw forbidden();
  // Refused like the row's `can` says (utilisateurCan), so a screen and the API agree.
  if (user.bloque === bloque) {
    throw new AppError('users.block_state', 409, [
      bloque ? 'Ce compte est déjà bloqué.' : "Ce compte n'est pas bloqué.",
    ]);
  }
  await scoped(db, scope).update(users).set({ bloque }).where(eq(users.id, id));
  if (bloque) await revokeUserTokens(db, id);
  return (await getUserOut(db, scope, id))!;
}

/**
 * The driver's app access: a single-use link to choose a password, then the app; the office sends it
 * by WhatsApp or SMS (most drivers have no email). The unused links of the account stop working (a reset).
 */
export async function accesChauffeur(
  deps: { db: Db; config: Config },
  scope: Scope,
  id: number,
): Promise<AccesChauffeurOut> {
  const user = await findScopedUser(deps.db, scope, id);
  if (!estChauffeur(user)) {
    throw new AppError('users.not_driver', 422, [
      "L'application chauffeur est réservée aux camionneurs et aux coursiers.",
    ]);
  }
  if (user.bloque) {
    throw new AppError('users.blocked', 409, [
      "Ce compte est bloqué : activez-le avant de lui donner l'accès à l'application chauffeur.",
    ]);
  }
  await deps.db
    .update(passwordResets)
    .set({ used_at: sql`now()` })
    .where(and(eq(passwordResets.user_id, user.id), isNull(passwordResets.used_at)));
  const lien = `${await createResetLink(deps, user, INVITATION_TTL_MINUTES)}&app=chauffeur`;
  const expire = new Date(Date.now() + INVITATION_TTL_MINUTES * 60_000);
  const identifiant = user.telephone1 ? `votre numéro ${user.telephone1}` : `l'adresse ${user.email}`;
  const message =
    `Bonjour ${nomComplet(user)}, voici votre accès à l'application chauffeur : ${lien} — ouvrez-le sur votre ` +
    `téléphone pour choisir votre mot de passe (lien valable 7 jours, une seule fois). Pour vous connecter : ${identifiant}.`;
  const national = telephoneNational(user.telephone1);
  return {
    lien,
    expire_le: expire.toISOString(),
    message,
    whatsapp: national ? `https://wa.me/241${national}?text=${encodeURIComponent(message)}` : null,
  };
}
