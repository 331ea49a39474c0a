import { z } from 'zod';
import { isCalendarDate, zMois } from './calendar';
import { PAGE_SIZE } from './constants';
import { zRecherche } from './text';

// The pieces every list's query string is made of (the specification): paging, count, sort, the company of a
// superadmin, id and text filters, day ranges and months. Each module's list query (`queries.ts`) is
// `listFilters({...})` of these; the API validates with it and the web types its calls with it.

/** Empty query values are ignored, as if absent (the specification: only non-empty values filter). */
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

/** What every list accepts: `page`, `per_page`, `limit`, `req_count`, `entreprise`, `sort`. */
export const listQuery = z.object({
  page: positiveInt(1_000_000, 'La page'),
  per_page: positiveInt(PAGE_SIZE.max, 'Le nombre de lignes par page'),
  limit: positiveInt(10_000, 'La limite'),
  req_count: reqCount,
  /** A superadmin's lists narrowed to one company (the API's `currentScope`); ignored for a company. */
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

/**
 * `sort` of a list that names its sortable columns: `col` ascending or `-col` descending, published as
 * the enum of these values (OpenAPI), anything else a French 422 naming the possible columns.
 */
function zTri(colonnes: readonly string[]) {
  const values = colonnes.flatMap((c) => [c, `-${c}`]) as [string, ...string[]];
  return z.preprocess(
    emptyToUndefined,
    z
      .enum(values, {
        error: (iss) =>
          `Cette liste ne peut pas être triée par « ${String(iss.input).replace(/^-/, '')} » (possible : ${colonnes.join(', ')}).`,
      })
      .optional(),
  );
}

/**
 * A list's query: `listQuery` and the list's own filters, each wrapped so empty strings never reach it.
 * `tri`: the columns the list may be sorted on (the keys of its service's `orderFor`); a list without
 * any has no `sort` (a `sort` sent to it is ignored).
 */
export function listFilters<T extends z.ZodRawShape>(shape: T, tri?: readonly string[]) {
  const cleaned = Object.fromEntries(
    Object.entries(shape).map(([k, s]) => [k, z.preprocess(emptyToUndefined, s as z.ZodType)]),
  ) as unknown as { [K in keyof T]: z.ZodPipe<z.ZodTransform, T[K]> };
  const { sort: _, ...base } = listQuery.shape;
  return z.object({ ...base, ...(tri ? { sort: zTri(tri) } : {}), ...cleaned }) as unknown as ReturnType<
    typeof listQuery.extend<typeof cleaned>
  >;
}

/** A row id (a PostgreSQL `integer`): anything else is a French 422, never a 500 from the database. */
export const zRowId = (error: string) =>
  z.coerce.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });

/** `params: IdParams` for `/api/<entity>/{id}/…`; a non-numeric id is a 422 in French, never a 500. */
export const IdParams = z.object({ id: zRowId("L'identifiant n'est pas valide.") });

/** A filter that takes a row id: `?client=12`. */
export const zIdFilter = (label: string) => zRowId(`${label} doit être un identifiant numérique.`).optional();

/** A free-text search filter (control characters dropped: see `zRecherche`). */
export const zSearch = zRecherche();

/** A yes/no filter: `?a_payer=1` / `true` is on, `0` / `false` / empty is off; anything else a French 422. */
export const zFlag = (label: string) =>
  z
    .enum(['1', '0', 'true', 'false', ''], { error: `${label} doit valoir 1 ou 0.` })
    .optional()
    .transform((v) => v === '1' || v === 'true');

// Date filters: `date_debut`/`date_fin` (a day range) and `req_period=YYYY-MM` (the calendar). Day and
// month boundaries are Libreville time (UTC+1, no daylight saving): the API's lib/filters-dates.ts.

const zDay = (label: string) =>
  z
    .string()
    .refine(isCalendarDate, { error: `${label} doit être une date au format AAAA-MM-JJ.` })
    .optional();

/** Querystring shape: `...dateRangeQuery` inside `listFilters({...})`. */
export const dateRangeQuery = {
  date_debut: zDay('La date de début'),
  date_fin: zDay('La date de fin'),
};

/** Querystring shape of the calendar: `?req_period=2026-03`. */
export const periodQuery = {
  req_period: zMois().optional(),
};
