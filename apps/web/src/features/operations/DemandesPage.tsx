import {
  AcceptDemandeBody,
  DemandeBody,
  type DemandeOut,
  DemandeUpdateBody,
  GABON_UTC_OFFSET,
} from '@yams/shared';
import { Link } from 'react-router';
import type { FormFieldDecl } from '../../components/form/fields';
import { instantToPicker } from '../../components/form/gabonTime';
import { EMPTY_VALUE } from '../../components/list/DisplayValue';
import { ListScreen } from '../../components/list/ListScreen';
import type { DisplayField, ListDecl } from '../../components/list/types';
import { openLink } from '../../components/list/useOpenFromUrl';
import { vehicules } from '../fleet/api';
import { chauffeurSource } from '../fleet/vehiculeFields';
import { courses, demandes, paiements } from './api';
import { DEMANDE_LABELS } from './labels';
import {
  clientSource,
  demandeStatutOptions,
  lieuxFields,
  marchandiseSource,
  periodeFilter,
  tagField,
  typeCourseOptions,
  vehiculeChoiceSource,
  villeSource,
} from './operationsFields';

type D = DemandeOut;

const statut = tagField<D>('statut', (d) => d.statut, 'demande');
/** The course made from the demande: a link that opens it on the Courses screen. */
const courseLink: DisplayField<D> = {
  key: 'course',
  value: (d) => d.course?.code,
  path: 'course.code',
  table: false,
  render: (d) =>
    d.course ? <Link to={openLink('/operations/courses', d.course.id)}>{d.course.code}</Link> : EMPTY_VALUE,
};

const FIELDS: FormFieldDecl[] = [
  { name: 'client_id', type: 'select', ref: true, required: true, source: clientSource },
  { name: 'type_course', type: 'select', required: true, options: typeCourseOptions },
  { name: 'ville_depart_id', type: 'select', ref: true, required: true, source: villeSource },
  { name: 'ville_arrivee_id', type: 'select', ref: true, required: true, source: villeSource },
  ...lieuxFields,
  { name: 'type_marchandise_id', type: 'select', ref: true, source: marchandiseSource },
  { name: 'poids_kg', type: 'number' },
  { name: 'date_souhaitee', type: 'date', required: true },
  { name: 'budget', type: 'money' },
  { name: 'description', type: 'textarea', span: 24 },
];

export const DEMANDES: ListDecl<D> = {
  title: 'Demandes',
  resource: demandes,
  // A course, its demande, its payments and its vehicle move together.
  invalidates: [courses, paiements, vehicules],
  labels: DEMANDE_LABELS,
  // A superadmin's 'Entreprise' column takes the type's place (the type stays in the detail).
  tenant: { form: true, yields: ['type_course'] },
  fields: [
    {
      key: 'client',
      value: (d) => d.client_nom_complet,
      path: 'client_nom_complet',
      sort: 'client',
      truncate: 160,
    },
    { key: 'type_course', sort: true },
    { key: 'course_details', truncate: 210 },
    { key: 'date_souhaitee', format: 'date', sort: 'date_souhaitee' },
    { key: 'budget', format: 'money', sort: 'budget' },
    { ...statut, sort: 'statut' },
    courseLink,
    // The detail's own lines.
    { key: 'adresse_chargement', table: false, export: false },
    { key: 'adresse_dechargement', table: false, export: false },
    { key: 'description', table: false, export: false },
    {
      key: 'entreprise',
      value: (d) => d.entreprise?.nom_complet,
      path: 'entreprise.nom_complet',
      table: false,
      export: false,
    },
    { key: 'created_at', format: 'date', table: false, export: false },
  ],
  filters: [
    { type: 'select', name: 'client', source: clientSource },
    { type: 'select', name: 'statut', options: demandeStatutOptions },
    periodeFilter,
  ],
  card: {
    title: (d) => d.client_nom_complet,
    subtitle: (d) => d.type_course,
    extra: statut.render,
    fields: ['course_details', 'date_souhaitee', 'budget'],
  },
  addLabel: 'Ajouter une demande',
  createTitle: 'Nouvelle demande',
  form: {
    fields: FIELDS,
    createSchema: DemandeBody,
    updateSchema: DemandeUpdateBody,
  },
  detail: {
    title: (d) => `Demande n°${d.id}`,
    fields: [
      'statut',
      'client',
      'type_course',
      'course_details',
      'adresse_chargement',
      'adresse_dechargement',
      'date_souhaitee',
      'budget',
      'description',
      'entreprise',
      'course',
      'created_at',
    ],
    actions: [
      {
        key: 'broadcast',
        label: 'Diffuser',
        ...demandes.action('broadcast'),
      },
      {
        key: 'accept',
        label: 'Accepter',
        primary: true,
        ...demandes.action('accept'),
        form: {
          fields: [
            { name: 'vehicule_id', type: 'select', required: true, source: vehiculeChoiceSource },
            { name: 'chauffeur_id', type: 'select', source: chauffeurSource },
            { name: 'montant', type: 'money', required: true },
            { name: 'date_chargement', type: 'datetime' },
          ],
          schema: AcceptDemandeBody,
          // Loading on the wished day at 8:00 in Libreville unless the transporteur says otherwise (as the API).
          initialValues: (d) => ({
            montant: d.budget ?? undefined,
            date_chargement: instantToPicker(`${d.date_souhaitee}T08:00:00${GABON_UTC_OFFSET}`),
          }),
          submitLabel: 'Accepter et créer la course',
        },
      },
      {
        key: 'cancel',
        label: 'Annuler',
        danger: true,
        confirm: 'Êtes-vous sûr de vouloir annuler cette demande ?',
        ...demandes.action('cancel'),
      },
    ],
    deletable: true,
  },
};

/** Demandes: booking requests; 'Accepter' creates the course (its code is in the toast and the detail). */
export default function DemandesPage() {
  return <ListScreen decl={DEMANDES} />;
}
