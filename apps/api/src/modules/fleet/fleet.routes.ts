import type { FastifyInstance } from 'fastify';
import { scoped } from '../../db/scoped';
import documentsRoutes from './documents.routes';
import interventionsRoutes from './interventions.routes';
import { refreshVehiculeStatuts } from './vehicule-statuts';
import vehiculesRoutes from './vehicules.routes';

/** Every 10 minutes, so an intervention starting or ending today moves its vehicle without any write. */
const REFRESH_EVERY_MS = 10 * 60 * 1000;

/** The fleet domain: vehicles, their documents, interventions, and the vehicle status job. */
export default async function fleetRoutes(app: FastifyInstance) {
  await app.register(vehiculesRoutes);
  await app.register(documentsRoutes);
  await app.register(interventionsRoutes);

  let timer: NodeJS.Timeout | undefined;
  const refresh = () =>
    // The periodic job, over every company.
    refreshVehiculeStatuts(scoped(app.db, { entrepriseId: null })).catch((err) =>
      app.log.error({ err }, 'statuts des véhicules non rafraîchis'),
    );
  app.addHook('onReady', async () => {
    await refresh();
    timer = setInterval(refresh, REFRESH_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
