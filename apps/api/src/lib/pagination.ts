import { PAGE_SIZE, type Paginated } from '@yams/shared';
import { z } from 'zod';

/** Empty query values are ignored, as if absent (spec section 5: only non-empty values filter). */
export const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** `?req_count`, `?req_count=1`, `?req_count=true`: the count alone. */
const reqCount = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v !== undefined && v !== false && v !== '0' && v !== 'false');

const positiveInt = (max: number, label: string) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `${label} doit être un nombre.` })
      .int({ error: `${label} doit être un nombre entier.` })
      .min(1, { error: `${label} doit être supérieur ou égal à 1.` })
      .max(max, { error: `${label} ne peut pas dépasser ${max}.` })
      .optional(),
  );

export const listQuery = z.object({
  page: positiveInt(1_000_000, 'La page'),
  per_page: positiveInt(PAGE_SIZE.max, 'Le nombre de lignes par page'),
  limit: positiveInt(10_000, 'La limite'),
  req_count: reqCount,
  /** A superadmin's lists narrowed to one company (plugins/auth.ts `currentScope`); ignored for a company. */
  entreprise: positiveInt(2_147_483_647, "L'entreprise"),
  /** `sort=champ` or `sort=-champ` (descending); each list says which fields it accepts. */
  sort: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^-?[a-z_][a-z0-9_]{0,39}$/, {
        error: 'Le tri doit être un nom de champ, précédé de « - » pour décroissant.',
      })
      .optional(),
  ),
});
export type ListQuery = z.infer<typeof listQuery>;

/** Wraps a filter schema so empty strings never reach it. */
export function filters<T extends z.ZodRawShape>(shape: T) {
  const cleaned = Object.fromEntries(
    Object.entries(shape).map(([k, s]) => [k, z.preprocess(emptyToUndefined, s as z.ZodType)]),
  ) as unknown as { [K in keyof T]: z.ZodPipe<z.ZodTransform, T[K]> };
  return listQuery.extend(cleaned);
}

/** Unpaged lists are capped so a forgotten `page` never returns a whole table. */
export const UNPAGED_CAP = 1000;

export interface ListSource<T> {
  count(): Promise<number>;
  rows(limit: number, offset: number): Promise<T[]>;
}

/**
 * The three shapes of a list answer: `req_count` → the number; `page`/`per_page` → Laravel's paginator;
 * otherwise the plain list, capped by `limit`.
 */
export async function listResponse<T>(
  q: ListQuery,
  source: ListSource<T>,
  defaultPerPage: number = PAGE_SIZE.default,
): Promise<number | Paginated<T> | T[]> {
  if (q.req_count) return source.count();
  if (q.page === undefined && q.per_page === undefined) {
    return source.rows(Math.min(q.limit ?? UNPAGED_CAP, UNPAGED_CAP), 0);
  }
  const perPage = q.per_page ?? defaultPerPage;
  const page = q.page ?? 1;
  const [total, data] = await Promise.all([source.count(), source.rows(perPage, (page - 1) * perPage)]);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    data,
    per_page: perPage,
    total,
    last_page: lastPage,
    from,
    to: from === null ? null : from + data.length - 1,
  };
}

/** Response schema for `listResponse`. */
export function listOf<T extends z.ZodType>(schema: T) {
  // A superadmin's rows carry their company's name (plugins/entreprise-names.ts).
  const item: z.ZodType =
    schema instanceof z.ZodObject
      ? schema.extend({ entreprise_nom: z.string().nullable().optional() })
      : (schema as z.ZodType);
  return z.union([
    z.number(),
    z.array(item),
    z.object({
      current_page: z.number(),
      data: z.array(item),
      per_page: z.number(),
      total: z.number(),
      last_page: z.number(),
      from: z.number().nullable(),
      to: z.number().nullable(),
    }),
  ]);
}
