import {
  PlanEntretienBody,
  type PlanEntretienOut,
  PlanEntretienUpdateBody,
  referenceContracts,
} from '@yams/shared';
import { Select, Space, Tag } from 'antd';
import type { FormFieldDecl, OptionsSource } from '../../components/form/fields';
import { rowToValues } from '../../components/form/formValues';
import { useOptions } from '../../components/form/useOptions';
import { ListScreen } from '../../components/list/ListScreen';
import type { ListDecl } from '../../components/list/types';
import { plansEntretien } from './api';
import { EcheancesPlans } from './EcheancesPlans';
import { typeVehiculeSource, vehiculeSource } from './vehiculeFields';

const PLAN_LABELS = {
  id: 'N°',
  libelle: 'Libellé',
  cible: 'Véhicule ou type',
  vehicule: 'Véhicule',
  vehicule_id: 'Véhicule',
  type_vehicule: 'Type de véhicule',
  type_vehicule_id: 'Type de véhicule',
  intervalle: 'Intervalle',
  intervalle_km: 'Tous les (km)',
  intervalle_mois: 'Tous les (mois)',
  services: 'Services',
  service_ids: 'Services',
  articles: 'Articles',
  article_ids: 'Articles',
  actif: 'Actif',
  search: 'Rechercher',
  created_at: 'Créé le',
} as const;

const ouiNon = [
  { value: 'oui', label: 'Oui' },
  { value: 'non', label: 'Non' },
];

/** Several of the company's services or articles. */
function IdsSelect({
  source,
  value,
  onChange,
}: {
  source: OptionsSource;
  value: number[];
  onChange: (v: unknown) => void;
}) {
  const o = useOptions(source);
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: o.onSearch }}
      loading={o.loading}
      value={value}
      onChange={onChange}
      options={o.options.map((x) => ({ value: Number(x.value), label: x.label }))}
      style={{ width: '100%' }}
    />
  );
}

const servicesSource: OptionsSource = { path: referenceContracts.services.path };
const articlesSource: OptionsSource = { path: referenceContracts.articles.path };

const formFields: FormFieldDecl[] = [
  {
    name: 'libelle',
    type: 'text',
    required: true,
    placeholder: 'Vidange, filtres, pneus, freins, visite technique…',
  },
  { name: 'vehicule_id', type: 'select', source: vehiculeSource },
  { name: 'type_vehicule_id', type: 'select', source: typeVehiculeSource },
  { name: 'intervalle_km', type: 'number' },
  { name: 'intervalle_mois', type: 'number' },
  { name: 'actif', type: 'select', options: ouiNon, required: true },
  {
    name: 'service_ids',
    type: 'custom',
    span: 24,
    render: ({ value, onChange }) => (
      <IdsSelect source={servicesSource} value={(value as number[] | undefined) ?? []} onChange={onChange} />
    ),
  },
  {
    name: 'article_ids',
    type: 'custom',
    span: 24,
    render: ({ value, onChange }) => (
      <IdsSelect source={articlesSource} value={(value as number[] | undefined) ?? []} onChange={onChange} />
    ),
  },
];

const noms = (l: Array<{ libelle: string }>) => l.map((x) => x.libelle).join(', ') || '—';

/** Plans d'entretien: every N km and/or M months, per vehicle or vehicle type; their due points below. */
export const PLANS_ENTRETIEN: ListDecl<PlanEntretienOut> = {
  title: "Plans d'entretien",
  resource: plansEntretien,
  labels: PLAN_LABELS,
  tenant: { form: true, yields: ['actif'] },
  fields: [
    { key: 'libelle', sort: true },
    { key: 'cible' },
    { key: 'intervalle' },
    { key: 'services', value: (p) => noms(p.services), table: false },
    { key: 'articles', value: (p) => noms(p.articles), table: false },
    {
      key: 'actif',
      value: (p) => (p.actif ? 'Oui' : 'Non'),
      render: (p) => (p.actif ? <Tag color="green">Actif</Tag> : <Tag>Inactif</Tag>),
    },
  ],
  filters: [
    { type: 'select', name: 'vehicule', source: vehiculeSource },
    { type: 'select', name: 'type_vehicule', source: typeVehiculeSource },
    { type: 'select', name: 'actif', options: ouiNon },
    { type: 'text', name: 'search', placeholder: 'Libellé' },
  ],
  card: {
    title: (p) => p.libelle,
    subtitle: (p) => p.cible,
    extra: (p) => (p.actif ? null : <Tag>Inactif</Tag>),
    fields: ['intervalle', 'services'],
  },
  addLabel: 'Ajouter un plan',
  createTitle: "Nouveau plan d'entretien",
  form: {
    fields: formFields,
    createSchema: PlanEntretienBody,
    updateSchema: PlanEntretienUpdateBody,
    defaults: { actif: 'oui', service_ids: [], article_ids: [] },
    toValues: (p) => ({ ...rowToValues(p as never, formFields), actif: p.actif ? 'oui' : 'non' }),
    toBody: (body) => ({ ...body, actif: body.actif !== 'non' }),
  },
  detail: {
    title: (p) => `${p.libelle} · ${p.cible}`,
    fields: ['libelle', 'cible', 'intervalle', 'services', 'articles', 'actif'],
    deletable: true,
  },
  groupDelete: true,
};

export default function PlansEntretienPage() {
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={0}>
      <ListScreen decl={PLANS_ENTRETIEN} />
      <EcheancesPlans />
    </Space>
  );
}
