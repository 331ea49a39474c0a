import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { PATHS, type RouteName, routeByName } from '../../app/routes';
import { ScreenOutlet } from '../../app/ScreenOutlet';
import { PageTitle } from '../../components/PageTitle';

const TABS: RouteName[] = [
  'configurations.general',
  'configurations.vehicules',
  'configurations.interventions',
  'configurations.courses',
  'configurations.entreprise',
];

/** Configurations: one tab per child route (/configurations/general, …). */
export default function ConfigurationsPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((name) => pathname.startsWith(PATHS[name])) ?? TABS[0];
  return (
    <section>
      <PageTitle title="Configurations" />
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(PATHS[key as RouteName])}
        items={TABS.map((name) => ({ key: name, label: routeByName(name).title }))}
      />
      <ScreenOutlet />
    </section>
  );
}
