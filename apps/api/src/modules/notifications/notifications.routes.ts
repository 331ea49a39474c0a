import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, reply } from '../../lib/http';
import { filters, listOf, listResponse } from '../../lib/pagination';
import { myMessages, myNotifications } from './notifications.repository';

/** `read_at=null` selects the unread ones; an empty `read_at` is ignored like every empty filter. */
const readAtFilter = filters({
  read_at: z.literal('null', { error: 'Le filtre read_at accepte seulement « null ».' }).optional(),
});

const NotificationOut = z.object({
  id: z.number(),
  type: z.string(),
  titre: z.string(),
  contenu: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
const MessageOut = z.object({
  id: z.number(),
  sender_id: z.number().nullable(),
  contenu: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});

const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['Notifications'];

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'Mes notifications',
        querystring: readAtFilter,
        response: reply(listOf(NotificationOut)),
      },
    },
    async (request) =>
      ok(
        await listResponse(
          request.query,
          myNotifications(app.db, request.auth!.user.id, !!request.query.read_at),
        ),
      ),
  );

  app.get(
    '/api/messages',
    {
      schema: {
        tags,
        summary: 'Mes messages',
        querystring: readAtFilter,
        response: reply(listOf(MessageOut)),
      },
    },
    async (request) =>
      ok(
        await listResponse(request.query, myMessages(app.db, request.auth!.user.id, !!request.query.read_at)),
      ),
  );
};

export default notificationsRoutes;
