import { endpointContract } from './contract';
import { listAnswer } from './list-answer';
import { ConnectedUsersQuery } from './queries';
import { ConnectedUserOut } from './realtime';

/** Who is connected now (the `presence-app` channel, every API process together). */
export const connectedUsersEndpoint = endpointContract({
  method: 'GET',
  path: '/api/utilisateurs/connected',
  query: ConnectedUsersQuery,
  response: listAnswer(ConnectedUserOut),
});
