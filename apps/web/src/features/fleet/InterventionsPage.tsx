import { useQuery } from '@tanstack/react-query';
import {
  INTERVENTION_STATUTS,
  INTERVENTION_TYPES,
  InterventionBody,
  type InterventionOut,
  InterventionUpdateBody,
  type PlanEntretienOut,
  referenceContracts,
  todayInGabon,
} from '@yams/shared';
import { Spin } from 'antd';
import { useSearchParams } from 'react-router';
import type { FormFieldDecl, OptionsSource } from '../../components/form/fields';
import { rowToValues } from '../../components/form/formValues';
import { ListScreen } from '../../components/list/ListScreen';
import type { DisplayField, ListDecl } from '../../components/list/types';
import { StatusTag } from '../../components/StatusTag';
import { articles, interventions, plansEntretien, vehicules } from './api';
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

/** `?id=nouveau&depuis=plan:<plan>:<véhicule>`: the plan and vehicle a due maintenance names. */
export function depuisPlan(depuis: string | null): { plan: number; vehicule: number } | null {
  const m = /^plan:(\d+):(\d+)$/.exec(depuis ?? '');
  return m ? { plan: Number(m[1]), vehicule: Number(m[2]) } : null;
}

/** The creation form prefilled from a plan: its vehicle, an « Entretien », its services and articles. */
function declDepuisPlan(
  plan: PlanEntretienOut,
  vehiculeId: number,
  kilometrage: number | null,
): ListDecl<InterventionOut> {
  const lignes: LigneDraft[] = [
    ...plan.services.map((x) => ({
      key: `s${x.id}`,
      kind: 'service' as const,
      service_id: x.id,
      article_id: null,
      libelle: x.libelle,
      qte: 1,
      prix_unitaire: x.prix,
    })),
    ...plan.articles.map((x) => ({
      key: `a${x.id}`,
      kind: 'article' as const,
      service_id: null,
      article_id: x.id,
      libelle: x.libelle,
      qte: 1,
      prix_unitaire: x.prix,
    })),
  ];
  const form = INTERVENTIONS.form!;
  return {
    ...INTERVENTIONS,
    createTitle: `Nouvelle intervention — ${plan.libelle}`,
    form: {
      ...form,
      defaults: {
        ...rowToValues(
          {
            vehicule_id: vehiculeId,
            type: 'Entretien',
            date_debut: todayInGabon(),
            date_fin: todayInGabon(),
            description: plan.libelle,
            kilometrage,
          } as never,
          formFields.filter((f) => f.type !== 'custom'),
        ),
        lignes_saisie: lignes,
      },
      toBody: (body, mode) => {
        const out = form.toBody!(body, mode) as Record<string, unknown>;
        return mode === 'create' ? { ...out, plan_entretien_id: plan.id } : out;
      },
    },
  };
}

export default function InterventionsPage() {
  const [params] = useSearchParams();
  const depuis = params.get('id') === 'nouveau' ? depuisPlan(params.get('depuis')) : null;
  const plan = useQuery({
    queryKey: [...plansEntretien.keys.all, 'depuis', depuis?.plan],
    queryFn: ({ signal }) => plansEntretien.fetchOne(depuis!.plan, signal),
    enabled: depuis !== null,
  });
  // The vehicle's current odometer, as the intervention's kilometrage (the plan's cycle restarts from it).
  const vehicule = useQuery({
    queryKey: [...vehicules.keys.all, 'depuis', depuis?.vehicule],
    queryFn: ({ signal }) => vehicules.fetchOne(depuis!.vehicule, signal),
    enabled: depuis !== null,
  });
  if (depuis && (plan.isPending || vehicule.isPending))
    return <Spin style={{ display: 'block', margin: 48 }} />;
  const decl =
    depuis && plan.data
      ? declDepuisPlan(plan.data, depuis.vehicule, vehicule.data?.compteur?.kilometrage ?? null)
      : INTERVENTIONS;
  return <ListScreen key={depuis && plan.data ? `plan${depuis.plan}` : 'liste'} decl={decl} />;
}
