import { UserCreateBody, type UserOut, UserUpdateBody } from '@yams/shared';
import { delaiPaiementField } from '../../components/form/delaiPaiement';
import { ListScreen } from '../../components/list/ListScreen';
import type { ListDecl } from '../../components/list/types';
import { utilisateurs } from '../users/api';
import { UTILISATEUR_LABELS } from '../users/labels';
import {
  ACCOUNT_DETAIL_KEYS,
  blockActions,
  clientContactFields,
  commercialField,
  etatField,
} from '../users/userFields';

const LABELS = { ...UTILISATEUR_LABELS, nom: 'Nom / Raison sociale', nom_complet: 'Client' };

/** Clients: accounts of type client (created by the company, or who booked with it). */
export const CLIENTS: ListDecl<UserOut> = {
  title: 'Clients',
  resource: utilisateurs,
  labels: LABELS,
  baseQuery: { type: 'client' },
  fields: [
    { key: 'nom_complet', sort: 'nom' },
    { key: 'telephone1', sort: true },
    { key: 'adresse', truncate: 300 },
    { key: 'commercial_nom' },
    { key: 'created_at', format: 'date', sort: true },
    { key: 'email', table: false },
    // The detail's own lines.
    { key: 'name', table: false, export: false },
    { key: 'nom', table: false, export: false },
    { key: 'prenom', table: false, export: false },
    { key: 'telephone2', table: false, export: false },
    { key: 'bp', table: false, export: false },
    { ...etatField, table: false, export: false },
  ],
  filters: [{ type: 'text', name: 'search', placeholder: 'Nom, identifiant ou email' }],
  card: {
    title: (c) => c.nom_complet,
    subtitle: (c) => c.email,
    fields: ['telephone1', 'adresse', 'commercial_nom', 'created_at'],
  },
  addLabel: 'Ajouter un client',
  createTitle: 'Nouveau client',
  form: {
    fields: [...clientContactFields, commercialField, delaiPaiementField('Celui de l’entreprise', 12)],
    defaults: { type: 'client' },
    createSchema: UserCreateBody,
    updateSchema: UserUpdateBody,
  },
  detail: {
    title: (c) => `Client ${c.nom_complet}`,
    fields: ['name', ...ACCOUNT_DETAIL_KEYS, 'bloque'],
    actions: blockActions,
  },
};

export default function ClientsPage() {
  return <ListScreen decl={CLIENTS} />;
}
