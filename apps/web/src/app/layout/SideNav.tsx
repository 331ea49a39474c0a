import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../../base/paths';
import { activeEntry, NAVIGATION, type NavEntry } from './navigation';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(entries: NavEntry[], onNavigate?: () => void): MenuItem[] {
  return entries.map((entry) =>
    'children' in entry
      ? {
          key: entry.key,
          icon: entry.icon,
          label: entry.label,
          children: toItems(entry.children, onNavigate),
        }
      : {
          key: entry.key,
          icon: entry.icon,
          label: (
            <Link to={PATHS[entry.route]} onClick={onNavigate}>
              {entry.label}
            </Link>
          ),
        },
  );
}

/** The side bar's menu (folded by the Sider it sits in); in the mobile drawer, `onNavigate` closes the drawer. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const active = useMemo(() => activeEntry(pathname), [pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(active.groups);
  const items = useMemo(() => toItems(NAVIGATION, onNavigate), [onNavigate]);

  // Opening a page from elsewhere (a card, the address bar) unfolds its group.
  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...active.groups])]);
  }, [active.groups]);

  return (
    <nav aria-label="Navigation principale">
      <Menu
        mode="inline"
        theme="dark"
        items={items}
        selectedKeys={active.key ? [active.key] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
