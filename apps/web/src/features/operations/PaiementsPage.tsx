import { PaiementBody, type PaiementOut, PaiementUpdateBody, todayInGabon } from '@yams/shared';
import { bornesComptables } from '../../components/form/bornes';
import type { ChosenRows, FormFieldDecl } from '../../components/form/fields';
import { dayToPicker } from '../../components/form/gabonTime';
import { ListScreen } from '../../components/list/ListScreen';
import type { ListDecl } from '../../components/list/types';
import { vehicules } from '../fleet/api';
import { courses, demandes, paiements } from './api';
import { PAIEMENT_LABELS } from './labels';
import {
  clientSource,
  courseChoiceSource,
  courseCodeSource,
  modeOptions,
  paiementStatutOptions,
  periodeFilter,
  tagField,
} from './operationsFields';

type P = PaiementOut;

const statut = tagField<P>('statut', (p) => p.statut, 'paiement');

const vide = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The course chosen proposes what remains due on it as the amount (replaced only while empty or still the
 * previous course's proposal: what the user typed is kept).
 */
const fillFromCourse = (
  course: Record<string, unknown>,
  values: Record<string, unknown>,
  previous?: Record<string, unknown>,
) => {
  const reste = Number(course.reste_a_payer);
  const proposed = vide(values.montant) || values.montant === previous?.reste_a_payer;
  return proposed && reste > 0 ? { montant: reste } : {};
};

/**
 * The libellé proposed for a payment of the chosen course: « Règlement course CRS-… » when it pays what
 * remains, « Acompte course CRS-… » when it pays less. The user may write another one.
 */
const libellePaiement = (values: Record<string, unknown>, chosen: ChosenRows) => {
  const course = chosen.course_id;
  if (typeof course?.code !== 'string') return undefined;
  const montant = Number(values.montant);
  const partiel = !vide(values.montant) && montant > 0 && montant < Number(course.reste_a_payer);
  return `${partiel ? 'Acompte' : 'Règlement'} course ${course.code}`;
};

const FIELDS: FormFieldDecl[] = [
  {
    name: 'course_id',
    type: 'select',
    ref: true,
    required: true,
    source: courseChoiceSource,
    fill: fillFromCourse,
    span: 24,
  },
  { name: 'libelle', type: 'text', required: true, span: 24, suggest: libellePaiement },
  { name: 'date_operation', type: 'date', bornes: bornesComptables },
  { name: 'mode', type: 'select', required: true, options: modeOptions },
  { name: 'montant', type: 'money', required: true },
  { name: 'reference', type: 'text' },
  {
    name: 'statut',
    type: 'select',
    only: 'create',
    options: paiementStatutOptions.filter((o) => o.value !== 'Annulé'),
  },
];

export const PAIEMENTS: ListDecl<P> = {
  title: 'Paiements',
  resource: paiements,
  // A course, its demande, its payments and its vehicle move together.
  invalidates: [courses, demandes, vehicules],
  labels: PAIEMENT_LABELS,
  // The course decides a payment's company: no Entreprise field in its form. A superadmin's 'Entreprise'
  // column takes the label's place (the label stays in the detail).
  tenant: { form: false, yields: ['libelle'] },
  fields: [
    { key: 'date_operation', format: 'date', sort: 'date_operation' },
    { key: 'client', value: (p) => p.client_nom_complet, path: 'client_nom_complet', sort: 'client' },
    { key: 'course', value: (p) => p.course.code, path: 'course.code', sort: 'course' },
    { key: 'libelle', sort: true, truncate: 240 },
    { key: 'mode', sort: true },
    { key: 'montant', format: 'money', sort: 'montant' },
    { ...statut, sort: 'statut' },
    { key: 'course_details', table: false },
    { key: 'reference', table: false },
    {
      key: 'annule_par',
      value: (p) => p.annule_par?.nom_complet ?? null,
      path: 'annule_par.nom_complet',
      table: false,
    },
    { key: 'annule_le', format: 'datetime', table: false },
  ],
  filters: [
    { type: 'select', name: 'client', source: clientSource },
    { type: 'select', name: 'course', source: courseCodeSource },
    { type: 'select', name: 'mode', options: modeOptions },
    { type: 'select', name: 'statut', options: paiementStatutOptions },
    periodeFilter,
  ],
  card: {
    title: (p) => p.libelle,
    subtitle: (p) => `${p.course.code} · ${p.client_nom_complet}`,
    extra: statut.render,
    fields: ['date_operation', 'mode', 'montant'],
  },
  addLabel: 'Ajouter un paiement',
  createTitle: 'Nouveau paiement',
  form: {
    fields: FIELDS,
    createSchema: PaiementBody,
    updateSchema: PaiementUpdateBody,
    defaults: { date_operation: dayToPicker(todayInGabon()), statut: 'En attente' },
  },
  detail: {
    title: (p) => `Paiement ${p.course.code}`,
    width: 'payment',
    actions: [
      {
        key: 'validate',
        label: 'Valider',
        primary: true,
        ...paiements.action('validate'),
      },
      {
        key: 'cancel',
        label: 'Annuler',
        danger: true,
        confirm: 'Êtes-vous sûr de vouloir annuler ce paiement ?',
        ...paiements.action('cancel'),
      },
    ],
    // Money received is cancelled, never deleted: 'Supprimer' only for a draft (`can.destroy`).
    deletable: true,
  },
  groupDelete: true,
};

/** Paiements: what clients paid on their courses; only validated payments count in a course's etat. */
export default function PaiementsPage() {
  return <ListScreen decl={PAIEMENTS} />;
}
