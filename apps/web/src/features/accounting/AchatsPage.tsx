import {
  ACHAT_STATUTS,
  type AchatOut,
  formatMoney,
  formatTaux,
  LigneAchatBody,
  referenceContracts,
  STATUTS_REGLEMENT,
  todayInGabon,
  totauxAchat,
  utilisateursContract,
} from '@yams/shared';
import { Checkbox, InputNumber, Space, Table, Typography } from 'antd';
import { bornesComptables } from '../../components/form/bornes';
import { rateFormatter, rateParser } from '../../components/form/FieldInput';
import type { CreateOption, FormFieldDecl, OptionsSource } from '../../components/form/fields';
import { dayToPicker } from '../../components/form/gabonTime';
import { amountOf, type MoneyValue } from '../../components/form/MoneyInput';
import { type LineDraft, LinesEditor, newLineKey } from '../../components/lines/LinesEditor';
import { ListScreen } from '../../components/list/ListScreen';
import type { DisplayField, ListDecl } from '../../components/list/types';
import { tagField, villeSource } from '../operations/operationsFields';
import { achats } from './api';
import { ACHAT_LABELS } from './labels';
import { reglementForm } from './reglementForm';

type A = AchatOut;

interface LigneAchat extends LineDraft {
  article_id: number | null;
  description: string | null;
  qte: number | null;
  prix_unitaire: MoneyValue;
  /** The line's own TVA rate (a supplier invoice with mixed rates); empty: the purchase's. */
  taux_tva?: number | null;
}
interface ContenuAchat {
  lignes: LigneAchat[];
  appliquer_tva: boolean;
  taux_tva: number | null;
  /** The CSS (1 %) the Gabonese supplier invoices. */
  appliquer_css?: boolean;
  taux_css?: number | null;
}

/** Articles of any number, searched on the server, labelled with their reference and stock. */
const articleSource: OptionsSource = { path: referenceContracts.articles.path, variant: 'stock' };
const fournisseurSource: OptionsSource = { path: referenceContracts.fournisseurs.path };
/** 'Ajouter un fournisseur' beside the picker: the supplier is created without leaving the purchase. */
const fournisseurCreation: CreateOption = {
  label: 'Ajouter un fournisseur',
  title: 'Nouveau fournisseur',
  fields: [
    { name: 'nom', type: 'text', required: true, span: 24 },
    { name: 'telephone', type: 'tel' },
    { name: 'ville_id', type: 'select', source: villeSource },
  ],
  labels: { nom: 'Nom', telephone: 'Téléphone', ville_id: 'Ville' },
  contract: referenceContracts.fournisseurs,
};
const acheteurSource: OptionsSource = { path: utilisateursContract.path };

const vide = (): ContenuAchat => ({
  lignes: [{ key: newLineKey(), article_id: null, description: '', qte: 1, prix_unitaire: null }],
  appliquer_tva: true,
  taux_tva: 18,
  appliquer_css: false,
  taux_css: 1,
});

