import { estChauffeur, USER_TYPES, UserCreateBody, type UserOut, UserUpdateBody } from '@yams/shared';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useSession } from '../../base/session';
import { ListScreen } from '../../components/list/ListScreen';
import type { ListDecl } from '../../components/list/types';
import { AccesChauffeur } from './AccesChauffeur';
import { utilisateurs } from './api';
import { UTILISATEUR_LABELS } from './labels';
import {
  ACCOUNT_DETAIL_KEYS,
  blockActions,
  clientContactFields,
  commercialField,
  etatField,
  sousTypeOptions,
  typeField,
  typeOptions,
} from './userFields';

/** The types a company may create; a superadmin creates any. */
const COMPANY_TYPES = ['client', 'camionneur', 'coursier', 'agent'] as const;
const LISTED_TYPES = USER_TYPES.filter((t) => t !== 'superadmin');

export function utilisateursDecl(superadmin: boolean): ListDecl<UserOut> {
  return {
    title: 'Ressources Humaines',
    resource: utilisateurs,
    labels: UTILISATEUR_LABELS,
    fields: [
      { key: 'name', sort: true },
      typeField,
      { key: 'nom_complet', label: UTILISATEUR_LABELS.nom, sort: 'nom' },
      { key: 'email', sort: true },
      { key: 'telephone1', sort: true },
      { ...etatField, table: false },
      // The detail's own lines.
      { key: 'nom', table: false, export: false },
      { key: 'prenom', table: false, export: false },
      { key: 'telephone2', table: false, export: false },
      { key: 'adresse', table: false, export: false },
      { key: 'bp', table: false, export: false },
      { key: 'commercial_nom', table: false, export: false },
      { key: 'created_at', format: 'date', table: false, export: false },
    ],
    filters: [
      { type: 'select', name: 'type', options: typeOptions(superadmin ? USER_TYPES : LISTED_TYPES) },
      { type: 'select', name: 'sous_type', options: sousTypeOptions },
      { type: 'text', name: 'search', placeholder: 'Nom, identifiant ou email' },
    ],
    resetLabel: 'Réinitialiser',
    card: {
      title: (u) => u.nom_complet,
      subtitle: (u) => u.name,
      extra: (u) => (u.bloque ? <Tag color="red">Bloqué</Tag> : <Tag>{typeField.value!(u)}</Tag>),
      fields: ['email', 'telephone1'],
    },
    addLabel: 'Ajouter un utilisateur',
    createTitle: 'Nouvel utilisateur',
    form: {
      fields: [
        {
          name: 'type',
          type: 'select',
          only: 'create',
          required: true,
          options: typeOptions(superadmin ? USER_TYPES : COMPANY_TYPES),
        },
        {
          name: 'sous_type',
          type: 'select',
          options: sousTypeOptions,
          visible: (v, mode) => (mode === 'create' ? v.type === 'transporteur' : Boolean(v.sous_type)),
        },
        // A client or a driver may have a phone alone (contactManquant); the schema asks the others' email.
        ...clientContactFields,
        commercialField,
      ],
      createSchema: UserCreateBody,
      updateSchema: UserUpdateBody,
    },
    detail: {
      title: (u) => `Utilisateur ${u.name}`,
      fields: ['name', 'type', ...ACCOUNT_DETAIL_KEYS, 'bloque'],
      actions: blockActions,
      sections: [
        {
          key: 'acces-chauffeur',
          title: 'Application chauffeur',
          visible: (u) => estChauffeur(u) && u.can.update,
          render: (u) => <AccesChauffeur user={u} />,
        },
      ],
    },
    exportName: 'Utilisateurs',
  };
}

/** Ressources Humaines: every account of the company; `?type=` / `?sous_type=` filter it (home counters). */
export default function UtilisateursPage() {
  const superadmin = useSession()?.user.type === 'superadmin';
  const decl = useMemo(() => utilisateursDecl(superadmin), [superadmin]);
  return <ListScreen decl={decl} />;
}
