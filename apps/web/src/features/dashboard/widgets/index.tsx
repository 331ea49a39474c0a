import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { ChartCard } from '../../dashboard/Chart';
import { chauffeursKpi } from './chauffeursKpi';
import { chiffreAffairesChart } from './chiffreAffairesChart';
import { chiffreAffairesKpi } from './chiffreAffairesKpi';
import { clientsKpi } from './clientsKpi';
import { coursesKpi } from './coursesKpi';
import { coursesParJour } from './coursesParJour';
import { coursesParStatut } from './coursesParStatut';
import { coursesParType } from './coursesParType';
import { coutMaintenance } from './coutMaintenance';
import { KpiCard } from './KpiCard';
import { objectifMensuel } from './ObjectifMensuel';
import { paiementsParMode } from './paiementsParMode';
import { consommationVehicules, trajetsMarge } from './RentabiliteCharts';
import { rentabiliteChiffres } from './RentabiliteChiffres';
import { topChauffeurs } from './topChauffeurs';
import { topClients } from './topClients';
import type { ChartWidget, DashboardCtx, WidgetDecl } from './types';
import { utilisationFlotte } from './utilisationFlotte';

/** The Tableau de bord, in order: four figures, then the charts (one file per widget). */
export const WIDGETS: WidgetDecl[] = [
  coursesKpi,
  chiffreAffairesKpi,
  clientsKpi,
  chauffeursKpi,
  chiffreAffairesChart,
  objectifMensuel,
  coursesParJour,
  coursesParStatut,
  coursesParType,
  paiementsParMode,
  topClients,
  topChauffeurs,
  utilisationFlotte,
  coutMaintenance,
  rentabiliteChiffres,
  consommationVehicules,
  trajetsMarge,
];

function Chart({ w, ctx }: { w: ChartWidget; ctx: DashboardCtx }) {
  const option = useMemo(() => w.option(ctx.d), [w, ctx.d]);
  return (
    <ChartCard
      title={w.title}
      name={w.name}
      option={option}
      height={w.height}
      onClick={w.onClick ? (e) => w.onClick?.(ctx, e) : undefined}
    />
  );
}

/** The widgets on a grid: figures four a line (two on a phone), charts by their `span` (full width on a phone). */
export function Widgets({ widgets, ctx }: { widgets: WidgetDecl[]; ctx: DashboardCtx }) {
  return (
    <Row gutter={[16, 16]}>
      {widgets.map((w) =>
        w.kind === 'kpi' ? (
          <Col key={w.key} xs={12} lg={6}>
            <KpiCard w={w} ctx={ctx} />
          </Col>
        ) : (
          <Col key={w.key} xs={24} lg={w.span}>
            {w.kind === 'chart' ? <Chart w={w} ctx={ctx} /> : w.render(ctx)}
          </Col>
        ),
      )}
    </Row>
  );
}
