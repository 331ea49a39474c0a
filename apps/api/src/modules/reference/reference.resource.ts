import {
  type EntityContract,
  type ImportBody,
  type ImportReport,
  MSG,
  type ReferenceQuery,
} from '@yams/shared';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Scoped, scoped, type TenantTable } from '../../db/scoped';
import { resolveEntrepriseExistante } from '../../db/tenancy';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { AppError, createErrorFactory, fieldErrors } from '../../lib/errors';
import { searchCondition } from '../../lib/filters-ids';
import { ce, crudMessages, type Nom } from '../../lib/french';
import type { ListSource } from '../../lib/pagination';
import { transaction } from '../../lib/transaction';
import { assertUnused, inUse, inUseMessage } from '../../lib/usages';
import type { Scope } from '../../plugins/auth';
import { assertRowExists, type TableWithId } from './reference.checks';

interface ResourceBase {
  /** URL segment and SQL table name: 'villes'. */
  path: string;
  /** OpenAPI tag (the Configurations tab). */
  tag: string;
  nom: Nom;
  /** Its paths and schemas (packages/shared `referenceContracts`). */
  contract: EntityContract & { query: typeof ReferenceQuery; create: z.ZodObject; update: z.ZodType };
  search: AnyPgColumn[];
  /** Named labels of `GET {path}/options?label=` (an article with its stock, for a purchase's lines). */
  optionLabels?: Record<string, (row: Record<string, unknown>) => string>;
  order: AnyPgColumn[];
  perPage?: number;
  /** Body fields naming a platform row that must exist. */
  refs?: Array<{ field: string; table: TableWithId; message: string; label?: AnyPgColumn }>;
  /** Body fields unique in the table (within the company for company tables). */
  unique?: Array<{ field: string; column: AnyPgColumn; message: string }>;
}

/** A platform table (villes, types…): read by everyone with the plain `db`, written by superadmins. */
interface PlatformResource extends ResourceBase {
  platform: true;
  table: TableWithId;
  /** The row as the API returns it, labels of referenced rows joined. */
  select(db: Db): PgSelect;
}

/**
 * A company table (articles, garages…): every read and write goes through `scoped(db, scope)` (db/scoped.ts),
 * so its rows are the company's by construction, like every other tenant table.
 */
interface CompanyResource extends ResourceBase {
  platform: false;
  table: TenantTable & TableWithId;
  /** The row as the API returns it, labels of referenced rows joined, from the scope's `select`. */
  select(s: Scoped): PgSelect;
}

/** One reference table served as `/api/{path}`: everything the generic repository and routes need to know. */
export type ReferenceResource = PlatformResource | CompanyResource;

type Values = Record<string, unknown>;

const forbidden = createErrorFactory({
  code: 'reference.forbidden',
  statusCode: 403,
  message: MSG.forbidden,
});

const notFound = (r: ReferenceResource) =>
  new AppError(`${r.path}.not_found`, 404, [crudMessages(r.nom).notFound]);

/** The resource's rows as the API returns them: a company table's through the scope, a platform table's as they are. */
const selectRows = (db: Db, scope: Scope, r: ReferenceResource): PgSelect =>
  r.platform ? r.select(db) : r.select(scoped(db, scope));

/** Platform tables are written by superadmins only. */
export function assertWriter(r: ReferenceResource, scope: Scope): void {
  if (r.platform && scope.entrepriseId !== null) throw forbidden();
}

export function listRows(
  db: Db,
  scope: Scope,
  r: ReferenceResource,
  q: { search?: string },
): ListSource<Values> {
  const where = searchCondition(q.search, r.search);
  return {
    async count() {
      const [row] = await (r.platform
        ? db.select({ n: count() }).from(r.table as PgTable)
        : scoped(db, scope).select({ n: count() }).from(r.table)
      ).where(where);
      return row?.n ?? 0;
    },
    async rows(limit, offset) {
      const order = [...r.order.map((c) => asc(c)), asc(r.table.id)];
      return (await selectRows(db, scope, r)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)) as Values[];
    },
  };
}

export async function getRow(db: Db, scope: Scope, r: ReferenceResource, id: number): Promise<Values> {
  const [row] = (await selectRows(db, scope, r).where(eq(r.table.id, id)).limit(1)) as Values[];
  if (!row) throw notFound(r);
  return row;
}

async function checkBody(db: Db, r: ReferenceResource, values: Values, exceptId?: number) {
  for (const ref of r.refs ?? []) {
    await assertRowExists(
      db,
      ref.table,
      values[ref.field] as number | null | undefined,
      ref.field,
      ref.message,
    );
  }
  for (const u of r.unique ?? []) {
    const value = values[u.field];
    if (value === undefined || value === null) continue;
    // Unique within the row's company for a company table.
    const [other] = await (r.platform
      ? db.select({ id: r.table.id }).from(r.table as PgTable)
      : scoped(db, { entrepriseId: values.entreprise_id as number })
          .select({ id: r.table.id })
          .from(r.table)
    )
      .where(and(eq(u.column, value), exceptId ? ne(r.table.id, exceptId) : undefined))
      .limit(1);
    if (other) throw fieldErrors({ [u.field]: u.message });
  }
}

