import { z } from 'zod';
import { endpointContract } from './contract';
import { BroadcastingAuthBody } from './realtime';

/**
 * `POST /broadcasting/auth` (the specification): authorises a socket's subscription to a channel
 * (`presence-app`, `private-user.{id}`) and subscribes it.
 */
export const broadcastingAuthEndpoint = endpointContract({
  method: 'POST',
  path: '/broadcasting/auth',
  body: BroadcastingAuthBody,
  response: z.object({
    channel: z.string(),
    socket_id: z.string(),
    channel_data: z.string().nullable(),
  }),
});
