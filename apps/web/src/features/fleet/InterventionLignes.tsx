import {
  formatMoney,
  INTERVENTION_LIGNE_KINDS,
  InterventionLigneBody,
  type InterventionLigneKind,
  type InterventionOut,
  InterventionUpdateBody,
  montantLigne,
  referenceContracts,
} from '@yams/shared';
import { Alert, Button, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError } from '../../base/http';
import type { OptionsSource } from '../../components/form/fields';
import { amountOf, type MoneyValue } from '../../components/form/MoneyInput';
import { type LineDraft, type LineField, LinesEditor } from '../../components/lines/LinesEditor';
import type { SectionContext } from '../../components/list/types';
import { Money } from '../../components/Money';

/** One line being edited: a service or an article, a quantity and a unit price (null while empty). */
export interface LigneDraft extends LineDraft {
  kind: InterventionLigneKind;
  service_id: number | null;
  article_id: number | null;
  libelle: string | null;
  qte: number | null;
  prix_unitaire: MoneyValue;
}

const KIND_LABELS: Record<InterventionLigneKind, string> = { service: 'Service', article: 'Article' };

export const lignesOf = (i: InterventionOut): LigneDraft[] =>
  i.lignes.map((l) => ({
    key: `id${l.id}`,
    kind: l.kind as InterventionLigneKind,
    service_id: l.service_id,
    article_id: l.article_id,
    libelle: l.libelle,
    qte: l.qte,
    prix_unitaire: l.prix_unitaire,
  }));

/** One line as the API body reads it. */
const ligneBody = ({ kind, service_id, article_id, libelle, qte, prix_unitaire }: LigneDraft) => ({
  kind,
  service_id: kind === 'service' ? service_id : null,
  article_id: kind === 'article' ? article_id : null,
  libelle,
  qte,
  prix_unitaire,
});
/** The lines as the API body reads them. */
export const lignesBody = (lines: LigneDraft[]) => lines.map(ligneBody);

// `+ 0` turns a -0 (0 × -500) into 0.
const montantDe = (l: LigneDraft) =>
  montantLigne({ qte: l.qte ?? 0, prix_unitaire: amountOf(l.prix_unitaire) }) + 0;
const newLigne = (): Omit<LigneDraft, 'key'> => ({
  kind: 'service',
  service_id: null,
  article_id: null,
  libelle: null,
  qte: 1,
  prix_unitaire: 0,
});

const serviceSource: OptionsSource = { path: referenceContracts.services.path };
const articleSource: OptionsSource = { path: referenceContracts.articles.path, variant: 'stock' };

/** Kind, service or article (searched on the server, the chosen row gives libellé and price), qty, price. */
const LIGNE_FIELDS: LineField<LigneDraft>[] = [
  {
    name: 'kind',
    label: 'Nature',
    type: 'segmented',
    options: INTERVENTION_LIGNE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
    onPick: (kind) => ({
      kind: kind as InterventionLigneKind,
      service_id: null,
      article_id: null,
      libelle: null,
      prix_unitaire: 0,
    }),
  },
  {
    name: 'ref',
    label: (l) => KIND_LABELS[l.kind],
    type: 'select',
    width: '1 1 200px',
    get: (l) => (l.kind === 'service' ? l.service_id : l.article_id),
    // Any size of catalogue: searched on the server; the chosen row gives the libellé and price.
    source: (l) => (l.kind === 'service' ? serviceSource : articleSource),
    placeholder: (l) => (l.kind === 'service' ? 'Choisir un service' : 'Choisir un article'),
    onPick: (v, l) => {
      const id = (v as number | null) ?? null;
      return l.kind === 'service' ? { service_id: id } : { article_id: id };
    },
    fill: (row, l) =>
      l.kind === 'service'
        ? { libelle: String(row.libelle ?? ''), prix_unitaire: Number(row.montant ?? 0) }
        : { libelle: String(row.nom ?? ''), prix_unitaire: Number(row.prix_unitaire ?? 0) },
  },
  { name: 'qte', label: 'Quantité', type: 'quantity' },
  { name: 'prix_unitaire', label: 'Prix unitaire', type: 'money' },
];

