import {
  IdParams,
  MessageBody,
  MessageOut,
  MessagesQuery,
  NotificationOut,
  NotificationPreferencesBody,
  NotificationPreferencesOut,
  NotificationsQuery,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, reply } from '../../lib/http';
import { listOf, listResponse } from '../../lib/pagination';
import { currentScope } from '../../plugins/auth';
import { markMessagesRead, messagesOf, readMessage, sendMessage } from './messages.service';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  preferencesOf,
  setPreferences,
} from './notifications.repository';

const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['Notifications'];

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'Mes notifications, les plus récentes d’abord (read_at=null : les non lues)',
        querystring: NotificationsQuery,
        response: reply(listOf(NotificationOut)),
      },
    },
    async (request) =>
      ok(
        await listResponse(
          request.query,
          listNotifications(app.db, request.auth!.user.id, Boolean(request.query.read_at)),
        ),
      ),
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
      await markNotificationRead(app.db, request.auth!.user.id, request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/api/notifications/read-all',
    { schema: { tags, summary: 'Marque toutes mes notifications comme lues', response: reply(z.number()) } },
    async (request) =>
      ok(
        await markAllNotificationsRead(app.db, request.auth!.user.id),
        'Toutes les notifications sont marquées comme lues.',
      ),
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
    async (request) => ok(await preferencesOf(app.db, request.auth!.user.id)),
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
      await setPreferences(app.db, userId, request.body.desactivees);
      return ok(await preferencesOf(app.db, userId), 'Vos préférences de notification sont enregistrées.');
    },
  );

  // Messages: an inbox between the users of one company.
  const messageTags = ['Messages'];

  app.get(
    '/api/messages',
    {
      schema: {
        tags: messageTags,
        summary: 'Mes messages reçus (boite=envoyes : envoyés), les plus récents d’abord',
        querystring: MessagesQuery,
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
