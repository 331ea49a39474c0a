import type { ApiModule } from '../module';
import routes from './statistics.routes';
import * as tables from './statistics.table';

/** The dashboard's figures. */
export const statisticsModule: ApiModule = { name: 'statistics', routes, tables };
