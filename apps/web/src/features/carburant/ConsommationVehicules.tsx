import { useQuery } from '@tanstack/react-query';
import { formatMoney, formatNumber } from '@yams/shared';
import { Alert, Card, Table, Tag, Typography } from 'antd';
import { consommationQuery } from './api';
import { type ParVehicule, parVehicule } from './consommation';

const l100 = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : `${formatNumber(n, 1)} L/100 km`;

/** Consumption per vehicle over the last twelve months, under the fills' list. */
export function ConsommationVehicules() {
  const q = useQuery(consommationQuery());
  const rows = parVehicule(q.data ?? []);
  return (
    <Card title="Consommation par véhicule" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        Les 12 derniers mois, calculés d’un plein complet au suivant (les compléments comptent dans le plein
        suivant). En orange : au-dessus de la référence et de la marge admise.
      </Typography.Paragraph>
      {q.isError && <Alert type="error" showIcon title="Impossible de charger la consommation." />}
      <Table<ParVehicule>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'Aucune donnée' }}
        columns={[
          { key: 'plaque', title: 'Véhicule', dataIndex: 'plaque' },
          {
            key: 'consommation',
            title: 'Consommation',
            align: 'right',
            render: (_, v) =>
              v.consommation !== null && v.seuil !== null && v.consommation > v.seuil ? (
                <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                  {l100(v.consommation)}
                </Tag>
              ) : (
                l100(v.consommation)
              ),
          },
          {
            key: 'reference',
            title: 'Référence',
            align: 'right',
            responsive: ['md'],
            render: (_, v) => l100(v.reference),
          },
          {
            key: 'dernier',
            title: 'Dernier mois',
            align: 'right',
            responsive: ['lg'],
            render: (_, v) => (v.dernier ? `${l100(v.dernier.consommation)} (${v.dernier.mois})` : '—'),
          },
          {
            key: 'km',
            title: 'Km',
            align: 'right',
            responsive: ['md'],
            render: (_, v) => formatNumber(v.km),
          },
          {
            key: 'litres',
            title: 'Litres',
            align: 'right',
            responsive: ['md'],
            render: (_, v) => formatNumber(v.litres, 1),
          },
          {
            key: 'montant',
            title: 'Dépense',
            align: 'right',
            responsive: ['sm'],
            render: (_, v) => formatMoney(v.montant),
          },
        ]}
      />
    </Card>
  );
}
