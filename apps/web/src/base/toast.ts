import { MSG, TOAST } from '@yams/shared';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Every toast of the error catalogue (the specification) in one place. They are antd's static toasts, themed
 * (antdStatics.tsx): the HTTP client lives outside React, and a toast must outlive a change of page. The
 * sign-in page has no antd: there, the first toast loads it (usually already fetched while the user typed),
 * and the toasts keep their order.
 */
export interface ToastInstances {
  notification: NotificationInstance;
  message: MessageInstance;
}

let statics: Promise<ToastInstances> | null = null;

function show(task: (toasts: ToastInstances) => void): void {
  statics ??= import('./antdStatics').then(
    (m) => m.staticToasts,
    (error: unknown) => {
      statics = null; // antd could not be fetched (offline): the next toast tries again
      throw error;
    },
  );
  statics.then(task).catch(() => undefined);
}

export type ErrorToastType = 'warning' | 'error';
export type Severity = 'success' | 'info' | 'warning' | 'error';

export const toast = {
  /** A server success message, 3 s. */
  success(text: string) {
    show((t) => t.message.success({ content: text, duration: TOAST.success, key: `success:${text}` }));
  },

  /** `success: false` errors, each as a warning titled 'Oups !' (7 s by default). */
  oups(errors: string[], type: ErrorToastType = 'warning', duration: number = TOAST.warning) {
    show((t) => {
      for (const error of errors) {
        t.notification[type]({ title: MSG.oups, description: error, duration, key: `oups:${error}` });
      }
    });
  },

  /** A network failure without answer, before the one retry. */
  retrying() {
    show((t) =>
      t.notification.warning({
        title: MSG.retryTitle,
        description: MSG.retryBody,
        duration: TOAST.connection,
        key: 'retry',
      }),
    );
  },

  connectionFailure() {
    show((t) => {
      t.notification.destroy('retry');
      t.notification.error({
        title: MSG.connectionProblemTitle,
        description: MSG.connectionProblemBody,
        duration: TOAST.connection,
        key: 'connection',
      });
    });
  },

  offline() {
    show((t) =>
      t.notification.warning({ title: MSG.offlineReject, duration: TOAST.firstErrorOnly, key: 'offline' }),
    );
  },

  localLogout() {
    show((t) =>
      t.notification.info({
        title: MSG.localLogoutTitle,
        description: MSG.localLogoutBody,
        duration: TOAST.firstErrorOnly,
        key: 'local-logout',
      }),
    );
  },

  /**
   * A list of `{severity, value}` messages (group actions), staggered by 5 s each; warnings and errors stay
   * `errorDuration` seconds when the action sets one (an invoice's deletion: 20 s).
   */
  staggered(items: Array<{ severity: string; value: string }>, errorDuration?: number) {
    items.forEach((item, index) => {
      const type: Severity = ['success', 'info', 'warning', 'error'].includes(item.severity)
        ? (item.severity as Severity)
        : 'info';
      setTimeout(
        () =>
          show((t) =>
            t.notification[type]({
              title: item.value,
              duration:
                type === 'warning' || type === 'error' ? (errorDuration ?? TOAST.warning) : TOAST.warning,
            }),
          ),
        index * TOAST.groupStaggerSeconds * 1000,
      );
    });
  },
};
