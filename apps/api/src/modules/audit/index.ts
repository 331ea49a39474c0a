import type { ApiModule } from '../module';
import routes from './audit.routes';
import * as tables from './audit.table';

/** The audit log: who changed what, read by the history panels. */
export const auditModule: ApiModule = { name: 'audit', routes, tables };
