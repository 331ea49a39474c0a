import type { FastifyInstance } from 'fastify';
import adressesRoutes from './adresses.routes';
import coursesRoutes from './courses.routes';
import demandesRoutes from './demandes.routes';
import paiementsRoutes from './paiements.routes';

/** The operations domain: courses, their payments, the demandes that become courses, users' addresses. */
export default async function operationsRoutes(app: FastifyInstance) {
  await app.register(coursesRoutes);
  await app.register(paiementsRoutes);
  await app.register(demandesRoutes);
  await app.register(adressesRoutes);
}
