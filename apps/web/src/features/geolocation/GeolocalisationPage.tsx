import { Spin, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PATHS, type RouteName } from '../../base/paths';
import { PageTitle } from '../../components/PageTitle';
import { ScreenOutlet } from '../../components/ScreenOutlet';

// The map (Leaflet, clustering) is its own chunk: the devices list and the other screens do not load it.
const CarteAppareils = lazy(() => import('./CarteAppareils'));

const TABS: Array<{ route: RouteName; label: string }> = [
  { route: 'geolocalisation', label: 'Carte' },
  { route: 'geolocalisation.historique', label: 'Historique des trajets' },
  { route: 'geolocalisation.appareils', label: 'Appareils' },
  { route: 'geolocalisation.zones', label: 'Zones' },
  { route: 'geolocalisation.resume', label: 'Résumé' },
  { route: 'geolocalisation.temps_sur_site', label: 'Temps sur site' },
  { route: 'geolocalisation.evenements', label: 'Événements' },
];

/** Geolocalisation: the live map (`/geolocalisation`), the track history and the devices, as tabs. */
export default function GeolocalisationPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const child = TABS.slice(1).find((t) => pathname.startsWith(PATHS[t.route]));
  const active = child?.route ?? 'geolocalisation';
  return (
    <section>
      <PageTitle title="Géolocalisation" />
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(PATHS[key as RouteName])}
        items={TABS.map((t) => ({ key: t.route, label: t.label }))}
        style={{ marginTop: -8 }}
      />
      {child ? (
        <ScreenOutlet />
      ) : (
        <Suspense
          fallback={
            <div style={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
              <Spin size="large" />
            </div>
          }
        >
          <CarteAppareils />
        </Suspense>
      )}
    </section>
  );
}
