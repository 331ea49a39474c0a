import rateLimit from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

// Requests per source address, declared per route: `limitConfig(app, 'public')` in a route's
// `config`, which the route builders (`endpointRoute`, the OsmAnd routes) put on every public route. The
// counters live in Redis when REDIS_URL is set (one count for every API node), else in this process. Each
// route counts on its own (a sign-in does not eat the tracking page's budget). The address is Fastify's
// `request.ip`: behind a proxy, set TRUST_PROXY, or every client shares the proxy's count.

/** The route classes and how many requests one address may make per minute on each route of the class. */
export type LimitName = keyof Config['limites'];

const WINDOW_MS = 60_000;

function tooMany(ttlMs: number) {
  const s = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('limite.too_many', 429, [
    `Trop de requêtes depuis votre adresse : réessayez dans ${s} seconde${s > 1 ? 's' : ''}.`,
  ]);
}

/** A route's `config` entry for the class: the limit of this app's configuration. */
export function limitConfig(app: Pick<FastifyInstance, 'config'>, name: LimitName): FastifyContextConfig {
  return { rateLimit: { max: app.config.limites[name], timeWindow: WINDOW_MS } };
}

/**
 * Registers the limiter (no global limit: only routes that declare one are counted). Call on any Fastify
 * instance that serves limited routes (the API, the GPS listener), before those routes are declared.
 */
export async function registerLimits(app: FastifyInstance, config: Config): Promise<void> {
  // ioredis is loaded only when Redis is configured.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : null;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'Redis indisponible (limites de requêtes)'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'yams-limite-' } : {}),
    // Redis down: let requests through rather than refuse every device and sign-in (each node still has
    // the login failure counter in the database).
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooMany(context.ttl),
  });
}

export default fp(async (app: FastifyInstance) => registerLimits(app, app.config), {
  name: 'limits',
  dependencies: ['db'],
});
