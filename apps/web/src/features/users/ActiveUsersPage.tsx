import { type ConnectedUserOut, connectedUsersEndpoint } from '@yams/shared';
import { useLiveQueries } from '../../base/realtime';
import { ListScreen } from '../../components/list/ListScreen';
import { createListResource, type Resource } from '../../components/list/resource';
import type { DisplayField, ListDecl } from '../../components/list/types';
import { UserAvatar } from '../../components/UserAvatar';
import { utilisateurs } from './api';
import { UTILISATEUR_LABELS } from './labels';
import { typeField } from './userFields';

/**
 * `GET /api/utilisateurs/connected`: who has a back-office tab open now (the `presence-app` channel), kept
 * live by the realtime layer. A row opens the account itself (`GET /api/utilisateurs/{id}`).
 */
export const connectes: Resource<ConnectedUserOut> = {
  ...createListResource(
    'utilisateurs-connectes',
    connectedUsersEndpoint,
    utilisateurs.fetchOne as (id: number, signal?: AbortSignal) => Promise<ConnectedUserOut>,
  ),
  // A small list without `/export`: exported in the browser.
  serverExport: false,
};

/** Refreshed on every presence change: this list and the home card. */
export const PRESENCE_QUERIES = [
  connectes.keys.all as unknown as string[],
  ['compteur', connectedUsersEndpoint.path],
];

const photo: DisplayField<ConnectedUserOut> = {
  key: 'photo',
  label: 'Photo',
  export: false,
  width: 64,
  render: (u) => <UserAvatar name={u.nom_complet || u.name} photo={u.photo} />,
};
const depuis: DisplayField<ConnectedUserOut> = {
  key: 'connecte_depuis',
  label: 'Connecté depuis',
  format: 'datetime',
};
const onglets: DisplayField<ConnectedUserOut> = {
  key: 'onglets',
  label: 'Onglets ouverts',
  format: 'number',
};
const type = typeField as unknown as DisplayField<ConnectedUserOut>;

/** Utilisateurs connectes: read-only (no add, no edit). */
export const CONNECTES: ListDecl<ConnectedUserOut> = {
  title: 'Utilisateurs connectés',
  resource: connectes,
  labels: UTILISATEUR_LABELS,
  fields: [
    photo,
    { key: 'nom', value: (u) => u.nom_complet },
    type,
    { key: 'email' },
    depuis,
    onglets,
    // The detail's own lines.
    { key: 'name', table: false, export: false },
    { key: 'telephone1', table: false, export: false },
    { key: 'adresse', table: false, export: false },
  ],
  card: {
    title: (u) => (
      <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <UserAvatar name={u.nom_complet || u.name} photo={u.photo} size={28} />
        {u.nom_complet}
      </span>
    ),
    subtitle: (u) => u.name,
    fields: ['type', 'connecte_depuis', 'onglets'],
  },
  detail: {
    title: (u) => `Utilisateur ${u.name}`,
    fields: ['name', 'type', 'nom', 'email', 'telephone1', 'adresse'],
  },
  exportName: 'Utilisateurs connectés',
};

export default function ActiveUsersPage() {
  useLiveQueries('presence:changed', PRESENCE_QUERIES);
  return <ListScreen decl={CONNECTES} />;
}
