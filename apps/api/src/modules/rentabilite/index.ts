import type { ApiModule } from '../module';
import routes from './rentabilite.routes';

/** Profitability per course, vehicle and month, driver and trajet (reads only: no table of its own). */
export const rentabiliteModule: ApiModule = { name: 'rentabilite', routes };
