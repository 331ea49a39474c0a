import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client';
import type { Rng } from '../db/demo-people';

/** What every domain's seed receives: the demo companies and their staff ids by user type. */
export interface SeedContext {
  db: Db;
  r: Rng;
  /** argon2id hash of DEMO_PASSWORD, for any account a domain seed creates. */
  password: string;
  companies: Array<{ id: number; domain: string; staff: Record<string, number[]> }>;
}

/**
 * One domain of the API, as `app.ts` and the demo seed see it: every folder of `src/modules` exports one
 * from its `index.ts`, and `modules/index.ts` lists them.
 */
export interface ApiModule {
  /** The folder's name: 'fleet'. */
  name: string;
  /** Every route of the domain (entity routes through `lib/crud-routes.ts`, the others plain Fastify). */
  routes: FastifyPluginAsync;
  /** Adds the domain's demo data; run in the order of `SEED_ORDER` (modules/index.ts). */
  seed?: (ctx: SeedContext) => Promise<void>;
  /**
   * The domain's Drizzle tables (its `*.table.ts` files). `db/schema.ts` stays the barrel drizzle-kit reads;
   * a test checks that it exports every table declared here.
   */
  tables?: Record<string, unknown>;
}
