import { FileExcelOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatDate, statistiquesEndpoints } from '@yams/shared';
import { Alert, Button, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { endpointQuery } from '../../base/endpointQuery';
import { useSession } from '../../base/session';
import { EntrepriseSelect } from '../../components/list/EntrepriseSelect';
import { PageTitle } from '../../components/PageTitle';
import { LivePeriodPicker, useLivePeriod } from '../../components/report/LivePeriod';
import { downloadDashboard } from './dashboardExcel';
import { WIDGETS, Widgets } from './widgets';
import type { DashboardCtx } from './widgets/types';

const TOUTES = 'Toutes les entreprises';

/** Tableau de bord: the widgets of the period (`widgets/`), each opening its filtered list; Excel of it all. */
export default function DashboardPage() {
  const session = useSession();
  const superadmin = session?.user.type === 'superadmin';
  const navigate = useNavigate();
  const state = useLivePeriod();
  const [exporting, setExporting] = useState(false);
  const [companyName, setCompanyName] = useState('');
  const stats = useQuery({
    ...endpointQuery(statistiquesEndpoints.tableauDeBord, { query: state.query }),
    placeholderData: (prev) => prev,
  });
  const d = stats.data;

  // 'vs 01/10–23/10', with the year when the compared days are in another year.
  const short = (day: string) =>
    day.slice(0, 4) === d?.kpis.periode.debut.slice(0, 4)
      ? `${day.slice(8, 10)}/${day.slice(5, 7)}`
      : formatDate(day);
  const span = (b: { debut: string; fin: string }, sep: string) =>
    `${short(b.debut)}${b.fin !== b.debut ? `${sep}${short(b.fin)}` : ''}`;
  const cmp = d?.kpis.comparaison.bornes;
  const periodeLabel = d ? `du ${formatDate(d.kpis.periode.debut)} au ${formatDate(d.kpis.periode.fin)}` : '';
  const ctx: DashboardCtx | null = d
    ? {
        d,
        superadmin,
        entreprise: state.entreprise,
        // A click opens the list behind the figure, filtered on it, on the period and on the company shown.
        open: (path, filters) => {
          const p = new URLSearchParams();
          for (const [k, v] of Object.entries({ entreprise: state.entreprise, ...filters }))
            if (v !== undefined && v !== '') p.set(k, String(v));
          navigate(`${path}?${p.toString()}`);
        },
        periodOf: (debut, fin) => ({
          date_debut: debut ?? d.kpis.periode.debut,
          date_fin: fin ?? d.kpis.periode.fin,
        }),
        compare: cmp ? `vs ${span(cmp.precedent, '–')}` : '',
        jours: cmp ? `du ${span(cmp.courant, ' au ')}` : '',
      }
    : null;

  const exportExcel = async () => {
    if (!d) return;
    setExporting(true);
    try {
      const company = superadmin ? (state.entreprise ? companyName : TOUTES) : '';
      await downloadDashboard(
        d,
        `Tableau de bord ${company} ${periodeLabel}`.replace(/\s+/g, ' ').trim(),
        `tableau-de-bord-${d.kpis.periode.debut}-${d.kpis.periode.fin}`,
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <section>
      <PageTitle
        title="Tableau de bord"
        extra={
          <Button icon={<FileExcelOutlined />} onClick={exportExcel} loading={exporting} disabled={!d}>
            Exporter en Excel
          </Button>
        }
      />
      <Space wrap style={{ marginBottom: 16 }} align="center">
        <LivePeriodPicker state={state} />
        {superadmin && (
          <EntrepriseSelect
            style={{ minWidth: 240 }}
            value={state.entreprise}
            first={[{ value: '', label: TOUTES }]}
            onChange={(v, option) => {
              setCompanyName((option as { label?: string } | undefined)?.label ?? '');
              state.set({ entreprise: v ? String(v) : null });
            }}
          />
        )}
        {d && <Typography.Text type="secondary">{periodeLabel}</Typography.Text>}
      </Space>
      {stats.isError && !d && (
        <Alert type="error" showIcon message="Les statistiques n'ont pas pu être chargées." />
      )}
      {!ctx ? (
        stats.isError ? null : (
          <Skeleton active paragraph={{ rows: 10 }} />
        )
      ) : (
        <div style={{ opacity: stats.isFetching ? 0.6 : 1, transition: 'opacity .2s' }}>
          <Widgets widgets={WIDGETS} ctx={ctx} />
        </div>
      )}
    </section>
  );
}
