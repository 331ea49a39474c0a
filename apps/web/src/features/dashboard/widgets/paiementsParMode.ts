import { PATHS } from '../../../base/paths';
import { paiementsOption } from '../../dashboard/dashboardOptions';
import type { ChartWidget } from './types';

/** Validated payments by mode; a slice opens those payments. */
export const paiementsParMode: ChartWidget = {
  key: 'paiements-par-mode',
  kind: 'chart',
  span: 12,
  title: 'Paiements par mode',
  name: 'paiements-par-mode',
  option: paiementsOption,
  onClick: ({ open, periodOf }, e) =>
    open(PATHS.paiements, { mode: e.name, statut: 'Validé', ...periodOf() }),
};
