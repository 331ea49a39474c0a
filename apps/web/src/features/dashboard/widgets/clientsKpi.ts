import type { KpiWidget } from './types';

/** The clients served in the period. */
export const clientsKpi: KpiWidget = {
  key: 'clients',
  kind: 'kpi',
  title: 'Clients',
  value: (d) => d.kpis.clientsCount,
  trend: (d) => d.kpis.tendances.clientsCount,
  counts: ({ jours }) => `servis ${jours}`,
};
