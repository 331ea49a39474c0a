import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { type ReactNode, useEffect } from 'react';
import { queryClient } from '../base/queryClient';
import { theme } from '../base/theme';
import { bindToasts } from '../base/toast';

dayjs.locale('fr');

/** Hands antd's themed notification and message instances to the HTTP client. */
function ToastBinder() {
  const { notification, message } = AntApp.useApp();
  useEffect(() => bindToasts({ notification, message }), [notification, message]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={frFR} theme={theme}>
        <AntApp notification={{ placement: 'topRight', top: 72, maxCount: 4 }} message={{ maxCount: 3 }}>
          <ToastBinder />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
