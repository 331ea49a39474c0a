import {
  AVANCE_STATUTS,
  AvanceBody,
  type AvanceDetailOut,
  AvanceUpdateBody,
  formatDate,
  MODES_PAIEMENT,
  SolderBody,
  todayInGabon,
} from '@yams/shared';
import { bornesComptables } from '../../components/form/bornes';
import type { FormFieldDecl } from '../../components/form/fields';
import { dayToPicker } from '../../components/form/gabonTime';
import { ListScreen } from '../../components/list/ListScreen';
import type { DisplayField, ListDecl } from '../../components/list/types';
import { chauffeurSource } from '../fleet/vehiculeFields';
import { courseCodeSource, tagField } from '../operations/operationsFields';
import { avances } from './api';
import { Justificatifs } from './Justificatifs';
import { AVANCE_LABELS } from './labels';
import { resteTexte } from './reste';

// Avances de frais de route, under Comptabilité: an advance is cash (or mobile money) leaving the till against
// the driver's receipts, posted on 4211 — the person who hands it over and settles it is the one who keeps the
// caisse and the pièces de caisse, so it sits beside them rather than in Ressources Humaines (the accounts).

type A = AvanceDetailOut;

const modeOptions = MODES_PAIEMENT.map((value) => ({ value, label: value }));
const statut = tagField<A>('statut', (a) => a.statut, 'avance');

/** What it is for: a course's code, or its period (first – last day). */
const objet = (a: A) =>
  a.course ? a.course.code : a.date_debut ? `${formatDate(a.date_debut)} – ${formatDate(a.date_fin)}` : '—';

const reste: DisplayField<A> = {
  key: 'reste',
  format: 'money',
  render: (a) => (
    <span style={{ color: a.statut === 'Ouverte' && a.reste < 0 ? '#cf1322' : undefined }}>
      {resteTexte(a)}
    </span>
  ),
};

const formFields: FormFieldDecl[] = [
  { name: 'chauffeur_id', type: 'select', ref: 'chauffeur', required: true, source: chauffeurSource },
  { name: 'course_id', type: 'select', ref: 'course', source: courseCodeSource },
  { name: 'date_debut', type: 'date' },
  { name: 'date_fin', type: 'date' },
  { name: 'montant', type: 'money', required: true },
  { name: 'mode', type: 'select', options: modeOptions, required: true },
  { name: 'date_operation', type: 'date', required: true, bornes: bornesComptables },
  { name: 'reference', type: 'text' },
  { name: 'note', type: 'textarea', span: 24 },
];

/** Avances de frais de route: money given to drivers, justified by their fuel and road expenses, settled. */
export const AVANCES: ListDecl<A> = {
  title: 'Avances de frais de route',
  resource: avances,
  // Attaching a fill marks it « Avance du chauffeur » (the Carburant screen's key).
  invalidates: [['carburant']],
  labels: AVANCE_LABELS,
  tenant: { form: true, yields: ['mode'] },
  fields: [
    { key: 'date_operation', format: 'date', sort: true },
    { key: 'numero', width: 80 },
    { key: 'chauffeur', value: (a) => a.chauffeur.nom_complet, path: 'chauffeur.nom_complet', sort: true },
    { key: 'objet', value: objet, export: false, truncate: 180 },
    { key: 'montant', format: 'money', sort: true },
    { key: 'justifie', format: 'money' },
    reste,
    { ...statut, sort: true },
    { key: 'course', value: (a) => a.course?.code, path: 'course.code', table: false, detail: false },
    { key: 'date_debut', format: 'date', table: false, detail: false },
    { key: 'date_fin', format: 'date', table: false, detail: false },
    { key: 'mode', table: false },
    { key: 'reference', table: false },
    { key: 'note', table: false, truncate: 200 },
    { key: 'solde_mode', table: false },
    { key: 'solde_date', format: 'date', table: false },
  ],
  filters: [
    { type: 'select', name: 'chauffeur', source: chauffeurSource },
    { type: 'select', name: 'statut', options: AVANCE_STATUTS.map((value) => ({ value, label: value })) },
    { type: 'dateRange', name: 'periode' },
    { type: 'text', name: 'search', placeholder: 'N°, chauffeur, course ou référence' },
  ],
  card: {
    title: (a) => `${a.numero} · ${a.chauffeur.nom_complet}`,
    subtitle: objet,
    extra: (a) => statut.render(a),
    fields: ['date_operation', 'montant', 'justifie', 'reste'],
  },
  addLabel: 'Remettre une avance',
  createTitle: 'Nouvelle avance de frais de route',
  form: {
    fields: formFields,
    createSchema: AvanceBody,
    updateSchema: AvanceUpdateBody,
    defaults: { date_operation: dayToPicker(todayInGabon()), mode: 'Espèces' },
  },
  detail: {
    title: (a) => `Avance ${a.numero} · ${a.chauffeur.nom_complet}`,
    // Its lines are a table of their own: as wide as a purchase's.
    width: 'purchase',
    fields: [
      'statut',
      'chauffeur',
      'objet',
      'date_operation',
      'mode',
      'reference',
      'note',
      'solde_mode',
      'solde_date',
    ],
    sections: [
      {
        key: 'justificatifs',
        title: 'Justificatifs',
        render: (a, ctx) => <Justificatifs avance={a} ctx={ctx} />,
      },
    ],
    actions: [
      {
        key: 'solder',
        label: 'Solder',
        primary: true,
        form: {
          title: (a) => `Solde de l'avance ${a.numero} · ${resteTexte(a)}`,
          fields: [
            { name: 'montant', label: 'Montant du solde', type: 'money', required: true },
            { name: 'mode', label: 'Mode du solde', type: 'select', options: modeOptions },
            {
              name: 'date_operation',
              label: 'Soldée le',
              type: 'date',
              required: true,
              bornes: bornesComptables,
            },
          ],
          schema: SolderBody,
          initialValues: (a) => ({
            montant: Math.abs(a.reste),
            mode: a.reste === 0 ? undefined : 'Espèces',
            date_operation: dayToPicker(todayInGabon()),
          }),
          submitLabel: 'Solder',
        },
        ...avances.action('solder'),
      },
      {
        key: 'annuler',
        label: "Annuler l'avance",
        danger: true,
        confirm: (a) =>
          `Annuler l'avance ${a.numero} ? Ses écritures seront contre-passées et ses justificatifs libérés.`,
        ...avances.action('annuler', () => ({})),
      },
    ],
  },
};

export default function AvancesPage() {
  return <ListScreen decl={AVANCES} />;
}
