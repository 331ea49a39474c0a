import { APPAREIL_STATUTS, AppareilBody, type AppareilOut, AppareilUpdateBody } from '@yams/shared';
import { Card, Switch } from 'antd';
import { ListScreen } from '../../components/list/ListScreen';
import type { DisplayField, ListDecl } from '../../components/list/types';
import { vehiculeSource } from '../fleet/vehiculeFields';
import { AppareilsInconnus } from './AppareilsInconnus';
import { appareils } from './api';
import { StatutAppareil } from './DevicePopup';
import { formatFix, formatSpeed } from './format';
import { APPAREIL_LABELS } from './labels';
import { TraccarSetup } from './TraccarSetup';

const statutField: DisplayField<AppareilOut> = {
  key: 'statut',
  render: (a) => <StatutAppareil online={a.statut === 'En ligne'} />,
};
const vehiculeField: DisplayField<AppareilOut> = {
  key: 'vehicule',
  value: (a) => a.vehicule?.plaque,
  path: 'vehicule.plaque',
};
const derniereField: DisplayField<AppareilOut> = {
  key: 'derniere_position',
  format: 'datetime',
  value: (a) => a.derniere_position?.heure,
  path: 'derniere_position.heure',
  render: (a) => (a.derniere_position ? formatFix(a.derniere_position.heure) : 'Aucune position reçue'),
};

/** Appareils: the company's GPS devices (a phone with Traccar Client, a tracker), each in a vehicle. */
export const APPAREILS: ListDecl<AppareilOut> = {
  title: 'Appareils',
  resource: appareils,
  labels: APPAREIL_LABELS,
  tenant: { form: true },
  fields: [
    { key: 'nom', sort: true },
    { key: 'identifiant', sort: true },
    vehiculeField,
    statutField,
    derniereField,
    // The detail's own lines.
    {
      key: 'course',
      value: (a) => (a.course ? `${a.course.code} (${a.course.statut})` : null),
      table: false,
      export: false,
    },
    {
      key: 'vitesse',
      value: (a) => (a.derniere_position ? formatSpeed(a.derniere_position.vitesse) : null),
      table: false,
      export: false,
    },
    {
      key: 'batterie',
      value: (a) =>
        a.derniere_position?.batterie == null
          ? null
          : `${Math.round(a.derniere_position.batterie)} %${a.derniere_position.en_charge ? ' (en charge)' : ''}`,
      table: false,
      export: false,
    },
  ],
  filters: [
    { type: 'select', name: 'statut', options: APPAREIL_STATUTS.map((s) => ({ value: s, label: s })) },
    { type: 'select', name: 'vehicule', source: vehiculeSource },
    { type: 'text', name: 'search', placeholder: 'Nom, identifiant ou plaque' },
  ],
  card: {
    title: (a) => a.nom,
    subtitle: (a) => a.identifiant,
    extra: (a) => <StatutAppareil online={a.statut === 'En ligne'} />,
    fields: ['vehicule', 'derniere_position'],
  },
  addLabel: 'Ajouter un appareil',
  createTitle: 'Nouvel appareil',
  form: {
    fields: [
      { name: 'nom', type: 'text', required: true, placeholder: 'Téléphone de Jean, traceur du camion 12…' },
      {
        name: 'identifiant',
        type: 'text',
        required: true,
        placeholder: 'Identifiant affiché par Traccar Client',
      },
      { name: 'vehicule_id', type: 'select', ref: true, source: vehiculeSource },
      {
        name: 'avec_cle',
        type: 'custom',
        render: ({ value, onChange }) => (
          <Switch
            checked={value === true}
            onChange={onChange}
            checkedChildren="Oui"
            unCheckedChildren="Non"
            aria-label="Clé secrète"
          />
        ),
      },
    ],
    // A new device gets a secret: its identifier alone no longer lets anyone send its positions.
    defaults: { avec_cle: true },
    createSchema: AppareilBody,
    updateSchema: AppareilUpdateBody,
  },
  detail: {
    title: (a) => `Appareil ${a.nom}`,
    fields: [
      'nom',
      'identifiant',
      'vehicule',
      'course',
      'statut',
      'derniere_position',
      'vitesse',
      'batterie',
    ],
    sections: [
      {
        key: 'traccar',
        title: 'Configurer Traccar Client',
        render: (a) => <TraccarSetup identifiant={a.identifiant} cle={a.cle} />,
      },
    ],
    deletable: true,
  },
  groupDelete: true,
};

export default function AppareilsPage() {
  return (
    <>
      <AppareilsInconnus />
      <Card size="small" title="Configurer un téléphone (Traccar Client)" style={{ marginBottom: 16 }}>
        <TraccarSetup />
      </Card>
      <ListScreen decl={APPAREILS} />
    </>
  );
}
