import { ADRESSE_MSG, type AdresseBody, type AdresseOut, type AdresseUpdateBody } from '@yams/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { villes } from '../../db/schema';
import { scoped } from '../../db/scoped';
import { createErrorFactory, fieldErrors } from '../../lib/errors';
import type { ListSource } from '../../lib/pagination';
import type { Scope } from '../../plugins/auth';
import { adresses } from './adresses.table';

const adresseNotFound = createErrorFactory({
  code: 'adresses.not_found',
  statusCode: 404,
  message: "Cette adresse n'existe pas.",
});

const columns = {
  id: adresses.id,
  libelle: adresses.libelle,
  ville_id: adresses.ville_id,
  ville: villes.libelle,
  latitude: adresses.latitude,
  longitude: adresses.longitude,
  utilisateur: adresses.utilisateur_id,
  created_at: adresses.created_at,
  updated_at: adresses.updated_at,
};

/**
 * An address book is a tenant's, read and written through `scoped()` like every tenant table: a company's
 * accounts share their company's places (depots, customers' sites); a client sees only their own, even a
 * client a company registered (whose scope is that company's).
 */
const carnet = (scope: Scope) =>
  scope.user.type === 'client' ? eq(adresses.utilisateur_id, scope.user.id) : undefined;
const select = (db: Db, scope: Scope) =>
  scoped(db, scope).select(columns).from(adresses).innerJoin(villes, eq(villes.id, adresses.ville_id));

export function listAdresses(db: Db, scope: Scope): ListSource<AdresseOut> {
  return {
    count: async () =>
      (await scoped(db, scope).select({ n: count() }).from(adresses).where(carnet(scope)))[0]?.n ?? 0,
    rows: (limit, offset) =>
      select(db, scope)
        .where(carnet(scope))
        .orderBy(asc(adresses.libelle), asc(adresses.id))
        .limit(limit)
        .offset(offset),
  };
}

export async function getAdresse(db: Db, scope: Scope, id: number): Promise<AdresseOut> {
  const [row] = await select(db, scope).where(and(eq(adresses.id, id), carnet(scope)));
  if (!row) throw adresseNotFound();
  return row;
}

/** The `utilisateur` sent must be the signed-in user; the `ville` a city of the platform. */
async function check(db: Db, scope: Scope, body: { ville?: number; utilisateur?: number }) {
  if (body.utilisateur !== undefined && body.utilisateur !== scope.user.id) {
    throw fieldErrors({ utilisateur: ADRESSE_MSG.utilisateur });
  }
  if (body.ville !== undefined) {
    // Villes are a platform table: read explicitly.
    const [v] = await db.select({ id: villes.id }).from(villes).where(eq(villes.id, body.ville));
    if (!v) throw fieldErrors({ ville: ADRESSE_MSG.villeChoisir });
  }
}

export async function createAdresse(db: Db, scope: Scope, b: AdresseBody): Promise<number> {
  await check(db, scope, b);
  const [row] = await scoped(db, scope)
    .insert(adresses)
    .values({
      // A superadmin's own places: their account is their tenant, as an app client's is.
      entreprise_id: scope.entrepriseId ?? scope.user.id,
      utilisateur_id: scope.user.id,
      libelle: b.libelle,
      ville_id: b.ville,
      latitude: b.lat,
      longitude: b.lng,
    })
    .returning({ id: adresses.id });
  return row!.id;
}

export async function updateAdresse(db: Db, scope: Scope, id: number, b: AdresseUpdateBody): Promise<void> {
  await getAdresse(db, scope, id);
  await check(db, scope, b);
  const patch = {
    ...(b.libelle !== undefined ? { libelle: b.libelle } : {}),
    ...(b.ville !== undefined ? { ville_id: b.ville } : {}),
    ...(b.lat !== undefined ? { latitude: b.lat } : {}),
    ...(b.lng !== undefined ? { longitude: b.lng } : {}),
  };
  if (Object.keys(patch).length) {
    await scoped(db, scope)
      .update(adresses)
      .set(patch)
      .where(and(eq(adresses.id, id), carnet(scope)));
  }
}

export async function destroyAdresse(db: Db, scope: Scope, id: number): Promise<string> {
  const deleted = await scoped(db, scope)
    .delete(adresses)
    .where(and(eq(adresses.id, id), carnet(scope)))
    .returning({ id: adresses.id });
  if (deleted.length === 0) throw adresseNotFound();
  return ADRESSE_MSG.supprimee;
}
