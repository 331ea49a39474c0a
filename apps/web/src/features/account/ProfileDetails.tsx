import { SOUS_TYPE_LABELS, type SousType, USER_TYPE_LABELS, type UserOut, type UserType } from '@yams/shared';
import { Descriptions } from 'antd';
import { DateText } from '../../components/DateText';
import { ACCOUNT_LABELS as L } from './labels';

export function accountTypeLabel(user: Pick<UserOut, 'type' | 'sous_type'>): string {
  const type = USER_TYPE_LABELS[user.type as UserType] ?? user.type;
  const sousType = user.sous_type ? (SOUS_TYPE_LABELS[user.sous_type as SousType] ?? user.sous_type) : null;
  return sousType && sousType !== type ? `${type} (${sousType})` : type;
}

const orDash = (value: string | null | undefined) => value || '—';

/** 'Mon compte' in details mode. */
export function ProfileDetails({ user }: { user: UserOut }) {
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      styles={{ label: { width: '38%', minWidth: 110 }, content: { overflowWrap: 'anywhere' } }}
      items={[
        { key: 'name', label: L.name, children: user.name },
        { key: 'type', label: L.type, children: accountTypeLabel(user) },
        { key: 'nom', label: L.nom, children: orDash(user.nom) },
        { key: 'prenom', label: L.prenom, children: orDash(user.prenom) },
        { key: 'email', label: L.email, children: user.email },
        { key: 'telephone1', label: L.telephone1, children: orDash(user.telephone1) },
        { key: 'telephone2', label: L.telephone2, children: orDash(user.telephone2) },
        { key: 'bp', label: L.bp, children: orDash(user.bp) },
        { key: 'adresse', label: L.adresse, children: orDash(user.adresse) },
        { key: 'created_at', label: L.created_at, children: <DateText value={user.created_at} /> },
      ]}
    />
  );
}
