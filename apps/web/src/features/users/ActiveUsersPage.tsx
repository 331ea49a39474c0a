import type { UserOut } from '@yams/shared';
import { ListScreen } from '../../components/list/ListScreen';
import { createResource, type Resource } from '../../components/list/resource';
import type { ListDecl } from '../../components/list/types';
import { utilisateurs } from './api';
import { UTILISATEUR_LABELS } from './labels';
import { typeField } from './userFields';

/**
 * `GET /api/utilisateurs/connected`: accounts seen by the API within the last five minutes. A row opens
 * the account itself (`GET /api/utilisateurs/{id}`).
 */
const connectes: Resource<UserOut> = {
  ...createResource<UserOut>('utilisateurs-connectes', '/api/utilisateurs/connected'),
  fetchOne: utilisateurs.fetchOne,
};

/** Utilisateurs connectes: read-only (no add, no edit). */
const CONNECTES: ListDecl<UserOut> = {
  title: 'Utilisateurs connectes',
  resource: connectes,
  labels: UTILISATEUR_LABELS,
  columns: [
    { key: 'name' },
    { key: 'nom', value: (u) => u.nom_complet },
    typeField,
    { key: 'email' },
    { key: 'last_seen_at', label: 'Dernière activité', format: 'datetime' },
  ],
  card: {
    title: (u) => u.nom_complet,
    subtitle: (u) => u.name,
    fields: [
      typeField,
      { key: 'email' },
      { key: 'last_seen_at', label: 'Dernière activité', format: 'datetime' },
    ],
  },
  detail: {
    title: (u) => `Utilisateur ${u.name}`,
    fields: [
      { key: 'name' },
      typeField,
      { key: 'nom', value: (u) => u.nom_complet },
      { key: 'email' },
      { key: 'telephone1' },
      { key: 'adresse' },
    ],
  },
  exportName: 'Utilisateurs connectes',
};

export default function ActiveUsersPage() {
  return <ListScreen decl={CONNECTES} />;
}
