import type { ApiModule } from '../module';
import routes from './notifications.routes';
import * as tables from './notifications.table';

/** A user's notifications, messages and notification preferences. */
export const notificationsModule: ApiModule = { name: 'notifications', routes, tables };
