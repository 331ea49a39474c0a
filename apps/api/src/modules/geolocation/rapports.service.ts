import { GPS, type RapportTrajetsOut, type RapportTrajetsQuery } from '@yams/shared';
import { and, asc, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import type { Scope } from '../../plugins/auth';
import { getParametres } from '../entreprise/parametres.repository';
import { adresses } from '../operations/adresses.table';
import { nomCompletSql } from '../operations/operations.refs';
import { courses } from '../operations/operations.table';
import { distanceM } from './geo';
import { arretsOf, seuilsDe, trajetsGpsOf } from './trace';
import { loadTrace } from './trace.service';

/** A course of a vehicle, with its span in ms (no end: still running), its client, driver and places. */
export type CourseVehicule = {
  id: number;
  code: string;
  debut: number;
  fin: number;
  client: { id: number; nom: string };
  chauffeur: string | null;
  chargement: { latitude: number; longitude: number; adresse: string | null } | null;
  dechargement: { latitude: number; longitude: number; adresse: string | null } | null;
};
type Course = CourseVehicule;

const client = alias(users, 'client');
const chauffeur = alias(users, 'chauffeur');

/**
 * The vehicle's courses running at some point of [from, to] (ISO instants): from the loading, actual or
 * planned, to the unloading, actual or planned; cancelled courses left out; earliest first.
 */
export async function coursesDuVehicule(
  db: Db,
  scope: Scope,
  vehiculeId: number,
  from: string,
  to: string,
): Promise<CourseVehicule[]> {
  const start = sql<string>`coalesce(${courses.date_chargement_reelle}, ${courses.date_depart_reelle}, ${courses.date_chargement})`;
  const end = sql<string | null>`coalesce(${courses.date_dechargement_reelle}, ${courses.date_dechargement})`;
  const rows = await scoped(db, scope)
    .select({
      id: courses.id,
      code: courses.code,
      debut: start,
      fin: end,
      client_id: courses.client_id,
      client_nom: nomCompletSql(client),
      chauffeur_nom: sql<
        string | null
      >`case when ${chauffeur.id} is null then null else ${nomCompletSql(chauffeur)} end`,
      chargement_lat: courses.chargement_lat,
      chargement_lng: courses.chargement_lng,
      adresse_chargement: courses.adresse_chargement,
      dechargement_lat: courses.dechargement_lat,
      dechargement_lng: courses.dechargement_lng,
      adresse_dechargement: courses.adresse_dechargement,
    })
    .from(courses)
    .innerJoin(client, eq(client.id, courses.client_id))
    .leftJoin(chauffeur, eq(chauffeur.id, courses.chauffeur_id))
    .where(
      and(
        eq(courses.vehicule_id, vehiculeId),
        ne(courses.statut, 'Annulé'),
        lte(start, to),
        or(isNull(end), gte(end, from)),
      ),
    )
    .orderBy(asc(start));
  const lieu = (lat: number | null, lng: number | null, adresse: string | null) =>
    lat === null || lng === null ? null : { latitude: lat, longitude: lng, adresse };
  return rows.map((c) => ({
    id: c.id,
    code: c.code,
    debut: Date.parse(c.debut),
    fin: c.fin ? Date.parse(c.fin) : Number.POSITIVE_INFINITY,
    client: { id: c.client_id, nom: c.client_nom },
    chauffeur: c.chauffeur_nom,
    chargement: lieu(c.chargement_lat, c.chargement_lng, c.adresse_chargement),
    dechargement: lieu(c.dechargement_lat, c.dechargement_lng, c.adresse_dechargement),
  }));
}
type Lieu = { libelle: string; latitude: number; longitude: number };

/** The saved address nearest to a point, within GPS.lieuRayonM. */
function adresseProche(lieux: Lieu[], latitude: number, longitude: number): string | null {
  let best: { libelle: string; d: number } | null = null;
  for (const l of lieux) {
    const d = distanceM(latitude, longitude, l.latitude, l.longitude);
    if (d <= GPS.lieuRayonM && (!best || d < best.d)) best = { libelle: l.libelle, d };
  }
  return best?.libelle ?? null;
}

/** The course of the vehicle running at some point of [debut, fin] (the earliest one if several). */
function courseEntre(list: Course[], debut: string, fin: string): { id: number; code: string } | null {
  const [a, b] = [Date.parse(debut), Date.parse(fin)];
  const c = list.find((c) => c.debut <= b && c.fin >= a);
  return c ? { id: c.id, code: c.code } : null;
}

/**
 * `GET /api/rapports/trajets`: a device's trips and stops over a day range (Libreville days), each place
 * named after the company's nearest saved address and each trip or stop tied to the vehicle's course
 * running then (from its loading, actual or planned, to its unloading, actual or planned; cancelled courses
 * left out).
 */
export async function getRapportTrajets(
  db: Db,
  scope: Scope,
  q: RapportTrajetsQuery,
): Promise<RapportTrajetsOut> {
  const { appareil, entrepriseId, debut, fin, points } = await loadTrace(db, scope, q.appareil_id, q);
  const seuils = seuilsDe(await getParametres(db, entrepriseId));
  const trajets = trajetsGpsOf(points, seuils);
  const arrets = arretsOf(points, seuils);
  const from = points[0]?.heure;
  const to = points.at(-1)?.heure;

  const lieux: Lieu[] = await scoped(db, scope)
    .select({ libelle: adresses.libelle, latitude: adresses.latitude, longitude: adresses.longitude })
    .from(adresses)
    .where(eq(adresses.entreprise_id, entrepriseId));

  const running =
    appareil.vehicule && from && to ? await coursesDuVehicule(db, scope, appareil.vehicule.id, from, to) : [];

  const lieu = (p: { latitude: number; longitude: number }) => ({
    ...p,
    adresse: adresseProche(lieux, p.latitude, p.longitude),
  });
  const out = trajets.map((t) => ({
    ...t,
    depart: lieu(t.depart),
    arrivee: lieu(t.arrivee),
    course: courseEntre(running, t.debut, t.fin),
  }));
  return {
    appareil,
    date_debut: debut,
    date_fin: fin,
    trajets: out,
    arrets: arrets.map((a) => ({
      ...a,
      adresse: adresseProche(lieux, a.latitude, a.longitude),
      course: courseEntre(running, a.debut, a.fin),
    })),
    distance_km: Math.round(out.reduce((s, t) => s + t.distance_km, 0) * 100) / 100,
    duree_s: out.reduce((s, t) => s + t.duree_s, 0),
  };
}
