import type { ApiModule } from '../module';
import { verifierPlein } from './anomalies.service';
import routes from './carburant.routes';
import { seedCarburant } from './carburant.seed';
import { relevesKilometrage } from './compteur.repository';

/** Fuel: the fills of the office, the imports and the driver's app (table in chauffeur), consumption, anomalies. */
export const carburantModule: ApiModule = { name: 'carburant', routes, seed: seedCarburant };

/** The vehicle's detail reads its current odometer through fleet's interface (modules/index.ts wires it). */
export const compteurActuel = async (...args: Parameters<typeof relevesKilometrage>) =>
  (await relevesKilometrage(args[0], args[1], args[2], 1))[0] ?? null;

/** The driver's fuel record is checked like the office's (modules/index.ts wires it). */
export { verifierPlein };
