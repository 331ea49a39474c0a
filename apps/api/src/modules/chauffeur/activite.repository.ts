import {
  CHAUFFEUR_TYPES,
  type ChauffeurActiviteOut,
  COURSE_STATUTS_FINAUX,
  identifiantTelephone,
  nomComplet,
} from '@yams/shared';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import type { Scope } from '../../plugins/auth';
import { appareils, positions } from '../geolocation/geolocation.table';
import { courses } from '../operations/operations.table';
import { courseEtapes, incidentsRoute } from './chauffeur.table';

// The office's « Chauffeurs » view: each driver of the company with the course he is on, his last
// step, his phone's last position, when he was last seen, and the incidents he reported that the office has
// not handled yet.

const SUR_LA_ROUTE = ['Chargement terminé', 'Transport en cours', 'Problemes mécaniques'];
const ville = (col: AnyPgColumn) => sql<string>`(select v.libelle from villes v where v.id = ${col})`;

export async function activiteChauffeurs(db: Db, scope: Scope): Promise<ChauffeurActiviteOut[]> {
  const s = scoped(db, scope);
  const drivers = await s
    .select()
    .from(users, 'own')
    .where(inArray(users.type, [...CHAUFFEUR_TYPES]))
    .orderBy(asc(users.nom), asc(users.prenom), asc(users.id))
    .limit(500);
  if (!drivers.length) return [];
  const ids = drivers.map((d) => d.id);

  const open = await s
    .select({
      id: courses.id,
      code: courses.code,
      statut: courses.statut,
      chauffeur_id: courses.chauffeur_id,
      date_chargement: courses.date_chargement,
      depart: ville(courses.ville_depart_id),
      arrivee: ville(courses.ville_arrivee_id),
      plaque: sql<string>`(select v.plaque from vehicules v where v.id = ${courses.vehicule_id})`,
    })
    .from(courses)
    .where(
      and(
        inArray(courses.chauffeur_id, ids),
        notInArray(courses.statut, [...COURSE_STATUTS_FINAUX]),
        sql`${courses.date_chargement} > now() - interval '60 days'`,
        sql`${courses.date_chargement} < now() + interval '1 day'`,
      ),
    )
    .orderBy(desc(courses.date_chargement));
  const etapes = await s
    .select({
      chauffeur_id: courseEtapes.chauffeur_id,
      statut: courseEtapes.statut,
      date: courseEtapes.date_etape,
      course_code: sql<string>`(select c.code from courses c where c.id = ${courseEtapes.course_id})`,
    })
    .from(courseEtapes)
    .where(
      and(
        inArray(courseEtapes.chauffeur_id, ids),
        sql`${courseEtapes.date_etape} > now() - interval '30 days'`,
      ),
    )
    .orderBy(desc(courseEtapes.date_etape));
  const incidents = await s
    .select()
    .from(incidentsRoute)
    .where(
      // Pending until the office handles them (`POST /api/incidents-route/{id}/traiter`), however old.
      and(inArray(incidentsRoute.chauffeur_id, ids), isNull(incidentsRoute.traite_le)),
    )
    .orderBy(desc(incidentsRoute.date_incident));
  const phones = await s
    .select({ id: appareils.id, identifiant: appareils.identifiant })
    .from(appareils)
    .where(inArray(appareils.identifiant, ids.map(identifiantTelephone)));
  const lastPlace = new Map<string, ChauffeurActiviteOut['derniere_position']>();
  for (const phone of phones) {
    const [p] = await s
      .select({ heure: positions.heure, latitude: positions.latitude, longitude: positions.longitude })
      .from(positions)
      .where(eq(positions.appareil_id, phone.id))
      .orderBy(desc(positions.heure))
      .limit(1);
    if (p) lastPlace.set(phone.identifiant, p);
  }

  return drivers.map((d) => {
    const siennes = open.filter((c) => c.chauffeur_id === d.id);
    const c = siennes.find((x) => SUR_LA_ROUTE.includes(x.statut)) ?? siennes[0];
    const etape = etapes.find((e) => e.chauffeur_id === d.id);
    return {
      id: d.id,
      nom_complet: nomComplet(d),
      telephone: d.telephone1,
      bloque: d.bloque,
      last_seen_at: d.last_seen_at,
      course: c
        ? { id: c.id, code: c.code, statut: c.statut, trajet: `${c.depart} → ${c.arrivee}`, plaque: c.plaque }
        : null,
      derniere_etape: etape
        ? { statut: etape.statut, date: etape.date, course_code: etape.course_code }
        : null,
      derniere_position: lastPlace.get(identifiantTelephone(d.id)) ?? null,
      incidents: incidents
        .filter((i) => i.chauffeur_id === d.id)
        .map((i) => ({
          id: i.id,
          type: i.type,
          note: i.note,
          date: i.date_incident,
          course_id: i.course_id,
        })),
    };
  });
}
