import type { TableauDeBord } from '@yams/shared';
import type { ReactNode } from 'react';
import type { ChartClick } from '../../dashboard/Chart';
import type { EChartsOption } from '../../dashboard/echarts';

/** What every widget is given: the period's figures and how to open the list behind one. */
export interface DashboardCtx {
  d: TableauDeBord;
  superadmin: boolean;
  /** The company shown (a superadmin's choice), `''` for all. */
  entreprise: string;
  /** Opens a list filtered on the figure, on the company shown. */
  open: (path: string, filters: Record<string, string | number | undefined>) => void;
  /** The period's days as list filters (or the given days: a bar's). */
  periodOf: (debut?: string, fin?: string) => { date_debut?: string; date_fin?: string };
  /** « vs 01/10–23/10 »: the days the trends compare with. */
  compare: string;
  /** « du 01/11 au 27/11 »: the days the cards count. */
  jours: string;
}

/** A figure card: its value, its trend against the period before, what it counts. */
export interface KpiWidget {
  key: string;
  kind: 'kpi';
  title: string;
  value: (d: TableauDeBord) => number;
  trend: (d: TableauDeBord) => number | null;
  money?: boolean;
  counts: (ctx: DashboardCtx) => string;
}

/** A chart card (ECharts option from `dashboardOptions.ts`), a click opening the list behind the bar. */
export interface ChartWidget {
  key: string;
  kind: 'chart';
  /** Its width on a wide screen, in 24ths (a phone shows every widget full width). */
  span: number;
  title: string;
  /** The PNG's name when the chart is saved. */
  name: string;
  option: (d: TableauDeBord) => EChartsOption | null;
  height?: number;
  onClick?: (ctx: DashboardCtx, e: ChartClick) => void;
}

/** A widget of its own (the monthly target and its editor). */
export interface CustomWidget {
  key: string;
  kind: 'custom';
  span: number;
  render: (ctx: DashboardCtx) => ReactNode;
}

export type WidgetDecl = KpiWidget | ChartWidget | CustomWidget;

/** The dashboard's period and company as a report's query (`entreprise`: a superadmin's choice). */
export const periode = (ctx: DashboardCtx) => ({
  ...ctx.periodOf(),
  entreprise: ctx.entreprise || undefined,
});
