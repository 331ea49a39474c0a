import { PATHS } from '../../../base/paths';
import { coursesOption } from '../../dashboard/dashboardOptions';
import type { ChartWidget } from './types';

/** Courses by hour, day or month; a bar opens the courses of its days. */
export const coursesParJour: ChartWidget = {
  key: 'courses-par-jour',
  kind: 'chart',
  span: 12,
  title: 'Courses par jour',
  name: 'courses-par-jour',
  option: coursesOption,
  onClick: ({ d, open, periodOf }, e) => {
    const p = d.coursesCount[e.dataIndex];
    if (p) open(PATHS.courses, periodOf(p.debut, p.fin));
  },
};
