import type { ApiModule } from '../module';
import routes from './auth.routes';

/** Sign-in, sessions, account verification and password reset (the users table is in db/core.table.ts). */
export const authModule: ApiModule = { name: 'auth', routes };
