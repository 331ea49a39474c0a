import { z } from 'zod';
import { endpointContract } from './contract';
import { listAnswer } from './list-answer';
import { IdParams } from './list-query';
import {
  MessageBody,
  MessageOut,
  NotificationOut,
  NotificationPreferencesBody,
  NotificationPreferencesOut,
} from './notifications';
import { MessagesQuery, NotificationsQuery } from './queries';

// A user's own notifications and the inbox between the users of one company (the bell, 'Mon compte').

/** My notifications, newest first (`read_at=null`: the unread ones; `req_count=1`: their number). */
export const notificationsEndpoint = endpointContract({
  method: 'GET',
  path: '/api/notifications',
  query: NotificationsQuery,
  response: listAnswer(NotificationOut),
});

/** Marks one of my notifications as read. */
export const notificationReadEndpoint = endpointContract({
  method: 'POST',
  path: '/api/notifications/:id/read',
  params: IdParams,
  response: z.null(),
});

/** Marks all my notifications as read: answers how many were. */
export const notificationsReadAllEndpoint = endpointContract({
  method: 'POST',
  path: '/api/notifications/read-all',
  response: z.number(),
});

/** The kinds of notification I receive. */
export const notificationPreferencesEndpoint = endpointContract({
  method: 'GET',
  path: '/api/notifications/preferences',
  response: NotificationPreferencesOut,
});

/** Chooses the kinds I receive (`desactivees`: those I do not want). */
export const saveNotificationPreferencesEndpoint = endpointContract({
  method: 'POST',
  path: '/api/notifications/preferences',
  body: NotificationPreferencesBody,
  response: NotificationPreferencesOut,
});

/** My received messages (`boite=envoyes`: sent ones), newest first. */
export const messagesEndpoint = endpointContract({
  method: 'GET',
  path: '/api/messages',
  query: MessagesQuery,
  response: listAnswer(MessageOut),
});

/** Reads one message (a received one is marked read). */
export const messageEndpoint = endpointContract({
  method: 'GET',
  path: '/api/messages/:id',
  params: IdParams,
  response: MessageOut,
});

/** Sends a message to a user of my company. */
export const sendMessageEndpoint = endpointContract({
  method: 'POST',
  path: '/api/messages',
  body: MessageBody,
  response: MessageOut,
});

/** Marks one received message as read. */
export const messageReadEndpoint = endpointContract({
  method: 'POST',
  path: '/api/messages/:id/read',
  params: IdParams,
  response: z.null(),
});

/** Marks all my received messages as read. */
export const messagesReadAllEndpoint = endpointContract({
  method: 'POST',
  path: '/api/messages/read-all',
  response: z.null(),
});
