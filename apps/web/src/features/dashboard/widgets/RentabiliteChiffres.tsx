import { formatMoney, formatNumber } from '@yams/shared';
import { Card, Divider, Statistic, Typography } from 'antd';
import { PATHS } from '../../../base/paths';
import { useRentabiliteCourses, useRentabiliteVehicules } from '../../rentabilite/api';
import { type CustomWidget, type DashboardCtx, periode } from './types';

/** One figure of the profitability reports, as the dashboard's figure cards show theirs; a click opens the report. */
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
    <button
      type="button"
      data-kpi={title}
      onClick={onClick}
      style={{ all: 'unset', cursor: 'pointer', display: 'block', padding: '12px 0' }}
    >
      <Statistic
        title={title}
        loading={loading}
        value={value ?? '—'}
        formatter={(v) => (typeof v === 'number' ? formatMoney(v) : String(v))}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {counts}
      </Typography.Text>
    </button>
  );
}

/** The period's margin per course and the fleet's cost per km, from the profitability reports. */
function RentabiliteChiffres(ctx: DashboardCtx) {
  const courses = useRentabiliteCourses(periode(ctx));
  const vehicules = useRentabiliteVehicules(periode(ctx));
  const t = courses.data?.totaux;
  const v = vehicules.data?.totaux;
  return (
    <Card size="small" title="Rentabilité" style={{ height: '100%' }}>
      <Figure
        title="Marge par course"
        loading={courses.isLoading}
        value={t && t.courses > 0 ? Math.round(t.marge / t.courses) : null}
        counts={
          t
            ? `${formatNumber(t.courses)} courses ${ctx.jours}, marge ${t.marge_pct === null ? '—' : `${formatNumber(t.marge_pct, 1)} %`}`
            : ''
        }
        onClick={() => ctx.open(PATHS.rentabilite, ctx.periodOf())}
      />
      <Divider style={{ margin: 0 }} />
      <Figure
        title="Coût au km"
        loading={vehicules.isLoading}
        value={v?.cout_km}
        counts={v ? `${formatNumber(v.km)} km au compteur ${ctx.jours}` : ''}
        onClick={() => ctx.open(PATHS['rentabilite.vehicules'], ctx.periodOf())}
      />
    </Card>
  );
}

/** Margin per course and cost per km (the Rentabilité reports, on the dashboard's period). */
export const rentabiliteChiffres: CustomWidget = {
  key: 'rentabilite-chiffres',
  kind: 'custom',
  span: 8,
  render: (ctx) => <RentabiliteChiffres {...ctx} />,
};
