import {
  COURSE_ETAPES,
  COURSE_STATUTS,
  CourseBody,
  type CourseDetailOut,
  type CourseStatut,
  CourseUpdateBody,
  courseFicheEndpoint,
  ecartAuPlan,
  endpointPath,
  libelleValeur,
  nextCourseStatuts,
} from '@yams/shared';
import { Link } from 'react-router';
import { downloadApiFile } from '../../components/export/download';
import type { FormFieldDecl } from '../../components/form/fields';
import { instantToPicker } from '../../components/form/gabonTime';
import { EMPTY_VALUE } from '../../components/list/DisplayValue';
import { ListScreen } from '../../components/list/ListScreen';
import type { DisplayField, ListDecl, RowAction } from '../../components/list/types';
import { openLink } from '../../components/list/useOpenFromUrl';
import { vehicules } from '../fleet/api';
import { chauffeurSource, proprietaireSource, vehiculeSource } from '../fleet/vehiculeFields';
import { courses, demandes, paiements } from './api';
import { CourseDeroulement } from './CourseDeroulement';
import { CoursePaiements } from './CoursePaiements';
import { CourseRoute } from './CourseRoute';
import { CourseSuivi } from './CourseSuivi';
import { COURSE_LABELS } from './labels';
import {
  clientSource,
  courseStatutOptions,
  etatOptions,
  fillFromTrajet,
  lieuxFields,
  marchandiseSource,
  periodeFilter,
  tagField,
  trajetSource,
  typeCourseOptions,
  vehiculeChoiceSource,
  villeSource,
} from './operationsFields';

type C = CourseDetailOut;

/** The validated invoice the course is on: a link that opens it on the Factures screen. */
const facture: DisplayField<C> = {
  key: 'facture',
  value: (c) => c.facture?.numero,
  table: false,
  export: false,
  render: (c) =>
    c.facture ? (
      <Link to={openLink('/comptabilite/factures', c.facture.id)}>{c.facture.numero}</Link>
    ) : (
      EMPTY_VALUE
    ),
};

const statut = tagField<C>('statut', (c) => c.statut, 'course');
const etat = tagField<C>('etat', (c) => c.etat, 'reglement');

const FIELDS: FormFieldDecl[] = [
  { name: 'client_id', type: 'select', ref: true, required: true, source: clientSource },
  { name: 'vehicule_id', type: 'select', ref: true, required: true, source: vehiculeChoiceSource },
  { name: 'chauffeur_id', type: 'select', ref: true, source: chauffeurSource },
  { name: 'type_course', type: 'select', required: true, options: typeCourseOptions },
  { name: 'type_marchandise_id', type: 'select', ref: true, source: marchandiseSource },
  { name: 'trajet_id', type: 'select', ref: true, source: trajetSource, fill: fillFromTrajet },
  { name: 'ville_depart_id', type: 'select', ref: true, required: true, source: villeSource },
  { name: 'ville_arrivee_id', type: 'select', ref: true, required: true, source: villeSource },
  ...lieuxFields,
  { name: 'date_chargement', type: 'datetime', required: true },
  { name: 'date_dechargement', type: 'datetime' },
  { name: 'poids_kg', type: 'number' },
  { name: 'montant', type: 'money', required: true },
  { name: 'description', type: 'textarea', span: 24 },
];

/**
 * A step is confirmed in a small form with its actual time, now by default (the driver often calls
 * afterwards): not in the future nor before the previous step (the API says so in French), with a warning
 * when it is far from the plan.
 */
const etapeForm = (to: CourseStatut): RowAction<C>['form'] => ({
  title: (c) => `« ${libelleValeur(to)} » — course ${c.code}`,
  submitLabel: 'Confirmer',
  fields: [
    {
      name: 'date_reelle',
      label: 'Heure réelle',
      type: 'datetime',
      required: true,
      warn: (body) =>
        typeof body.date_reelle === 'string' ? ecartAuPlan(to, body as never, body.date_reelle) : null,
    },
  ],
  initialValues: (c) => ({
    date_reelle: instantToPicker(new Date().toISOString()),
    date_chargement: c.date_chargement,
    date_dechargement: c.date_dechargement,
  }),
  toBody: (values) => ({ statut: to, date_reelle: values.date_reelle }),
});

/** One action per target state, shown only when the shared lifecycle allows it from the row's state. */
const statutActions: RowAction<C>[] = COURSE_STATUTS.filter((s) => s !== 'Chargement en attente').map(
  (to: CourseStatut) => ({
    key: `statut-${to}`,
    label: libelleValeur(to),
    danger: to === 'Annulé' || to === 'Problemes mécaniques',
    primary: to !== 'Annulé' && to !== 'Problemes mécaniques',
    confirm: to === 'Annulé' ? 'Êtes-vous sûr de vouloir annuler cette course ?' : undefined,
    visible: (c) => nextCourseStatuts(c.statut, c.statut_avant_probleme).includes(to),
    ...courses.action('statut', () => ({ statut: to })),
    form: COURSE_ETAPES.includes(to) ? etapeForm(to) : undefined,
  }),
);

