import type { AddressInfo } from 'node:net';
import { GPS, suiviLogoEndpoint, suiviPublicEndpoint } from '@yams/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { endpointRoute, fileRoute } from '../../lib/endpoint-routes';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/http';
import envelopePlugin, { frameworkErrors } from '../../plugins/envelope';
import { LogoFiles } from '../entreprise/parametres.files';
import { suiviSansLogo } from './geolocation.errors';
import type { Ingest } from './ingest';
import { OsmandError, parseOsmand } from './osmand';
import { suiviLogo, suiviPublic } from './suivi.service';

// The public side of geolocation: the OsmAnd ingest (no account: the device's identifier is its
// credential, as in Traccar) at /api/gps/osmand and, when GPS_PORT is set, at `/` of a second small
// listener; and the public tracking page's data at /api/suivi/{token}.

const fail = (res: FastifyReply, status: number, message: string) =>
  res.code(status).send({ success: false, message, data: null, errors: [message] });

/** The one OsmAnd handler: 200 empty when stored, 400 malformed, 404 unknown identifier. */
function osmandHandler(ingest: Ingest) {
  return async (request: FastifyRequest, res: FastifyReply) => {
    let message: ReturnType<typeof parseOsmand>;
    try {
      message = parseOsmand(request.query, request.body);
    } catch (err) {
      if (err instanceof OsmandError) return fail(res, 400, err.message);
      throw err;
    }
    const result = await ingest.store(message);
    if (result === 'unknown') {
      return fail(
        res,
        404,
        `Appareil inconnu : « ${message.identifiant} ». Enregistrez cet identifiant dans Géolocalisation → Appareils.`,
      );
    }
    return res.code(200).send();
  };
}

/** Form bodies (`application/x-www-form-urlencoded`) and bodies of any other type, read as text. */
function osmandParsers(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
}

/** Where the GPS listener of an app listens (tests start it on port 0). */
const gpsServers = new WeakMap<Config, FastifyInstance>();
export function gpsAddress(config: Config): AddressInfo | null {
  const server = gpsServers.get(config)?.server.address();
  return server && typeof server === 'object' ? server : null;
}

/**
 * A device's batch (Traccar Client sends the positions it buffered offline as one JSON array) may exceed
 * the API's 1 MiB JSON limit: the OsmAnd routes and the GPS listener take up to 10 MiB.
 */
const GPS_BODY_LIMIT = 10 * 1024 * 1024;

/** Requests per address and minute on the public tracking route (each node counts its own). */
const SUIVI_PAR_MINUTE = 120;

export function gpsRoutes(ingest: Ingest): FastifyPluginAsyncZod {
  return async (app) => {
    const handler = osmandHandler(ingest);

    // Exempt from the shared contracts (issue 6 §3): a tracker's protocol, not the web's API. The same path
    // takes GET and POST, the fields in the query, a form or any JSON shape (read by `parseOsmand`, own
    // content-type parsers), and a stored position answers 200 with no body, not the envelope.
    await app.register(async (osmand) => {
      osmandParsers(osmand);
      for (const method of ['GET', 'POST'] as const) {
        osmand.route({
          method,
          url: GPS.osmandPath,
          bodyLimit: GPS_BODY_LIMIT,
          schema: {
            tags: ['Géolocalisation'],
            summary:
              'Position OsmAnd (Traccar Client) : id|deviceid, timestamp, lat, lon, speed (nœuds)… en paramètres ou formulaire, ou JSON {device_id, location} (location : objet ou tableau) ; 200 sans corps, 400 message invalide, 404 identifiant inconnu',
            security: [],
          },
          // A tracker reads no page: the browser security headers would only cost each message their work.
          helmet: false,
          config: { sessionsUntouched: true },
          handler,
        });
      }
    });

    // A second listener for devices configured with a bare host and port (Traccar Client: 5055).
    if (app.config.gpsPort !== undefined) {
      const gps = Fastify({ logger: false, frameworkErrors, bodyLimit: GPS_BODY_LIMIT });
      await gps.register(envelopePlugin);
      osmandParsers(gps);
      gps.route({ method: ['GET', 'POST'], url: '/', handler });
      app.addHook('onReady', async () => {
        await gps.listen({ port: app.config.gpsPort!, host: app.config.host });
        gpsServers.set(app.config, gps);
      });
      app.addHook('onClose', async () => {
        await gps.close();
      });
    }

    // The public page's requests, per address and minute (the page and its logo).
    const hits = new Map<string, { start: number; n: number }>();
    const throttle = (request: FastifyRequest) => {
      const now = Date.now();
      const hit = hits.get(request.ip);
      if (!hit || now - hit.start > 60_000) {
        if (hits.size > 10_000) hits.clear();
        hits.set(request.ip, { start: now, n: 1 });
      } else if (++hit.n > SUIVI_PAR_MINUTE) {
        throw new AppError('suivi.too_many', 429, [
          'Trop de demandes pour ce suivi : réessayez dans une minute.',
        ]);
      }
    };
    endpointRoute(app, suiviPublicEndpoint, {
      tags: ['Géolocalisation'],
      summary:
        "Suivi public d'une course par son lien (sans compte) : trajet, position du véhicule, événements",
      public: true,
      handler: async (request) => {
        throttle(request as unknown as FastifyRequest);
        return ok(await suiviPublic(app.db, request.params.token));
      },
    });
    const logos = new LogoFiles(app.config.dataDir);
    fileRoute(app, suiviLogoEndpoint, {
      tags: ['Géolocalisation'],
      summary: 'Le logo du transporteur sur la page de suivi public (image), pour le porteur du lien',
      public: true,
      handler: async (request, reply) => {
        throttle(request as unknown as FastifyRequest);
        return logos.send(reply, await suiviLogo(app.db, request.params.token), suiviSansLogo);
      },
    });
  };
}
