import { REALTIME_EVENTS } from '@yams/shared';
import { useNavigate } from 'react-router';
import { queryClient } from '../../base/queryClient';
import { useRealtimeEvent } from '../../base/realtime';
import { notificationKeys } from './api';

interface Pushed {
  titre?: string;
  contenu?: string | null;
  lien?: string | null;
}

/** The browser's own notification, when the user allowed it; a click opens the record. */
function showBrowserNotification(title: string, body: string | null | undefined, open: () => void) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  try {
    const n = new Notification(title, { body: body ?? undefined, icon: '/favicon.svg', lang: 'fr' });
    n.onclick = () => {
      window.focus();
      open();
      n.close();
    };
  } catch {
    // Some browsers only allow notifications from a service worker: the bell still shows it.
  }
}

/** New notifications and messages pushed by the server: the bell refreshes at once. */
export function useLiveNotifications(openMessages: () => void): void {
  const navigate = useNavigate();
  useRealtimeEvent<Pushed>(REALTIME_EVENTS.notification, (p) => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    showBrowserNotification(p.titre ?? 'Nouvelle notification', p.contenu, () => {
      if (p.lien) navigate(p.lien);
    });
  });
  useRealtimeEvent<Pushed>(REALTIME_EVENTS.message, (p) => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    showBrowserNotification('Nouveau message', p.contenu, openMessages);
  });
}
