import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Scoped, TenantTable } from '../../db/scoped';
import { fieldErrors } from '../../lib/errors';

// Checks on the ids a body refers to, answered as French 422 field errors before the database would
// answer a foreign-key error.

export type TableWithId = PgTable & { id: AnyPgColumn };

/** 422 `{ field: message }` unless a row of `table` has this id (and matches `extra`, e.g. the tenant). */
export async function assertRowExists(
  db: Db,
  table: TableWithId,
  id: number | null | undefined,
  field: string,
  message: string,
  extra?: SQL,
): Promise<void> {
  if (id === null || id === undefined) return;
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.id, id), extra))
    .limit(1);
  if (!row) throw fieldErrors({ [field]: message });
}

/** 422 `{ field: message }` unless the scope holds a row of `table` with this id (and matching `extra`). */
export async function assertOwnRow(
  s: Scoped,
  table: TenantTable & { id: AnyPgColumn },
  id: number | null | undefined,
  field: string,
  message: string,
  extra?: SQL,
): Promise<void> {
  if (id === null || id === undefined) return;
  const [row] = await s
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), extra))
    .limit(1);
  if (!row) throw fieldErrors({ [field]: message });
}
