import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_NAME, APP_VERSION } from '@yams/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailer, type Mailer } from './lib/mailer';
import { ERREUR_SCHEMA, openapiTransform, SECURITY_SCHEMES } from './lib/openapi';
import { logRedaction, logSerializers, OneLinePerRequest } from './lib/request-log';
import { validatorCompiler } from './lib/validation';
import { MODULES } from './modules';
import authPlugin from './plugins/auth';
import contextPlugin from './plugins/context';
import entrepriseNamesPlugin from './plugins/entreprise-names';
import envelopePlugin, { frameworkErrors } from './plugins/envelope';
import idempotencyPlugin from './plugins/idempotency';
import limitsPlugin from './plugins/limits';
import realtimePlugin from './plugins/realtime';
import { collectRoutes } from './plugins/route-table';
import securityPlugin, { DOCS_CSP } from './plugins/security';

export interface AppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** false: no log; a stream: the log written there (tests read it); by default, standard output. */
  logger?: boolean | { stream: { write(line: string): void } };
}

/** The largest JSON body (a larger one is a French 413 in the envelope). */
const JSON_BODY_LIMIT = 1024 * 1024;

/** The whole API as a Fastify instance, without listening: used by the server entry and by tests. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // No secret in the log: URLs and headers redacted (lib/request-log.ts).
            serializers: logSerializers,
            redact: logRedaction,
            ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
          },
    trustProxy: config.trustProxy,
    // One line per request, written when it is answered (lib/request-log.ts), instead of Fastify's two
    // (received, answered): half the log's cost per request, nothing an operator reads lost.
    logController: new OneLinePerRequest(),
    frameworkErrors,
    // JSON bodies are small: files travel as multipart uploads (lib/uploads.ts); an import and a GPS batch
    // set their own limit on their route.
    bodyLimit: JSON_BODY_LIMIT,
  }).withTypeProvider<ZodTypeProvider>();
  collectRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(envelopePlugin);
  await app.register(contextPlugin, {
    config,
    database: options.database,
    mailer: options.mailer ?? createMailer(config),
  });
  await app.register(limitsPlugin);
  await app.register(authPlugin);
  await app.register(entrepriseNamesPlugin);
  await app.register(idempotencyPlugin);
  await app.register(realtimePlugin);
  await app.register(securityPlugin);

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${APP_NAME} API`,
        version: APP_VERSION,
        description: 'API du back-office et des applications mobiles.',
      },
      // Each operation names its own security and error answers (lib/openapi.ts).
      components: { securitySchemes: SECURITY_SCHEMES, schemas: { Erreur: ERREUR_SCHEMA } },
    },
    transform: openapiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP });

  for (const module of MODULES) await app.register(module.routes);

  if (config.webDist && fs.existsSync(config.webDist)) await serveWeb(app, config.webDist);
  return app;
}

/**
 * The built single-page app: files as they are, every other non-API path gets index.html.
 * @fastify/static only lends `reply.sendFile` (`serve: false`): registering its own routes would answer
 * `/assets/*` before this handler, without our cache headers. Files are sent in their brotli or gzip copy
 * written at build time (`preCompressed`) when the browser accepts it; hashed `/assets/*` are cached for a
 * year (`immutable`), everything else (index.html, favicon) is revalidated on every load.
 */
async function serveWeb(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    serve: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
  });
  const index = fs.readFileSync(`${root}/index.html`, 'utf8');
  // The driver's app: its own page at /chauffeur, when the build has it.
  const chauffeur = fs.existsSync(`${root}/chauffeur.html`)
    ? fs.readFileSync(`${root}/chauffeur.html`, 'utf8')
    : null;
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path.startsWith('/broadcasting/')) {
      return reply.callNotFound();
    }
    if (/\.[a-z0-9]{1,8}$/i.test(path) && fs.existsSync(`${root}${path}`)) {
      const cache = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      return reply.header('cache-control', cache).sendFile(path.slice(1));
    }
    if (/\.[a-z0-9]{1,8}$/i.test(path)) return reply.callNotFound();
    const page = chauffeur && (path === '/chauffeur' || path.startsWith('/chauffeur/')) ? chauffeur : index;
    return reply.header('cache-control', 'no-cache').type('text/html').send(page);
  });
}
