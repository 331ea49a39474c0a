import { ZONE_MSG, type ZoneBody, type ZoneForme, type ZoneUpdateBody, zoneFormeErreurs } from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { resolveEntrepriseExistante } from '../../db/tenancy';
import { isUniqueViolation } from '../../lib/db-errors';
import { fieldErrors } from '../../lib/errors';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { assertClient } from '../operations/operations.refs';
import { zones } from './geolocation.table';
import { centreDe } from './zones.geo';
import { getZone, zoneNotFound } from './zones.repository';

const nomPris = (err: unknown): never => {
  if (isUniqueViolation(err, 'zones_entreprise_nom_unique')) throw fieldErrors({ nom: ZONE_MSG.nomPris });
  throw err;
};

/** The stored shape of a complete zone: a circle keeps its centre and radius, a polygon its vertices. */
function forme(v: ZoneForme) {
  const errors = zoneFormeErreurs(v);
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  if (v.type === 'polygone') {
    const points = v.points!;
    return { type: 'polygone' as const, ...centreDe(points), rayon_m: null, points };
  }
  return {
    type: 'cercle' as const,
    latitude: v.latitude!,
    longitude: v.longitude!,
    rayon_m: v.rayon_m!,
    points: null,
  };
}

export function createZone(db: Db, scope: Scope, body: ZoneBody): Promise<number> {
  return transaction(db, async (tx) => {
    const entrepriseId = await resolveEntrepriseExistante(tx, scope, body.entreprise_id);
    if (body.client_id) await assertClient(tx, entrepriseId, body.client_id);
    const [row] = await scoped(tx, { entrepriseId })
      .insert(zones)
      .values({
        nom: body.nom,
        categorie: body.categorie ?? (body.client_id ? 'Site client' : 'Autre'),
        client_id: body.client_id ?? null,
        ...forme(body),
      })
      .returning({ id: zones.id });
    return row!.id;
  }).catch(nomPris);
}

/** Changes the fields sent; the shape is checked once merged with the stored zone. */
export function updateZone(db: Db, scope: Scope, id: number, body: ZoneUpdateBody): Promise<void> {
  return transaction(db, async (tx) => {
    const z = await getZone(tx, scope, id);
    if (body.client_id) await assertClient(tx, z.entreprise_id, body.client_id);
    const merged: ZoneForme = {
      type: body.type ?? z.type,
      latitude: body.latitude !== undefined ? body.latitude : z.latitude,
      longitude: body.longitude !== undefined ? body.longitude : z.longitude,
      rayon_m: body.rayon_m !== undefined ? body.rayon_m : z.rayon_m,
      points: body.points !== undefined ? body.points : z.points,
    };
    const updated = await scoped(tx, scope)
      .update(zones)
      .set({
        ...(body.nom !== undefined ? { nom: body.nom } : {}),
        ...(body.categorie !== undefined ? { categorie: body.categorie } : {}),
        ...(body.client_id !== undefined ? { client_id: body.client_id } : {}),
        ...forme(merged),
      })
      .where(eq(zones.id, id))
      .returning({ id: zones.id });
    if (updated.length === 0) throw zoneNotFound();
  }).catch(nomPris);
}

export async function destroyZone(db: Db, scope: Scope, id: number): Promise<string> {
  const deleted = await scoped(db, scope).delete(zones).where(eq(zones.id, id)).returning({ id: zones.id });
  if (deleted.length === 0) throw zoneNotFound();
  return 'La zone a été supprimée.';
}
