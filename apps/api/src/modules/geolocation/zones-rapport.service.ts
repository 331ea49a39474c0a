import type { RapportZonesOut, RapportZonesQuery, VisiteZoneOut, ZoneCategorie } from '@yams/shared';
import type { Db } from '../../db/client';
import type { Scope } from '../../plugins/auth';
import { getParametres } from '../entreprise/parametres.repository';
import { type CourseVehicule, coursesDuVehicule } from './rapports.service';
import { appareilsDuRapport } from './resume.service';
import { periodeTrace, pointsEntre } from './trace.service';
import { distanceAuBord, visitesDe, type ZoneGeo, zoneGeo } from './zones.geo';
import { zonesDuRapport } from './zones.repository';

/** A zone of the report: a saved one, or a course's pickup or drop-off (a circle of the arrival radius). */
interface ZoneRapport {
  id: number | null;
  nom: string;
  categorie: ZoneCategorie;
  geo: ZoneGeo;
  client: { id: number; nom: string } | null;
  /** A course's place: only its vehicle, and only around the course's time. */
  course?: CourseVehicule;
}

/** A course's place counts from 12 hours before its start to 12 hours after its end. */
const MARGE_COURSE_MS = 12 * 3_600_000;

const dans = (z: ZoneGeo, p: { latitude: number; longitude: number }) =>
  distanceAuBord(z, p.latitude, p.longitude) <= 0;

/**
 * `GET /api/rapports/zones`: each visit of the period (Libreville days) of the company's devices to its zones.
 * A saved zone's visit names the zone's client, else the client of a course of the vehicle whose pickup or
 * drop-off lies in the zone; it carries the vehicle's course running then. A course's pickup or drop-off
 * outside every saved zone is a zone of its own (named after the course) for the course's vehicle.
 */
export async function getRapportZones(db: Db, scope: Scope, q: RapportZonesQuery): Promise<RapportZonesOut> {
  const { debut, fin } = periodeTrace(q);
  const saved: ZoneRapport[] = (await zonesDuRapport(db, scope, q.zone)).map((z) => ({
    id: z.id,
    nom: z.nom,
    categorie: z.categorie,
    client: z.client,
    geo: zoneGeo(z),
  }));
  const rayons = new Map<number, number>();
  const visites: VisiteZoneOut[] = [];

  for (const a of await appareilsDuRapport(db, scope, q.vehicule)) {
    const points = await pointsEntre(db, scope, a.id, debut, fin);
    if (points.length === 0) continue;
    const running = a.vehicule_id
      ? await coursesDuVehicule(db, scope, a.vehicule_id, points[0]!.heure, points.at(-1)!.heure)
      : [];
    if (!rayons.has(a.entreprise_id))
      rayons.set(a.entreprise_id, (await getParametres(db, a.entreprise_id)).rayon_arrivee_m);
    const rayon = rayons.get(a.entreprise_id)!;

    const ofCourses: ZoneRapport[] = [];
    if (!q.zone) {
      for (const c of running) {
        for (const [lieu, categorie, libelle] of [
          [c.chargement, 'Chargement', 'Chargement'],
          [c.dechargement, 'Déchargement', 'Déchargement'],
        ] as const) {
          if (!lieu || saved.some((z) => dans(z.geo, lieu))) continue;
          ofCourses.push({
            id: null,
            nom: `${libelle} ${c.code}${lieu.adresse ? ` (${lieu.adresse})` : ''}`,
            categorie,
            client: c.client,
            course: c,
            geo: { type: 'cercle', latitude: lieu.latitude, longitude: lieu.longitude, rayon_m: rayon },
          });
        }
      }
    }

    for (const z of [...saved, ...ofCourses]) {
      for (const v of visitesDe(points, z.geo)) {
        const from = Date.parse(v.arrivee);
        const to = from + v.duree_s * 1000;
        if (z.course && (to < z.course.debut - MARGE_COURSE_MS || from > z.course.fin + MARGE_COURSE_MS))
          continue;
        const course = z.course ?? running.find((c) => c.debut <= to && c.fin >= from) ?? null;
        const client =
          z.client ??
          running.find(
            (c) =>
              (c.chargement && dans(z.geo, c.chargement)) || (c.dechargement && dans(z.geo, c.dechargement)),
          )?.client ??
          null;
        visites.push({
          zone: { id: z.id, nom: z.nom, categorie: z.categorie },
          appareil: { id: a.id, nom: a.nom },
          vehicule: a.vehicule_id && a.plaque ? { id: a.vehicule_id, plaque: a.plaque } : null,
          client,
          course: course ? { id: course.id, code: course.code } : null,
          ...v,
        });
      }
    }
  }

  const list = visites
    .filter((v) => !q.client || v.client?.id === q.client)
    .sort((x, y) => x.arrivee.localeCompare(y.arrivee) || x.zone.nom.localeCompare(y.zone.nom, 'fr'));
  const parZone = new Map<string, { nom: string; visites: number; duree_s: number }>();
  for (const v of list) {
    const z = parZone.get(v.zone.nom) ?? { nom: v.zone.nom, visites: 0, duree_s: 0 };
    z.visites++;
    z.duree_s += v.duree_s;
    parZone.set(v.zone.nom, z);
  }
  return {
    date_debut: debut,
    date_fin: fin,
    visites: list,
    zones: [...parZone.values()].sort((x, y) => y.duree_s - x.duree_s),
    duree_s: list.reduce((s, v) => s + v.duree_s, 0),
  };
}
