import { z } from 'zod';
import type { Paginated } from './api';
import { endpointContract } from './contract';

/**
 * A superadmin's rows carry their company's name (the API's plugins/entreprise-names.ts): an object with an
 * `entreprise_id` lets `entreprise_nom` through its response schema.
 */
export function withEntrepriseNom<T extends z.ZodType>(schema: T): T {
  return schema instanceof z.ZodObject && 'entreprise_id' in schema.shape
    ? (schema.extend({ entreprise_nom: z.string().nullable().optional() }) as unknown as T)
    : schema;
}

/**
 * The answer of a list route, in its three shapes: `req_count` → the number; `page`/`per_page` → Laravel's
 * paginator; otherwise the plain list (capped by `limit`). A contract's `response` for a list endpoint.
 */
export function listAnswer<T extends z.ZodType>(schema: T) {
  const item = withEntrepriseNom(schema);
  const answer = z.union([
    z.number(),
    z.array(item),
    z.object({
      current_page: z.number(),
      data: z.array(item),
      per_page: z.number(),
      total: z.number(),
      /** `total` is an estimate: the selection holds more than EXACT_COUNT_LIMIT rows. */
      total_estime: z.boolean().optional(),
      last_page: z.number(),
      from: z.number().nullable(),
      to: z.number().nullable(),
    }),
  ]);
  LIST_ANSWERS.add(answer);
  return answer;
}

const LIST_ANSWERS = new WeakSet<z.ZodType>();

/** Is this the answer of a list route (its envelope then says whether a plain list was cut)? */
export const isListAnswer = (schema: z.ZodType): boolean => LIST_ANSWERS.has(schema);

/**
 * What the envelope of a list route adds beside `data` when the list is plain (no `page`): whether rows
 * were left out, and then how many the selection holds. Mobile clients keep reading `data` as a list.
 */
export const ListeCoupee = {
  truncated: z
    .boolean()
    .optional()
    .describe(
      'Liste sans `page` : `true` quand elle a été coupée à `limit` lignes (1000 au plus) ; `total` dit alors combien la sélection en compte. Demandez `page` et `per_page` pour tout parcourir. Absent des réponses paginées et de `req_count`.',
    ),
  total: z
    .number()
    .optional()
    .describe('Avec `truncated: true` : le nombre de lignes de la sélection (estimé quand `total_estime`).'),
  total_estime: z
    .boolean()
    .optional()
    .describe('Avec `truncated: true` : `total` est une estimation (plus de 10 000 lignes).'),
};

/** A list answer of rows `T`, whichever shape the query asked for. */
export type ListAnswer<T> = number | T[] | Paginated<T>;

/** The count a list answers to `req_count=1`. */
export function countOf(answer: ListAnswer<unknown>): number {
  if (typeof answer === 'number') return answer;
  return Array.isArray(answer) ? answer.length : answer.total;
}

/** The page a list answers to `page`/`per_page`. */
export function pageOf<T>(answer: ListAnswer<T>): Paginated<T> {
  if (typeof answer === 'object' && !Array.isArray(answer)) return answer;
  throw new Error('La liste attendue par page est arrivée sous une autre forme.');
}

/** One choice of a select: `{ id, label }`. */
export const OptionOut = z.object({ id: z.number(), label: z.string() });
export type OptionOut = z.infer<typeof OptionOut>;

/** What `GET {path}/options` reads besides the list's own filters (`search`, `limit`, `id`, `label`…). */
const OptionsQuery = z.record(z.string(), z.unknown());

/**
 * `GET {path}/options` of an entity list (`path`: its contract's path, e.g. `referenceContracts.villes.path`):
 * a select's choices, searched on the server. The API declares it with the list (`lib/list-options.ts`).
 */
export function optionsEndpoint(path: string) {
  return endpointContract({
    method: 'GET',
    path: `${path}/options`,
    query: OptionsQuery,
    response: z.array(OptionOut),
  });
}

/** `GET {path}/:id` of an entity, read as a plain row (a chosen option's row, to fill other fields). */
export function rowEndpoint(path: string) {
  return endpointContract({
    method: 'GET',
    path: `${path}/:id`,
    params: z.object({ id: z.union([z.number(), z.string()]) }),
    response: z.record(z.string(), z.unknown()),
  });
}
