import { PATHS } from '../../../base/paths';
import { typeOption } from '../../dashboard/dashboardOptions';
import type { ChartWidget } from './types';

/** Courses by type of goods; a slice opens the courses of that type. */
export const coursesParType: ChartWidget = {
  key: 'courses-par-type',
  kind: 'chart',
  span: 12,
  title: 'Courses par type',
  name: 'courses-par-type',
  option: typeOption,
  onClick: ({ open, periodOf }, e) => open(PATHS.courses, { type: e.name, ...periodOf() }),
};
