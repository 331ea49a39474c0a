import {
  formatNumber,
  RENTABILITE_REGLES,
  type RentabiliteCoursesOut,
  rentabiliteCoursesEndpoint,
} from '@yams/shared';
import { Tabs, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { endpointQuery } from '../../base/endpointQuery';
import { PATHS, type RouteName } from '../../base/paths';
import { PageTitle } from '../../components/PageTitle';
import { ReportScreen } from '../../components/report/ReportScreen';
import { ReportTable } from '../../components/report/ReportTable';
import type { ReportDecl, ReportValues } from '../../components/report/types';
import { ScreenOutlet } from '../../components/ScreenOutlet';
import { RENTABILITE_LABELS } from './labels';
import { COURSE_FIELDS, filtresCourses, pct, periodeRentabilite } from './rentabiliteFields';

// Rentabilité (Parc automobile): per course (this page), per vehicle and month, per driver, per trajet, as
// tabs; each a report of the kit (period, filters, summary row, Excel and PDF).

const TABS: Array<{ route: RouteName; label: string }> = [
  { route: 'rentabilite', label: 'Par course' },
  { route: 'rentabilite.vehicules', label: 'Par véhicule' },
  { route: 'rentabilite.chauffeurs', label: 'Par chauffeur' },
  { route: 'rentabilite.trajets', label: 'Par trajet' },
];

/** The lowest margins first; the Excel and the PDF hold every course of the period. */
const PAR_PAGE = 200;

const filtres = (v: ReportValues) => ({
  date_debut: v.date_debut,
  date_fin: v.date_fin,
  vehicule: v.vehicule,
  chauffeur: v.chauffeur,
  client: v.client,
  trajet: v.trajet,
});

export const RENTABILITE_COURSES: ReportDecl<RentabiliteCoursesOut> = {
  title: 'Rentabilité par course',
  filterLabel: 'Filtrer la rentabilité des courses',
  period: periodeRentabilite,
  filters: filtresCourses,
  query: (v) => endpointQuery(rentabiliteCoursesEndpoint, { query: { ...filtres(v), per_page: PAR_PAGE } }),
  summary: ({ data }) => [
    {
      label: 'Revenu',
      value: data?.totaux.revenu,
      format: 'money',
      hint: `${formatNumber(data?.total ?? 0)} courses`,
    },
    {
      label: 'Coûts',
      value: data?.totaux.couts,
      format: 'money',
      hint: `dont carburant ${formatNumber(data?.totaux.carburant ?? 0)} FCFA`,
    },
    { label: 'Marge', value: data?.totaux.marge, format: 'money', hint: pct(data?.totaux.marge_pct ?? null) },
    {
      label: 'Marge par course',
      value: data && data.total > 0 ? Math.round(data.totaux.marge / data.total) : null,
      format: 'money',
      hint: `${formatNumber(data?.totaux.carburant_estime ?? 0)} courses au carburant estimé`,
    },
  ],
  sections: [
    {
      key: 'courses',
      label: 'Courses',
      title: ({ data }) =>
        data && data.total > data.lignes.length
          ? `Courses : les ${formatNumber(data.lignes.length)} plus faibles marges sur ${formatNumber(data.total)} (l’Excel les donne toutes)`
          : `Courses (${formatNumber(data?.total ?? 0)})`,
      render: ({ data, loading }) => (
        <>
          <ReportTable
            rows={data?.lignes ?? []}
            fields={COURSE_FIELDS}
            labels={RENTABILITE_LABELS}
            rowKey="id"
            loading={loading}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
            {RENTABILITE_REGLES}
          </Typography.Paragraph>
        </>
      ),
    },
  ],
  exports: {
    endpoint: rentabiliteCoursesEndpoint,
    formats: ['xlsx', 'pdf'],
    query: filtres,
    name: (v) => `Rentabilité courses ${v.date_debut} ${v.date_fin}`,
  },
};

/** Rentabilité: the tabs, and the per-course report on `/parc-auto/rentabilite` itself. */
export default function RentabilitePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const child = TABS.slice(1).find((t) => pathname.startsWith(PATHS[t.route]));
  return (
    <section>
      <PageTitle title="Rentabilité" />
      <Tabs
        activeKey={child?.route ?? 'rentabilite'}
        onChange={(key) => navigate(PATHS[key as RouteName])}
        items={TABS.map((t) => ({ key: t.route, label: t.label }))}
        style={{ marginTop: -8 }}
      />
      {child ? <ScreenOutlet /> : <ReportScreen decl={RENTABILITE_COURSES} heading={false} />}
    </section>
  );
}
