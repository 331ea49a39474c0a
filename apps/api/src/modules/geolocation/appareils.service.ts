import type { AppareilBody, AppareilInconnuBody, AppareilUpdateBody } from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Scoped, scoped } from '../../db/scoped';
import { randomToken } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { fieldErrors } from '../../lib/errors';
import { transaction } from '../../lib/transaction';
import { entrepriseForCreate, type Scope } from '../../plugins/auth';
import { vehicules } from '../fleet/fleet.table';
import { assertEntreprise, assertOwnRow } from '../reference/reference.checks';
import { assertPlateforme, lockAppareil } from './appareils.repository';
import { IDENTIFIANT_PRIS } from './geolocation.errors';
import { appareils, appareilsInconnus } from './geolocation.table';

const identifiantPris = (err: unknown) => {
  if (isUniqueViolation(err, 'appareils_identifiant_unique'))
    throw fieldErrors({ identifiant: IDENTIFIANT_PRIS });
  throw err;
};

const assertVehicule = (s: Scoped, id: number | null | undefined) =>
  assertOwnRow(s, vehicules, id, 'vehicule_id', "Ce véhicule n'existe pas.");

/** A registered identifier is no longer unknown. */
const plusInconnu = (tx: Db, identifiant: string) =>
  tx.delete(appareilsInconnus).where(eq(appareilsInconnus.identifiant, identifiant));

export function createAppareil(db: Db, scope: Scope, body: AppareilBody): Promise<number> {
  const entrepriseId = entrepriseForCreate(scope, body.entreprise_id);
  return transaction(db, async (tx) => {
    if (scope.entrepriseId === null) await assertEntreprise(tx, entrepriseId);
    const s = scoped(tx, { entrepriseId });
    await assertVehicule(s, body.vehicule_id);
    const [row] = await s
      .insert(appareils)
      .values({
        nom: body.nom,
        identifiant: body.identifiant,
        vehicule_id: body.vehicule_id ?? null,
        cle: body.avec_cle ? randomToken() : null,
      })
      .returning({ id: appareils.id });
    await plusInconnu(tx, body.identifiant);
    return row!.id;
  }).catch(identifiantPris);
}

/**
 * 'Appareil inconnu' → a device of the company the superadmin names, in one click (named after its
 * identifier by default). A company cannot: it would claim a phone it has not seen.
 */
export function registerInconnu(db: Db, scope: Scope, body: AppareilInconnuBody): Promise<number> {
  assertPlateforme(scope);
  return createAppareil(db, scope, {
    nom: body.nom ?? `Appareil ${body.identifiant}`,
    identifiant: body.identifiant,
    vehicule_id: body.vehicule_id ?? null,
    entreprise_id: body.entreprise_id ?? null,
  });
}

/** Returns the identifiers whose device changed (the ingest forgets them). */
export function updateAppareil(
  db: Db,
  scope: Scope,
  id: number,
  body: AppareilUpdateBody,
): Promise<string[]> {
  return transaction(db, async (tx) => {
    const a = await lockAppareil(tx, scope, id);
    const s = scoped(tx, { entrepriseId: a.entreprise_id });
    await assertVehicule(s, body.vehicule_id);
    const { avec_cle, ...fields } = body;
    const patch: Partial<typeof appareils.$inferInsert> = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    );
    // A secret asked for is made once (the phone keeps working); removed when no longer wanted.
    if (avec_cle === true && !a.cle) patch.cle = randomToken();
    if (avec_cle === false && a.cle) patch.cle = null;
    if (Object.keys(patch).length) await s.update(appareils).set(patch).where(eq(appareils.id, a.id));
    if (body.identifiant && body.identifiant !== a.identifiant) await plusInconnu(tx, body.identifiant);
    return [a.identifiant, ...(body.identifiant ? [body.identifiant] : [])];
  }).catch(identifiantPris);
}

/** Deletes a device and its positions (its course events stay, without it). */
export function destroyAppareil(
  db: Db,
  scope: Scope,
  id: number,
): Promise<{ message: string; identifiant: string }> {
  return transaction(db, async (tx) => {
    const a = await lockAppareil(tx, scope, id);
    await scoped(tx, { entrepriseId: a.entreprise_id }).delete(appareils).where(eq(appareils.id, a.id));
    return { message: `L'appareil ${a.nom} a été supprimé.`, identifiant: a.identifiant };
  });
}
