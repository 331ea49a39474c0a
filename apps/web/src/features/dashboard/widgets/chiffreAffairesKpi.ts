import type { KpiWidget } from './types';

/** The turnover of the courses loaded in the period (cancelled ones left out). */
export const chiffreAffairesKpi: KpiWidget = {
  key: 'chiffre-affaires',
  kind: 'kpi',
  title: "Chiffre d'affaires",
  value: (d) => d.kpis.chiffreAffaires,
  trend: (d) => d.kpis.tendances.chiffreAffaires,
  money: true,
  counts: ({ jours }) => `courses chargées ${jours}, hors annulées`,
};
