import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useSession } from '../../base/session';
import { UserAvatar } from '../../components/UserAvatar';
import { ProfileModal } from '../../features/account/ProfileModal';
import { useLogout } from '../../features/auth/api';

/** Avatar and name; 'Mon profil' opens 'Mon compte', 'Se déconnecter' ends the session. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const session = useSession();
  const logout = useLogout();
  const [profileOpen, setProfileOpen] = useState(false);
  if (!session) return null;
  const name = session.user.nom_complet || session.user.name;

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined aria-hidden />, label: 'Mon profil' },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: 'Se déconnecter', danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'profile') setProfileOpen(true);
            if (key === 'logout') logout.mutate();
          },
        }}
      >
        <Button
          type="text"
          aria-label={`Menu utilisateur : ${name}`}
          loading={logout.isPending}
          style={{ height: 44, paddingInline: 8, display: 'flex', alignItems: 'center', gap: 8 }}
        >
          <UserAvatar name={name} photo={session.user.photo} />
          {!compact && (
            <span
              style={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {name}
            </span>
          )}
          <DownOutlined aria-hidden style={{ fontSize: 11, color: '#8c98a8' }} />
        </Button>
      </Dropdown>
      <ProfileModal open={profileOpen} onClose={() => setProfileOpen(false)} />
    </>
  );
}