/** Lines (an article of the stock or free text) and deductible TVA, with the amounts as they will be stored. */
function ContenuAchatInput({
  value,
  onChange,
}: {
  value?: ContenuAchat;
  onChange?: (v: ContenuAchat) => void;
}) {
  const v = value ?? vide();
  // The API's computation (packages/shared `totauxAchat`): each line at its rate, the CSS on the HT total.
  const t = totauxAchat(
    v.lignes.map((l) => ({ montant: (l.qte ?? 0) * amountOf(l.prix_unitaire), taux_tva: l.taux_tva })),
    v,
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <LinesEditor<LigneAchat>
        value={v.lignes}
        onChange={(lignes) => onChange?.({ ...v, lignes })}
        ariaLabel="Lignes de l'achat"
        fields={[
          {
            name: 'article_id',
            label: 'Article',
            type: 'select',
            source: articleSource,
            placeholder: 'Article du stock (facultatif)',
            width: '1 1 220px',
          },
          {
            name: 'description',
            label: 'Description',
            type: 'text',
            placeholder: 'Désignation (ligne libre)',
            width: '1 1 180px',
          },
          { name: 'qte', label: 'Quantité', type: 'quantity' },
          { name: 'prix_unitaire', label: 'Prix unitaire', type: 'money' },
          {
            name: 'taux_tva',
            label: 'Taux de TVA de la ligne',
            type: 'percent',
            placeholder: 'TVA de l’achat',
            width: 120,
          },
        ]}
        add={[
          {
            label: 'Ajouter une ligne',
            make: () => ({ article_id: null, description: '', qte: 1, prix_unitaire: null }),
          },
        ]}
        amount={(l) => (l.qte ?? 0) * amountOf(l.prix_unitaire)}
        totalLabel="Montant HT"
        schema={LigneAchatBody}
        toBody={({ key: _k, ...l }) => l}
      />
      <Space wrap>
        <Checkbox
          checked={v.appliquer_tva}
          onChange={(e) => onChange?.({ ...v, appliquer_tva: e.target.checked })}
        >
          TVA déductible
        </Checkbox>
        <InputNumber
          aria-label="Taux de TVA (%)"
          value={v.taux_tva}
          min={0}
          max={100}
          step={0.01}
          formatter={rateFormatter}
          parser={rateParser}
          addonAfter="%"
          disabled={!v.appliquer_tva}
          onChange={(n) => onChange?.({ ...v, taux_tva: n })}
        />
        <Checkbox
          checked={!!v.appliquer_css}
          onChange={(e) => onChange?.({ ...v, appliquer_css: e.target.checked })}
        >
          CSS
        </Checkbox>
        <InputNumber
          aria-label="Taux de CSS (%)"
          value={v.taux_css ?? 1}
          min={0}
          max={100}
          step={0.01}
          formatter={rateFormatter}
          parser={rateParser}
          addonAfter="%"
          disabled={!v.appliquer_css}
          onChange={(n) => onChange?.({ ...v, taux_css: n })}
        />
        <Typography.Text>
          TVA {formatMoney(t.tva)} · CSS {formatMoney(t.css)} · Montant{' '}
          <strong>{formatMoney(t.montant)}</strong>
        </Typography.Text>
      </Space>
    </Space>
  );
}

const FIELDS: FormFieldDecl[] = [
  { name: 'date_operation', type: 'date', required: true, span: 6, bornes: bornesComptables },
  { name: 'acheteur_id', type: 'select', required: true, source: acheteurSource, span: 6 },
  {
    name: 'fournisseur_id',
    type: 'select',
    required: true,
    source: fournisseurSource,
    create: fournisseurCreation,
    span: 12,
  },
  {
    name: 'contenu',
    label: 'Lignes et TVA',
    type: 'custom',
    span: 24,
    bodyName: 'lignes',
    render: ({ value, onChange }) => (
      <ContenuAchatInput
        value={value as ContenuAchat | undefined}
        onChange={onChange as (v: ContenuAchat) => void}
      />
    ),
  },
];

const montant: DisplayField<A> = { key: 'montant', format: 'money' };
const statut = tagField<A>('statut', (a) => a.statut);
const reglement = tagField<A>('statut_reglement', (a) => a.statut_reglement);

