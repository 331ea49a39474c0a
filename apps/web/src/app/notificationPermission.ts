const ASKED_KEY = 'yams.notificationPermissionAsked';

/** Asks once, after sign-in, whether the browser may show notifications; remembers that it asked. */
export function askNotificationPermissionOnce(): void {
  if (!('Notification' in window) || Notification.permission !== 'default') return;
  if (localStorage.getItem(ASKED_KEY)) return;
  localStorage.setItem(ASKED_KEY, new Date().toISOString());
  void Notification.requestPermission().catch(() => undefined);
}
