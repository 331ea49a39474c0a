import {
  identifiantTelephone,
  nomComplet,
  type PositionsBody,
  type PositionsOut,
  type TelephoneChauffeurOut,
} from '@yams/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { randomToken } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { fieldErrors } from '../../lib/errors';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { vehicules } from '../fleet/fleet.table';
import { appareils } from '../geolocation/geolocation.table';
import type { Ingest } from '../geolocation/ingest';
import type { Fix } from '../geolocation/osmand';
import { courses } from '../operations/operations.table';
import { coursesDuChauffeur, vehiculesDuChauffeur } from './courses-chauffeur.repository';

// The driver's phone as a GPS device of his company: registered on its first position (or when
// the app shows the Traccar Client set-up), on the vehicle he drives now, and fed into the same pipeline as
// OsmAnd devices (the live map, arrival events). Its secret key is the one Traccar Client is given, so the
// app's positions and Traccar's background ones are the same device's.

/** The steps of a course on the road: its vehicle is the one the driver is in. */
const SUR_LA_ROUTE = ['Chargement terminé', 'Transport en cours', 'Problemes mécaniques'];

/**
 * The vehicle the driver is in: his course on the road, else his course waiting to load today or before,
 * else the vehicle given to him in the fleet, else the one the app names (one of his).
 */
async function vehiculeActuel(
  db: Db,
  scope: Scope,
  voulu: number | null | undefined,
): Promise<number | null> {
  const s = scoped(db, scope);
  if (voulu && !(await vehiculesDuChauffeur(db, scope)).includes(voulu)) {
    throw fieldErrors({ vehicule_id: 'Ce véhicule ne vous est pas confié.' });
  }
  const [enRoute] = await s
    .select({ id: courses.vehicule_id })
    .from(courses)
    .where(
      and(
        coursesDuChauffeur(db, scope),
        inArray(courses.statut, SUR_LA_ROUTE),
        sql`${courses.date_chargement} > now() - interval '30 days'`,
      ),
    )
    .orderBy(desc(courses.date_chargement))
    .limit(1);
  if (enRoute) return enRoute.id;
  if (voulu) return voulu;
  const [attendu] = await s
    .select({ id: courses.vehicule_id })
    .from(courses)
    .where(
      and(
        coursesDuChauffeur(db, scope),
        eq(courses.statut, 'Chargement en attente'),
        sql`${courses.date_chargement} < now() + interval '1 day'`,
        sql`${courses.date_chargement} > now() - interval '7 days'`,
      ),
    )
    .orderBy(desc(courses.date_chargement))
    .limit(1);
  if (attendu) return attendu.id;
  const [sien] = await s
    .select({ id: vehicules.id })
    .from(vehicules)
    .where(eq(vehicules.chauffeur_id, scope.user.id))
    .limit(1);
  return sien?.id ?? null;
}

/** The phone's device, made on first use; moved to the vehicle he drives now. `moved`: the ingest must forget it. */
async function telephone(
  db: Db,
  scope: Scope,
  voulu: number | null | undefined,
  again = false,
): Promise<{ out: TelephoneChauffeurOut; moved: boolean }> {
  const identifiant = identifiantTelephone(scope.user.id);
  const vehiculeId = await vehiculeActuel(db, scope, voulu);
  const result = await transaction(db, async (tx) => {
    const s = scoped(tx, scope);
    const [found] = await s
      .select()
      .from(appareils)
      .where(eq(appareils.identifiant, identifiant))
      .for('update');
    let row = found;
    let moved = false;
    if (!row) {
      [row] = await s
        .insert(appareils)
        .values({
          nom: `Téléphone de ${nomComplet(scope.user)}`,
          identifiant,
          vehicule_id: vehiculeId,
          cle: randomToken(),
        })
        .returning();
    } else if ((vehiculeId !== null && row.vehicule_id !== vehiculeId) || !row.cle) {
      [row] = await s
        .update(appareils)
        .set({ vehicule_id: vehiculeId ?? row.vehicule_id, cle: row.cle ?? randomToken() })
        .where(eq(appareils.id, row.id))
        .returning();
      moved = true;
    }
    const [v] = row!.vehicule_id
      ? await s
          .select({ id: vehicules.id, plaque: vehicules.plaque })
          .from(vehicules)
          .where(eq(vehicules.id, row!.vehicule_id))
      : [];
    return {
      out: { appareil_id: row!.id, identifiant, cle: row!.cle!, vehicule: v ?? null },
      moved,
    };
  }).catch((err: unknown) => {
    // Two first positions raced: the other made the device, read it.
    // Two first positions raced: the other made the device, read it (once: the identifier is not another
    // company's, it names this user).
    if (!again && isUniqueViolation(err, 'appareils_identifiant_unique')) return null;
    throw err;
  });
  return result ?? telephone(db, scope, voulu, true);
}

export async function telephoneChauffeur(
  db: Db,
  scope: Scope,
  ingest: Ingest,
): Promise<TelephoneChauffeurOut> {
  const { out, moved } = await telephone(db, scope, null);
  if (moved) ingest.forgetDevice(out.identifiant);
  return out;
}

/** A batch of the phone's positions, stored as its device's (the same fix twice is stored once). */
export async function enregistrerPositions(
  db: Db,
  scope: Scope,
  ingest: Ingest,
  body: PositionsBody,
): Promise<PositionsOut> {
  const { out, moved } = await telephone(db, scope, body.vehicule_id);
  if (moved) ingest.forgetDevice(out.identifiant);
  const fixes: Fix[] = [...body.positions]
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
    .map((p) => ({
      heure: new Date(p.date).toISOString(),
      latitude: p.lat,
      longitude: p.lng,
      vitesse: p.vitesse ?? null,
      cap: p.cap ?? null,
      altitude: p.altitude ?? null,
      precision: p.precision_m ?? null,
      batterie: null,
      en_charge: null,
      attributs: { source: 'application chauffeur' },
      valide: true,
    }));
  await ingest.store({ identifiant: out.identifiant, cle: out.cle, fixes, releves: [] });
  return { ...out, recues: fixes.length };
}
