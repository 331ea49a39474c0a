import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { formatMoney, formatNumber } from '@yams/shared';
import { Card, Statistic, Typography } from 'antd';
import type { DashboardCtx, KpiWidget } from './types';

function Trend({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">Nouveau</Typography.Text>;
  if (value === 0) return <Typography.Text type="secondary">= 0 %</Typography.Text>;
  const up = value > 0;
  return (
    <Typography.Text style={{ color: up ? '#389e0d' : '#cf1322' }}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {formatNumber(Math.abs(value), 1)} %
    </Typography.Text>
  );
}

/** A figure card of the dashboard: its value (`1.500`, `1.500 FCFA`), what it counts, its trend. */
export function KpiCard({ w, ctx }: { w: KpiWidget; ctx: DashboardCtx }) {
  return (
    <Card size="small" data-kpi={w.title}>
      <Statistic
        title={w.title}
        value={w.value(ctx.d)}
        formatter={(v) => (w.money ? formatMoney(Number(v)) : formatNumber(Number(v)))}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {w.counts(ctx)}
      </Typography.Text>
      <div style={{ marginTop: 4, fontSize: 13 }}>
        <Trend value={w.trend(ctx.d)} /> <Typography.Text type="secondary">{ctx.compare}</Typography.Text>
      </div>
    </Card>
  );
}
