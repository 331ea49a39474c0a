import {
  INTERVENTION_STATUTS,
  INTERVENTION_TYPES,
  InterventionBody,
  type InterventionOut,
  InterventionUpdateBody,
  referenceContracts,
} from '@yams/shared';
import type { FormFieldDecl, OptionsSource } from '../../components/form/fields';
import { rowToValues } from '../../components/form/formValues';
import { ListScreen } from '../../components/list/ListScreen';
import type { DisplayField, ListDecl } from '../../components/list/types';
import { StatusTag } from '../../components/StatusTag';
import { articles, interventions, vehicules } from './api';
import { InterventionLignes, type LigneDraft, LignesInput, lignesBody, lignesOf } from './InterventionLignes';
import { INTERVENTION_LABELS } from './labels';
import { vehiculeSource } from './vehiculeFields';

const garageSource: OptionsSource = { path: referenceContracts.garages.path };
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const statutField: DisplayField<InterventionOut> = {
  key: 'statut',
  format: 'tag',
  tag: 'intervention',
  render: (i) => <StatusTag lifecycle="intervention" value={i.statut} />,
};
const vehiculeField: DisplayField<InterventionOut> = {
  key: 'vehicule',
  value: (i) => i.vehicule?.plaque ?? i.camion?.plaque,
  path: 'vehicule.plaque|camion.plaque',
};
const formFields: FormFieldDecl[] = [
  { name: 'vehicule_id', type: 'select', required: true, source: vehiculeSource },
  { name: 'garage_id', type: 'select', required: true, source: garageSource },
  { name: 'type', type: 'select', required: true, options: options(INTERVENTION_TYPES) },
  { name: 'dates', type: 'dateRange', required: true, params: ['date_debut', 'date_fin'] },
  { name: 'kilometrage', type: 'number' },
  { name: 'description', type: 'textarea', span: 24 },
  // A new intervention takes its lines at once; a draft's lines are then edited in its detail dialog.
  {
    name: 'lignes_saisie',
    label: 'Lignes',
    bodyName: 'lignes',
    type: 'custom',
    span: 24,
    only: 'create',
    render: ({ value, onChange }) => (
      <LignesInput value={(value as LigneDraft[] | undefined) ?? []} onChange={onChange} />
    ),
  },
];

/** Interventions: maintenance and repairs of the fleet; a draft's lines are edited in its detail dialog. */
export const INTERVENTIONS: ListDecl<InterventionOut> = {
  title: 'Interventions',
  resource: interventions,
  // A confirmation may turn the vehicle 'En intervention' and moves the stock.
  invalidates: [vehicules, articles],
  labels: INTERVENTION_LABELS,
  tenant: { form: true, yields: ['date_fin'] },
  fields: [
    { key: 'id', width: 70, sort: true },
    { ...vehiculeField, sort: true },
    { key: 'garage', value: (i) => i.garage?.nom, path: 'garage.nom', sort: true },
    { key: 'type', sort: true },
    { key: 'date_debut', format: 'date', sort: true },
    { key: 'date_fin', format: 'date', sort: true },
    { key: 'montant', format: 'money', sort: true },
    { ...statutField, sort: true },
    // The detail's own lines.
    { key: 'confirmed_at', format: 'datetime', table: false, export: false },
    { key: 'description', table: false, export: false },
    { key: 'kilometrage', format: 'number', table: false, export: false },
  ],
  filters: [
    { type: 'select', name: 'vehicule', source: vehiculeSource },
    { type: 'select', name: 'garage', source: garageSource },
    { type: 'select', name: 'type', options: options(INTERVENTION_TYPES) },
    { type: 'select', name: 'statut', options: options(INTERVENTION_STATUTS) },
    { type: 'dateRange', name: 'periode' },
  ],
  card: {
    title: (i) => `Intervention n° ${i.id}`,
    subtitle: (i) => vehiculeField.value!(i),
    extra: (i) => statutField.render!(i),
    fields: ['garage', 'type', 'date_debut', 'date_fin', 'montant'],
  },
  addLabel: 'Ajouter une intervention',
  createTitle: 'Nouvelle intervention',
  form: {
    fields: formFields,
    createSchema: InterventionBody,
    updateSchema: InterventionUpdateBody,
    defaults: { lignes_saisie: [] },
    toBody: (body, mode) =>
      mode === 'create' ? { ...body, lignes: lignesBody((body.lignes as LigneDraft[] | null) ?? []) } : body,
    // The update rewrites the whole intervention: its lines go along unchanged.
    toValues: (i) => ({ ...rowToValues(i as never, formFields), lignes: lignesBody(lignesOf(i)) }),
  },
  detail: {
    title: (i) => `Intervention n° ${i.id}`,
    fields: [
      'vehicule',
      'garage',
      'type',
      'statut',
      'date_debut',
      'date_fin',
      'montant',
      'confirmed_at',
      'kilometrage',
      'description',
    ],
    sections: [
      {
        key: 'lignes',
        title: 'Lignes',
        render: (i, ctx) => <InterventionLignes intervention={i} ctx={ctx} />,
      },
    ],
    actions: [
      {
        key: 'confirm',
        label: 'Confirmer',
        primary: true,
        confirm:
          'Confirmer cette intervention ? Ses articles sortiront du stock et elle ne sera plus modifiable.',
        ...interventions.action('confirm'),
      },
    ],
    deletable: true,
  },
  groupDelete: true,
};

export default function InterventionsPage() {
  return <ListScreen decl={INTERVENTIONS} />;
}
