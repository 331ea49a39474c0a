import type { ApiModule } from '../module';
import * as tables from './entreprise.table';
import routes from './parametres.routes';

export { wireLogoImprime } from './logos-imprimes';

/** A company's own settings (identity, logo, invoice numbering). */
export const entrepriseModule: ApiModule = { name: 'entreprise', routes, tables };