export const ACHATS: ListDecl<A> = {
  title: 'Achats',
  resource: achats,
  labels: ACHAT_LABELS,
  fields: [
    { key: 'date_operation', format: 'date', sort: true },
    { key: 'acheteur', value: (a) => a.acheteur?.nom ?? '' },
    { key: 'fournisseur', value: (a) => a.fournisseur?.nom ?? '', sort: 'fournisseur' },
    { ...montant, sort: 'montant' },
    { ...reglement, sort: 'statut_reglement' },
    { ...statut, sort: 'statut' },
    { key: 'montant_ht', format: 'money', table: false },
    {
      key: 'taux_tva',
      value: (a) => (a.appliquer_tva ? formatTaux(a.taux_tva) : 'Sans TVA'),
      table: false,
    },
    { key: 'tva_deductible', format: 'money', table: false },
    { key: 'css', format: 'money', table: false },
    { key: 'montant_regle', format: 'money', table: false },
  ],
  filters: [
    { type: 'select', name: 'fournisseur', source: fournisseurSource },
    { type: 'select', name: 'statut', options: ACHAT_STATUTS.map((s) => ({ value: s, label: s })) },
    {
      type: 'select',
      name: 'statut_reglement',
      options: STATUTS_REGLEMENT.map((s) => ({ value: s, label: s })),
    },
    { type: 'dateRange', name: 'periode' },
  ],
  card: {
    title: (a) => a.fournisseur?.nom ?? `Achat n°${a.id}`,
    subtitle: (a) => a.acheteur?.nom ?? '',
    extra: statut.render,
    fields: ['date_operation', 'montant', 'statut_reglement'],
  },
  // A superadmin sees every company's rows: 'Entreprise' column, filter and creation field (list kit, tenant.ts).
  tenant: { form: true, yields: ['acheteur'] },
  addLabel: 'Ajouter un achat',
  createTitle: 'Nouvel achat',
  form: {
    fields: FIELDS,
    defaults: { date_operation: dayToPicker(todayInGabon()), contenu: vide() },
    toValues: (a) => ({
      date_operation: dayToPicker(a.date_operation),
      acheteur_id: a.acheteur?.id,
      fournisseur_id: a.fournisseur?.id,
      contenu: {
        lignes: a.lignes.map((l) => ({
          key: `id${l.id}`,
          article_id: l.article_id,
          description: l.description,
          qte: l.qte,
          prix_unitaire: l.prix_unitaire,
          taux_tva: l.taux_tva,
        })),
        appliquer_tva: a.appliquer_tva,
        taux_tva: a.taux_tva,
        appliquer_css: a.appliquer_css,
        taux_css: a.taux_css,
      } satisfies ContenuAchat,
    }),
    toBody: (values) => {
      // The custom field's value arrives under its body name, `lignes`.
      const { lignes, contenu, ...rest } = values;
      const c = ((lignes ?? contenu) as ContenuAchat | null | undefined) ?? vide();
      return {
        ...rest,
        appliquer_tva: c.appliquer_tva,
        taux_tva: c.taux_tva,
        appliquer_css: !!c.appliquer_css,
        taux_css: c.taux_css ?? 1,
        lignes: c.lignes.map(({ key: _k, ...l }) => l),
      };
    },
  },
  detail: {
    title: (a) => `Achat n°${a.id}`,
    width: 'purchase',
    sections: [
      {
        key: 'lignes',
        title: 'Lignes',
        render: (a) => (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={a.lignes ?? []}
            columns={[
              { key: 'd', title: 'Désignation', render: (_, l) => l.article_nom ?? l.description },
              { key: 'q', title: 'Qté', dataIndex: 'qte', align: 'right' },
              {
                key: 'p',
                title: 'Prix unitaire',
                align: 'right',
                render: (_, l) => formatMoney(l.prix_unitaire),
              },
              { key: 'm', title: 'Montant', align: 'right', render: (_, l) => formatMoney(l.montant) },
            ]}
          />
        ),
      },
    ],
    actions: [
      {
        key: 'validate',
        label: 'Valider',
        primary: true,
        confirm: 'Valider cet achat ? Le stock de ses articles sera augmenté.',
        ...achats.action('validate'),
      },
      {
        key: 'reglement',
        label: 'Enregistrer un règlement',
        ...achats.action('reglements'),
        form: reglementForm<A>({
          title: (a) => `Règlement de l'achat n°${a.id}`,
          reste: (a) => a.montant - a.montant_regle,
        }),
      },
    ],
    deletable: true,
  },
  groupDelete: true,
};

/** Achats: purchases from suppliers; validating one raises the stock of its articles. */
export default function AchatsPage() {
  return <ListScreen decl={ACHATS} />;
}
