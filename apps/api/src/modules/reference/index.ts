import type { ApiModule } from '../module';
import routes from './reference.routes';
import { seedReference } from './reference.seed';
import * as tables from './reference.table';

/** Reference data (the specification): cities, vehicle types, services, garages, articles… */
export const referenceModule: ApiModule = { name: 'reference', routes, seed: seedReference, tables };
