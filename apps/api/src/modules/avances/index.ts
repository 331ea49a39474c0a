import type { ApiModule } from '../module';
import routes from './avances.routes';
import { seedAvances } from './avances.seed';
import * as tables from './avances.table';

export { justifierSiOuverte } from './avances.service';

/** Driver advances (« avances de frais de route »): given, justified, settled, each step posted. */
export const avancesModule: ApiModule = { name: 'avances', routes, seed: seedAvances, tables };
