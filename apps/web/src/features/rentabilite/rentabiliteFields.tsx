import {
  formatNumber,
  type RentabiliteCourseOut,
  type RentabiliteGroupeOut,
  type RentabiliteVehiculeMoisOut,
} from '@yams/shared';
import { Typography } from 'antd';
import { SourceSelect } from '../../components/form/SourceSelect';
import type { DisplayField } from '../../components/list/types';
import type { PeriodDecl, ReportFilterDecl } from '../../components/report/types';
import { chauffeurSource, vehiculeSource } from '../fleet/vehiculeFields';
import { clientSource, trajetSource } from '../operations/operationsFields';

// What the four profitability reports share: their period, filters and columns.

export const periodeRentabilite: PeriodDecl = { defaut: 'mois', maxJours: 366 };

const select = (source: Parameters<typeof SourceSelect>[0]['source']) => (
  <SourceSelect source={source} allowClear placeholder="Tous" style={{ width: '100%', minWidth: 200 }} />
);
export const filtreVehicule: ReportFilterDecl = {
  name: 'vehicule',
  label: 'Véhicule',
  input: select(vehiculeSource),
};
export const filtresCourses: ReportFilterDecl[] = [
  filtreVehicule,
  { name: 'chauffeur', label: 'Chauffeur', input: select(chauffeurSource) },
  { name: 'client', label: 'Client', input: select(clientSource) },
  { name: 'trajet', label: 'Trajet', input: select(trajetSource) },
];

export const pct = (p: number | null) => (p === null ? '—' : `${formatNumber(p, 1)} %`);

/**
 * The margin, in red when the course (or the month) lost money, its % under it; right after the revenue,
 * so the key columns fit at 1280 px (the costs' detail follows). The % is a column of its own in the exports.
 */
const marge = <T extends { marge: number; marge_pct: number | null }>(): DisplayField<T>[] => [
  {
    key: 'marge',
    format: 'money',
    render: (r) => (
      <Typography.Text strong type={r.marge < 0 ? 'danger' : undefined}>
        {`${formatNumber(r.marge)} FCFA`}
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
          {pct(r.marge_pct)}
        </Typography.Text>
      </Typography.Text>
    ),
  },
  { key: 'marge_pct', value: (r) => pct(r.marge_pct), table: false },
];

const SOURCE: Record<RentabiliteCourseOut['carburant_source'], string> = {
  mesuré: 'Pleins',
  estimé: 'Estimé',
  inconnu: 'Inconnu',
};

export const COURSE_FIELDS: DisplayField<RentabiliteCourseOut>[] = [
  { key: 'code' },
  { key: 'date', format: 'date', table: false },
  { key: 'vehicule', value: (r) => r.vehicule.plaque, path: 'vehicule.plaque' },
  { key: 'chauffeur', value: (r) => r.chauffeur?.libelle ?? '—', path: 'chauffeur.libelle', truncate: 110 },
  { key: 'trajet', value: (r) => r.trajet?.libelle ?? '—', path: 'trajet.libelle', truncate: 120 },
  { key: 'revenu', format: 'money' },
  ...marge<RentabiliteCourseOut>(),
  {
    key: 'carburant',
    format: 'money',
    // « ≈ » marks an estimate (no fill recorded on the course); the export has the source in its own column.
    render: (r) => (
      <span title={SOURCE[r.carburant_source]}>
        {`${r.carburant_source === 'mesuré' ? '' : '≈ '}${formatNumber(r.carburant)} FCFA`}
      </span>
    ),
  },
  { key: 'carburant_source', value: (r) => SOURCE[r.carburant_source], table: false },
  { key: 'frais', format: 'money' },
  { key: 'per_diem', format: 'money' },
  { key: 'entretien', format: 'money' },
];

export const VEHICULE_FIELDS: DisplayField<RentabiliteVehiculeMoisOut & { id: string }>[] = [
  { key: 'vehicule', value: (r) => r.vehicule.plaque, path: 'vehicule.plaque' },
  { key: 'mois' },
  { key: 'courses', format: 'number' },
  { key: 'revenu', format: 'money' },
  ...marge<RentabiliteVehiculeMoisOut & { id: string }>(),
  { key: 'carburant', format: 'money' },
  { key: 'entretien', format: 'money' },
  // Documents carry no amount yet (docs/rentabilite.md): in the exports, not a column of 0.
  { key: 'documents', format: 'money', table: false },
  { key: 'frais', format: 'money' },
  { key: 'km', value: (r) => (r.km === null ? '—' : formatNumber(r.km)) },
  { key: 'cout_km', value: (r) => (r.cout_km === null ? '—' : `${formatNumber(r.cout_km)} FCFA`) },
  { key: 'consommation', value: (r) => (r.consommation === null ? '—' : formatNumber(r.consommation, 1)) },
  { key: 'jours', format: 'number' },
];

export const GROUPE_FIELDS: DisplayField<RentabiliteGroupeOut & { cle: string }>[] = [
  { key: 'libelle' },
  { key: 'courses', format: 'number' },
  { key: 'revenu', format: 'money' },
  ...marge<RentabiliteGroupeOut & { cle: string }>(),
  { key: 'carburant', format: 'money' },
  { key: 'frais', format: 'money' },
  { key: 'per_diem', format: 'money' },
  { key: 'entretien', format: 'money' },
];
