import type { ApiModule } from '../module';
import routes from './carburant.routes';
import { seedCarburant } from './carburant.seed';

/** Fuel: the fills of the office, the imports and the driver's app (table in chauffeur), consumption, anomalies. */
export const carburantModule: ApiModule = { name: 'carburant', routes, seed: seedCarburant };
