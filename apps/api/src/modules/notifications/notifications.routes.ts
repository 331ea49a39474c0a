import {
  MessageBody,
  MessageOut,
  NOTIFICATION_TYPE_KEYS,
  NOTIFICATION_TYPES,
  NotificationOut,
  NotificationPreferencesBody,
  NotificationPreferencesOut,
} from '@yams/shared';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationPreferences, notifications } from '../../db/schema';
import { createErrorFactory } from '../../lib/errors';
import { IdParams } from '../../lib/filters-ids';
import { ok, reply } from '../../lib/http';
import { filters, listOf, listResponse } from '../../lib/pagination';
import { currentScope } from '../../plugins/auth';
import { markMessagesRead, messagesOf, readMessage, sendMessage } from './messages.service';

/** `read_at=null` selects the unread ones; an empty `read_at` is ignored like every empty filter. */
const readAt = z.literal('null', { error: 'Le filtre read_at accepte seulement « null ».' }).optional();
const readAtFilter = filters({ read_at: readAt });

const notFound = createErrorFactory({
  code: 'notifications.not_found',
  statusCode: 404,
  message: 'Cette notification n’existe pas.',
});

const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['Notifications'];
  const mine = (userId: number, unread?: boolean): SQL | undefined =>
    and(eq(notifications.user_id, userId), unread ? isNull(notifications.read_at) : undefined);

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'Mes notifications, les plus récentes d’abord (read_at=null : les non lues)',
        querystring: readAtFilter,
        response: reply(listOf(NotificationOut)),
      },
    },
    async (request) => {
      const where = mine(request.auth!.user.id, Boolean(request.query.read_at));
      return ok(
        await listResponse(request.query, {
          count: async () =>
            (await app.db.select({ n: count() }).from(notifications).where(where))[0]?.n ?? 0,
          rows: (limit, offset) =>
            app.db
              .select({
                id: notifications.id,
                type: notifications.type,
                titre: notifications.titre,
                contenu: notifications.contenu,
                lien: notifications.lien,
                read_at: notifications.read_at,
                created_at: notifications.created_at,
              })
              .from(notifications)
              .where(where)
              .orderBy(desc(notifications.created_at), desc(notifications.id))
              .limit(limit)
              .offset(offset),
        }),
      );
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Marque une notification comme lue',
        params: IdParams,
        response: reply(z.null()),
      },
    },
    async (request) => {
      const updated = await app.db
        .update(notifications)
        .set({ read_at: sql`coalesce(${notifications.read_at}, now())` })
        .where(and(eq(notifications.id, request.params.id), mine(request.auth!.user.id)))
        .returning({ id: notifications.id });
      if (updated.length === 0) throw notFound();
      return ok(null);
    },
  );

  app.post(
    '/api/notifications/read-all',
    { schema: { tags, summary: 'Marque toutes mes notifications comme lues', response: reply(z.number()) } },
    async (request) => {
      const updated = await app.db
        .update(notifications)
        .set({ read_at: sql`now()` })
        .where(mine(request.auth!.user.id, true))
        .returning({ id: notifications.id });
      return ok(updated.length, 'Toutes les notifications sont marquées comme lues.');
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Les types de notification que je reçois',
        response: reply(NotificationPreferencesOut),
      },
    },
    async (request) => ok(await preferencesOf(request.auth!.user.id)),
  );

  app.post(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Choisit les types de notification reçus (desactivees : ceux que je ne veux pas)',
        body: NotificationPreferencesBody,
        response: reply(NotificationPreferencesOut),
      },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      const desactivees = [...new Set(request.body.desactivees)];
      await app.db
        .insert(notificationPreferences)
        .values({ user_id: userId, desactivees })
        .onConflictDoUpdate({ target: notificationPreferences.user_id, set: { desactivees } });
      return ok(await preferencesOf(userId), 'Vos préférences de notification sont enregistrées.');
    },
  );

  async function preferencesOf(userId: number) {
    const [row] = await app.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.user_id, userId));
    const off = new Set(row?.desactivees ?? []);
    return {
      types: NOTIFICATION_TYPE_KEYS.map((type) => ({
        type,
        libelle: NOTIFICATION_TYPES[type],
        actif: !off.has(type),
      })),
    };
  }

  // Messages: an inbox between the users of one company.
  const messageTags = ['Messages'];

  app.get(
    '/api/messages',
    {
      schema: {
        tags: messageTags,
        summary: 'Mes messages reçus (boite=envoyes : envoyés), les plus récents d’abord',
        querystring: filters({
          read_at: readAt,
          boite: z.enum(['recus', 'envoyes'], { error: 'La boîte est « recus » ou « envoyes ».' }).optional(),
        }),
        response: reply(listOf(MessageOut)),
      },
    },
    async (request) =>
      ok(
        await listResponse(
          request.query,
          messagesOf(app.db, request.auth!.user.id, {
            sent: request.query.boite === 'envoyes',
            unread: Boolean(request.query.read_at),
          }),
        ),
      ),
  );

  app.get(
    '/api/messages/:id',
    {
      schema: {
        tags: messageTags,
        summary: 'Lit un message (reçu : marqué lu)',
        params: IdParams,
        response: reply(MessageOut),
      },
    },
    async (request) => ok(await readMessage(app.db, request.auth!.user.id, request.params.id)),
  );

  app.post(
    '/api/messages',
    {
      schema: {
        tags: messageTags,
        summary: 'Envoie un message à un utilisateur de mon entreprise',
        body: MessageBody,
        response: reply(MessageOut),
      },
    },
    async (request) => ok(await sendMessage(app.db, currentScope(request), request.body), 'Message envoyé.'),
  );

  app.post(
    '/api/messages/:id/read',
    {
      schema: {
        tags: messageTags,
        summary: 'Marque un message reçu comme lu',
        params: IdParams,
        response: reply(z.null()),
      },
    },
    async (request) => {
      await markMessagesRead(app.db, request.auth!.user.id, request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/api/messages/read-all',
    {
      schema: {
        tags: messageTags,
        summary: 'Marque tous mes messages reçus comme lus',
        response: reply(z.null()),
      },
    },
    async (request) => {
      await markMessagesRead(app.db, request.auth!.user.id);
      return ok(null, 'Tous les messages sont marqués comme lus.');
    },
  );
};

export default notificationsRoutes;
