import { useQuery } from '@tanstack/react-query';
import { http } from '../../app/http';

/** How often the bell asks for the unread counts. */
export const UNREAD_POLL_MS = 60_000;

type Box = 'notifications' | 'messages';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (box: Box) => [...notificationKeys.all, 'unread', box] as const,
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
