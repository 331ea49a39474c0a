import { type ListQuery, OptionOut, optionsEndpoint, zRowId } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentScope, type Scope } from '../plugins/auth';
import { AppError } from './errors';
import { ok, reply } from './http';
import type { ListSource } from './pagination';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** How many options one search answers (and the most it may ask for). */
export const OPTIONS_LIMIT = { default: 30, max: 100 };

export interface OptionsSpec<Row, Q extends ListQuery> {
  /** The list's path: the options are `GET {path}/options`. */
  path: string;
  tags: string[];
  /** The list's own query schema: every list filter (and `search`) narrows the options too. */
  query: z.ZodObject;
  list(scope: Scope, query: Q): ListSource<Row>;
  /** One row, for `?id=` (the label of a value already chosen). A missing or foreign id gives `[]`. */
  get?(scope: Scope, id: number): Promise<Row>;
  /** The option's label; `labels` adds named variants chosen with `?label=` (a payment's course and its rest). */
  label(row: Row): string;
  labels?: Record<string, (row: Row) => string>;
  id?(row: Row): number;
}

/**
 * `GET {path}/options?search=…&limit=&label=&id=&…filters` → `[{ id, label }]`: the choices of a select,
 * searched on the server as one types (the list's own `search` and filters, in the tenant scope), never
 * whole rows nor a capped table. `?id=12` answers the label of one value (a filter from a link).
 */
export function optionsRoute<Row, Q extends ListQuery>(app: App, spec: OptionsSpec<Row, Q>): void {
  const variants = Object.keys(spec.labels ?? {}) as [string, ...string[]];
  const querystring = spec.query.extend({
    id: zRowId("L'identifiant n'est pas valide.").optional(),
    limit: z.coerce
      .number({ error: 'La limite doit être un nombre.' })
      .int({ error: 'La limite doit être un nombre entier.' })
      .min(1, { error: 'La limite doit être supérieure ou égale à 1.' })
      .max(OPTIONS_LIMIT.max, { error: `La limite ne peut pas dépasser ${OPTIONS_LIMIT.max}.` })
      .optional(),
    label: variants.length
      ? z.enum(variants, { error: `Le libellé doit être l'un de : ${variants.join(', ')}.` }).optional()
      : z.undefined({ error: "Ce choix n'a qu'un libellé." }).optional(),
  });
  const idOf = spec.id ?? ((row: Row) => (row as { id: number }).id);

  app.get(
    optionsEndpoint(spec.path).path,
    {
      schema: {
        tags: spec.tags,
        summary: 'Choix pour une liste déroulante : [{id, label}] (search, filtres de la liste, id, limit)',
        querystring,
        response: reply(z.array(OptionOut)),
      },
    },
    async (request) => {
      const q = request.query as Q & { id?: number; limit?: number; label?: string };
      const scope = currentScope(request);
      const label = (q.label && spec.labels?.[q.label]) || spec.label;
      const toOption = (row: Row): OptionOut => ({ id: idOf(row), label: label(row) });
      if (q.id !== undefined) {
        if (!spec.get) {
          const rows = await spec.list(scope, q).rows(OPTIONS_LIMIT.max, 0);
          return ok(rows.filter((r) => idOf(r) === q.id).map(toOption));
        }
        try {
          return ok([toOption(await spec.get(scope, q.id))]);
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 404) return ok([]);
          throw err;
        }
      }
      const { limit, id: _id, label: _label, ...filters } = q;
      const rows = await spec.list(scope, filters as unknown as Q).rows(limit ?? OPTIONS_LIMIT.default, 0);
      return ok(rows.map(toOption));
    },
  );
}
