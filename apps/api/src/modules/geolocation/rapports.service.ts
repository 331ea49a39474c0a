import { GPS, type RapportTrajetsOut, type RapportTrajetsQuery } from '@yams/shared';
import { and, asc, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { Scope } from '../../plugins/auth';
import { getParametres } from '../entreprise/parametres.repository';
import { adresses } from '../operations/adresses.table';
import { courses } from '../operations/operations.table';
import { distanceM } from './geo';
import { arretsOf, seuilsDe, trajetsGpsOf } from './trace';
import { loadTrace } from './trace.service';

type Course = { id: number; code: string; debut: number; fin: number };
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

  const start = sql<string>`coalesce(${courses.date_chargement_reelle}, ${courses.date_depart_reelle}, ${courses.date_chargement})`;
  const end = sql<string | null>`coalesce(${courses.date_dechargement_reelle}, ${courses.date_dechargement})`;
  const running: Course[] =
    appareil.vehicule && from && to
      ? (
          await scoped(db, scope)
            .select({ id: courses.id, code: courses.code, debut: start, fin: end })
            .from(courses)
            .where(
              and(
                eq(courses.vehicule_id, appareil.vehicule.id),
                ne(courses.statut, 'Annulé'),
                lte(start, to),
                or(isNull(end), gte(end, from)),
              ),
            )
            .orderBy(asc(start))
        ).map((c) => ({
          id: c.id,
          code: c.code,
          debut: Date.parse(c.debut),
          fin: c.fin ? Date.parse(c.fin) : Number.POSITIVE_INFINITY,
        }))
      : [];

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
