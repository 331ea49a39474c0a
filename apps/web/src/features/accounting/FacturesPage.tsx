import {
  FACTURE_STATUTS,
  FACTURE_TYPE_LABELS,
  FACTURE_TYPES,
  type FactureOut,
  type FactureType,
  TOAST,
  todayInGabon,
} from '@yams/shared';
import { Spin } from 'antd';
import { getSession } from '../../base/session';
import { toast } from '../../base/toast';
import { bornesComptables } from '../../components/form/bornes';
import { delaiPaiementField } from '../../components/form/delaiPaiement';
import type { FormFieldDecl } from '../../components/form/fields';
import { dayToPicker } from '../../components/form/gabonTime';
import { ListScreen } from '../../components/list/ListScreen';
import type { DisplayField, ListDecl } from '../../components/list/types';
import { Money } from '../../components/Money';
import { clientCreation, clientSource, tagField } from '../operations/operationsFields';
import { AvoirLignes, type AvoirValue, avoirInitial, avoirLignesBody } from './AvoirLignes';
import { facturePdfPath, factures } from './api';
import { contenuToBody, contenuVide, FactureContenu, type FactureContenuValue } from './FactureContenu';
import { FactureView } from './FactureView';
import { FACTURE_LABELS } from './labels';
import { reglementForm } from './reglementForm';

type F = FactureOut;

const typeLabel = (t: string) => FACTURE_TYPE_LABELS[t as FactureType] ?? t;
/**
 * A credit note (avoir) is a credit, not an invoice: its amount counts against what the client owes
 * (negative, in red) and it is « Imputé » on the invoice it credits, never « Soldé » like a paid invoice.
 */
const montant: DisplayField<F> = {
  key: 'net_a_payer',
  format: 'money',
  value: (f) => f.montant_signe,
  path: 'montant_signe',
  render: (f) =>
    f.montant_signe < 0 ? (
      <span style={{ color: '#cf1322' }}>
        <Money value={f.montant_signe} />
      </span>
    ) : (
      <Money value={f.montant_signe} />
    ),
};
const statutAffiche = (f: { type: string; statut: string }) => (f.type === 'Avoir' ? 'Imputé' : f.statut);
const statut: DisplayField<F> = {
  ...tagField<F>('statut', statutAffiche),
  // The export reads the same words from the row's type and status.
  path: 'type+statut',
  map: Object.fromEntries(
    FACTURE_TYPES.flatMap((type) =>
      FACTURE_STATUTS.map((s) => [`${type} ${s}`, statutAffiche({ type, statut: s })]),
    ),
  ),
};

const FIELDS: FormFieldDecl[] = [
  { name: 'date_operation', type: 'date', required: true, span: 8, bornes: bornesComptables },
  {
    name: 'type',
    type: 'select',
    required: true,
    span: 8,
    options: [
      { value: 'Pro forma', label: 'Pro forma' },
      { value: 'Normale', label: 'Définitive' },
    ],
  },
  { name: 'date_expiration', type: 'date', span: 8 },
  {
    name: 'client_id',
    type: 'select',
    required: true,
    source: clientSource,
    create: clientCreation,
    span: 16,
  },
  delaiPaiementField('Celui du client, sinon de l’entreprise'),
  {
    name: 'contenu',
    label: 'Lignes, taxes et remise',
    type: 'custom',
    span: 24,
    bodyName: 'content',
    render: ({ value, onChange }) => (
      <FactureContenu
        value={value as FactureContenuValue | undefined}
        onChange={onChange as (v: FactureContenuValue) => void}
      />
    ),
  },
  { name: 'conditions', type: 'textarea', span: 12 },
  { name: 'mentions', type: 'textarea', span: 12 },
];

function toValues(f: F): Record<string, unknown> {
  return {
    date_operation: dayToPicker(f.date_operation),
    type: f.type,
    date_expiration: f.date_expiration ? dayToPicker(f.date_expiration) : null,
    client_id: f.client_id,
    delai_paiement: f.delai_paiement,
    conditions: f.conditions,
    mentions: f.mentions,
    contenu: {
      lignes: f.content.map((l) => ({
        key: `id${l.id}`,
        description: l.description,
        isTitle: l.isTitle,
        qte: l.qte,
        prix_unitaire: l.prix_unitaire,
        reduction: l.reduction || null,
        course_id: l.course_id,
      })),
      appliquer_tva: f.appliquer_tva,
      taux_tva: f.taux_tva,
      appliquer_tps: f.appliquer_tps,
      taux_tps: f.taux_tps,
      appliquer_css: f.appliquer_css,
      taux_css: f.taux_css,
      appliquer_reduction: f.appliquer_reduction,
      reduction: f.reduction || null,
    } satisfies FactureContenuValue,
  };
}

