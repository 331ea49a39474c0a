import type { KpiWidget } from './types';

/** The drivers who drove in the period. */
export const chauffeursKpi: KpiWidget = {
  key: 'chauffeurs',
  kind: 'kpi',
  title: 'Chauffeurs',
  value: (d) => d.kpis.driversCount,
  trend: (d) => d.kpis.tendances.driversCount,
  counts: ({ jours }) => `ayant roulé ${jours}`,
};
