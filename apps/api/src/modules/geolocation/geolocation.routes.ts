import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appareilsRoutes } from './appareils.routes';
import { gpsRoutes } from './gps.routes';
import { Ingest } from './ingest';

/** Geolocation: one ingest (and its caches) shared by the device routes and the GPS routes. */
const geolocationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ingest = new Ingest(app);
  await app.register(appareilsRoutes(ingest));
  await app.register(gpsRoutes(ingest));
};

export default geolocationRoutes;
