import { MSG, TOAST } from '@yams/shared';
import { message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Every toast of the error catalogue (spec section 8) in one place. The HTTP client lives outside React,
 * so the antd instances of `<App>` (which follow the theme) are bound here once mounted.
 */
let bound: { notification: NotificationInstance; message: MessageInstance } | null = null;

export function bindToasts(instances: {
  notification: NotificationInstance;
  message: MessageInstance;
}): void {
  bound = instances;
}

const notification = () => bound?.notification ?? staticNotification;
const message = () => bound?.message ?? staticMessage;

export type ErrorToastType = 'warning' | 'error';
export type Severity = 'success' | 'info' | 'warning' | 'error';

export const toast = {
  /** A server success message, 3 s. */
  success(text: string) {
    message().success({ content: text, duration: TOAST.success, key: `success:${text}` });
  },

  /** `success: false` errors, each as a warning titled 'Oups !' (7 s by default). */
  oups(errors: string[], type: ErrorToastType = 'warning', duration: number = TOAST.warning) {
    for (const error of errors) {
      notification()[type]({ title: MSG.oups, description: error, duration, key: `oups:${error}` });
    }
  },

  /** A network failure without answer, before the one retry. */
  retrying() {
    notification().warning({
      title: MSG.retryTitle,
      description: MSG.retryBody,
      duration: TOAST.connection,
      key: 'retry',
    });
  },

  connectionFailure() {
    notification().destroy('retry');
    notification().error({
      title: MSG.connectionProblemTitle,
      description: MSG.connectionProblemBody,
      duration: TOAST.connection,
      key: 'connection',
    });
  },

  offline() {
    notification().warning({ title: MSG.offlineReject, duration: TOAST.firstErrorOnly, key: 'offline' });
  },

  localLogout() {
    notification().info({
      title: MSG.localLogoutTitle,
      description: MSG.localLogoutBody,
      duration: TOAST.firstErrorOnly,
      key: 'local-logout',
    });
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
          notification()[type]({
            title: item.value,
            duration:
              type === 'warning' || type === 'error' ? (errorDuration ?? TOAST.warning) : TOAST.warning,
          }),
        index * TOAST.groupStaggerSeconds * 1000,
      );
    });
  },
};
