import {
  AUDIT_ACTIONS,
  AUDIT_ENTITES,
  type AuditEntryOut,
  auditContract,
  utilisateursContract,
} from '@yams/shared';
import { Result } from 'antd';
import { AuditActionTag, AuditChanges, auditFieldLabel } from '../../components/list/History';
import { ListScreen } from '../../components/list/ListScreen';
import { createResource } from '../../components/list/resource';
import { isSuperadmin } from '../../components/list/tenant';
import type { Labels, ListDecl } from '../../components/list/types';
import { PageTitle } from '../../components/PageTitle';
import { ACHAT_LABELS, FACTURE_LABELS, PIECE_LABELS } from '../accounting/labels';
import { LABELS as REFERENCE_LABELS } from '../configurations/referenceDecls';
import { DOCUMENT_LABELS, INTERVENTION_LABELS, VEHICULE_LABELS } from '../fleet/labels';
import { APPAREIL_LABELS } from '../geolocation/labels';
import { COURSE_LABELS, DEMANDE_LABELS, PAIEMENT_LABELS } from '../operations/labels';
import { UTILISATEUR_LABELS } from '../users/labels';

// 'Journal d'audit' (superadmins): every create, change and deletion of the platform, who and when, with
// each field before and after; filters by company, entity, action, user, record and period.

type Entry = AuditEntryOut;

const journal = { ...createResource('audit', auditContract), serverExport: false };

/** Journal entries and their lines (their screen shows them without a dictionary). */
const ECRITURE_LABELS: Labels = {
  date_operation: "Date d'opération",
  type: 'Journal',
  libelle: 'Libellé',
  piece: 'Pièce',
  compte: 'Compte',
  debit: 'Débit',
  credit: 'Crédit',
  source_type: 'Origine',
  contre_passation_de: 'Contre-passation de',
};

/** Each audited table's field labels: the screens' own dictionaries. */
const FIELD_LABELS: Record<string, Labels> = {
  users: UTILISATEUR_LABELS,
  vehicules: VEHICULE_LABELS,
  documents: DOCUMENT_LABELS,
  interventions: INTERVENTION_LABELS,
  intervention_lignes: INTERVENTION_LABELS,
  demandes: DEMANDE_LABELS,
  courses: COURSE_LABELS,
  paiements: PAIEMENT_LABELS,
  factures: FACTURE_LABELS,
  facture_lignes: FACTURE_LABELS,
  achats: ACHAT_LABELS,
  achat_lignes: ACHAT_LABELS,
  reglements: FACTURE_LABELS,
  pieces_de_caisse: PIECE_LABELS,
  ecritures: ECRITURE_LABELS,
  ecriture_lignes: ECRITURE_LABELS,
  appareils: APPAREIL_LABELS,
};
const labelsOf = (table: string): Labels => FIELD_LABELS[table] ?? (REFERENCE_LABELS as Labels);

const LABELS: Labels = {
  created_at: 'Date',
  entite: 'Entité',
  record_id: 'Fiche n°',
  action_libelle: 'Action',
  utilisateur: 'Utilisateur',
  champs: 'Champs',
  table: 'Entité',
  action: 'Action',
  record: 'Fiche n°',
  periode: 'Période',
};

const champs = (e: Entry) => e.changements.map((c) => auditFieldLabel(c.champ, labelsOf(e.table))).join(', ');

export const JOURNAL_AUDIT: ListDecl<Entry> = {
  title: "Journal d'audit",
  resource: journal,
  labels: LABELS,
  tenant: { form: false },
  fields: [
    { key: 'created_at', format: 'datetime', width: 140 },
    { key: 'entite', truncate: 140 },
    { key: 'record_id', width: 80 },
    { key: 'action_libelle', render: (e) => <AuditActionTag entry={e} />, width: 150 },
    { key: 'utilisateur', truncate: 150 },
    { key: 'champs', value: champs, truncate: 180 },
  ],
  card: {
    title: (e) => `${e.entite} n° ${e.record_id}`,
    subtitle: (e) => e.utilisateur,
    extra: (e) => <AuditActionTag entry={e} />,
    fields: ['created_at', 'champs'],
  },
  filters: [
    {
      type: 'select',
      name: 'table',
      options: Object.entries(AUDIT_ENTITES)
        .map(([value, label]) => ({ value, label }))
        .sort((a, b) => a.label.localeCompare(b.label, 'fr')),
    },
    {
      type: 'select',
      name: 'action',
      options: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
    },
    {
      type: 'select',
      name: 'utilisateur',
      source: { path: utilisateursContract.path },
    },
    { type: 'text', name: 'record', placeholder: 'Numéro de la fiche' },
    { type: 'dateRange', name: 'periode' },
  ],
  detail: {
    title: (e) => `${e.action_libelle} · ${e.entite} n° ${e.record_id}`,
    fields: ['created_at', 'utilisateur', 'entite', 'record_id', 'action_libelle'],
    sections: [
      {
        key: 'changements',
        title: 'Changements',
        render: (e) => <AuditChanges entry={e} labels={labelsOf(e.table)} />,
      },
    ],
    history: false,
  },
};

/** The platform's audit log, for superadmins only (the API answers 403 to anyone else). */
export default function JournalAuditPage() {
  if (!isSuperadmin()) {
    return (
      <section>
        <PageTitle title="Journal d'audit" />
        <Result status="403" title="Réservé aux superadministrateurs." />
      </section>
    );
  }
  return <ListScreen decl={JOURNAL_AUDIT} />;
}
