import {
  type CourseDetailOut,
  type CourseEtat,
  type CourseOut,
  type CourseStatut,
  courseCan,
  courseDetails,
} from '@yams/shared';
import { and, eq, ilike, inArray, lt, ne, not, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { parmiPlanifie } from '../../db/plan-par-appel';
import { nomsRechercheSql, users } from '../../db/schema';
import { scoped } from '../../db/scoped';
import { type DateRange, dateRangeCondition, periodParts } from '../../lib/filters-dates';
import { likePattern, prefixPattern } from '../../lib/filters-ids';
import { countsOf, type ListSource, sourceAfter } from '../../lib/pagination';
import { orderFor, type Sortable } from '../../lib/sorting';
import type { Scope } from '../../plugins/auth';
import { vehicules } from '../fleet/fleet.table';
import { etapeAnnulable } from './course-etapes';
import { operationsAccounting } from './operations.accounting';
import { courseNotFound } from './operations.errors';
import { nomCompletSql, refOf } from './operations.refs';
import { courses } from './operations.table';
import { paiementsOfCourse } from './paiements.repository';

// References are read by id in scalar subqueries, one per reference of the rows kept, instead of a
// nine-table join: PostgreSQL spent 15–20 ms planning that join on every request for 0.3 ms of work, and
// a count or a page never needs them. Lists filter and sort on `courses` alone (see listCourses).
// Written out in full: drizzle leaves column names unqualified in a one-table select.
const ref = (expr: string, table: string, key: string) =>
  sql.raw(`(select ${expr} from ${table} where r.id = courses.${key})`);
const nomComplet = "coalesce(nullif(trim(concat_ws(' ', r.nom, r.prenom)), ''), r.name)";
const plaqueOf = sql<string>`${ref('r.plaque', 'vehicules r', 'vehicule_id')}`;
const clientNomOf = sql<string>`${ref(nomComplet, 'users r', 'client_id')}`;
const columns = {
  id: courses.id,
  entreprise_id: courses.entreprise_id,
  code: courses.code,
  vehicule_id: courses.vehicule_id,
  plaque: plaqueOf,
  client_id: courses.client_id,
  client_nom: clientNomOf,
  chauffeur_id: courses.chauffeur_id,
  chauffeur_nom: sql<string>`${ref(nomComplet, 'users r', 'chauffeur_id')}`,
  type_course: courses.type_course,
  type_marchandise_id: courses.type_marchandise_id,
  marchandise: sql<string | null>`${ref('r.libelle', 'types_marchandises r', 'type_marchandise_id')}`,
  trajet_id: courses.trajet_id,
  trajet: sql<string | null>`${ref('r.libelle', 'trajets r', 'trajet_id')}`,
  ville_depart_id: courses.ville_depart_id,
  ville_depart: sql<string>`${ref('r.libelle', 'villes r', 'ville_depart_id')}`,
  ville_arrivee_id: courses.ville_arrivee_id,
  ville_arrivee: sql<string>`${ref('r.libelle', 'villes r', 'ville_arrivee_id')}`,
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
  date_panne: courses.date_panne,
  date_annulation: courses.date_annulation,
  poids_kg: courses.poids_kg,
  description: courses.description,
  code_livraison: courses.code_livraison,
  montant: courses.montant,
  montant_paye: courses.montant_paye,
  etat: courses.etat,
  statut: courses.statut,
  statut_avant_probleme: courses.statut_avant_probleme,
  demande_id: courses.demande_id,
  created_at: courses.created_at,
  updated_at: courses.updated_at,
};
/** With `total`, one more column: the list's capped count (pagination.ts `source`). */
function selectCourses(db: Db, scope: Scope, total?: SQL<number>) {
  return scoped(db, scope)
    .select(total ? { ...columns, total } : columns)
    .from(courses);
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
    chargement_lat: r.chargement_lat,
    chargement_lng: r.chargement_lng,
    dechargement_lat: r.dechargement_lat,
    dechargement_lng: r.dechargement_lng,
    date_chargement: r.date_chargement,
    date_dechargement: r.date_dechargement,
    date_chargement_reelle: r.date_chargement_reelle,
    date_depart_reelle: r.date_depart_reelle,
    date_dechargement_reelle: r.date_dechargement_reelle,
    date_panne: r.date_panne,
    date_annulation: r.date_annulation,
    poids_kg: r.poids_kg,
    description: r.description,
    code_livraison: r.code_livraison,
    montant: r.montant,
    montant_paye: r.montant_paye,
    reste_a_payer: Math.max(0, r.montant - r.montant_paye),
    etat: r.etat as CourseEtat,
    statut: r.statut as CourseStatut,
    statut_avant_probleme: r.statut_avant_probleme as CourseStatut | null,
    demande_id: r.demande_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
    can: courseCan(r),
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

/**
 * The courses list. Its search: a text typed like a code (`CRS-2026-00`) is the code's prefix; any other
 * text is found anywhere in the code (trigrams) or in the client's names, the matching clients read first
 * so that PostgreSQL plans the courses with their ids in hand (a common name, 2,000 clients and 100,000
 * courses: walk the list's order and keep the first; a rare one: read its few courses by client).
 */
export function listCourses(db: Db, scope: Scope, f: CourseFilters): ListSource<CourseOut> {
  const text = f.search?.trim();
  if (!text) return coursesSource(db, scope, f, []);
  const prefix = codePrefix(text);
  if (prefix) return coursesSource(db, scope, f, [{ where: prefix, fenced: false }]);
  return sourceAfter(async () => {
    const clients = await clientsNamed(db, text);
    const code = ilike(courses.code, likePattern(text));
    // Two disjoint parts: the code matches (the trigram index, read alone behind `offset 0`: the list's
    // order would walk the whole history to find a handful), or the client matches and not the code.
    const parts: Part[] = [{ where: code, fenced: true }];
    if (clients.length)
      parts.push({ where: and(parmiPlanifie(courses.client_id, clients), not(code))!, fenced: false });
    return coursesSource(db, scope, f, parts);
  });
}

/** A part of a list read apart: its condition, and whether PostgreSQL must plan it alone (`offset 0`). */
interface Part {
  where: SQL;
  fenced: boolean;
}

/** A search typed like a course code: letters, a hyphen, a digit (`CRS-2026-…`) or a letter and a digit. */
const CODE_TYPED = /^[a-z]{2,6}-[a-z]?\d/i;

function codePrefix(text: string): SQL | undefined {
  return CODE_TYPED.test(text)
    ? sql`upper(${courses.code}) like ${prefixPattern(text.toUpperCase())}`
    : undefined;
}

/** The people whose nom, prénom, account name or whole name contains the text (trigram index first). */
async function clientsNamed(db: Db, text: string): Promise<number[]> {
  const like = likePattern(text);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ilike(nomsRechercheSql(users), like),
        or(
          ilike(users.nom, like),
          ilike(users.prenom, like),
          ilike(users.name, like),
          ilike(nomCompletSql(users), like),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

function coursesSource(db: Db, scope: Scope, f: CourseFilters, search: Part[]) {
  const order = orderFor(
    f.sort,
    {
      code: courses.code,
      date_chargement: courses.date_chargement,
      date_dechargement: courses.date_dechargement,
      montant: courses.montant,
      statut: courses.statut,
      type_course: courses.type_course,
      // Copies of the plate and the client's name kept by triggers (operations.table.ts), indexed.
      vehicule: courses.tri_vehicule,
      client: courses.tri_client,
    },
    { desc: [courses.date_chargement, courses.id] },
  );
  const conditions: Array<SQL | undefined> = [
    f.reglement ? eq(courses.etat, f.reglement) : undefined,
    f.proprietaire
      ? inArray(
          courses.vehicule_id,
          db
            .select({ id: vehicules.id })
            .from(vehicules)
            .where(eq(vehicules.proprietaire_id, f.proprietaire)),
        )
      : undefined,
    f.vehicule ? eq(courses.vehicule_id, f.vehicule) : undefined,
    f.client ? eq(courses.client_id, f.client) : undefined,
    f.chauffeur ? eq(courses.chauffeur_id, f.chauffeur) : undefined,
    f.statut ? eq(courses.statut, f.statut) : undefined,
    f.type ? eq(courses.type_course, f.type) : undefined,
    f.a_payer ? and(lt(courses.montant_paye, courses.montant), ne(courses.statut, 'Annulé')) : undefined,
    dateRangeCondition(courses.date_chargement, f, 'timestamp'),
  ];
  // The month filter (loaded or unloaded in the month) as two disjoint index ranges, read apart and
  // merged: the same rows as the OR of the two, which no index serves. The second (loaded outside the
  // month, unloaded in it) holds the few courses spanning the month's edges, all loaded just before it:
  // read in the list's order, PostgreSQL would walk the whole history back from today to find them (2.5 s
  // at 1 M courses); `offset 0` plans it alone, as the range on date_dechargement it is. Without a month,
  // the search's parts likewise; with both, the month's parts and the search as a filter.
  const months = periodParts([courses.date_chargement, courses.date_dechargement], f.req_period);
  const parts: Part[] | undefined = months
    ? months.map((where, i) => ({ where, fenced: i > 0 }))
    : search.length > 1
      ? search
      : undefined;
  const searched = search.length ? or(...search.map((p) => p.where)) : undefined;
  const base = and(...conditions, parts === search ? undefined : searched);
  if (!parts) {
    const counts = countsOf(db, () => scoped(db, scope).select({ one: sql`1` }).from(courses).where(base));
    // A deferred join: the page's ids first, through the index of the order alone, then the names of
    // those rows only (a deep page would otherwise look up the plate, client and driver of every row
    // it skips: 30,000 at page 5,000).
    const query = (limit: number, offset: number, total?: SQL<number>) => {
      const page = scoped(db, scope)
        .select({ id: courses.id })
        .from(courses)
        .where(base)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return selectCourses(db, scope, total)
        .where(inArray(courses.id, page))
        .orderBy(...order);
    };
    return counts.source(query, toCourseOut);
  }
  const part = (p: SQL) => and(base, p);
  const counts = countsOf(db, () => {
    const [a, b, ...others] = parts.map((p) =>
      scoped(db, scope).select({ one: sql`1` }).from(courses).where(part(p.where)),
    );
    return unionAll(a!, b!, ...others);
  });
  // Each part's first offset + limit rows in the list's order, then the page of their union.
  const query = (limit: number, offset: number, total?: SQL<number>) => {
    const firsts = parts.map((p) => {
      if (!p.fenced) {
        const ids = scoped(db, scope).select({ id: courses.id }).from(courses).where(part(p.where));
        return sql`(${ids.orderBy(...order).limit(offset + limit)})`;
      }
      const inPart = scoped(db, scope).select().from(courses).where(part(p.where));
      return sql`(select ${courses.id} from (${inPart} offset 0) as ${courses} order by ${sql.join(order, sql`, `)} limit ${offset + limit})`;
    });
    return selectCourses(db, scope, total)
      .where(sql`${courses.id} in (${sql.join(firsts, sql` union all `)})`)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  };
  return counts.source(query, toCourseOut);
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
  return {
    ...course,
    paiements: await paiementsOfCourse(db, scope, course.id),
    facture: await operationsAccounting().factureDeCourse(db, scope, course.id),
    etape_annulable: await etapeAnnulable(db, course, scope.user.id).then((e) =>
      e ? { de: e.de, retour: e.retour, jusqua: e.jusqua } : null,
    ),
  };
}

/** Locks a course of the scope for the rest of the transaction, or 404. */
export async function lockCourse(tx: Db, scope: Scope, id: number) {
  const [row] = await scoped(tx, scope).select().from(courses).where(eq(courses.id, id)).for('update');
  if (!row) throw courseNotFound();
  return row;
}
