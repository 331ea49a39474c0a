import { PATHS } from '../../../base/paths';
import { topDriversOption } from '../../dashboard/dashboardOptions';
import type { ChartWidget } from './types';

/** The ten drivers with the most courses; a bar opens the driver's courses. */
export const topChauffeurs: ChartWidget = {
  key: 'top-chauffeurs',
  kind: 'chart',
  span: 12,
  title: 'Top 10 Chauffeurs',
  name: 'top-chauffeurs',
  option: topDriversOption,
  height: 340,
  onClick: ({ d, open, periodOf }, e) =>
    open(PATHS.courses, { chauffeur: d.topDrivers[e.dataIndex]?.chauffeur_id, ...periodOf() }),
};
