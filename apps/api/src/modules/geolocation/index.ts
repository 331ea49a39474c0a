import type { ApiModule } from '../module';
import routes from './geolocation.routes';
import { seedGeolocation } from './geolocation.seed';
import * as tables from './geolocation.table';

/** GPS devices, positions, tracks and public tracking links. */
export const geolocationModule: ApiModule = {
  name: 'geolocation',
  routes,
  seed: seedGeolocation,
  tables,
};
