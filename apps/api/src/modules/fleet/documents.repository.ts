import {
  type DocumentEcheance,
  type DocumentOut,
  documentEtat,
  documentFichierFileEndpoint,
  echeanceBornes,
  endpointPath,
  todayInGabon,
} from '@yams/shared';
import { and, eq, getTableColumns, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { searchCondition } from '../../lib/filters-ids';
import { dateInMonth } from '../../lib/filters-spans';
import { countsOf, type ListSource } from '../../lib/pagination';
import { type DefaultOrder, orderFor, type Sortable } from '../../lib/sorting';
import type { Scope } from '../../plugins/auth';
import { documentNotFound } from './fleet.errors';
import { type Document, documents, vehicules } from './fleet.table';

function selectDocuments(db: Db, scope: Scope) {
  return scoped(db, scope)
    .select({ ...getTableColumns(documents), camion: { id: vehicules.id, plaque: vehicules.plaque } })
    .from(documents)
    .leftJoin(vehicules, eq(vehicules.id, documents.camion_id));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectDocuments>['execute']>>[number];

/** The stored path stays on the server: the row gives its download address instead. */
function toOut(row: Row, today: string): DocumentOut {
  return {
    ...row,
    etat: documentEtat(row.date_expiration, today),
    fichier: row.fichier ? endpointPath(documentFichierFileEndpoint, row) : null,
  };
}

const order: DefaultOrder = { asc: [documents.date_expiration, documents.id] };

/**
 * Documents à renouveler (shared DOCUMENT_ECHEANCES): expiring within the échéance's days from
 * `today`, and not replaced since — no document of the same company, vehicle (or person) and libellé
 * expires later. The list's `?echeance=` and the daily reminder use this one condition.
 */
export function echeanceCondition(echeance: DocumentEcheance, today: string): SQL {
  const [min, max] = echeanceBornes(echeance, today);
  // `ds`: the other documents (the outer `documents` keeps its name inside the subquery).
  const remplace = sql`exists (select 1 from ${documents} as ds
    where ds.entreprise_id = ${documents.entreprise_id}
      and ds.id <> ${documents.id}
      and ds.camion_id is not distinct from ${documents.camion_id}
      and ds.user_id is not distinct from ${documents.user_id}
      and lower(trim(ds.libelle)) = lower(trim(${documents.libelle}))
      and ds.date_expiration > ${documents.date_expiration})`;
  return and(
    min ? gte(documents.date_expiration, min) : undefined,
    lte(documents.date_expiration, max),
    sql`not ${remplace}`,
  )!;
}

export interface DocumentFilters extends Sortable {
  camion_id?: number;
  req_period?: string;
  expire_avant?: string;
  echeance?: DocumentEcheance;
  search?: string;
}

export function listDocuments(db: Db, scope: Scope, f: DocumentFilters): ListSource<DocumentOut> {
  const sorted = orderFor(
    f.sort,
    { libelle: documents.libelle, date_expiration: documents.date_expiration, vehicule: vehicules.plaque },
    order,
  );
  const where = and(
    f.camion_id ? eq(documents.camion_id, f.camion_id) : undefined,
    dateInMonth([documents.date_expiration], f.req_period),
    f.expire_avant ? lte(documents.date_expiration, f.expire_avant) : undefined,
    f.echeance ? echeanceCondition(f.echeance, todayInGabon()) : undefined,
    searchCondition(f.search, [documents.libelle, vehicules.plaque]),
  );
  return {
    ...countsOf(db, () =>
      scoped(db, scope)
        .select({ one: sql`1` })
        .from(documents)
        .leftJoin(vehicules, eq(vehicules.id, documents.camion_id))
        .where(where),
    ),
    async rows(limit, offset) {
      const today = todayInGabon();
      const rows = await selectDocuments(db, scope)
        .where(where)
        .orderBy(...sorted)
        .limit(limit)
        .offset(offset);
      return rows.map((r) => toOut(r, today));
    },
  };
}

/** Documents of a vehicle the caller already found in its scope. */
export async function listDocumentsOfVehicule(
  db: Db,
  scope: Scope,
  vehiculeId: number,
): Promise<DocumentOut[]> {
  const today = todayInGabon();
  const rows = await selectDocuments(db, scope)
    .where(eq(documents.camion_id, vehiculeId))
    .orderBy(...orderFor(undefined, {}, order));
  return rows.map((r) => toOut(r, today));
}

/** The stored row of a document of the scope, or 404 exactly like a missing one. */
export async function findDocument(db: Db, scope: Scope, id: number): Promise<Document> {
  const [row] = await scoped(db, scope).select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!row) throw documentNotFound();
  return row;
}

export async function getDocumentOut(db: Db, scope: Scope, id: number): Promise<DocumentOut> {
  const [row] = await selectDocuments(db, scope).where(eq(documents.id, id)).limit(1);
  if (!row) throw documentNotFound();
  return toOut(row, todayInGabon());
}
