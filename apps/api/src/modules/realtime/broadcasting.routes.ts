import { broadcastingAuthEndpoint, PRESENCE_CHANNEL } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-routes';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/http';

const refused = () => new AppError('broadcasting.forbidden', 403, ['Accès refusé à ce canal.']);

/**
 * `POST /broadcasting/auth`: authorises a socket's subscription to a channel (the specification), then
 * subscribes it, whichever API process holds the socket. Channels: `presence-app` (every back-office
 * tab), `private-user.{id}` (one's own).
 */
const broadcastingRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, broadcastingAuthEndpoint, {
    tags: ['Temps réel'],
    summary: 'Autorise l’abonnement d’un socket à un canal (presence-app, private-user.{id})',
    access: 'transporteur',
    handler: async (request) => {
      const { user } = request.auth!;
      const { socket_id, channel_name } = request.body;
      const own = channel_name === PRESENCE_CHANNEL || channel_name === `private-user.${user.id}`;
      if (!own) throw refused();
      if (!(await app.realtime.subscribe(socket_id, user.id, channel_name))) {
        throw new AppError('broadcasting.socket', 403, [
          'Ce socket n’est pas le vôtre ou n’est plus connecté.',
        ]);
      }
      const channelData =
        channel_name === PRESENCE_CHANNEL
          ? JSON.stringify({ user_id: user.id, user_info: { name: user.name, photo: user.photo } })
          : null;
      return ok({ channel: channel_name, socket_id, channel_data: channelData });
    },
  });
};

export default broadcastingRoutes;
