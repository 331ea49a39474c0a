import { Drawer, Layout } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { connectRealtime, disconnectRealtime } from '../../base/realtime';
import { useSession } from '../../base/session';
import { BRAND } from '../../base/theme';
import { Brand } from '../../components/Brand';
import { ScreenOutlet } from '../../components/ScreenOutlet';
import { useIsMobile } from '../../components/useIsMobile';
import { useMe } from '../../features/account/api';
import { askNotificationPermissionOnce } from '../notificationPermission';
import { prefetchSignedInScreens } from '../prefetch';
import { AppFooter } from './AppFooter';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

/** The signed-in frame: side bar (a drawer at 770 px or less), top bar, the screen, the footer. */
export function AppLayout() {
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  useMe(); // Refreshes the stored user; a revoked token answers 401 and ends the session.
  useEffect(() => askNotificationPermissionOnce(), []);
  useEffect(() => prefetchSignedInScreens(), []);
  // One realtime connection per tab while signed in.
  const token = useSession()?.token;
  useEffect(() => {
    if (token) void connectRealtime(token);
    return () => disconnectRealtime();
  }, [token]);
  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!isMobile && (
        <Layout.Sider
          width={248}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          style={{ position: 'sticky', top: 0, height: '100vh' }}
        >
          <div
            style={{ height: 60, display: 'flex', alignItems: 'center', paddingInline: collapsed ? 23 : 20 }}
          >
            <Brand light compact={collapsed} />
          </div>
          {/* The menu scrolls on its own, above the collapse trigger (fixed at the bottom of the side bar), so
              its last entries are never hidden behind it when a section is open on a short screen. */}
          <div style={{ height: 'calc(100% - 60px)', overflowY: 'auto' }}>
            <SideNav />
          </div>
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <TopBar isMobile={isMobile} onOpenMenu={() => setDrawerOpen(true)} />
        <Layout.Content style={{ padding: isMobile ? 12 : 24 }}>
          <main>
            <ScreenOutlet />
          </main>
        </Layout.Content>
        <AppFooter />
      </Layout>
      {isMobile && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={closeDrawer}
          size={280}
          title={<Brand light />}
          styles={{
            header: { background: BRAND.sider, borderBottom: '1px solid rgba(255,255,255,0.08)' },
            body: { padding: 0, background: BRAND.sider },
          }}
          closeIcon={<span style={{ color: '#fff' }}>✕</span>}
        >
          <SideNav onNavigate={closeDrawer} />
        </Drawer>
      )}
    </Layout>
  );
}
