import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Modal, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useDialogWidth } from '../../components/dialogWidth';
import { UserAvatar } from '../../components/UserAvatar';
import { useMe } from './api';
import { NotificationPreferences } from './NotificationPreferences';
import { PasswordForm } from './PasswordForm';
import { accountTypeLabel, ProfileDetails } from './ProfileDetails';
import { ProfileForm } from './ProfileForm';

/** 'Mon compte': one's own profile, in details or modification mode, and the password change. */
export function ProfileModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const width = useDialogWidth();
  const me = useMe();
  const [editing, setEditing] = useState(false);
  const refetch = me.refetch;

  useEffect(() => {
    if (open) void refetch();
    else setEditing(false);
  }, [open, refetch]);

  const user = me.data;
  return (
    <Modal
      title="Mon compte"
      open={open}
      onCancel={onClose}
      footer={null}
      width={width}
      destroyOnHidden
      styles={{ body: { paddingTop: 8 } }}
    >
      {!user && me.isError && <Alert type="error" title="Impossible de charger votre profil." showIcon />}
      {!user && !me.isError && <Skeleton active />}
      {user && (
        <>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16, flexWrap: 'wrap' }}>
            <UserAvatar name={user.nom_complet || user.name} photo={user.photo} size={48} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong style={{ fontSize: 16, display: 'block' }}>
                {user.nom_complet || user.name}
              </Typography.Text>
              <Typography.Text type="secondary">{accountTypeLabel(user)}</Typography.Text>
            </div>
            {!editing && (
              <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
                Modifier
              </Button>
            )}
          </div>
          {editing ? (
            <ProfileForm user={user} onDone={() => setEditing(false)} />
          ) : (
            <ProfileDetails user={user} />
          )}
          <Collapse
            style={{ marginTop: 20 }}
            items={[
              { key: 'password', label: 'Changer le mot de passe', children: <PasswordForm /> },
              { key: 'notifications', label: 'Notifications reçues', children: <NotificationPreferences /> },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
