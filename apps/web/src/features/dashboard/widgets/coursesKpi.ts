import { formatNumber } from '@yams/shared';
import type { KpiWidget } from './types';

/** Courses loaded in the period, cancelled ones left out (their number said), and those planned after. */
export const coursesKpi: KpiWidget = {
  key: 'courses',
  kind: 'kpi',
  title: 'Courses',
  value: (d) => d.kpis.coursesCount,
  trend: (d) => d.kpis.tendances.coursesCount,
  counts: ({ d, jours }) => {
    const annulees = d.kpis.coursesAnnulees ?? 0;
    const prevues = d.kpis.coursesPrevues ?? 0;
    return [
      `chargées ${jours}, hors annulées${annulees ? ` (${formatNumber(annulees)})` : ''}`,
      prevues ? `${formatNumber(prevues)} prévue${prevues > 1 ? 's' : ''} ensuite` : '',
    ]
      .filter(Boolean)
      .join(' · ');
  },
};
