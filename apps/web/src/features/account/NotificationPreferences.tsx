import { isNotificationType } from '@yams/shared';
import { Checkbox, Divider, Skeleton, Space, Typography } from 'antd';
import { AlertesPreferences } from '../notifications/AlertesPreferences';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../notifications/api';

/** 'Mon compte': which kinds of notification this user receives (saved at each change). */
export function NotificationPreferences() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  if (!prefs.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const types = prefs.data.types;
  return (
    <Space direction="vertical" size={6}>
      <Typography.Text type="secondary">
        Cochez les notifications que vous souhaitez recevoir.
      </Typography.Text>
      {types.map((t) => (
        <Checkbox
          key={t.type}
          checked={t.actif}
          disabled={save.isPending}
          onChange={(e) => {
            const off = types
              .filter((x) => (x.type === t.type ? !e.target.checked : !x.actif))
              .map((x) => x.type)
              .filter(isNotificationType);
            save.mutate({ desactivees: off });
          }}
        >
          {t.libelle}
        </Checkbox>
      ))}
      <Divider style={{ margin: '8px 0' }} titlePlacement="start" plain>
        Alertes GPS
      </Divider>
      <AlertesPreferences />
    </Space>
  );
}
