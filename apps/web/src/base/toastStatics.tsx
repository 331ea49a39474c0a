import { ConfigProvider, message, notification } from 'antd';
import { theme } from './theme';
import type { ToastInstances } from './toast';

// antd's static toasts render outside the React tree: give them the app's theme (the sign-in page's
// 'Oups !' and 'Connexion réussie' look like every other screen's).
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider>,
});

/** Used by base/toast.ts while no `<App>` is mounted (the sign-in page, which carries no antd). */
export const staticToasts: ToastInstances = { notification, message };
