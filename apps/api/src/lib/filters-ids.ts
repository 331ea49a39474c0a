import { zRecherche } from '@yams/shared';
import { ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

// Id parameters and id/text filters shared by list and detail routes.

/** `params: IdParams` for `/api/<entity>/{id}/…`; a non-numeric id is a 422 in French, never a 500. */
/** A row id (a PostgreSQL `integer`): anything else is a French 422, never a 500 from the database. */
export const zRowId = (error: string) =>
  z.coerce.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });

export const IdParams = z.object({ id: zRowId("L'identifiant n'est pas valide.") });

/** A filter that takes a row id: `?client=12`. */
export const zIdFilter = (label: string) => zRowId(`${label} doit être un identifiant numérique.`).optional();

/** A free-text search filter (control characters dropped: see `zRecherche`). */
export const zSearch = zRecherche();

/** `%text%` with LIKE wildcards escaped. */
export const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/** Any of the columns contains the text (case-insensitive). */
export function searchCondition(
  text: string | undefined,
  columns: Array<AnyPgColumn | SQL>,
): SQL | undefined {
  if (!text) return undefined;
  const like = likePattern(text);
  return or(...columns.map((c) => ilike(c as AnyPgColumn, like)));
}

/** A yes/no filter: `?a_payer=1` / `true` is on, `0` / `false` / empty is off; anything else a French 422. */
export const zFlag = (label: string) =>
  z
    .enum(['1', '0', 'true', 'false', ''], { error: `${label} doit valoir 1 ou 0.` })
    .optional()
    .transform((v) => v === '1' || v === 'true');