/** The last step, undone by its author for a short while (the API says whether: `etape_annulable`). */
/** The course's sheet as a PDF: the driver's steps, the proof of delivery, fuel and expenses. */
const imprimerFiche: RowAction<C> = {
  key: 'fiche',
  label: 'Imprimer la fiche',
  run: (c) => downloadApiFile(endpointPath(courseFicheEndpoint, { id: c.id }), {}, `fiche-${c.code}.pdf`),
};

const annulerEtape: RowAction<C> = {
  key: 'annuler-etape',
  label: 'Annuler la dernière étape',
  visible: (c) => c.etape_annulable !== null && c.etape_annulable !== undefined,
  confirm: (c) =>
    `Annuler l’étape « ${libelleValeur(c.etape_annulable?.de ?? '')} » ? La course reviendra au statut « ${libelleValeur(c.etape_annulable?.retour ?? '')} ».`,
  ...courses.action('annuler-etape'),
};

export const COURSES: ListDecl<C> = {
  title: 'Courses',
  resource: courses,
  // A course, its demande, its payments and its vehicle move together.
  invalidates: [demandes, paiements, vehicules],
  labels: COURSE_LABELS,
  // A superadmin's 'Entreprise' column takes the plate's place (the plate stays in the detail).
  tenant: { form: true, yields: ['plaque'] },
  fields: [
    { key: 'code', sort: true },
    { key: 'plaque', value: (c) => c.vehicule.plaque, path: 'vehicule.plaque', sort: 'vehicule' },
    {
      key: 'client',
      value: (c) => c.client_nom_complet,
      path: 'client_nom_complet',
      sort: 'client',
      truncate: 130,
    },
    // At 1280 px the columns an office manager scans (Montant, Règlement, Statut) stay in view: the type
    // goes to the detail, the route is cut with its full text on hover.
    { key: 'type_course', sort: true, table: false },
    { key: 'course_details', truncate: 170 },
    { key: 'montant', format: 'money', sort: 'montant' },
    etat,
    { ...statut, sort: 'statut' },
    { key: 'chauffeur', value: (c) => c.chauffeur?.nom_complet, path: 'chauffeur.nom_complet', table: false },
    { key: 'date_chargement', format: 'datetime', table: false },
    { key: 'date_dechargement', format: 'datetime', table: false },
    { key: 'montant_paye', format: 'money', table: false },
    { key: 'reste_a_payer', format: 'money', table: false },
    // The detail's own lines.
    { key: 'trajet', value: (c) => c.trajet?.libelle, path: 'trajet.libelle', table: false, export: false },
    { key: 'adresse_chargement', table: false, export: false },
    { key: 'adresse_dechargement', table: false, export: false },
    { key: 'description', table: false, export: false },
    facture,
  ],
  filters: [
    { type: 'select', name: 'reglement', options: etatOptions },
    { type: 'select', name: 'statut', options: courseStatutOptions },
    { type: 'select', name: 'type', options: typeCourseOptions },
    { type: 'select', name: 'proprietaire', source: proprietaireSource },
    { type: 'select', name: 'vehicule', source: vehiculeSource },
    { type: 'select', name: 'client', source: clientSource },
    { type: 'select', name: 'chauffeur', source: chauffeurSource },
    periodeFilter,
    { type: 'text', name: 'search', placeholder: 'Code ou client' },
  ],
  card: {
    title: (c) => c.code,
    subtitle: (c) => c.client_nom_complet,
    extra: statut.render,
    fields: ['plaque', 'type_course', 'course_details', 'montant', 'etat'],
  },
  addLabel: 'Ajouter une course',
  createTitle: 'Nouvelle course',
  form: {
    fields: FIELDS,
    createSchema: CourseBody,
    updateSchema: CourseUpdateBody,
  },
  detail: {
    title: (c) => c.code,
    fields: [
      'statut',
      'etat',
      'montant',
      'montant_paye',
      'reste_a_payer',
      'client',
      'plaque',
      'chauffeur',
      'type_course',
      'course_details',
      'trajet',
      'adresse_chargement',
      'adresse_dechargement',
      'description',
      'facture',
    ],
    sections: [
      { key: 'deroulement', title: 'Déroulement', render: (c) => <CourseDeroulement course={c} /> },
      { key: 'route', title: 'Route', render: (c) => <CourseRoute course={c} /> },
      { key: 'paiements', title: 'Paiements', render: (c) => <CoursePaiements course={c} /> },
      { key: 'suivi', title: 'Suivi GPS', render: (c) => <CourseSuivi course={c} /> },
    ],
    actions: [...statutActions, annulerEtape, imprimerFiche],
    deletable: true,
  },
  groupDelete: true,
};

/** Courses: the company's transport jobs; the status moves only along the shared lifecycle. */
export default function CoursesPage() {
  return <ListScreen decl={COURSES} />;
}
