import {
  type DocumentOut,
  documentEtat,
  documentFichierFileEndpoint,
  endpointPath,
  todayInGabon,
} from '@yams/shared';
import { and, eq, getTableColumns, lte, sql } from 'drizzle-orm';
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

export interface DocumentFilters extends Sortable {
  camion_id?: number;
  req_period?: string;
  expire_avant?: string;
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
