import type { ThemeConfig } from 'antd';

export const BRAND = {
  primary: '#0b5cab',
  sider: '#0d2640',
  siderDark: '#091c30',
  background: '#f3f5f8',
} as const;

/** People who ask their system for less motion get no animations (drawers, modals, menus open at once). */
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A sober back-office theme: one blue, neutral greys, slightly rounded corners. */
export const theme: ThemeConfig = {
  token: {
    motion: !reducedMotion,
    colorPrimary: BRAND.primary,
    colorInfo: BRAND.primary,
    colorBgLayout: BRAND.background,
    borderRadius: 8,
    fontSize: 14,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: {
      siderBg: BRAND.sider,
      headerBg: '#ffffff',
      headerHeight: 60,
      headerPadding: '0 20px',
      footerBg: 'transparent',
    },
    Menu: {
      darkItemBg: BRAND.sider,
      darkSubMenuItemBg: BRAND.siderDark,
      darkItemSelectedBg: BRAND.primary,
    },
    Card: { borderRadiusLG: 10 },
  },
};
