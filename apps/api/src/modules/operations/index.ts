import type { ApiModule } from '../module';
import * as adressesTables from './adresses.table';
import routes from './operations.routes';
// Registers how demandes (the market) and users are shared between companies (db/tenancy.ts).
import './operations.tenancy';
import { seedOperations } from './operations.seed';
import * as operationsTables from './operations.table';

/** Courses, payments, demandes and users' addresses. */
export const operationsModule: ApiModule = {
  name: 'operations',
  routes,
  seed: seedOperations,
  tables: { ...operationsTables, ...adressesTables },
};
