import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appareilsRoutes } from './appareils.routes';
import { gpsRoutes } from './gps.routes';
import { sharedIngest } from './ingest';
import rapportsGpsRoutes from './rapports-gps.routes';

/** Geolocation: one ingest (and its caches) shared by the device routes, the GPS routes and the driver's app. */
const geolocationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ingest = sharedIngest(app);
  await app.register(appareilsRoutes(ingest));
  await app.register(gpsRoutes(ingest));
  await app.register(rapportsGpsRoutes);
};

export default geolocationRoutes;
