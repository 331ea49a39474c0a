import type { NotificationOut } from '@yams/shared';
import { Button, Empty, List, Skeleton, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../base/paths';
import { DateText } from '../../components/DateText';
import { useLatestNotifications, useMarkRead } from './api';

const unreadDot = (
  <span
    aria-hidden
    style={{ width: 8, height: 8, borderRadius: 4, background: '#0b5cab', flex: 'none', marginTop: 7 }}
  />
);

/** The latest notifications, newest first, unread ones marked; a click marks it read and opens its record. */
export function NotificationsPanel({ enabled, onNavigate }: { enabled: boolean; onNavigate: () => void }) {
  const latest = useLatestNotifications(enabled);
  const markRead = useMarkRead('notifications');
  const navigate = useNavigate();
  const rows = latest.data?.data ?? [];
  const hasUnread = rows.some((n) => !n.read_at);

  const open = (n: NotificationOut) => {
    if (!n.read_at) markRead.mutate(n.id);
    if (n.lien) {
      onNavigate();
      navigate(n.lien);
    }
  };

  // The documents to renew are recalled in the bell every day: their whole list is one click away.
  const documentsLink = (
    <Link to={PATHS.documents_a_renouveler} onClick={onNavigate}>
      Documents à renouveler
    </Link>
  );
  if (latest.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (rows.length === 0)
    return (
      <>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Aucune notification" />
        <div style={{ textAlign: 'center' }}>{documentsLink}</div>
      </>
    );
  return (
    <>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 4 }}
      >
        {documentsLink}
        <Button size="small" type="link" disabled={!hasUnread} onClick={() => markRead.mutate(undefined)}>
          Tout marquer comme lu
        </Button>
      </div>
      <List
        aria-label="Notifications"
        style={{ maxHeight: 380, overflowY: 'auto' }}
        dataSource={rows}
        renderItem={(n) => (
          <List.Item
            onClick={() => open(n)}
            style={{ cursor: 'pointer', paddingInline: 4, alignItems: 'flex-start' }}
            aria-label={`${n.read_at ? '' : 'Non lue : '}${n.titre}`}
            extra={
              !n.read_at && (
                <Button
                  size="small"
                  type="text"
                  onClick={(e) => {
                    e.stopPropagation();
                    markRead.mutate(n.id);
                  }}
                >
                  Marquer lu
                </Button>
              )
            }
          >
            <div style={{ display: 'flex', gap: 8, minWidth: 0 }}>
              {!n.read_at ? unreadDot : <span style={{ width: 8, flex: 'none' }} />}
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong={!n.read_at} style={{ display: 'block' }}>
                  {n.titre}
                </Typography.Text>
                {n.contenu && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                    {n.contenu}
                  </Typography.Text>
                )}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  <DateText value={n.created_at} withTime />
                </Typography.Text>
              </div>
            </div>
          </List.Item>
        )}
      />
    </>
  );
}
