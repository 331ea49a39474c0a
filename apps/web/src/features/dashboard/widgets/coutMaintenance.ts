import { PATHS } from '../../../base/paths';
import { maintenanceOption } from '../../dashboard/dashboardOptions';
import type { ChartWidget } from './types';

/** The confirmed maintenance cost of each vehicle; a bar opens its interventions. */
export const coutMaintenance: ChartWidget = {
  key: 'cout-maintenance',
  kind: 'chart',
  span: 12,
  title: 'Coût de maintenance par véhicule',
  name: 'cout-maintenance',
  option: maintenanceOption,
  height: 340,
  onClick: ({ d, open, periodOf }, e) =>
    open(PATHS.interventions, {
      vehicule: d.coutMaintenance[e.dataIndex]?.vehicule_id,
      statut: 'Confirmé',
      ...periodOf(),
    }),
};
