import { z } from 'zod';
import { UserOut } from './users';

/** The presence channel every signed-in back-office tab joins (the specification). */
export const PRESENCE_CHANNEL = 'presence-app';

/** A connected user of `GET /api/utilisateurs/connected`: since their first open tab, and how many tabs. */
export const ConnectedUserOut = UserOut.extend({
  connecte_depuis: z.string(),
  onglets: z.number(),
});
export type ConnectedUserOut = z.infer<typeof ConnectedUserOut>;

export const BroadcastingAuthBody = z.object({
  socket_id: z
    .string({ error: 'Le socket_id est obligatoire.' })
    .min(1, 'Le socket_id est obligatoire.')
    .max(100),
  channel_name: z.string({ error: 'Le canal est obligatoire.' }).min(1, 'Le canal est obligatoire.').max(200),
});

/** Socket.IO events the server pushes. */
export const REALTIME_EVENTS = {
  presence: 'presence:changed',
  notification: 'notification:new',
  message: 'message:new',
  unread: 'unread:changed',
  /** New GPS fixes of a device (payload: PositionPoussee of geolocation.ts). */
  position: 'position:new',
} as const;
