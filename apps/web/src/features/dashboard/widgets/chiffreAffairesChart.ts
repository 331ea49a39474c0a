import { PATHS } from '../../../base/paths';
import { revenueOption } from '../../dashboard/dashboardOptions';
import type { ChartWidget } from './types';

/** The turnover by hour, day or month; a bar opens the courses of its days. */
export const chiffreAffairesChart: ChartWidget = {
  key: 'chiffre-affaires-serie',
  kind: 'chart',
  span: 16,
  title: "Chiffre d'affaires",
  name: 'chiffre-affaires',
  option: revenueOption,
  onClick: ({ d, open, periodOf }, e) => {
    const p = d.chiffreAffaires[e.dataIndex];
    if (p) open(PATHS.courses, periodOf(p.debut, p.fin));
  },
};
