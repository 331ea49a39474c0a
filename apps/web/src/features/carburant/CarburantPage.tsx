import {
  ANOMALIES_CARBURANT,
  MODE_PAIEMENT_CARBURANT_LIBELLES,
  MODES_PAIEMENT_CARBURANT,
  PleinBody,
  type PleinOut,
  PleinUpdateBody,
  todayInGabon,
} from '@yams/shared';
import { Space, Tag, Tooltip } from 'antd';
import type { FormFieldDecl } from '../../components/form/fields';
import { rowToValues } from '../../components/form/formValues';
import { ListScreen } from '../../components/list/ListScreen';
import type { DisplayField, ListDecl } from '../../components/list/types';
import { vehicules } from '../fleet/api';
import { chauffeurSource, vehiculeSource } from '../fleet/vehiculeFields';
import { carburant } from './api';
import { ConsommationVehicules } from './ConsommationVehicules';
import { CARBURANT_LABELS } from './labels';
import { Recu } from './Recu';

const modeOptions = MODES_PAIEMENT_CARBURANT.map((value) => ({
  value,
  label: MODE_PAIEMENT_CARBURANT_LIBELLES[value],
}));
const ouiNon = [
  { value: 'oui', label: 'Oui' },
  { value: 'non', label: 'Non' },
];
const SAISIES = { chauffeur: 'Application chauffeur', bureau: 'Bureau', import: 'Import' } as const;

const anomaliesField: DisplayField<PleinOut> = {
  key: 'anomalies',
  value: (p) => p.anomalies.map((a) => a.message).join(' '),
  export: false,
  render: (p) =>
    p.anomalies.length ? (
      <Space size={4} wrap>
        {p.anomalies.map((a) => (
          <Tooltip key={a.code} title={a.message}>
            <Tag color="red" style={{ marginInlineEnd: 0 }}>
              {ANOMALIES_CARBURANT[a.code]}
            </Tag>
          </Tooltip>
        ))}
      </Space>
    ) : (
      <span style={{ color: '#98a2b3' }}>—</span>
    ),
};

const formFields: FormFieldDecl[] = [
  { name: 'vehicule_id', type: 'select', ref: 'vehicule', required: true, source: vehiculeSource },
  { name: 'date', type: 'datetime', required: true, bornes: () => ({ max: todayInGabon() }) },
  { name: 'litres', type: 'number', required: true },
  { name: 'prix_litre', type: 'money' },
  { name: 'montant', type: 'money' },
  { name: 'kilometrage', type: 'number' },
  { name: 'plein_complet', type: 'select', options: ouiNon, required: true },
  { name: 'mode_paiement', type: 'select', options: modeOptions },
  { name: 'station', type: 'text' },
  { name: 'chauffeur_id', type: 'select', ref: 'chauffeur', source: chauffeurSource },
];

/** Carburant: every fill of the fleet (office, fuel-card import, driver's app), anomalies flagged. */
export const CARBURANT: ListDecl<PleinOut> = {
  title: 'Carburant',
  resource: carburant,
  // A fill moves the vehicle's odometer (its detail).
  invalidates: [vehicules],
  labels: CARBURANT_LABELS,
  tenant: { form: true, yields: ['mode_paiement'] },
  fields: [
    { key: 'date', format: 'datetime', sort: true },
    { key: 'vehicule', value: (p) => p.vehicule.plaque, path: 'vehicule.plaque', sort: true },
    { key: 'litres', format: 'number', sort: true },
    { key: 'montant', format: 'money', sort: true },
    { key: 'kilometrage', format: 'number', sort: true },
    {
      key: 'plein_complet',
      value: (p) => (p.plein_complet ? 'Oui' : 'Non'),
      map: { true: 'Oui', false: 'Non' },
      table: false,
    },
    {
      key: 'mode_paiement',
      value: (p) => (p.mode_paiement ? MODE_PAIEMENT_CARBURANT_LIBELLES[p.mode_paiement] : null),
      map: MODE_PAIEMENT_CARBURANT_LIBELLES,
    },
    anomaliesField,
    { key: 'station', truncate: 140, sort: true, table: false },
    { key: 'prix_litre', format: 'money', table: false },
    { key: 'chauffeur', value: (p) => p.chauffeur?.nom_complet, path: 'chauffeur.nom_complet', table: false },
    { key: 'course', value: (p) => p.course?.code, path: 'course.code', table: false },
    { key: 'saisie', value: (p) => SAISIES[p.saisie], map: SAISIES, table: false },
  ],
  filters: [
    { type: 'select', name: 'vehicule', source: vehiculeSource },
    { type: 'select', name: 'anomalie', options: ouiNon },
    { type: 'select', name: 'mode_paiement', options: modeOptions },
    { type: 'select', name: 'chauffeur', source: chauffeurSource },
    { type: 'dateRange', name: 'periode' },
    { type: 'text', name: 'search', placeholder: 'Plaque, station ou course' },
  ],
  card: {
    title: (p) => p.vehicule.plaque,
    subtitle: (p) => (p.station ? `${p.station}` : null),
    extra: (p) => (p.anomalies.length ? <Tag color="red">Anomalie</Tag> : null),
    fields: ['date', 'litres', 'montant', 'kilometrage', 'anomalies'],
  },
  addLabel: 'Ajouter un plein',
  createTitle: 'Nouveau plein',
  import: true,
  form: {
    fields: formFields,
    createSchema: PleinBody,
    updateSchema: PleinUpdateBody,
    defaults: { plein_complet: 'oui', mode_paiement: 'carte' },
    toValues: (p) => ({
      ...rowToValues(p as never, formFields),
      plein_complet: p.plein_complet ? 'oui' : 'non',
    }),
  },
  detail: {
    title: (p) => `Plein n° ${p.id} · ${p.vehicule.plaque}`,
    fields: [
      'date',
      'vehicule',
      'chauffeur',
      'course',
      'station',
      'litres',
      'prix_litre',
      'montant',
      'kilometrage',
      'plein_complet',
      'mode_paiement',
      'saisie',
    ],
    sections: [
      {
        key: 'anomalies',
        title: 'Anomalies',
        visible: (p) => p.anomalies.length > 0,
        render: (p) => (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {p.anomalies.map((a) => (
              <li key={a.code}>
                <Tag color="red">{ANOMALIES_CARBURANT[a.code]}</Tag> {a.message}
              </li>
            ))}
          </ul>
        ),
      },
      { key: 'recu', title: 'Reçu', render: (p, ctx) => <Recu plein={p} ctx={ctx} /> },
    ],
    deletable: true,
  },
  groupDelete: true,
};

export default function CarburantPage() {
  return (
    <>
      <ListScreen decl={CARBURANT} />
      <ConsommationVehicules />
    </>
  );
}
