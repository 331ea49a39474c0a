import {
  messageEndpoint,
  messageReadEndpoint,
  messagesEndpoint,
  messagesReadAllEndpoint,
  notificationPreferencesEndpoint,
  notificationReadEndpoint,
  notificationsEndpoint,
  notificationsReadAllEndpoint,
  saveNotificationPreferencesEndpoint,
  sendMessageEndpoint,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-routes';
import { ok } from '../../lib/http';
import { listReply } from '../../lib/pagination';
import { currentScope } from '../../plugins/auth';
import { markMessagesRead, messagesOf, readMessage, sendMessage } from './messages.service';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  preferencesOf,
  setPreferences,
} from './notifications.repository';

/** A user's own notifications and messages (contracts: packages/shared `notifications.endpoints.ts`). */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['Notifications'];

  endpointRoute(app, notificationsEndpoint, {
    tags,
    summary: 'Mes notifications, les plus récentes d’abord (read_at=null : les non lues)',
    handler: async (request) =>
      listReply(
        request.query,
        listNotifications(app.db, request.auth!.user.id, Boolean(request.query.read_at)),
      ),
  });

  endpointRoute(app, notificationReadEndpoint, {
    tags,
    summary: 'Marque une notification comme lue',
    handler: async (request) => {
      await markNotificationRead(app.db, request.auth!.user.id, request.params.id);
      return ok(null);
    },
  });

  endpointRoute(app, notificationsReadAllEndpoint, {
    tags,
    summary: 'Marque toutes mes notifications comme lues',
    handler: async (request) =>
      ok(
        await markAllNotificationsRead(app.db, request.auth!.user.id),
        'Toutes les notifications sont marquées comme lues.',
      ),
  });

  endpointRoute(app, notificationPreferencesEndpoint, {
    tags,
    summary: 'Les types de notification que je reçois',
    handler: async (request) => ok(await preferencesOf(app.db, request.auth!.user.id)),
  });

  endpointRoute(app, saveNotificationPreferencesEndpoint, {
    tags,
    summary: 'Choisit les types de notification reçus (desactivees : ceux que je ne veux pas)',
    handler: async (request) => {
      const userId = request.auth!.user.id;
      await setPreferences(app.db, userId, request.body);
      return ok(await preferencesOf(app.db, userId), 'Vos préférences de notification sont enregistrées.');
    },
  });

  // Messages: an inbox between the users of one company.
  const messageTags = ['Messages'];

  endpointRoute(app, messagesEndpoint, {
    tags: messageTags,
    summary: 'Mes messages reçus (boite=envoyes : envoyés), les plus récents d’abord',
    handler: async (request) =>
      listReply(
        request.query,
        messagesOf(app.db, request.auth!.user.id, {
          sent: request.query.boite === 'envoyes',
          unread: Boolean(request.query.read_at),
        }),
      ),
  });

  endpointRoute(app, messageEndpoint, {
    tags: messageTags,
    summary: 'Lit un message (reçu : marqué lu)',
    handler: async (request) => ok(await readMessage(app.db, request.auth!.user.id, request.params.id)),
  });

  endpointRoute(app, sendMessageEndpoint, {
    tags: messageTags,
    summary: 'Envoie un message à un utilisateur de mon entreprise',
    handler: async (request) =>
      ok(await sendMessage(app.db, currentScope(request), request.body), 'Message envoyé.'),
  });

  endpointRoute(app, messageReadEndpoint, {
    tags: messageTags,
    summary: 'Marque un message reçu comme lu',
    handler: async (request) => {
      await markMessagesRead(app.db, request.auth!.user.id, request.params.id);
      return ok(null);
    },
  });

  endpointRoute(app, messagesReadAllEndpoint, {
    tags: messageTags,
    summary: 'Marque tous mes messages reçus comme lus',
    handler: async (request) => {
      await markMessagesRead(app.db, request.auth!.user.id);
      return ok(null, 'Tous les messages sont marqués comme lus.');
    },
  });
};

export default notificationsRoutes;
