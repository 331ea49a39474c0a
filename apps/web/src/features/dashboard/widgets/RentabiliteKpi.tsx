import { formatMoney, formatNumber } from '@yams/shared';
import { Card, Statistic, Typography } from 'antd';
import { PATHS } from '../../../base/paths';
import { useRentabiliteCourses, useRentabiliteVehicules } from '../../rentabilite/api';
import type { CustomWidget, DashboardCtx } from './types';

/** A figure of the profitability reports, as the dashboard's figure cards show theirs; a click opens the report. */
function Figure({
  title,
  value,
  counts,
  onClick,
  loading,
}: {
  title: string;
  value: number | null | undefined;
  counts: string;
  onClick: () => void;
  loading: boolean;
}) {
  return (
    <Card size="small" data-kpi={title} hoverable onClick={onClick} style={{ height: '100%' }}>
      <Statistic
        title={title}
        loading={loading}
        value={value ?? '—'}
        formatter={(v) => (typeof v === 'number' ? formatMoney(v) : String(v))}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {counts}
      </Typography.Text>
    </Card>
  );
}

function MargeParCourse(ctx: DashboardCtx) {
  const { data, isLoading } = useRentabiliteCourses(ctx.periodOf());
  const t = data?.totaux;
  return (
    <Figure
      title="Marge par course"
      loading={isLoading}
      value={t && t.courses > 0 ? Math.round(t.marge / t.courses) : null}
      counts={
        t
          ? `${formatNumber(t.courses)} courses ${ctx.jours}, marge ${t.marge_pct === null ? '—' : `${formatNumber(t.marge_pct, 1)} %`}`
          : ''
      }
      onClick={() => ctx.open(PATHS.rentabilite, ctx.periodOf())}
    />
  );
}

function CoutKm(ctx: DashboardCtx) {
  const { data, isLoading } = useRentabiliteVehicules(ctx.periodOf());
  return (
    <Figure
      title="Coût au km"
      loading={isLoading}
      value={data?.totaux.cout_km}
      counts={data ? `${formatNumber(data.totaux.km)} km au compteur ${ctx.jours}` : ''}
      onClick={() => ctx.open(PATHS['rentabilite.vehicules'], ctx.periodOf())}
    />
  );
}

/** The period's margin per course (profitability report). */
export const margeParCourse: CustomWidget = {
  key: 'marge-par-course',
  kind: 'custom',
  span: 6,
  render: (ctx) => <MargeParCourse {...ctx} />,
};

/** The fleet's cost per km over the months whose km the odometer knows. */
export const coutKm: CustomWidget = {
  key: 'cout-km',
  kind: 'custom',
  span: 6,
  render: (ctx) => <CoutKm {...ctx} />,
};
