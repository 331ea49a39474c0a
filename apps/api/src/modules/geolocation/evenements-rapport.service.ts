import {
  addDays,
  debutJourGabon,
  GPS_EVENEMENT_TYPES,
  type GpsEvenementType,
  type RapportEvenementsOut,
  type RapportEvenementsQuery,
} from '@yams/shared';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { Scope } from '../../plugins/auth';
import { vehicules } from '../fleet/fleet.table';
import { courses } from '../operations/operations.table';
import { detailTexte } from './alertes.service';
import { appareils, gpsEvenements, zones } from './geolocation.table';
import { periodeTrace } from './trace.service';

/**
 * `GET /api/rapports/evenements`: the company's GPS events of a period (Libreville days), oldest first, of one
 * vehicle, zone or type if asked, with their count per type.
 */
export async function getRapportEvenements(
  db: Db,
  scope: Scope,
  q: RapportEvenementsQuery,
): Promise<RapportEvenementsOut> {
  const { debut, fin } = periodeTrace(q);
  const e = gpsEvenements;
  const rows = await scoped(db, scope)
    .select({
      id: e.id,
      type: e.type,
      heure: e.heure,
      latitude: e.latitude,
      longitude: e.longitude,
      lieu: e.lieu,
      details: e.details,
      appareil_id: e.appareil_id,
      appareil_nom: appareils.nom,
      vehicule_id: e.vehicule_id,
      plaque: vehicules.plaque,
      zone_id: e.zone_id,
      zone_nom: zones.nom,
      course_id: e.course_id,
      course_code: courses.code,
    })
    .from(e)
    .innerJoin(appareils, eq(appareils.id, e.appareil_id))
    .leftJoin(vehicules, eq(vehicules.id, e.vehicule_id))
    .leftJoin(zones, eq(zones.id, e.zone_id))
    .leftJoin(courses, eq(courses.id, e.course_id))
    .where(
      and(
        gte(e.heure, new Date(debutJourGabon(debut)).toISOString()),
        lt(e.heure, new Date(debutJourGabon(addDays(fin, 1))).toISOString()),
        q.vehicule ? eq(e.vehicule_id, q.vehicule) : undefined,
        q.zone ? eq(e.zone_id, q.zone) : undefined,
        q.type ? eq(e.type, q.type) : undefined,
      ),
    )
    .orderBy(asc(e.heure), asc(e.id));
  const evenements = rows.map((r) => ({
    id: r.id,
    type: r.type,
    heure: r.heure,
    appareil: { id: r.appareil_id, nom: r.appareil_nom },
    vehicule: r.vehicule_id && r.plaque ? { id: r.vehicule_id, plaque: r.plaque } : null,
    latitude: r.latitude,
    longitude: r.longitude,
    lieu: r.lieu,
    zone: r.zone_id && r.zone_nom ? { id: r.zone_id, nom: r.zone_nom } : null,
    course: r.course_id && r.course_code ? { id: r.course_id, code: r.course_code } : null,
    detail: detailTexte(r.type, r.details),
  }));
  const nombre = new Map<GpsEvenementType, number>();
  for (const ev of evenements) nombre.set(ev.type, (nombre.get(ev.type) ?? 0) + 1);
  return {
    date_debut: debut,
    date_fin: fin,
    evenements,
    types: GPS_EVENEMENT_TYPES.filter((t) => nombre.has(t)).map((type) => ({
      type,
      nombre: nombre.get(type)!,
    })),
  };
}
