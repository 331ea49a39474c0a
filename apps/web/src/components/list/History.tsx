import { useQuery } from '@tanstack/react-query';
import {
  AUDIT_PATHS,
  type AuditEntryOut,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  historiqueEndpoint,
} from '@yams/shared';
import { Alert, Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import { call } from '../../base/http';
import { richTextToPlain } from '../form/richTextPlain';
import type { DisplayField, Labels, Row } from './types';

// The 'Historique' tab of every detail dialog (and the rows of the 'Journal d'audit' screen): who changed
// what, when, each field's value before and after, read from `GET {path}/{id}/historique` (the audit log the
// database writes in the transaction of every write, apps/api/src/modules/audit).

/** The history route of a resource path, when the API keeps one (packages/shared `AUDIT_PATHS`). */
export function historyEndpoint(resourcePath: string) {
  return AUDIT_PATHS[resourcePath] ? historiqueEndpoint(resourcePath) : null;
}

const ACTION_COLORS: Record<string, string> = {
  creation: 'green',
  modification: 'blue',
  etat: 'purple',
  suppression: 'red',
};

/** Columns the database names differently from the screens, and bookkeeping fields, in French. */
const STORED_LABELS: Labels = {
  entreprise_id: 'Entreprise',
  tonnage_kg: 'Tonnage (kg)',
  poids_kg: 'Poids (kg)',
  est_valide: 'Validé',
  bloque: 'Bloqué',
  statut: 'Statut',
  email_verified_at: 'Email vérifié le',
  created_at: 'Créé le',
  validee_le: 'Validée le',
  is_title: 'Ligne de titre',
  qte: 'Quantité',
  password: 'Mot de passe',
  cree_par_entreprise_id: 'Enregistrée par',
};

const MONEY =
  /(^|_)(montant|prix|total|net_a_payer|debit|credit|budget|cout|objectif|tva|css|reduction)(_|$)/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored field's French label: the screen's own, the same without `_id`, then the shared ones. */
export function auditFieldLabel(champ: string, labels: Labels): string {
  const base = champ.replace(/_id$/, '');
  const label = labels[champ] ?? labels[base] ?? STORED_LABELS[champ] ?? labels[`${base}_nom`];
  if (label) return label;
  const words = base.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value as the screens show it: money `1.234.567 FCFA`, dates in Libreville time, Oui/Non… */
export function auditValue(champ: string, value: unknown, columns: DisplayField<Row>[] = []): string {
  if (value === null || value === undefined || value === '') return '—';
  const format = columns.find((c) => c.key === champ)?.format;
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (format === 'money' || (typeof value === 'number' && MONEY.test(champ)))
    return formatMoney(value as number);
  if (typeof value === 'string' && (format === 'date' || DAY.test(value))) return formatDate(value);
  if (typeof value === 'string' && (format === 'datetime' || INSTANT.test(value)))
    return formatDateTime(value);
  if (typeof value === 'number') return formatNumber(value, 3);
  if (typeof value === 'object') return JSON.stringify(value);
  const text = /<[a-z][^>]*>/i.test(value as string) ? richTextToPlain(String(value)) : String(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** One entry's changed fields: 'Marque : Renault → Mercedes'. */
export function AuditChanges({
  entry,
  labels,
  columns,
}: {
  entry: AuditEntryOut;
  labels: Labels;
  columns?: DisplayField<Row>[];
}) {
  if (!entry.changements.length) return null;
  type Change = AuditEntryOut['changements'][number];
  const before = (c: Change) => c.avant_libelle ?? auditValue(c.champ, c.avant, columns);
  const after = (c: Change) => c.apres_libelle ?? auditValue(c.champ, c.apres, columns);
  return (
    <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
      {entry.changements.map((c) => (
        <li key={c.champ} style={{ overflowWrap: 'anywhere' }}>
          <Typography.Text strong>{auditFieldLabel(c.champ, labels)}</Typography.Text>
          {' : '}
          {entry.action === 'creation' ? (
            <span>{after(c)}</span>
          ) : entry.action === 'suppression' ? (
            <Typography.Text delete>{before(c)}</Typography.Text>
          ) : (
            <>
              <Typography.Text type="secondary">{before(c)}</Typography.Text>
              {' → '}
              <span>{after(c)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** An entry's action as a coloured tag (Création green, Modification blue, état purple, Suppression red). */
export function AuditActionTag({ entry }: { entry: Pick<AuditEntryOut, 'action' | 'action_libelle'> }) {
  return (
    <Tag color={ACTION_COLORS[entry.action]} style={{ marginInlineEnd: 0 }}>
      {entry.action_libelle}
    </Tag>
  );
}

/** Who, when, what: the entry's heading. */
export function AuditHeading({ entry, showEntity }: { entry: AuditEntryOut; showEntity?: boolean }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      <AuditActionTag entry={entry} />
      {showEntity && entry.parent_table && <Typography.Text>{entry.entite}</Typography.Text>}
      <Typography.Text strong>{entry.utilisateur}</Typography.Text>
      <Typography.Text type="secondary">{formatDateTime(entry.created_at)}</Typography.Text>
    </div>
  );
}

/** The 'Historique' tab: the record's entries, newest first. */
export function HistoryTab({
  endpoint,
  id,
  queryKey,
  labels,
  columns,
}: {
  endpoint: ReturnType<typeof historiqueEndpoint>;
  id: number;
  queryKey: readonly unknown[];
  labels: Labels;
  columns?: DisplayField<Row>[];
}) {
  const history = useQuery({
    queryKey,
    queryFn: async ({ signal }) =>
      (await call(endpoint, { params: { id } }, { signal, background: true })).data,
  });
  if (history.isPending) return <Skeleton active />;
  if (history.isError) return <Alert type="warning" showIcon title="L'historique n'a pas pu être chargé." />;
  if (!history.data.length) return <Empty description="Aucune modification enregistrée." />;
  return (
    <Timeline
      aria-label="Historique des modifications"
      style={{ marginTop: 8 }}
      items={history.data.map((entry) => ({
        key: entry.id,
        color: ACTION_COLORS[entry.action],
        children: (
          <article aria-label={`${entry.action_libelle} par ${entry.utilisateur}`}>
            <AuditHeading entry={entry} showEntity />
            <AuditChanges entry={entry} labels={labels} columns={columns} />
          </article>
        ),
      }))}
    />
  );
}
