import { useQuery } from '@tanstack/react-query';
import { type ConsommationLigne, formatMoney, formatNumber } from '@yams/shared';
import { Alert, Card, Table, Tag, Typography } from 'antd';
import { consommationQuery } from './api';

/** One vehicle's year: the complete stretches' km and litres, every fill's FCFA. */
interface ParVehicule {
  id: number;
  plaque: string;
  km: number;
  litres: number;
  consommation: number | null;
  reference: number | null;
  seuil: number | null;
  dernier: ConsommationLigne | undefined;
  montant: number;
}

/** The months of each vehicle added up: litres over km of the stretches (full tank to full tank). */
export function parVehicule(lignes: ConsommationLigne[]): ParVehicule[] {
  const out = new Map<number, ParVehicule>();
  for (const l of lignes) {
    const v = out.get(l.vehicule.id) ?? {
      id: l.vehicule.id,
      plaque: l.vehicule.plaque,
      km: 0,
      litres: 0,
      consommation: null,
      reference: l.consommation_reference,
      seuil: l.consommation_seuil,
      dernier: undefined,
      montant: 0,
    };
    v.km += l.km;
    v.litres += l.litres;
    v.montant += l.montant;
    if (l.consommation !== null) v.dernier = l;
    out.set(v.id, v);
  }
  return [...out.values()].map((v) => ({
    ...v,
    consommation: v.km > 0 ? Math.round((v.litres / v.km) * 1000) / 10 : null,
  }));
}

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
