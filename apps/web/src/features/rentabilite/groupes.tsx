import {
  formatNumber,
  type RentabiliteGroupesOut,
  rentabiliteChauffeursEndpoint,
  rentabiliteTrajetsEndpoint,
} from '@yams/shared';
import { endpointQuery } from '../../base/endpointQuery';
import { ReportTable } from '../../components/report/ReportTable';
import type { ReportDecl, ReportValues } from '../../components/report/types';
import { RENTABILITE_LABELS } from './labels';
import { filtreVehicule, GROUPE_FIELDS, pct, periodeRentabilite } from './rentabiliteFields';

const filtres = (v: ReportValues) => ({
  date_debut: v.date_debut,
  date_fin: v.date_fin,
  vehicule: v.vehicule,
});

/** The courses summed per driver or per trajet: one declaration, two reports. */
function groupes(
  par: 'chauffeur' | 'trajet',
  endpoint: typeof rentabiliteChauffeursEndpoint | typeof rentabiliteTrajetsEndpoint,
): ReportDecl<RentabiliteGroupesOut> {
  const qui = par === 'chauffeur' ? 'chauffeur' : 'trajet';
  return {
    title: `Rentabilité par ${qui}`,
    filterLabel: `Filtrer la rentabilité par ${qui}`,
    period: periodeRentabilite,
    filters: [filtreVehicule],
    query: (v) => endpointQuery(endpoint, { query: filtres(v) }),
    summary: ({ data }) => [
      { label: 'Courses', value: data?.totaux.courses, format: 'number' },
      { label: 'Revenu', value: data?.totaux.revenu, format: 'money' },
      { label: 'Coûts', value: data?.totaux.couts, format: 'money' },
      {
        label: 'Marge',
        value: data?.totaux.marge,
        format: 'money',
        hint: pct(data?.totaux.marge_pct ?? null),
      },
    ],
    sections: [
      {
        key: par,
        label: par === 'chauffeur' ? 'Chauffeurs' : 'Trajets',
        title: ({ data }) =>
          `${par === 'chauffeur' ? 'Chauffeurs' : 'Trajets'} (${formatNumber(data?.lignes.length ?? 0)}), la meilleure marge d’abord`,
        render: ({ data, loading }) => (
          <ReportTable
            rows={(data?.lignes ?? []).map((l) => ({ ...l, cle: String(l.id) }))}
            fields={GROUPE_FIELDS}
            labels={{ ...RENTABILITE_LABELS, libelle: par === 'chauffeur' ? 'Chauffeur' : 'Trajet' }}
            rowKey="cle"
            loading={loading}
          />
        ),
      },
    ],
    exports: {
      endpoint,
      formats: ['xlsx', 'pdf'],
      query: filtres,
      name: (v) => `Rentabilité ${qui}s ${v.date_debut} ${v.date_fin}`,
    },
  };
}

export const RENTABILITE_CHAUFFEURS = groupes('chauffeur', rentabiliteChauffeursEndpoint);
export const RENTABILITE_TRAJETS = groupes('trajet', rentabiliteTrajetsEndpoint);
