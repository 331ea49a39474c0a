import {
  COURSE_STATUTS_FINAUX,
  type CourseChauffeurOut,
  type CourseStatut,
  ETAPES_CHAUFFEUR,
  estChauffeur,
  nextCourseStatuts,
  type QuandCourse,
  todayInGabon,
} from '@yams/shared';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { Scope } from '../../plugins/auth';
import { vehicules } from '../fleet/fleet.table';
import { courses } from '../operations/operations.table';
import { courseChauffeurNotFound } from './chauffeur.errors';
import { incidentsRoute } from './chauffeur.table';
import { traitementOut } from './journal.repository';

// The courses a driver reaches: his company's (scoped), assigned to him, or unassigned on the vehicle he
// drives; an independent camionneur (his own company, his own driver) every course of his not given to
// someone else. Everything of the driver's app goes through `coursesDuChauffeur`: another driver's course,
// another company's, is a 404 like a missing one.

export function coursesDuChauffeur(db: Db, scope: Scope): SQL {
  const me = scope.user.id;
  if (scope.user.type === 'transporteur')
    return or(eq(courses.chauffeur_id, me), isNull(courses.chauffeur_id))!;
  const sesVehicules = scoped(db, scope)
    .select({ id: vehicules.id })
    .from(vehicules)
    .where(eq(vehicules.chauffeur_id, me));
  return or(
    eq(courses.chauffeur_id, me),
    and(isNull(courses.chauffeur_id), inArray(courses.vehicule_id, sesVehicules)),
  )!;
}

/** The day of loading in Libreville. */
const jourChargement = sql<string>`((${courses.date_chargement} at time zone 'Africa/Libreville')::date)::text`;
const sub = (expr: string, table: string, key: string) =>
  sql.raw(`(select ${expr} from ${table} where r.id = courses.${key})`);
const nomComplet = "coalesce(nullif(trim(concat_ws(' ', r.nom, r.prenom)), ''), r.name)";

const columns = {
  id: courses.id,
  code: courses.code,
  statut: courses.statut,
  statut_avant_probleme: courses.statut_avant_probleme,
  type_course: courses.type_course,
  marchandise: sql<string | null>`${sub('r.libelle', 'types_marchandises r', 'type_marchandise_id')}`,
  poids_kg: courses.poids_kg,
  description: courses.description,
  vehicule_id: courses.vehicule_id,
  plaque: sql<string>`${sub('r.plaque', 'vehicules r', 'vehicule_id')}`,
  client_nom: sql<string>`${sub(nomComplet, 'users r', 'client_id')}`,
  client_telephone: sql<string | null>`${sub('r.telephone1', 'users r', 'client_id')}`,
  ville_depart_id: courses.ville_depart_id,
  ville_depart: sql<string>`${sub('r.libelle', 'villes r', 'ville_depart_id')}`,
  ville_arrivee_id: courses.ville_arrivee_id,
  ville_arrivee: sql<string>`${sub('r.libelle', 'villes r', 'ville_arrivee_id')}`,
  adresse_chargement: courses.adresse_chargement,
  adresse_dechargement: courses.adresse_dechargement,
  chargement_lat: courses.chargement_lat,
  chargement_lng: courses.chargement_lng,
  dechargement_lat: courses.dechargement_lat,
  dechargement_lng: courses.dechargement_lng,
  date_chargement: courses.date_chargement,
  date_dechargement: courses.date_dechargement,
  date_chargement_reelle: courses.date_chargement_reelle,
  date_depart_reelle: courses.date_depart_reelle,
  date_dechargement_reelle: courses.date_dechargement_reelle,
  livree: sql<boolean>`exists (select 1 from livraisons l where l.course_id = courses.id)`.mapWith(Boolean),
  code_livraison_requis: sql<boolean>`(${courses.code_livraison} is not null)`.mapWith(Boolean),
  jour: jourChargement,
  updated_at: courses.updated_at,
};

function selectCourses(db: Db, scope: Scope) {
  return scoped(db, scope).select(columns).from(courses);
}
type Row = Awaited<ReturnType<typeof selectCourses>>[number];

/** Today's work (open from before, or loading today), upcoming, or past. */
export function quandCourse(c: { statut: string; jour: string }, today = todayInGabon()): QuandCourse {
  const ouverte = !COURSE_STATUTS_FINAUX.includes(c.statut as CourseStatut);
  if (c.jour === today || (ouverte && c.jour < today)) return 'aujourdhui';
  return c.jour > today && c.statut !== 'Annulé' ? 'a_venir' : 'passee';
}

/** The steps the driver may record now: the lifecycle's next states, cancellation aside. */
export function etapesPossibles(c: { statut: string; statut_avant_probleme: string | null }): CourseStatut[] {
  return nextCourseStatuts(c.statut as CourseStatut, c.statut_avant_probleme as CourseStatut | null).filter(
    (s) => (ETAPES_CHAUFFEUR as readonly string[]).includes(s),
  );
}

type IncidentCourse = CourseChauffeurOut['incidents'][number] & { course_id: number };

