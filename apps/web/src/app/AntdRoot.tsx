import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { type ReactNode, useEffect } from 'react';
import { theme } from '../base/theme';
import { bindToasts } from '../base/toast';

dayjs.locale('fr');

/** Hands antd's themed notification and message instances to the HTTP client while mounted. */
function ToastBinder() {
  const { notification, message } = AntApp.useApp();
  useEffect(() => {
    bindToasts({ notification, message });
    return () => bindToasts(null);
  }, [notification, message]);
  return null;
}

/**
 * antd's theme, French locale and toasts, around every screen but the sign-in page: loaded on demand
 * (router.tsx), so that the sign-in page, built from the light controls, carries no antd code.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={frFR} theme={theme}>
      <AntApp notification={{ placement: 'topRight', top: 72, maxCount: 4 }} message={{ maxCount: 3 }}>
        <ToastBinder />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
