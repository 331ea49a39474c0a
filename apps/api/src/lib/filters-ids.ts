import { ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Text filters of list queries (the query schemas themselves are in packages/shared list-query.ts).

/** `%text%` with LIKE wildcards escaped. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/** `text%` with LIKE wildcards escaped: a prefix, which a `text_pattern_ops` index serves. */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;

const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/** Any of the columns contains the text (case-insensitive). */
export function searchCondition(
  text: string | undefined,
  columns: Array<AnyPgColumn | SQL>,
): SQL | undefined {
  if (!text) return undefined;
  const like = likePattern(text);
  return or(...columns.map((c) => ilike(c as AnyPgColumn, like)));
}
