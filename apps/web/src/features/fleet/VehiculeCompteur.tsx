import { useQuery } from '@tanstack/react-query';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  kilometrageVehiculeEndpoint,
  type ReleveKilometrage,
  SOURCES_KILOMETRAGE,
  type VehiculeDetailOut,
} from '@yams/shared';
import { Table, Typography } from 'antd';
import { endpointQuery } from '../../base/endpointQuery';

/** A reading's day (an intervention) or instant (a fill), in Libreville time. */
const quand = (r: Pick<ReleveKilometrage, 'date'>) =>
  r.date.length === 10 ? formatDate(r.date) : formatDateTime(r.date);

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The vehicle's current odometer, as its detail line says it. */
export const compteurTexte = (v: VehiculeDetailOut) =>
  v.compteur
    ? `${formatNumber(v.compteur.kilometrage)} km — ${SOURCES_KILOMETRAGE[v.compteur.source]}, le ${quand(v.compteur)}`
    : null;

/** The odometer's readings of a vehicle, newest first, each with its source. */
export function VehiculeCompteur({ vehicule }: { vehicule: VehiculeDetailOut }) {
  const q = useQuery(endpointQuery(kilometrageVehiculeEndpoint, { params: { id: vehicule.id } }));
  if (!q.isLoading && !q.data?.length) {
    return <Typography.Text type="secondary">Aucun relevé du compteur.</Typography.Text>;
  }
  return (
    <Table<ReleveKilometrage>
      rowKey={(r) => `${r.source}-${r.reference_id}`}
      size="small"
      loading={q.isLoading}
      dataSource={q.data ?? []}
      pagination={{ pageSize: 5, hideOnSinglePage: true }}
      columns={[
        { key: 'date', title: 'Date', render: (_, r) => quand(r) },
        {
          key: 'km',
          title: 'Kilométrage',
          align: 'right',
          render: (_, r) => `${formatNumber(r.kilometrage)} km`,
        },
        { key: 'source', title: 'Source', render: (_, r) => capitalize(SOURCES_KILOMETRAGE[r.source]) },
      ]}
    />
  );
}