/** A race lost to another writer: the same French answers as the checks above. */
function writeError(r: ReferenceResource, err: unknown): unknown {
  const u = r.unique?.[0];
  if (u && isUniqueViolation(err)) return fieldErrors({ [u.field]: u.message });
  if (isForeignKeyViolation(err)) {
    return new AppError('validation', 422, ["Une des valeurs choisies n'existe plus. Rechargez la page."]);
  }
  return err;
}

export async function createRow(db: Db, scope: Scope, r: ReferenceResource, body: Values): Promise<Values> {
  assertWriter(r, scope);
  const { entreprise_id, ...values } = body;
  if (!r.platform) {
    values.entreprise_id = await resolveEntrepriseExistante(
      db,
      scope,
      entreprise_id as number | null | undefined,
    );
  }
  await checkBody(db, r, values);
  try {
    const [row] = await (r.platform
      ? db.insert(r.table as PgTable).values(values as never)
      : scoped(db, scope)
          .insert(r.table)
          .values(values as never)
    ).returning({ id: r.table.id });
    return getRow(db, scope, r, row!.id as number);
  } catch (err) {
    throw writeError(r, err);
  }
}

export async function updateRow(
  db: Db,
  scope: Scope,
  r: ReferenceResource,
  id: number,
  body: Values,
): Promise<Values> {
  assertWriter(r, scope);
  const current = await getRow(db, scope, r, id);
  const values = Object.fromEntries(
    Object.entries(body).filter(([k, v]) => v !== undefined && k !== 'entreprise_id'),
  );
  if (!Object.keys(values).length) return current;
  await checkBody(db, r, { ...values, entreprise_id: current.entreprise_id }, id);
  try {
    await (r.platform
      ? db.update(r.table as PgTable).set(values as never)
      : scoped(db, scope)
          .update(r.table)
          .set(values as never)
    ).where(eq(r.table.id, id));
  } catch (err) {
    throw writeError(r, err);
  }
  return getRow(db, scope, r, id);
}

export async function destroyRow(db: Db, scope: Scope, r: ReferenceResource, id: number): Promise<string> {
  assertWriter(r, scope);
  await getRow(db, scope, r, id);
  await assertUnused(db, r.path, id, ce(r.nom), r.nom.genre);
  try {
    await (r.platform ? db.delete(r.table as PgTable) : scoped(db, scope).delete(r.table)).where(
      eq(r.table.id, id),
    );
  } catch (err) {
    if (isForeignKeyViolation(err)) throw inUse(inUseMessage(ce(r.nom), r.nom.genre));
    throw err;
  }
  return crudMessages(r.nom).deleted;
}

/** Thrown inside the import's transaction to roll it back once the report is known. */
class RollBack extends Error {}

/**
 * `POST /api/{path}/import`: every line checked as a creation would check it (the body schema, the referenced
 * rows, the unique fields, against the table and the lines before it), all written in one transaction, or
 * nothing when one line is wrong or for a preview. A referenced row may be named by its label as the export
 * writes it ('Libreville' for a ville): it is looked up case-insensitively.
 */
export async function importRows(
  db: Db,
  scope: Scope,
  r: ReferenceResource,
  body: ImportBody,
): Promise<ImportReport> {
  assertWriter(r, scope);
  const report: ImportReport = { lignes: body.lignes.length, importees: 0, erreurs: [] };
  const ids = new Map<string, number | null>();
  const lookUp = async (tx: Db, ref: NonNullable<ReferenceResource['refs']>[number], text: string) => {
    const key = `${ref.field}:${text.toLowerCase()}`;
    if (!ids.has(key)) {
      const [row] = ref.label
        ? await tx
            .select({ id: ref.table.id })
            .from(ref.table as PgTable)
            .where(sql`lower(${ref.label}) = ${text.toLowerCase()}`)
            .limit(1)
        : [];
      ids.set(key, (row?.id as number | undefined) ?? null);
    }
    return ids.get(key)!;
  };
  try {
    await transaction(db, async (tx) => {
      for (const [i, line] of body.lignes.entries()) {
        const ligne = body.numeros?.[i] ?? i + 2;
        const messages: string[] = [];
        const values: Values = { ...line };
        const unknown = new Set<string>();
        for (const ref of r.refs ?? []) {
          const v = values[ref.field];
          if (typeof v !== 'string') continue;
          const text = v.trim();
          if (text === '') values[ref.field] = null;
          else if (/^\d+$/.test(text)) values[ref.field] = Number(text);
          else {
            const id = await lookUp(tx, ref, text);
            if (id === null) {
              messages.push(`${ref.message.replace(/\.$/, '')} : « ${text} ».`);
              unknown.add(ref.field);
            } else values[ref.field] = id;
          }
        }
        const parsed = r.contract.create.safeParse(values);
        if (!parsed.success) {
          const issues = parsed.error.issues.filter((issue) => !unknown.has(String(issue.path[0])));
          messages.push(...new Set(issues.map((issue) => issue.message)));
        }
        if (messages.length === 0) {
          try {
            // A savepoint per line: a refused line leaves the lines before it in place for the next checks.
            await tx.transaction((line) => createRow(line as unknown as Db, scope, r, parsed.data as Values));
          } catch (err) {
            if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
            messages.push(...err.errors);
          }
        }
        if (messages.length) report.erreurs.push({ ligne, messages });
      }
      if (report.erreurs.length || body.apercu) throw new RollBack();
    });
    report.importees = report.lignes;
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
  }
  return report;
}
