import {
  SOUS_TYPE_LABELS,
  type SousType,
  USER_TYPE_LABELS,
  type UserOut,
  type UserType,
  utilisateursContract,
} from '@yams/shared';
import type { FormFieldDecl } from '../../components/form/fields';
import type { DisplayField, RowAction } from '../../components/list/types';
import { StatusTag } from '../../components/StatusTag';
import { accountTypeLabel } from '../account/ProfileDetails';
import { utilisateurs } from './api';

/** Pieces shared by the Ressources Humaines and Clients declarations. */

export const typeOptions = (types: readonly UserType[]) =>
  types.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));

export const sousTypeOptions = (Object.keys(SOUS_TYPE_LABELS) as SousType[]).map((value) => ({
  value,
  label: SOUS_TYPE_LABELS[value],
}));

export const etatField: DisplayField<UserOut> = {
  key: 'bloque',
  value: (u) => (u.bloque ? 'Bloqué' : 'Actif'),
  path: 'bloque',
  map: { true: 'Bloqué', false: 'Actif' },
  format: 'tag',
  tag: 'compte',
  render: (u) => <StatusTag lifecycle="compte" value={u.bloque ? 'Bloqué' : 'Actif'} />,
};

export const typeField: DisplayField<UserOut> = { key: 'type', value: accountTypeLabel };

/** The commercial: one of the company's agents. */
export const commercialField: FormFieldDecl = {
  name: 'commercial_id',
  type: 'select',
  source: { path: utilisateursContract.path, query: { type: 'agent' } },
};

/** Contact fields of any account. */
const contactFields: FormFieldDecl[] = [
  { name: 'name', type: 'text', required: true },
  { name: 'email', type: 'email', required: true },
  { name: 'nom', type: 'text', required: true },
  { name: 'prenom', type: 'text' },
  { name: 'telephone1', type: 'tel', placeholder: '+241 077 00 00 00' },
  { name: 'telephone2', type: 'tel' },
  { name: 'adresse', type: 'text', span: 16 },
  { name: 'bp', type: 'text', span: 8 },
];

/** A client's contact fields: a phone or an email (many customers have no email; `contactManquant`). */
export const clientContactFields: FormFieldDecl[] = contactFields.map((f) =>
  f.name === 'email' ? { ...f, required: false, placeholder: 'Facultatif si un téléphone est donné' } : f,
);

/** 'Bloquer' / 'Activer' in the detail dialog. */
export const blockActions: RowAction<UserOut>[] = [
  {
    key: 'disable',
    label: 'Bloquer',
    danger: true,
    confirm: 'Bloquer ce compte ? Son titulaire ne pourra plus se connecter.',
    ...utilisateurs.action('disable'),
  },
  {
    key: 'activate',
    label: 'Activer',
    primary: true,
    ...utilisateurs.action('activate'),
  },
];

/**
 * An account's identity and contact lines, in the order its detail dialog shows them (RH and Clients): keys
 * of the screen's fields.
 */
export const ACCOUNT_DETAIL_KEYS = [
  'nom',
  'prenom',
  'email',
  'telephone1',
  'telephone2',
  'adresse',
  'bp',
  'commercial_nom',
  'created_at',
];
