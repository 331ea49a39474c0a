import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout, Typography } from 'antd';
import { Brand } from '../../components/Brand';
import { useRouteTitle } from '../RootShell';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

export function TopBar({ isMobile, onOpenMenu }: { isMobile: boolean; onOpenMenu: () => void }) {
  const title = useRouteTitle();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        paddingInline: isMobile ? 8 : 24,
        borderBottom: '1px solid #e6e9ef',
      }}
    >
      {isMobile ? (
        <>
          <Button
            type="text"
            size="large"
            icon={<MenuOutlined aria-hidden />}
            aria-label="Ouvrir le menu"
            onClick={onOpenMenu}
          />
          <Brand compact />
        </>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 14 }}>
          {title}
        </Typography.Text>
      )}
      <div style={{ flex: 1 }} />
      <NotificationBell />
      <UserMenu compact={isMobile} />
    </Layout.Header>
  );
}
