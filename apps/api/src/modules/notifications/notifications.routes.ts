import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages, notifications } from '../../db/schema';
import { ok, reply } from '../../lib/http';
import { filters, listOf, listResponse } from '../../lib/pagination';

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
    async (request) => {
      const where: SQL | undefined = and(
        eq(notifications.user_id, request.auth!.user.id),
        request.query.read_at ? isNull(notifications.read_at) : undefined,
      );
      return ok(
        await listResponse(request.query, {
          count: async () =>
            (await app.db.select({ n: count() }).from(notifications).where(where))[0]?.n ?? 0,
          rows: (limit, offset) =>
            app.db
              .select()
              .from(notifications)
              .where(where)
              .orderBy(desc(notifications.id))
              .limit(limit)
              .offset(offset),
        }),
      );
    },
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
    async (request) => {
      const where = and(
        eq(messages.recipient_id, request.auth!.user.id),
        request.query.read_at ? isNull(messages.read_at) : undefined,
      );
      return ok(
        await listResponse(request.query, {
          count: async () => (await app.db.select({ n: count() }).from(messages).where(where))[0]?.n ?? 0,
          rows: (limit, offset) =>
            app.db
              .select()
              .from(messages)
              .where(where)
              .orderBy(desc(messages.id))
              .limit(limit)
              .offset(offset),
        }),
      );
    },
  );
};

export default notificationsRoutes;
