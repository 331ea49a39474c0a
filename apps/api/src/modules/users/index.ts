import type { ApiModule } from '../module';
import routes from './users.routes';

/** Accounts of a company (staff and clients) and who is connected. */
export const usersModule: ApiModule = { name: 'users', routes };
