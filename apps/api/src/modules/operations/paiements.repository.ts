import {
  courseDetails,
  type ModePaiement,
  type PaiementOut,
  type PaiementStatut,
  paiementCan,
} from '@yams/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { scoped } from '../../db/scoped';
import { type DateRange, dateRangeCondition } from '../../lib/filters-dates';
import { countsOf, type ListSource } from '../../lib/pagination';
import { orderFor, type Sortable } from '../../lib/sorting';
import type { Scope } from '../../plugins/auth';
import { typesMarchandises, villes } from '../reference/reference.table';
import { paiementNotFound } from './operations.errors';
import { nomCompletSql } from './operations.refs';
import { courses, paiements } from './operations.table';

const client = alias(users, 'client');
const annuleur = alias(users, 'annuleur');
const villeDepart = alias(villes, 'ville_depart');
const villeArrivee = alias(villes, 'ville_arrivee');

/** With `total`, one more column: the list's capped count (pagination.ts `source`). */
function selectPaiements(db: Db, scope: Scope, total?: SQL<number>) {
  return scoped(db, scope)
    .select({
      ...(total ? { total } : {}),
      id: paiements.id,
      entreprise_id: paiements.entreprise_id,
      date_operation: paiements.date_operation,
      client_id: paiements.client_id,
      client_nom: nomCompletSql(client),
      course_id: paiements.course_id,
      course_code: courses.code,
      ville_depart: villeDepart.libelle,
      ville_arrivee: villeArrivee.libelle,
      marchandise: typesMarchandises.libelle,
      poids_kg: courses.poids_kg,
      libelle: paiements.libelle,
      mode: paiements.mode,
      reference: paiements.reference,
      montant: paiements.montant,
      statut: paiements.statut,
      annule_par: paiements.annule_par,
      annule_par_nom: nomCompletSql(annuleur),
      annule_le: paiements.annule_le,
      reglement_id: paiements.reglement_id,
      created_at: paiements.created_at,
      updated_at: paiements.updated_at,
    })
    .from(paiements)
    .innerJoin(courses, eq(courses.id, paiements.course_id))
    .innerJoin(client, eq(client.id, paiements.client_id))
    .leftJoin(annuleur, eq(annuleur.id, paiements.annule_par))
    .leftJoin(typesMarchandises, eq(typesMarchandises.id, courses.type_marchandise_id))
    .innerJoin(villeDepart, eq(villeDepart.id, courses.ville_depart_id))
    .innerJoin(villeArrivee, eq(villeArrivee.id, courses.ville_arrivee_id));
}

type Row = Awaited<ReturnType<typeof selectPaiements>>[number];

function toPaiementOut(r: Row): PaiementOut {
  return {
    id: r.id,
    entreprise_id: r.entreprise_id,
    date_operation: r.date_operation,
    client: { id: r.client_id, nom_complet: r.client_nom },
    client_nom_complet: r.client_nom,
    course: { id: r.course_id, code: r.course_code },
    course_details: courseDetails(r),
    libelle: r.libelle,
    mode: r.mode as ModePaiement,
    reference: r.reference,
    montant: r.montant,
    statut: r.statut as PaiementStatut,
    annule_par: r.annule_par ? { id: r.annule_par, nom_complet: r.annule_par_nom } : null,
    annule_le: r.annule_le,
    created_at: r.created_at,
    updated_at: r.updated_at,
    can: paiementCan(r),
  };
}

export interface PaiementFilters extends DateRange, Sortable {
  client?: number;
  course?: number;
  mode?: string;
  statut?: string;
}

export function listPaiements(db: Db, scope: Scope, f: PaiementFilters): ListSource<PaiementOut> {
  const order = orderFor(
    f.sort,
    {
      date_operation: paiements.date_operation,
      montant: paiements.montant,
      statut: paiements.statut,
      mode: paiements.mode,
      libelle: paiements.libelle,
      // Copies of the client's name and the course code kept by triggers (operations.table.ts), indexed.
      client: paiements.tri_client,
      course: paiements.tri_course,
    },
    { desc: [paiements.date_operation, paiements.id] },
  );
  const where = and(
    f.client ? eq(paiements.client_id, f.client) : undefined,
    f.course ? eq(paiements.course_id, f.course) : undefined,
    f.mode ? eq(paiements.mode, f.mode) : undefined,
    f.statut ? eq(paiements.statut, f.statut) : undefined,
    dateRangeCondition(paiements.date_operation, f, 'date'),
  );
  const counts = countsOf(db, () => scoped(db, scope).select({ one: sql`1` }).from(paiements).where(where));
  // A deferred join, as the courses': the page's ids through the index of the order, then the six joins
  // for those rows only (page 2,000 would otherwise join the 24,000 payments it skips).
  const query = (limit: number, offset: number, total?: SQL<number>) => {
    const page = scoped(db, scope)
      .select({ id: paiements.id })
      .from(paiements)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return selectPaiements(db, scope, total)
      .where(inArray(paiements.id, page))
      .orderBy(...order);
  };
  return counts.source(query, toPaiementOut);
}

/** The payments of one course, oldest first (the course detail). */
export async function paiementsOfCourse(db: Db, scope: Scope, courseId: number): Promise<PaiementOut[]> {
  const rows = await selectPaiements(db, scope)
    .where(eq(paiements.course_id, courseId))
    .orderBy(asc(paiements.date_operation), asc(paiements.id));
  return rows.map(toPaiementOut);
}

export async function getPaiementOut(db: Db, scope: Scope, id: number): Promise<PaiementOut> {
  const [row] = await selectPaiements(db, scope).where(eq(paiements.id, id)).limit(1);
  if (!row) throw paiementNotFound();
  return toPaiementOut(row);
}

/** A payment of the scope (not locked), or 404. */
export async function findPaiement(tx: Db, scope: Scope, id: number) {
  const [row] = await scoped(tx, scope).select().from(paiements).where(eq(paiements.id, id)).limit(1);
  if (!row) throw paiementNotFound();
  return row;
}
