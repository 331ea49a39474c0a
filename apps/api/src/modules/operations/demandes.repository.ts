import {
  courseDetails,
  DEMANDE_CLIENT_MASQUE,
  type DemandeOut,
  type DemandeStatut,
  demandeCan,
} from '@yams/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { scoped } from '../../db/scoped';
import { type DateRange, dateRangeCondition } from '../../lib/filters-dates';
import { countsOf, type ListSource } from '../../lib/pagination';
import { orderFor, type Sortable } from '../../lib/sorting';
import type { Scope } from '../../plugins/auth';
import { typesMarchandises, villes } from '../reference/reference.table';
import { demandeNotFound } from './operations.errors';
import { nomCompletSql, refOf } from './operations.refs';
import { courses, demandes } from './operations.table';
import { demandeAccesSql } from './operations.tenancy';

const client = alias(users, 'client');
const entreprise = alias(users, 'entreprise');
const villeDepart = alias(villes, 'ville_depart');
const villeArrivee = alias(villes, 'ville_arrivee');

// Who sees which demande is the rule `demandeAcces` of packages/shared, applied by db/scoped.ts (the
// 'visible' reach of demandes). A market demande of another company comes without its client's contact.

/** The viewer owns the row (sees the contact details): always for a superadmin. */
const proprietaire = (scope: Scope): SQL =>
  scope.entrepriseId === null ? sql`true` : demandeAccesSql.proprietaire(scope.entrepriseId);

function selectDemandes(db: Db, scope: Scope) {
  return scoped(db, scope)
    .select({
      proprietaire: sql<boolean>`(${proprietaire(scope)})`.mapWith(Boolean),
      id: demandes.id,
      client_id: demandes.client_id,
      client_nom: nomCompletSql(client),
      entreprise_id: demandes.entreprise_id,
      entreprise_nom: nomCompletSql(entreprise),
      cree_par_entreprise_id: demandes.cree_par_entreprise_id,
      type_course: demandes.type_course,
      type_marchandise_id: demandes.type_marchandise_id,
      marchandise: typesMarchandises.libelle,
      ville_depart_id: demandes.ville_depart_id,
      ville_depart: villeDepart.libelle,
      ville_arrivee_id: demandes.ville_arrivee_id,
      ville_arrivee: villeArrivee.libelle,
      adresse_chargement: demandes.adresse_chargement,
      adresse_dechargement: demandes.adresse_dechargement,
      chargement_lat: demandes.chargement_lat,
      chargement_lng: demandes.chargement_lng,
      dechargement_lat: demandes.dechargement_lat,
      dechargement_lng: demandes.dechargement_lng,
      date_souhaitee: demandes.date_souhaitee,
      poids_kg: demandes.poids_kg,
      description: demandes.description,
      budget: demandes.budget,
      statut: demandes.statut,
      course_id: demandes.course_id,
      course_code: courses.code,
      created_at: demandes.created_at,
      updated_at: demandes.updated_at,
    })
    .from(demandes)
    .innerJoin(client, eq(client.id, demandes.client_id))
    .leftJoin(entreprise, eq(entreprise.id, demandes.entreprise_id))
    .leftJoin(courses, eq(courses.id, demandes.course_id))
    .leftJoin(typesMarchandises, eq(typesMarchandises.id, demandes.type_marchandise_id))
    .innerJoin(villeDepart, eq(villeDepart.id, demandes.ville_depart_id))
    .innerJoin(villeArrivee, eq(villeArrivee.id, demandes.ville_arrivee_id));
}

type Row = Awaited<ReturnType<typeof selectDemandes>>[number];

function toDemandeOut(r: Row, scope: Scope): DemandeOut {
  const masque = !r.proprietaire;
  return {
    id: r.id,
    client: masque ? null : { id: r.client_id, nom_complet: r.client_nom },
    client_nom_complet: masque ? DEMANDE_CLIENT_MASQUE : r.client_nom,
    contact_masque: masque,
    entreprise_id: r.entreprise_id,
    entreprise: r.entreprise_id ? { id: r.entreprise_id, nom_complet: r.entreprise_nom } : null,
    cree_par_entreprise_id: r.cree_par_entreprise_id,
    type_course: r.type_course,
    type_marchandise: refOf(r.type_marchandise_id, r.marchandise),
    ville_depart: { id: r.ville_depart_id, libelle: r.ville_depart },
    ville_arrivee: { id: r.ville_arrivee_id, libelle: r.ville_arrivee },
    course_details: courseDetails(r),
    adresse_chargement: masque ? null : r.adresse_chargement,
    adresse_dechargement: masque ? null : r.adresse_dechargement,
    // The exact places go with the addresses: hidden on another company's market demande.
    chargement_lat: masque ? null : r.chargement_lat,
    chargement_lng: masque ? null : r.chargement_lng,
    dechargement_lat: masque ? null : r.dechargement_lat,
    dechargement_lng: masque ? null : r.dechargement_lng,
    date_souhaitee: r.date_souhaitee,
    poids_kg: r.poids_kg,
    description: r.description,
    budget: r.budget,
    statut: r.statut as DemandeStatut,
    course: r.course_id && r.course_code ? { id: r.course_id, code: r.course_code } : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
    can: demandeCan(r, scope.entrepriseId),
  };
}

export interface DemandeFilters extends DateRange, Sortable {
  client?: number;
  statut?: string;
  type?: string;
}

export function listDemandes(db: Db, scope: Scope, f: DemandeFilters): ListSource<DemandeOut> {
  const order = orderFor(
    f.sort,
    {
      created_at: demandes.created_at,
      date_souhaitee: demandes.date_souhaitee,
      statut: demandes.statut,
      type_course: demandes.type_course,
      budget: demandes.budget,
      client: nomCompletSql(client),
    },
    { desc: [demandes.created_at, demandes.id] },
  );
  const where = and(
    // Filtering the market by client would tell who is behind a masked demande: own demandes only.
    f.client ? and(eq(demandes.client_id, f.client), proprietaire(scope)) : undefined,
    f.statut ? eq(demandes.statut, f.statut) : undefined,
    f.type ? eq(demandes.type_course, f.type) : undefined,
    dateRangeCondition(demandes.date_souhaitee, f, 'date'),
  );
  return {
    ...countsOf(db, () => scoped(db, scope).select({ one: sql`1` }).from(demandes).where(where)),
    async rows(limit, offset) {
      const rows = await selectDemandes(db, scope)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return rows.map((r) => toDemandeOut(r, scope));
    },
  };
}

export async function getDemandeOut(db: Db, scope: Scope, id: number): Promise<DemandeOut> {
  const [row] = await selectDemandes(db, scope).where(eq(demandes.id, id)).limit(1);
  if (!row) throw demandeNotFound();
  return toDemandeOut(row, scope);
}

/** A demande visible in the scope, locked for the transaction, or 404. */
export async function lockDemande(tx: Db, scope: Scope, id: number) {
  const [row] = await scoped(tx, scope).select().from(demandes).where(eq(demandes.id, id)).for('update');
  if (!row) throw demandeNotFound();
  return row;
}
