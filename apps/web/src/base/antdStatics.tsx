import { ConfigProvider, message, notification } from 'antd';
import { theme } from './theme';
import type { ToastInstances } from './toast';

// antd's static toasts and confirms render outside the React tree: give them the app's theme. Their
// holders outlive the screens, so a toast stays when the page changes ('Un email vous a été envoyé' shown
// by the forgot-password page, read on the sign-in page it returns to).
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider>,
});
notification.config({ placement: 'topRight', top: 72, maxCount: 4 });
message.config({ maxCount: 3 });

/** The toasts of base/toast.ts; loaded with antd (AntdRoot) or on the first toast of the sign-in page. */
export const staticToasts: ToastInstances = { notification, message };
