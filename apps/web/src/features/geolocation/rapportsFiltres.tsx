import { GPS, zonesContract } from '@yams/shared';
import { SourceSelect } from '../../components/form/SourceSelect';
import type { PeriodDecl, ReportFilterDecl } from '../../components/report/types';
import { vehiculeSource } from '../fleet/vehiculeFields';
import { clientSource } from '../operations/operationsFields';

// The filters the tracking reports share: the period (Libreville days, at most GPS.traceJoursMax, nothing
// after today), a vehicle, a zone, a client.

export const periodeGps: PeriodDecl = {
  presets: ['aujourdhui', 'hier', '7_jours', 'mois', 'mois_dernier'],
  defaut: '7_jours',
  maxJours: GPS.traceJoursMax,
  passeSeulement: true,
};

const select = (source: Parameters<typeof SourceSelect>[0]['source']) => (
  <SourceSelect source={source} allowClear placeholder="Tous" style={{ width: '100%', minWidth: 200 }} />
);

export const filtreVehicule: ReportFilterDecl = {
  name: 'vehicule',
  label: 'Véhicule',
  input: select(vehiculeSource),
};
export const filtreZone: ReportFilterDecl = {
  name: 'zone',
  label: 'Zone',
  input: select({ path: zonesContract.path }),
};
export const filtreClientGps: ReportFilterDecl = {
  name: 'client',
  label: 'Client',
  input: select(clientSource),
};