/** The incidents the driver reported on these courses, the latest first, with the office's handling. */
async function incidentsDe(db: Db, scope: Scope, ids: number[]): Promise<IncidentCourse[]> {
  if (!ids.length) return [];
  const rows = await scoped(db, scope)
    .select({
      row: incidentsRoute,
      par: sql<
        string | null
      >`(select coalesce(nullif(trim(concat_ws(' ', u.nom, u.prenom)), ''), u.name) from users u where u.id = ${incidentsRoute.traite_par})`,
    })
    .from(incidentsRoute)
    .where(and(inArray(incidentsRoute.course_id, ids), eq(incidentsRoute.chauffeur_id, scope.user.id)))
    .orderBy(desc(incidentsRoute.date_incident), desc(incidentsRoute.id));
  return rows.map(({ row: i, par }) => ({
    id: i.id,
    course_id: i.course_id!,
    type: i.type,
    note: i.note,
    date: i.date_incident,
    traitement: traitementOut(i, par),
  }));
}

function toOut(r: Row, incidents: IncidentCourse[] = []): CourseChauffeurOut {
  return {
    id: r.id,
    code: r.code,
    quand: quandCourse(r),
    statut: r.statut as CourseStatut,
    etapes_possibles: etapesPossibles(r),
    type_course: r.type_course,
    marchandise: r.marchandise,
    poids_kg: r.poids_kg,
    description: r.description,
    vehicule: { id: r.vehicule_id, plaque: r.plaque },
    client: { nom_complet: r.client_nom, telephone: r.client_telephone },
    ville_depart: { id: r.ville_depart_id, libelle: r.ville_depart },
    ville_arrivee: { id: r.ville_arrivee_id, libelle: r.ville_arrivee },
    adresse_chargement: r.adresse_chargement,
    adresse_dechargement: r.adresse_dechargement,
    chargement_lat: r.chargement_lat,
    chargement_lng: r.chargement_lng,
    dechargement_lat: r.dechargement_lat,
    dechargement_lng: r.dechargement_lng,
    date_chargement: r.date_chargement,
    date_dechargement: r.date_dechargement,
    date_chargement_reelle: r.date_chargement_reelle,
    date_depart_reelle: r.date_depart_reelle,
    date_dechargement_reelle: r.date_dechargement_reelle,
    livree: r.livree,
    code_livraison_requis: r.code_livraison_requis,
    incidents: incidents.filter((i) => i.course_id === r.id).map(({ course_id: _, ...i }) => i),
    updated_at: r.updated_at,
  };
}

/** How far ahead 'À venir' looks. */
const JOURS_A_VENIR = 14;

/** 'Mes courses': today's work and the next two weeks, in loading order. */
export async function listCoursesChauffeur(db: Db, scope: Scope): Promise<CourseChauffeurOut[]> {
  if (!estChauffeur(scope.user)) return [];
  const today = todayInGabon();
  const rows = await selectCourses(db, scope)
    .where(
      and(
        coursesDuChauffeur(db, scope),
        or(
          sql`${jourChargement} = ${today}`,
          and(
            sql`${jourChargement} < ${today}`,
            sql`${courses.statut} not in ('Terminé', 'Annulé')`,
            // An open course forgotten for months is the office's to close, not today's work.
            sql`${courses.date_chargement} > now() - interval '60 days'`,
          ),
          and(
            sql`${jourChargement} > ${today}`,
            sql`${courses.date_chargement} < now() + make_interval(days => ${JOURS_A_VENIR + 1})`,
            sql`${courses.statut} <> 'Annulé'`,
          ),
        ),
      ),
    )
    .orderBy(asc(courses.date_chargement), asc(courses.id))
    .limit(100);
  const incidents = await incidentsDe(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toOut(r, incidents));
}

export async function getCourseChauffeur(db: Db, scope: Scope, id: number): Promise<CourseChauffeurOut> {
  const [row] = await selectCourses(db, scope)
    .where(and(eq(courses.id, id), coursesDuChauffeur(db, scope)))
    .limit(1);
  if (!row) throw courseChauffeurNotFound();
  return toOut(row, await incidentsDe(db, scope, [row.id]));
}

/** Locks one of the driver's courses for the rest of the transaction, or 404. */
export async function lockCourseChauffeur(tx: Db, scope: Scope, id: number) {
  const [row] = await scoped(tx, scope)
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), coursesDuChauffeur(tx, scope)))
    .for('update');
  if (!row) throw courseChauffeurNotFound();
  return row;
}

/** The vehicles a driver may record fuel or an incident on: the one he drives, and those of his courses. */
export async function vehiculesDuChauffeur(db: Db, scope: Scope): Promise<number[]> {
  const s = scoped(db, scope);
  const assigned = await s
    .select({ id: vehicules.id })
    .from(vehicules)
    .where(eq(vehicules.chauffeur_id, scope.user.id));
  const ofCourses = await s
    .select({ id: courses.vehicule_id })
    .from(courses)
    .where(and(coursesDuChauffeur(db, scope), sql`${courses.date_chargement} > now() - interval '30 days'`));
  return [...new Set([...assigned, ...ofCourses].map((v) => v.id))];
}
