import { PATHS } from '../../../base/paths';
import { flotteOption } from '../../dashboard/dashboardOptions';
import type { ChartWidget } from './types';

/** The share of days each type of vehicle spent on a course; a bar opens the vehicles of that type. */
export const utilisationFlotte: ChartWidget = {
  key: 'utilisation-flotte',
  kind: 'chart',
  span: 12,
  title: 'Utilisation de la flotte',
  name: 'utilisation-flotte',
  option: flotteOption,
  onClick: ({ d, open }, e) => {
    const r = d.utilisationFlotte[e.dataIndex];
    if (r) open(PATHS.vehicules, { type: r.type_vehicule_id ?? undefined });
  },
};
