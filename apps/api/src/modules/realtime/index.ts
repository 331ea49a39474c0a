import type { ApiModule } from '../module';
import routes from './broadcasting.routes';

/** The channel authorisation of the realtime connection (the connection itself is plugins/realtime.ts). */
export const realtimeModule: ApiModule = { name: 'realtime', routes };
