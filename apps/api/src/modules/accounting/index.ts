import type { ApiModule } from '../module';
import routes from './accounting.routes';
import { seedAccounting } from './accounting.seed';
import * as tables from './accounting.table';

export { logoImprime } from './facture.figee';
export { operationsHooks } from './operations-hooks';

/** Invoices, purchases, cash vouchers and the journals they post to. */
export const accountingModule: ApiModule = { name: 'accounting', routes, seed: seedAccounting, tables };
