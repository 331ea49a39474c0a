import {
  type CourseDetailOut,
  type CourseEtat,
  type CourseOut,
  type CourseStatut,
  courseDetails,
} from '@yams/shared';
import { and, count, desc, eq, lt, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { scoped } from '../../db/scoped';
import { type DateRange, dateRangeCondition, periodCondition } from '../../lib/filters-dates';
import { searchCondition } from '../../lib/filters-ids';
import type { ListSource } from '../../lib/pagination';
import { orderFor, type Sortable } from '../../lib/sorting';
import type { Scope } from '../../plugins/auth';
import { vehicules } from '../fleet/fleet.table';
import { trajets, typesMarchandises, villes } from '../reference/reference.table';
import { courseNotFound } from './operations.errors';
import { nomCompletSql, refOf } from './operations.refs';
import { courses } from './operations.table';
import { paiementsOfCourse } from './paiements.repository';

const client = alias(users, 'client');
const chauffeur = alias(users, 'chauffeur');
const villeDepart = alias(villes, 'ville_depart');
const villeArrivee = alias(villes, 'ville_arrivee');

const columns = {
  id: courses.id,
  entreprise_id: courses.entreprise_id,
  code: courses.code,
  vehicule_id: courses.vehicule_id,
  plaque: vehicules.plaque,
  client_id: courses.client_id,
  client_nom: nomCompletSql(client),
  chauffeur_id: courses.chauffeur_id,
  chauffeur_nom: nomCompletSql(chauffeur),
  type_course: courses.type_course,
  type_marchandise_id: courses.type_marchandise_id,
  marchandise: typesMarchandises.libelle,
  trajet_id: courses.trajet_id,
  trajet: trajets.libelle,
  ville_depart_id: courses.ville_depart_id,
  ville_depart: villeDepart.libelle,
  ville_arrivee_id: courses.ville_arrivee_id,
  ville_arrivee: villeArrivee.libelle,
  adresse_chargement: courses.adresse_chargement,
  adresse_dechargement: courses.adresse_dechargement,
  date_chargement: courses.date_chargement,
  date_dechargement: courses.date_dechargement,
  date_chargement_reelle: courses.date_chargement_reelle,
  date_depart_reelle: courses.date_depart_reelle,
  date_dechargement_reelle: courses.date_dechargement_reelle,
  date_panne: courses.date_panne,
  date_annulation: courses.date_annulation,
  poids_kg: courses.poids_kg,
  description: courses.description,
  montant: courses.montant,
  montant_paye: courses.montant_paye,
  etat: courses.etat,
  statut: courses.statut,
  statut_avant_probleme: courses.statut_avant_probleme,
  demande_id: courses.demande_id,
  created_at: courses.created_at,
  updated_at: courses.updated_at,
};
function selectCourses(db: Db, scope: Scope) {
  return scoped(db, scope)
    .select(columns)
    .from(courses)
    .innerJoin(client, eq(client.id, courses.client_id))
    .leftJoin(chauffeur, eq(chauffeur.id, courses.chauffeur_id))
    .innerJoin(vehicules, eq(vehicules.id, courses.vehicule_id))
    .leftJoin(typesMarchandises, eq(typesMarchandises.id, courses.type_marchandise_id))
    .leftJoin(trajets, eq(trajets.id, courses.trajet_id))
    .innerJoin(villeDepart, eq(villeDepart.id, courses.ville_depart_id))
    .innerJoin(villeArrivee, eq(villeArrivee.id, courses.ville_arrivee_id));
}

type Row = Awaited<ReturnType<typeof selectCourses>>[number];

/** A joined row → the answer: nested references, route text, what is left to pay. */
export function toCourseOut(r: Row): CourseOut {
  return {
    id: r.id,
    entreprise_id: r.entreprise_id,
    code: r.code,
    vehicule: { id: r.vehicule_id, plaque: r.plaque },
    camion: { plaque: r.plaque },
    client: { id: r.client_id, nom_complet: r.client_nom },
    client_nom_complet: r.client_nom,
    chauffeur: r.chauffeur_id ? { id: r.chauffeur_id, nom_complet: r.chauffeur_nom } : null,
    type_course: r.type_course,
    type_marchandise: refOf(r.type_marchandise_id, r.marchandise),
    trajet: refOf(r.trajet_id, r.trajet),
    ville_depart: { id: r.ville_depart_id, libelle: r.ville_depart },
    ville_arrivee: { id: r.ville_arrivee_id, libelle: r.ville_arrivee },
    course_details: courseDetails(r),
    adresse_chargement: r.adresse_chargement,
    adresse_dechargement: r.adresse_dechargement,
    date_chargement: r.date_chargement,
    date_dechargement: r.date_dechargement,
    date_chargement_reelle: r.date_chargement_reelle,
    date_depart_reelle: r.date_depart_reelle,
    date_dechargement_reelle: r.date_dechargement_reelle,
    date_panne: r.date_panne,
    date_annulation: r.date_annulation,
    poids_kg: r.poids_kg,
    description: r.description,
    montant: r.montant,
    montant_paye: r.montant_paye,
    reste_a_payer: Math.max(0, r.montant - r.montant_paye),
    etat: r.etat as CourseEtat,
    statut: r.statut as CourseStatut,
    statut_avant_probleme: r.statut_avant_probleme as CourseStatut | null,
    demande_id: r.demande_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export interface CourseFilters extends DateRange, Sortable {
  reglement?: string;
  proprietaire?: number;
  vehicule?: number;
  client?: number;
  chauffeur?: number;
  statut?: string;
  type?: string;
  search?: string;
  req_period?: string;
  a_payer?: boolean;
}

export function listCourses(db: Db, scope: Scope, f: CourseFilters): ListSource<CourseOut> {
  const order = orderFor(
    f.sort,
    {
      code: courses.code,
      date_chargement: courses.date_chargement,
      date_dechargement: courses.date_dechargement,
      montant: courses.montant,
      statut: courses.statut,
      type_course: courses.type_course,
      vehicule: vehicules.plaque,
      client: nomCompletSql(client),
    },
    [desc(courses.date_chargement), desc(courses.id)],
  );
  const conditions: Array<SQL | undefined> = [
    f.reglement ? eq(courses.etat, f.reglement) : undefined,
    f.proprietaire ? eq(vehicules.proprietaire_id, f.proprietaire) : undefined,
    f.vehicule ? eq(courses.vehicule_id, f.vehicule) : undefined,
    f.client ? eq(courses.client_id, f.client) : undefined,
    f.chauffeur ? eq(courses.chauffeur_id, f.chauffeur) : undefined,
    f.statut ? eq(courses.statut, f.statut) : undefined,
    f.type ? eq(courses.type_course, f.type) : undefined,
    f.a_payer ? and(lt(courses.montant_paye, courses.montant), ne(courses.statut, 'Annulé')) : undefined,
    dateRangeCondition(courses.date_chargement, f, 'timestamp'),
    periodCondition([courses.date_chargement, courses.date_dechargement], f.req_period),
    searchCondition(f.search, [courses.code, client.nom, client.prenom, client.name, nomCompletSql(client)]),
  ];
  const where = and(...conditions);
  return {
    async count() {
      const [row] = await scoped(db, scope)
        .select({ n: count() })
        .from(courses)
        .innerJoin(client, eq(client.id, courses.client_id))
        .innerJoin(vehicules, eq(vehicules.id, courses.vehicule_id))
        .where(where);
      return row?.n ?? 0;
    },
    async rows(limit, offset) {
      const rows = await selectCourses(db, scope)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return rows.map((r) => toCourseOut(r));
    },
  };
}

/** One course of the scope, or 404 (a course of another company is answered like a missing one). */
export async function getCourseOut(db: Db, scope: Scope, id: number): Promise<CourseOut> {
  const [row] = await selectCourses(db, scope).where(eq(courses.id, id)).limit(1);
  if (!row) throw courseNotFound();
  return toCourseOut(row);
}

/** A course with its payments (oldest first). */
export async function getCourseDetail(db: Db, scope: Scope, id: number): Promise<CourseDetailOut> {
  const course = await getCourseOut(db, scope, id);
  return { ...course, paiements: await paiementsOfCourse(db, scope, course.id) };
}

/** Locks a course of the scope for the rest of the transaction, or 404. */
export async function lockCourse(tx: Db, scope: Scope, id: number) {
  const [row] = await scoped(tx, scope).select().from(courses).where(eq(courses.id, id)).for('update');
  if (!row) throw courseNotFound();
  return row;
}