/** The body: the custom field's value arrives under its body name (`content`), flattened here. */
function toBody(values: Record<string, unknown>) {
  const { content, contenu, date_expiration, ...rest } = values;
  const c = ((content ?? contenu) as FactureContenuValue | null | undefined) ?? contenuVide();
  return {
    ...rest,
    expirable: !!date_expiration,
    date_expiration: date_expiration ?? null,
    ...contenuToBody(c),
  };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Downloads the PDF (the button stays busy 5 s, the specification). */
async function telechargerPdf(f: F) {
  const token = getSession()?.token;
  const [res] = await Promise.all([
    fetch(facturePdfPath(f), { headers: token ? { authorization: `Bearer ${token}` } : {} }),
    wait(5000),
  ]);
  if (!res.ok) {
    toast.oups(['Le PDF de la facture n’a pas pu être produit.']);
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `facture-${f.numero ?? `brouillon-${f.id}`}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const FACTURES: ListDecl<F> = {
  title: 'Factures',
  resource: factures,
  labels: FACTURE_LABELS,
  fields: [
    { key: 'date_operation', format: 'date', sort: true },
    { key: 'numero', value: (f) => f.numero ?? `Brouillon n°${f.id}`, sort: true },
    { key: 'client', value: (f) => f.client_nom, sort: 'client' },
    { key: 'type', value: (f) => typeLabel(f.type), sort: true },
    { ...montant, sort: 'net_a_payer' },
    { ...statut, sort: 'statut' },
  ],
  filters: [
    { type: 'select', name: 'client', source: clientSource },
    {
      type: 'select',
      name: 'type',
      options: [
        { value: 'Pro forma', label: 'Pro forma' },
        { value: 'Normale', label: 'Définitive' },
        { value: 'Avoir', label: 'Avoir' },
      ],
    },
    { type: 'select', name: 'statut', options: FACTURE_STATUTS.map((s) => ({ value: s, label: s })) },
    { type: 'dateRange', name: 'periode' },
  ],
  card: {
    title: (f) => f.numero ?? `Brouillon n°${f.id}`,
    subtitle: (f) => `${f.client_nom} · ${typeLabel(f.type)}`,
    extra: statut.render,
    fields: ['date_operation', 'net_a_payer'],
  },
  // A superadmin sees every company's rows: 'Entreprise' column, filter and creation field (list kit, tenant.ts).
  tenant: { form: true, yields: ['type'] },
  addLabel: 'Ajouter une facture',
  createTitle: 'Nouvelle facture',
  form: {
    fields: FIELDS,
    defaults: { date_operation: dayToPicker(todayInGabon()), type: 'Pro forma', contenu: contenuVide() },
    width: 'invoiceForm',
    toValues,
    toBody,
  },
  detail: {
    title: (f) => (f.numero ? `Facture ${f.numero}` : `Facture (brouillon n°${f.id})`),
    width: 'invoice',
    fields: [],
    sections: [
      { key: 'facture', render: (f) => ('content' in f && f.content ? <FactureView f={f} /> : <Spin />) },
    ],
    actions: [
      {
        key: 'validate',
        label: 'Valider',
        primary: true,
        confirm: 'Valider cette facture ? Elle ne pourra plus être modifiée.',
        ...factures.action('validate'),
      },
      { key: 'pdf', label: 'Télécharger en PDF', run: telechargerPdf },
      {
        key: 'reglement',
        label: 'Enregistrer un règlement',
        ...factures.action('reglements'),
        form: reglementForm<F>({
          title: (f) => `Règlement de la facture ${f.numero ?? `n°${f.id}`}`,
          reste: (f) => f.reste_a_payer,
          reference: true,
        }),
      },
      {
        key: 'avoir',
        label: 'Créer un avoir',
        danger: true,
        ...factures.action('avoir'),
        form: {
          fields: [
            {
              name: 'date_operation',
              type: 'date',
              label: "Date de l'avoir",
              span: 12,
              bornes: bornesComptables,
            },
            { name: 'motif', type: 'text', label: 'Motif', span: 12 },
            {
              name: 'lignes',
              type: 'custom',
              label: 'Lignes à créditer',
              span: 24,
              render: ({ value, onChange }) => (
                <AvoirLignes
                  value={value as AvoirValue | undefined}
                  onChange={onChange as (v: AvoirValue) => void}
                />
              ),
            },
          ],
          initialValues: (f) => ({ date_operation: dayToPicker(todayInGabon()), lignes: avoirInitial(f) }),
          toBody: ({ lignes, ...rest }) => ({
            ...rest,
            lignes: lignes ? avoirLignesBody(lignes as AvoirValue) : undefined,
          }),
          submitLabel: "Établir l'avoir",
        },
      },
    ],
    deletable: true,
    // A refused deletion stays 20 s (the specification).
    deleteToast: { errorDuration: TOAST.invoiceDeletion },
  },
  groupDelete: true,
};

/** Factures: pro formas, definitive invoices with Gabonese taxes, credit notes, settlements and the PDF. */
export default function FacturesPage() {
  return <ListScreen decl={FACTURES} />;
}
