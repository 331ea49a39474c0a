import type { ApiModule } from '../module';
import routes from './fleet.routes';
import { seedFleet } from './fleet.seed';
import * as tables from './fleet.table';

/** Vehicles, their documents and interventions. */
export const fleetModule: ApiModule = { name: 'fleet', routes, seed: seedFleet, tables };
