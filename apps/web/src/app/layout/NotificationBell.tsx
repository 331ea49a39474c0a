import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Typography } from 'antd';
import { useUnreadCounts } from '../../features/notifications/api';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** The unread notifications and messages, polled every minute. */
export function NotificationBell() {
  const { notifications, messages, total } = useUnreadCounts();
  const content = (
    <div style={{ minWidth: 200 }}>
      {total === 0 ? (
        <Typography.Text type="secondary">Aucune notification non lue</Typography.Text>
      ) : (
        <>
          <div>{plural(notifications, 'notification non lue', 'notifications non lues')}</div>
          <div>{plural(messages, 'message non lu', 'messages non lus')}</div>
        </>
      )}
    </div>
  );
  return (
    <Popover content={content} title="Notifications" trigger="click" placement="bottomRight">
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
