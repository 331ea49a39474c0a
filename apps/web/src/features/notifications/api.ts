import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessageOut,
  NotificationOut,
  NotificationPreferencesOut,
  Paginated,
  UserOut,
} from '@yams/shared';
import { http } from '../../base/http';

/** How often the bell asks for the unread counts besides the live events (a safety net). */
export const UNREAD_POLL_MS = 60_000;
/** How many of the latest the bell's lists show. */
export const BELL_PAGE = 15;

type Box = 'notifications' | 'messages';

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
      (
        await http.get<number>(`/api/${box}`, {
          query: { read_at: 'null', req_count: 1 },
          signal,
          background: true,
        })
      ).data,
    refetchInterval: UNREAD_POLL_MS,
  });
}

/** Unread notifications and messages: the bell shows their sum. */
export function useUnreadCounts() {
  const notifications = useUnread('notifications').data ?? 0;
  const messages = useUnread('messages').data ?? 0;
  return { notifications, messages, total: notifications + messages };
}

/** The latest notifications (or received messages), newest first, while the bell is open. */
export function useLatest<T extends NotificationOut | MessageOut>(box: Box, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(box),
    queryFn: async ({ signal }) =>
      (await http.get<Paginated<T>>(`/api/${box}`, { query: { page: 1, per_page: BELL_PAGE }, signal })).data,
    enabled,
  });
}

/** Marks one (`id`) or all as read; the counts and lists refresh. */
export function useMarkRead(box: Box) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id?: number) =>
      http.post(
        id === undefined ? `/api/${box}/read-all` : `/api/${box}/${id}/read`,
        {},
        { errors: 'first' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { recipient_id: number; contenu: string }) =>
      (await http.post<MessageOut>('/api/messages', body, { successToast: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Who one may write to: the company's accounts other than clients. */
export function useRecipients(enabled: boolean, meId: number | undefined) {
  return useQuery({
    queryKey: ['message-recipients'],
    queryFn: async ({ signal }) =>
      (await http.get<UserOut[]>('/api/utilisateurs', { query: { limit: 500 }, signal })).data.filter(
        (u) => u.type !== 'client' && u.id !== meId,
      ),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: async ({ signal }) =>
      (await http.get<NotificationPreferencesOut>('/api/notifications/preferences', { signal })).data,
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (desactivees: string[]) =>
      (
        await http.post<NotificationPreferencesOut>(
          '/api/notifications/preferences',
          { desactivees },
          { successToast: true },
        )
      ).data,
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences(), data),
  });
}
