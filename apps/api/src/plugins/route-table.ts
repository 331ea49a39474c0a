import type { FastifyContextConfig, FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

/** One registered route, as the generated tests (tenancy, fuzz) read it. */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  schema?: FastifySchema;
  /** The route's `config` (its per-address limit: `rateLimit`). */
  config?: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app (filled by `onRoute`), so tests cover new routes without anyone listing them. */
    routeTable: RouteEntry[];
  }
}

/** Call right after creating the app, before any route is registered. */
export function collectRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({ method, url: r.url, schema: r.schema, config: r.config });
    }
  });
}
