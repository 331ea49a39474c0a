import { PATHS } from '../../../base/paths';
import { topClientsOption } from '../../dashboard/dashboardOptions';
import type { ChartWidget } from './types';

/** The ten clients with the most turnover; a bar opens the client's courses. */
export const topClients: ChartWidget = {
  key: 'top-clients',
  kind: 'chart',
  span: 12,
  title: 'Top 10 Clients',
  name: 'top-clients',
  option: topClientsOption,
  height: 340,
  onClick: ({ d, open, periodOf }, e) =>
    open(PATHS.courses, { client: d.topClients[e.dataIndex]?.client_id, ...periodOf() }),
};
