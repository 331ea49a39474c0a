import { formatMoney, formatNumber } from '@yams/shared';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReportFigure } from './types';

const shown = (f: ReportFigure) =>
  f.value === null || f.value === undefined || f.value === ''
    ? '—'
    : typeof f.value === 'string'
      ? f.value
      : f.format === 'money'
        ? formatMoney(f.value)
        : formatNumber(f.value, 1);

/** The summary row of a report: each figure a card (four a line at 1280 px, two on a phone). */
export function ReportFigures({ figures }: { figures: ReportFigure[] }) {
  return (
    <Row gutter={[12, 12]} role="list" aria-label="Résumé" style={{ marginBottom: 16 }}>
      {figures.map((f) => (
        <Col key={f.label} xs={12} lg={6} role="listitem">
          <Card size="small" data-figure={f.label} style={{ height: '100%' }}>
            {/* Shown as written: antd would group a number-like text (« 2025 » → « 2,025 »). */}
            <Statistic
              title={f.label}
              value={shown(f)}
              formatter={() => shown(f)}
              valueStyle={{ fontSize: 20 }}
            />
            {f.hint && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {f.hint}
              </Typography.Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
