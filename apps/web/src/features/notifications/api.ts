import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  countOf,
  type ListAnswer,
  type MessageBody,
  messageReadEndpoint,
  messagesEndpoint,
  messagesReadAllEndpoint,
  type NotificationPreferencesBody,
  notificationPreferencesEndpoint,
  notificationReadEndpoint,
  notificationsEndpoint,
  notificationsReadAllEndpoint,
  pageOf,
  saveNotificationPreferencesEndpoint,
  sendMessageEndpoint,
} from '@yams/shared';
import { call } from '../../base/http';
import { utilisateurs } from '../users/api';

/** How often the bell asks for the unread counts besides the live events (a safety net). */
export const UNREAD_POLL_MS = 60_000;
/** How many of the latest the bell's lists show. */
export const BELL_PAGE = 15;

type Box = 'notifications' | 'messages';

/** Each box's list and its read marks. */
const BOXES = {
  notifications: {
    list: notificationsEndpoint,
    read: notificationReadEndpoint,
    readAll: notificationsReadAllEndpoint,
  },
  messages: { list: messagesEndpoint, read: messageReadEndpoint, readAll: messagesReadAllEndpoint },
} as const;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (box: Box) => [...notificationKeys.all, 'unread', box] as const,
  list: (box: Box) => [...notificationKeys.all, 'list', box] as const,
  preferences: () => ['notification-preferences'] as const,
};

function useUnread(box: Box) {
  return useQuery({
    queryKey: notificationKeys.unread(box),
    queryFn: async ({ signal }) =>
      countOf(
        (
          await call(
            BOXES[box].list,
            { query: { read_at: 'null', req_count: 1 } },
            { signal, background: true },
          )
        ).data,
      ),
    refetchInterval: UNREAD_POLL_MS,
  });
}

/** Unread notifications and messages: the bell shows their sum. */
export function useUnreadCounts() {
  const notifications = useUnread('notifications').data ?? 0;
  const messages = useUnread('messages').data ?? 0;
  return { notifications, messages, total: notifications + messages };
}

function useLatestPage<T>(
  box: Box,
  enabled: boolean,
  fetch: (signal: AbortSignal) => Promise<ListAnswer<T>>,
) {
  return useQuery({
    queryKey: notificationKeys.list(box),
    queryFn: async ({ signal }) => pageOf(await fetch(signal)),
    enabled,
  });
}

const latestQuery = { page: 1, per_page: BELL_PAGE };

/** The latest notifications, newest first, while the bell is open. */
export const useLatestNotifications = (enabled: boolean) =>
  useLatestPage(
    'notifications',
    enabled,
    async (signal) => (await call(notificationsEndpoint, { query: latestQuery }, { signal })).data,
  );

/** The latest received messages, newest first, while the bell is open. */
export const useLatestMessages = (enabled: boolean) =>
  useLatestPage(
    'messages',
    enabled,
    async (signal) => (await call(messagesEndpoint, { query: latestQuery }, { signal })).data,
  );

/** Marks one (`id`) or all as read; the counts and lists refresh. */
export function useMarkRead(box: Box) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id?: number) =>
      id === undefined
        ? call(BOXES[box].readAll, {}, { errors: 'first' })
        : call(BOXES[box].read, { params: { id } }, { errors: 'first' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MessageBody) =>
      (await call(sendMessageEndpoint, { body }, { successToast: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Who one may write to: the company's accounts other than clients. */
export function useRecipients(enabled: boolean, meId: number | undefined) {
  return useQuery({
    queryKey: ['message-recipients'],
    queryFn: async ({ signal }) =>
      (await utilisateurs.fetchAll({ limit: 500 }, { signal })).filter(
        (u) => u.type !== 'client' && u.id !== meId,
      ),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: async ({ signal }) => (await call(notificationPreferencesEndpoint, {}, { signal })).data,
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationPreferencesBody) =>
      (await call(saveNotificationPreferencesEndpoint, { body }, { successToast: true })).data,
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences(), data),
  });
}
