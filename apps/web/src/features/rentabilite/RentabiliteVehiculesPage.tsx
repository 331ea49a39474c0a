import { formatNumber, type RentabiliteVehiculesOut, rentabiliteVehiculesEndpoint } from '@yams/shared';
import { endpointQuery } from '../../base/endpointQuery';
import { ReportScreen } from '../../components/report/ReportScreen';
import { ReportTable } from '../../components/report/ReportTable';
import type { ReportDecl, ReportValues } from '../../components/report/types';
import { RENTABILITE_LABELS } from './labels';
import { filtreVehicule, pct, periodeRentabilite, VEHICULE_FIELDS } from './rentabiliteFields';

const filtres = (v: ReportValues) => ({
  date_debut: v.date_debut,
  date_fin: v.date_fin,
  vehicule: v.vehicule,
});

export const RENTABILITE_VEHICULES: ReportDecl<RentabiliteVehiculesOut> = {
  title: 'Rentabilité par véhicule',
  filterLabel: 'Filtrer la rentabilité des véhicules',
  period: periodeRentabilite,
  filters: [filtreVehicule],
  query: (v) => endpointQuery(rentabiliteVehiculesEndpoint, { query: filtres(v) }),
  summary: ({ data }) => [
    { label: 'Revenu', value: data?.totaux.revenu, format: 'money' },
    { label: 'Coûts', value: data?.totaux.couts, format: 'money' },
    { label: 'Marge', value: data?.totaux.marge, format: 'money', hint: pct(data?.totaux.marge_pct ?? null) },
    {
      label: 'Coût au km',
      value: data?.totaux.cout_km ?? '—',
      format: data?.totaux.cout_km == null ? undefined : 'money',
      hint: `${formatNumber(data?.totaux.km ?? 0)} km au compteur`,
    },
  ],
  sections: [
    {
      key: 'vehicules',
      label: 'Véhicules par mois',
      title: ({ data }) => `Véhicules par mois (${formatNumber(data?.lignes.length ?? 0)})`,
      render: ({ data, loading }) => (
        <ReportTable
          rows={(data?.lignes ?? []).map((l) => ({ ...l, id: `${l.vehicule.id}-${l.mois}` }))}
          fields={VEHICULE_FIELDS}
          labels={RENTABILITE_LABELS}
          rowKey="id"
          loading={loading}
        />
      ),
    },
  ],
  exports: {
    endpoint: rentabiliteVehiculesEndpoint,
    formats: ['xlsx', 'pdf'],
    query: filtres,
    name: (v) => `Rentabilité véhicules ${v.date_debut} ${v.date_fin}`,
  },
};

export default function RentabiliteVehiculesPage() {
  return <ReportScreen decl={RENTABILITE_VEHICULES} heading={false} />;
}
