import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Tabs } from 'antd';
import { useState } from 'react';
import { useUnreadCounts } from '../../features/notifications/api';
import { MessagesPanel } from '../../features/notifications/MessagesPanel';
import { NotificationsPanel } from '../../features/notifications/NotificationsPanel';
import { useLiveNotifications } from '../../features/notifications/useLiveNotifications';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** The unread notifications and messages, live; opens their lists (newest first) and the inbox. */
export function NotificationBell() {
  const { notifications, messages, total } = useUnreadCounts();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'notifications' | 'messages'>('notifications');
  useLiveNotifications(() => {
    setTab('messages');
    setOpen(true);
  });
  const close = () => setOpen(false);
  const content = (
    <div style={{ width: 'min(380px, calc(100vw - 32px))' }}>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as typeof tab)}
        items={[
          {
            key: 'notifications',
            label: (
              <Badge count={notifications} size="small" offset={[10, -2]}>
                Notifications
              </Badge>
            ),
            children: <NotificationsPanel enabled={open && tab === 'notifications'} onNavigate={close} />,
          },
          {
            key: 'messages',
            label: (
              <Badge count={messages} size="small" offset={[10, -2]}>
                Messages
              </Badge>
            ),
            children: <MessagesPanel enabled={open && tab === 'messages'} />,
          },
        ]}
      />
    </div>
  );
  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
    >
      <Badge count={total} overflowCount={99} size="small" offset={[-6, 6]}>
        <Button
          type="text"
          shape="circle"
          size="large"
          icon={<BellOutlined aria-hidden />}
          aria-label={`Notifications : ${plural(total, 'non lue', 'non lues')}`}
        />
      </Badge>
    </Popover>
  );
}