/**
 * The lines of an intervention as a controlled input (`value` / `onChange`), on the kit's LinesEditor:
 * kind, service or article, quantity, unit price prefilled from the catalogue, each line checked by the
 * shared `InterventionLigneBody` (a price of −500 or a quantity of 0 shows its message, nothing is changed).
 */
export function LignesInput({
  value,
  onChange,
  showAllErrors,
}: {
  value: LigneDraft[];
  onChange: (lines: LigneDraft[]) => void;
  showAllErrors?: boolean;
}) {
  return (
    <LinesEditor<LigneDraft>
      value={value}
      onChange={onChange}
      fields={LIGNE_FIELDS}
      ariaLabel="Lignes de l'intervention"
      add={[{ label: 'Ajouter une ligne', make: newLigne }]}
      amount={montantDe}
      schema={InterventionLigneBody}
      toBody={ligneBody}
      showAllErrors={showAllErrors}
      // The service/article select reports its message under the line once a field was touched.
      fieldOfIssue={(f) => (f === 'service_id' || f === 'article_id' ? 'ref' : f)}
    />
  );
}

/** The lines of a confirmed intervention, read-only. */
function LignesTable({ intervention }: { intervention: InterventionOut }) {
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      aria-label="Lignes de l'intervention"
      dataSource={intervention.lignes}
      locale={{ emptyText: 'Aucune ligne' }}
      columns={[
        {
          key: 'kind',
          title: 'Nature',
          render: (_, l) => KIND_LABELS[l.kind as InterventionLigneKind] ?? l.kind,
        },
        { key: 'libelle', title: 'Libellé', dataIndex: 'libelle' },
        { key: 'qte', title: 'Qté', dataIndex: 'qte', align: 'right' },
        {
          key: 'pu',
          title: 'Prix unitaire',
          align: 'right',
          render: (_, l) => <Money value={l.prix_unitaire} />,
        },
        { key: 'montant', title: 'Montant', align: 'right', render: (_, l) => <Money value={l.montant} /> },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={4}>
            <strong>Montant total</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <Money value={intervention.montant} strong />
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

/** The « Lignes » block of the detail dialog: editable while the intervention is a draft. */
export function InterventionLignes({
  intervention,
  ctx,
}: {
  intervention: InterventionOut;
  ctx: SectionContext;
}) {
  if (!intervention.can.update) return <LignesTable intervention={intervention} />;
  return <DraftLignes key={intervention.updated_at} intervention={intervention} ctx={ctx} />;
}

function DraftLignes({ intervention, ctx }: { intervention: InterventionOut; ctx: SectionContext }) {
  const initial = useMemo(() => lignesOf(intervention), [intervention]);
  const [lines, setLines] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const dirty = JSON.stringify(lignesBody(lines)) !== JSON.stringify(lignesBody(initial));

  const save = async () => {
    // The intervention as its edit form sends it (the kit builds it), with these lines.
    const patch = { lignes: lignesBody(lines) };
    setTried(true);
    const check = InterventionUpdateBody.safeParse(ctx.updateBody(patch));
    if (!check.success) {
      // A line's messages show under that line; anything else here.
      const other = check.error.issues.find((i) => !(i.path[0] === 'lignes' && i.path.length > 2));
      return setError(other?.message ?? null);
    }
    setError(null);
    setSaving(true);
    try {
      // The kit posts the update, puts the answered row in place and refreshes the list and the catalogue.
      await ctx.update(patch);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) setError(Object.values(e.fields).join(' '));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <LignesInput value={lines} onChange={setLines} showAllErrors={tried} />
      {error && <Alert type="error" showIcon title={error} />}
      <div
        style={{
          display: 'flex',
          justifyContent: 'flex-end',
          gap: 8,
          alignItems: 'center',
          flexWrap: 'wrap',
        }}
      >
        {dirty && (
          <Typography.Text type="warning">
            Non enregistré (montant actuel : {formatMoney(intervention.montant)})
          </Typography.Text>
        )}
        <Button onClick={() => setLines(initial)} disabled={!dirty || saving}>
          Annuler
        </Button>
        <Button type="primary" onClick={save} disabled={!dirty} loading={saving}>
          Enregistrer les lignes
        </Button>
      </div>
    </div>
  );
}
