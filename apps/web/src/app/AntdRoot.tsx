import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import type { ReactNode } from 'react';
import '../base/antdStatics';
import { theme } from '../base/theme';

dayjs.locale('fr');

/**
 * antd's theme and French locale around every screen but the sign-in page: loaded on demand (router.tsx),
 * so that the sign-in page, built from the light controls, carries no antd code. Toasts are antd's static
 * ones, themed (base/antdStatics.tsx), so that they outlive a change of page.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={frFR} theme={theme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
