import {
  addDays,
  DOCUMENT_ALERTE_JOURS,
  nomComplet,
  plaqueCle,
  todayInGabon,
  VEHICULE_STATUTS_AFFECTABLES,
  type VehiculeDetailOut,
  type VehiculeOut,
  vehiculeCan,
} from '@yams/shared';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { likePattern, searchCondition } from '../../lib/filters-ids';
import { countsOf, type ListSource } from '../../lib/pagination';
import { orderFor, type Sortable } from '../../lib/sorting';
import { inUseSql } from '../../lib/usages';
import type { Scope } from '../../plugins/auth';
import { typesVehicules } from '../reference/reference.table';
import { listDocumentsOfVehicule } from './documents.repository';
import { MAX_ID, vehiculeNotFound } from './fleet.errors';
import { documents, type Vehicule, vehicules } from './fleet.table';
import { compteurVehicule } from './vehicule-compteur';

const proprietaire = alias(users, 'proprietaire');
const chauffeur = alias(users, 'chauffeur');
const person = (t: typeof proprietaire | typeof chauffeur) => ({
  id: t.id,
  name: t.name,
  nom: t.nom,
  prenom: t.prenom,
});

/** The plate compared without its dashes (plaqueCle), the expression of the unique index. */
export const plaqueCleSql = sql<string>`replace(${vehicules.plaque}, '-', '')`;

/** `?search=ga175`, `GA 175`: also found on the plate compared without separators. */
function plaqueSearch(text: string | undefined): SQL | undefined {
  const cle = text ? plaqueCle(text) : '';
  return cle ? ilike(plaqueCleSql, likePattern(cle)) : undefined;
}

function documentsCount(condition: SQL) {
  return sql<number>`(select count(*) from ${documents} where ${documents.camion_id} = ${vehicules.id} and ${condition})`.mapWith(
    Number,
  );
}

/**
 * The vehicles of the scope as the API answers them. `en_usage` (`inUseSql`: a course, an intervention, a
 * GPS device… still points at the vehicle) decides whether it may be deleted.
 */
/** With `total`, one more column: the list's capped count (pagination.ts `source`). */
function selectVehicules(db: Db, scope: Scope, en_usage: SQL<boolean>, total?: SQL<number>) {
  const today = todayInGabon();
  return scoped(db, scope)
    .select({
      ...(total ? { total } : {}),
      id: vehicules.id,
      entreprise_id: vehicules.entreprise_id,
      plaque: vehicules.plaque,
      marque: vehicules.marque,
      modele: vehicules.modele,
      type_vehicule_id: vehicules.type_vehicule_id,
      type_vehicule: { id: typesVehicules.id, libelle: typesVehicules.libelle },
      tonnage_kg: vehicules.tonnage_kg,
      proprietaire_id: vehicules.proprietaire_id,
      proprietaire: person(proprietaire),
      chauffeur_id: vehicules.chauffeur_id,
      chauffeur: person(chauffeur),
      statut: vehicules.statut,
      annee: vehicules.annee,
      date_mise_en_service: vehicules.date_mise_en_service,
      capacite_reservoir: vehicules.capacite_reservoir,
      consommation_reference: vehicules.consommation_reference,
      vitesse_max_kmh: vehicules.vitesse_max_kmh,
      documents_expiring: documentsCount(
        sql`${documents.date_expiration} <= ${addDays(today, DOCUMENT_ALERTE_JOURS)}`,
      ),
      documents_expired: documentsCount(sql`${documents.date_expiration} < ${today}`),
      en_usage,
      created_at: vehicules.created_at,
      updated_at: vehicules.updated_at,
    })
    .from(vehicules)
    .leftJoin(typesVehicules, eq(typesVehicules.id, vehicules.type_vehicule_id))
    .leftJoin(proprietaire, eq(proprietaire.id, vehicules.proprietaire_id))
    .leftJoin(chauffeur, eq(chauffeur.id, vehicules.chauffeur_id));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectVehicules>['execute']>>[number];

const enUsage = (db: Db) => inUseSql(db, 'vehicules', vehicules.id);

function toOut({ tonnage_kg, proprietaire, chauffeur, en_usage, ...row }: Row): VehiculeOut {
  const personne = (p: Row['proprietaire']) => (p?.id ? { id: p.id, nom_complet: nomComplet(p) } : null);
  return {
    ...row,
    tonnage: tonnage_kg === null ? null : tonnage_kg / 1000,
    proprietaire: personne(proprietaire),
    chauffeur: personne(chauffeur),
    can: vehiculeCan({ en_usage }),
  };
}

export interface VehiculeFilters extends Sortable {
  proprietaire?: number;
  chauffeur?: number;
  type?: number;
  statut?: string;
  affectable?: boolean;
  search?: string;
}

export function listVehicules(db: Db, scope: Scope, f: VehiculeFilters): ListSource<VehiculeOut> {
  const order = orderFor(
    f.sort,
    {
      plaque: vehicules.plaque,
      marque: vehicules.marque,
      modele: vehicules.modele,
      tonnage: vehicules.tonnage_kg,
      statut: vehicules.statut,
      annee: vehicules.annee,
      created_at: vehicules.created_at,
    },
    { asc: [vehicules.plaque, vehicules.id] },
  );
  const where = and(
    f.proprietaire ? eq(vehicules.proprietaire_id, f.proprietaire) : undefined,
    f.chauffeur ? eq(vehicules.chauffeur_id, f.chauffeur) : undefined,
    f.type ? eq(vehicules.type_vehicule_id, f.type) : undefined,
    f.statut ? eq(vehicules.statut, f.statut) : undefined,
    f.affectable ? inArray(vehicules.statut, [...VEHICULE_STATUTS_AFFECTABLES]) : undefined,
    f.search
      ? or(
          searchCondition(f.search, [vehicules.plaque, vehicules.marque, vehicules.modele]),
          plaqueSearch(f.search),
        )
      : undefined,
  );
  const counts = countsOf(db, () => scoped(db, scope).select({ one: sql`1` }).from(vehicules).where(where));
  const query = async (limit: number, offset: number, total?: SQL<number>) =>
    selectVehicules(db, scope, await enUsage(db), total)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  return counts.source(query, toOut);
}

/** The stored row of a vehicle of the scope, or 404 exactly like a missing one. */
export async function findVehicule(
  db: Db,
  scope: Scope,
  id: number,
  notFound = vehiculeNotFound,
): Promise<Vehicule> {
  if (id > MAX_ID) throw notFound();
  const [row] = await scoped(db, scope).select().from(vehicules).where(eq(vehicules.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getVehiculeOut(db: Db, scope: Scope, id: number): Promise<VehiculeOut> {
  const [row] = await selectVehicules(db, scope, await enUsage(db))
    .where(eq(vehicules.id, id))
    .limit(1);
  if (!row) throw vehiculeNotFound();
  return toOut(row);
}

export async function getVehiculeDetail(db: Db, scope: Scope, id: number): Promise<VehiculeDetailOut> {
  const vehicule = await getVehiculeOut(db, scope, id);
  return {
    ...vehicule,
    documents: await listDocumentsOfVehicule(db, scope, id),
    compteur: await compteurVehicule()(db, scope, id),
  };
}
