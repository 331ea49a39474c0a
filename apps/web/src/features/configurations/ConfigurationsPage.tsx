import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { PATHS, type RouteName, routeByName } from '../../base/paths';
import { isSuperadmin } from '../../components/list/tenant';
import { PageTitle } from '../../components/PageTitle';
import { ScreenOutlet } from '../../components/ScreenOutlet';

const TABS: RouteName[] = [
  'configurations.general',
  'configurations.vehicules',
  'configurations.interventions',
  'configurations.courses',
  'configurations.entreprise',
];
/** Tabs of the superadmins only. */
const SUPERADMIN_TABS: RouteName[] = ['configurations.audit'];

/** Configurations: one tab per child route (/configurations/general, …). */
export default function ConfigurationsPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = isSuperadmin() ? [...TABS, ...SUPERADMIN_TABS] : TABS;
  const active = tabs.find((name) => pathname.startsWith(PATHS[name])) ?? TABS[0];
  return (
    <section>
      <PageTitle title="Configurations" />
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(PATHS[key as RouteName])}
        items={tabs.map((name) => ({ key: name, label: routeByName(name).title }))}
      />
      <ScreenOutlet />
    </section>
  );
}
