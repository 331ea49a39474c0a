import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  formatMoney,
  INTERVENTION_LIGNE_KINDS,
  type InterventionLigneKind,
  type InterventionOut,
  InterventionUpdateBody,
  montantIntervention,
  montantLigne,
} from '@yams/shared';
import { Alert, Button, InputNumber, Segmented, Select, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError, http } from '../../app/http';
import { moneyFormatter, moneyParser } from '../../components/form/FieldInput';
import { Money } from '../../components/Money';
import { interventionPaths, refreshAfterIntervention, useArticles, useServices } from './api';

/** One line being edited: a service or an article, a quantity and a unit price. */
export interface LigneDraft {
  key: string;
  kind: InterventionLigneKind;
  service_id: number | null;
  article_id: number | null;
  libelle: string | null;
  qte: number;
  prix_unitaire: number;
}

const KIND_LABELS: Record<InterventionLigneKind, string> = { service: 'Service', article: 'Article' };
let counter = 0;
const newKey = () => `l${++counter}`;

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

/** The lines as the API body reads them. */
export const lignesBody = (lines: LigneDraft[]) =>
  lines.map(({ kind, service_id, article_id, libelle, qte, prix_unitaire }) => ({
    kind,
    service_id: kind === 'service' ? service_id : null,
    article_id: kind === 'article' ? article_id : null,
    libelle,
    qte,
    prix_unitaire,
  }));

/** The whole intervention as `POST /api/interventions/{id}/update` wants it (the lines are replaced). */
export const interventionBody = (i: InterventionOut, lines: LigneDraft[]) => ({
  vehicule_id: i.vehicule_id,
  garage_id: i.garage_id,
  type: i.type,
  date_debut: i.date_debut,
  date_fin: i.date_fin,
  description: i.description,
  lignes: lignesBody(lines),
});

/**
 * The lines of an intervention as a controlled input (`value` / `onChange`): kind, service or article,
 * quantity, unit price prefilled from the catalogue, and the total previewed with the shared
 * `montantIntervention`. Built to become a custom field of the kit's EntityForm.
 */
export function LignesInput({
  value,
  onChange,
}: {
  value: LigneDraft[];
  onChange: (lines: LigneDraft[]) => void;
}) {
  const services = useServices();
  const articles = useArticles();
  const serviceOptions = useMemo(
    () => (services.data ?? []).map((s) => ({ value: s.id, label: s.libelle })),
    [services.data],
  );
  const articleOptions = useMemo(
    () => (articles.data ?? []).map((a) => ({ value: a.id, label: `${a.nom} (stock : ${a.qte})` })),
    [articles.data],
  );
  const set = (key: string, patch: Partial<LigneDraft>) =>
    onChange(value.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const pick = (line: LigneDraft, id: number | null) => {
    if (line.kind === 'service') {
      const s = services.data?.find((x) => x.id === id);
      set(line.key, { service_id: id, libelle: s?.libelle ?? null, prix_unitaire: s?.montant ?? 0 });
    } else {
      const a = articles.data?.find((x) => x.id === id);
      set(line.key, { article_id: id, libelle: a?.nom ?? null, prix_unitaire: a?.prix_unitaire ?? 0 });
    }
  };
  const total = montantIntervention(value);

  return (
    <div>
      <ol aria-label="Lignes de l'intervention" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {value.map((line, index) => {
          const n = index + 1;
          return (
            <li
              key={line.key}
              aria-label={`Ligne ${n}`}
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 8,
                alignItems: 'center',
                padding: 8,
                marginBottom: 6,
                border: '1px solid #f0f0f0',
                borderRadius: 6,
              }}
            >
              <Segmented<InterventionLigneKind>
                size="small"
                value={line.kind}
                aria-label={`Nature de la ligne ${n}`}
                options={INTERVENTION_LIGNE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
                onChange={(kind) =>
                  set(line.key, { kind, service_id: null, article_id: null, libelle: null, prix_unitaire: 0 })
                }
              />
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                style={{ flex: '1 1 200px', minWidth: 0 }}
                aria-label={`${KIND_LABELS[line.kind]} de la ligne ${n}`}
                placeholder={line.kind === 'service' ? 'Choisir un service' : 'Choisir un article'}
                loading={line.kind === 'service' ? services.isLoading : articles.isLoading}
                options={line.kind === 'service' ? serviceOptions : articleOptions}
                value={(line.kind === 'service' ? line.service_id : line.article_id) ?? undefined}
                onChange={(id) => pick(line, id ?? null)}
              />
              <InputNumber<number>
                aria-label={`Quantité de la ligne ${n}`}
                min={1}
                precision={0}
                value={line.qte}
                onChange={(q) => set(line.key, { qte: q ?? 1 })}
                style={{ width: 80 }}
                prefix="×"
              />
              <InputNumber<number>
                aria-label={`Prix unitaire de la ligne ${n}`}
                min={0}
                step={500}
                formatter={moneyFormatter}
                parser={moneyParser}
                suffix="FCFA"
                value={line.prix_unitaire}
                onChange={(p) => set(line.key, { prix_unitaire: p ?? 0 })}
                style={{ width: 150 }}
              />
              <span style={{ minWidth: 110, textAlign: 'right', marginInlineStart: 'auto' }}>
                <Money value={montantLigne(line)} />
              </span>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`Retirer la ligne ${n}`}
                onClick={() => onChange(value.filter((l) => l.key !== line.key))}
              />
            </li>
          );
        })}
      </ol>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 8,
          flexWrap: 'wrap',
        }}
      >
        <Button
          icon={<PlusOutlined aria-hidden />}
          onClick={() =>
            onChange([
              ...value,
              {
                key: newKey(),
                kind: 'service',
                service_id: null,
                article_id: null,
                libelle: null,
                qte: 1,
                prix_unitaire: 0,
              },
            ])
          }
        >
          Ajouter une ligne
        </Button>
        <Typography.Text
          strong
          aria-live="polite"
          data-testid="montant-total"
          style={{ marginInlineStart: 'auto', whiteSpace: 'nowrap' }}
        >
          Montant total : <Money value={total} strong />
        </Typography.Text>
      </div>
    </div>
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
export function InterventionLignes({ intervention }: { intervention: InterventionOut }) {
  if (intervention.statut !== 'Brouillon') return <LignesTable intervention={intervention} />;
  return <DraftLignes key={intervention.updated_at} intervention={intervention} />;
}

function DraftLignes({ intervention }: { intervention: InterventionOut }) {
  const initial = useMemo(() => lignesOf(intervention), [intervention]);
  const [lines, setLines] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(lignesBody(lines)) !== JSON.stringify(lignesBody(initial));

  const save = async () => {
    const body = interventionBody(intervention, lines);
    const check = InterventionUpdateBody.safeParse(body);
    if (!check.success) {
      const issue = check.error.issues[0]!;
      const n = issue.path[0] === 'lignes' ? Number(issue.path[1]) + 1 : null;
      return setError(n ? `Ligne ${n} : ${issue.message}` : issue.message);
    }
    setError(null);
    setSaving(true);
    try {
      await http.post(interventionPaths.update(intervention), body, { successToast: true });
      await refreshAfterIntervention();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) setError(Object.values(e.fields).join(' '));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <LignesInput value={lines} onChange={setLines} />
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
