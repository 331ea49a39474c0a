import type { AddressInfo } from 'node:net';
import { GPS, suiviLogoEndpoint, suiviPublicEndpoint } from '@yams/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { endpointRoute, fileRoute } from '../../lib/endpoint-routes';
import { ok } from '../../lib/http';
import envelopePlugin, { frameworkErrors } from '../../plugins/envelope';
import { limitConfig, registerLimits } from '../../plugins/limits';
import { LogoFiles } from '../entreprise/parametres.files';
import { suiviSansLogo } from './geolocation.errors';
import type { Ingest } from './ingest';
import { formParams, OsmandError, parseOsmand } from './osmand';
import { suiviLogo, suiviPublic } from './suivi.service';

// The public side of geolocation: the OsmAnd ingest (no account: the device's identifier, and its secret
// when it has one, are its credentials) at /api/gps/osmand[/{cle}] and, when GPS_PORT is set, at `/[{cle}]`
// of a second small listener; and the public tracking page's data at /api/suivi/{token} and its carrier's
// logo at /api/suivi/{token}/logo. Every one is limited per source address (plugins/limits.ts).

const fail = (res: FastifyReply, status: number, message: string) =>
  res.code(status).send({ success: false, message, data: null, errors: [message] });

/**
 * The one OsmAnd handler: 200 with no body for any well-formed message, stored or not (an unknown
 * identifier, a missing or wrong secret: the same answer, so a sweep learns nothing), 400 malformed.
 * The secret is the path's last segment (`/api/gps/osmand/{cle}`) or the `key` parameter.
 */
function osmandHandler(ingest: Ingest) {
  return async (request: FastifyRequest, res: FastifyReply) => {
    let message: ReturnType<typeof parseOsmand>;
    try {
      message = parseOsmand(request.query, request.body);
    } catch (err) {
      if (err instanceof OsmandError) return fail(res, 400, err.message);
      throw err;
    }
    const cle = (request.params as { cle?: string } | undefined)?.cle;
    await ingest.store(cle ? { ...message, cle } : message);
    return res.code(200).send();
  };
}

/** Form bodies (`application/x-www-form-urlencoded`) and bodies of any other type, read as text. */
function osmandParsers(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, formParams(body as string));
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

export function gpsRoutes(ingest: Ingest): FastifyPluginAsyncZod {
  return async (app) => {
    const handler = osmandHandler(ingest);

    // Exempt from the shared contracts: a tracker's protocol, not the web's API. The same path
    // takes GET and POST, the fields in the query, a form or any JSON shape (read by `parseOsmand`, own
    // content-type parsers), and a stored position answers 200 with no body, not the envelope.
    await app.register(async (osmand) => {
      osmandParsers(osmand);
      for (const method of ['GET', 'POST'] as const) {
        for (const url of [GPS.osmandPath, GPS.osmandCle(':cle')]) {
          osmand.route({
            method,
            url,
            bodyLimit: GPS_BODY_LIMIT,
            schema: {
              tags: ['Géolocalisation'],
              summary:
                'Position OsmAnd (Traccar Client) : id|deviceid, timestamp, lat, lon, speed (nœuds)… en paramètres ou formulaire, ou JSON {device_id, location} (location : objet ou tableau) ; la clé de l’appareil dans le chemin ou en paramètre key ; 200 sans corps (appareil inconnu ou clé absente compris), 400 message invalide, 429 trop de messages depuis l’adresse',
            },
            // A tracker reads no page: the browser security headers would only cost each message their work.
            helmet: false,
            config: { sessionsUntouched: true, access: 'public', ...limitConfig(app, 'gps') },
            handler,
          });
        }
      }
    });

    // A second listener for devices configured with a bare host and port (Traccar Client: 5055).
    if (app.config.gpsPort !== undefined) {
      const gps = Fastify({
        logger: false,
        frameworkErrors,
        bodyLimit: GPS_BODY_LIMIT,
        trustProxy: app.config.trustProxy,
      });
      gps.decorate('config', app.config);
      await gps.register(envelopePlugin);
      await registerLimits(gps, app.config);
      osmandParsers(gps);
      for (const url of ['/', '/:cle']) {
        gps.route({ method: ['GET', 'POST'], url, config: limitConfig(app, 'gps'), handler });
      }
      app.addHook('onReady', async () => {
        await gps.listen({ port: app.config.gpsPort!, host: app.config.host });
        gpsServers.set(app.config, gps);
      });
      app.addHook('onClose', async () => {
        await gps.close();
      });
    }

    endpointRoute(app, suiviPublicEndpoint, {
      tags: ['Géolocalisation'],
      summary:
        "Suivi public d'une course par son lien (sans compte) : trajet, position du véhicule, événements",
      public: true,
      handler: async (request) => ok(await suiviPublic(app.db, request.params.token)),
    });
    const logos = new LogoFiles(app.config.dataDir);
    fileRoute(app, suiviLogoEndpoint, {
      tags: ['Géolocalisation'],
      summary: 'Le logo du transporteur sur la page de suivi public (image), pour le porteur du lien',
      public: true,
      handler: async (request, reply) =>
        logos.send(reply, await suiviLogo(app.db, request.params.token), suiviSansLogo),
    });
  };
}
