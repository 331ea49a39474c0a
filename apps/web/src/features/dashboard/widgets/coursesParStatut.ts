import { PATHS } from '../../../base/paths';
import { statusOption } from '../../dashboard/dashboardOptions';
import type { ChartWidget } from './types';

/** Courses by status over the period; a bar's part opens the courses of that status and those days. */
export const coursesParStatut: ChartWidget = {
  key: 'courses-par-statut',
  kind: 'chart',
  span: 12,
  title: 'Courses par statut',
  name: 'courses-par-statut',
  option: statusOption,
  onClick: ({ d, open, periodOf }, e) => {
    const t = d.statutsSerie.tranches[e.dataIndex];
    if (t && e.seriesName) open(PATHS.courses, { statut: e.seriesName, ...periodOf(t.debut, t.fin) });
  },
};
