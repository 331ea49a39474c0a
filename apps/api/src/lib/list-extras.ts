import type { ListQuery } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportRoute } from './list-export';
import { type OptionsSpec, optionsRoute } from './list-options';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The routes every list gets beside `GET {path}`: `GET {path}/options` (a select's `[{id, label}]`,
 * searched on the server) and `GET {path}/export` (the whole filtered list as CSV or xlsx, streamed).
 * `crudRoutes` calls it; a hand-written list module calls it once with its list function.
 */
export function listExtras<Row, Q extends ListQuery>(app: App, spec: OptionsSpec<Row, Q>): void {
  optionsRoute(app, spec);
  exportRoute(app, spec);
}
