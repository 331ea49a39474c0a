import {
  NATURES_PIECE,
  NATURES_PIECE_DE_CAISSE,
  PieceDeCaisseBody,
  type PieceDeCaisseOut,
  PieceDeCaisseUpdateBody,
  todayInGabon,
} from '@yams/shared';
import { Space } from 'antd';
import { bornesComptables } from '../../components/form/bornes';
import type { FormFieldDecl } from '../../components/form/fields';
import { dayToPicker } from '../../components/form/gabonTime';
import { ListScreen } from '../../components/list/ListScreen';
import type { DisplayField, ListDecl } from '../../components/list/types';
import { tagField } from '../operations/operationsFields';
import { piecesDeCaisse } from './api';
import { PIECE_LABELS } from './labels';

type P = PieceDeCaisseOut;

const montant: DisplayField<P> = { key: 'montant', format: 'money' };
const statut = tagField<P>('statut', (p) => p.statut);
/** The libellé, followed in the table by a 'Désactivée' tag when the voucher is disabled (its posting reversed). */
const libelle: DisplayField<P> = {
  key: 'libelle',
  sort: true,
  render: (p) =>
    p.actif ? (
      p.libelle
    ) : (
      <Space size={6} wrap>
        <span>{p.libelle}</span>
        {statut.render(p)}
      </Space>
    ),
};

const FIELDS: FormFieldDecl[] = [
  { name: 'date_operation', type: 'date', required: true, bornes: bornesComptables },
  { name: 'montant', type: 'money', required: true },
  { name: 'beneficiaire', type: 'text', required: true },
  { name: 'decaisseur', type: 'text', required: true },
  { name: 'libelle', type: 'text', required: true, span: 24 },
  // The nature decides the charge account; repairs and supplies carry a recoverable TVA (docs/accounting.md).
  {
    name: 'nature',
    type: 'select',
    required: true,
    options: NATURES_PIECE.map((n) => ({ value: n, label: NATURES_PIECE_DE_CAISSE[n].libelle })),
  },
  { name: 'tva', type: 'money' },
  { name: 'motif', type: 'richText', span: 24 },
];

export const PIECES: ListDecl<P> = {
  title: 'Pièces de caisse',
  resource: piecesDeCaisse,
  labels: PIECE_LABELS,
  fields: [
    { key: 'date_operation', format: 'date', sort: true },
    // The number the journals quote (`PC-6`).
    { key: 'numero', sort: true, width: 90 },
    libelle,
    { key: 'beneficiaire', sort: true },
    { key: 'decaisseur', sort: true },
    { ...montant, sort: 'montant' },
    {
      key: 'nature',
      table: false,
      path: 'nature',
      value: (p) =>
        NATURES_PIECE_DE_CAISSE[p.nature as keyof typeof NATURES_PIECE_DE_CAISSE]?.libelle ?? p.nature,
      map: Object.fromEntries(NATURES_PIECE.map((n) => [n, NATURES_PIECE_DE_CAISSE[n].libelle])),
    },
    { key: 'tva', format: 'money', table: false },
    { ...statut, table: false },
    { key: 'motif', format: 'richText', table: false },
  ],
  filters: [{ type: 'dateRange', name: 'periode' }],
  card: {
    title: (p) => p.libelle,
    subtitle: (p) => `${p.beneficiaire} · ${p.decaisseur}`,
    extra: (p) => (p.actif ? null : statut.render(p)),
    fields: ['numero', 'date_operation', 'montant'],
  },
  // A superadmin sees every company's rows: 'Entreprise' column, filter and creation field (list kit, tenant.ts).
  tenant: { form: true, yields: ['decaisseur'] },
  addLabel: 'Ajouter une pièce de caisse',
  createTitle: 'Nouvelle pièce de caisse',
  form: {
    fields: FIELDS,
    createSchema: PieceDeCaisseBody,
    updateSchema: PieceDeCaisseUpdateBody,
    defaults: { date_operation: dayToPicker(todayInGabon()), nature: 'divers', tva: 0 },
  },
  detail: {
    title: (p) => `Pièce de caisse ${p.numero}${p.actif ? '' : ' (désactivée)'}`,
    actions: [
      {
        key: 'disable',
        label: 'Désactiver',
        danger: true,
        confirm: 'Désactiver cette pièce de caisse ? Son écriture sera contre-passée.',
        ...piecesDeCaisse.action('disable'),
      },
      { key: 'activate', label: 'Activer', ...piecesDeCaisse.action('activate') },
    ],
    deletable: true,
  },
  groupDelete: true,
  // The specification's `/api/caisses/destroy-group` (the contract's `destroyGroupPath`).
  paths: { destroyGroup: `${piecesDeCaisse.contract.destroyGroupPath}/destroy-group` },
};

/** Pièces de caisse: petty cash paid out, each posted in the Caisse journal. */
export default function PiecesDeCaissePage() {
  return <ListScreen decl={PIECES} />;
}
