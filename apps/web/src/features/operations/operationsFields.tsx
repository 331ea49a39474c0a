import {
  COURSE_ETATS,
  COURSE_STATUTS,
  coursesContract,
  DEMANDE_STATUTS,
  libelleValeur,
  MODES_PAIEMENT,
  PAIEMENT_STATUTS,
  referenceContracts,
  type TagLifecycle,
  TYPES_COURSE,
  utilisateursContract,
  vehiculesContract,
} from '@yams/shared';
import type { CreateOption, FormFieldDecl, OptionsSource } from '../../components/form/fields';
import type { FilterDecl } from '../../components/list/types';
import { StatusTag } from '../../components/StatusTag';
import { UTILISATEUR_LABELS } from '../users/labels';
import { clientContactFields } from '../users/userFields';
import { LieuInput } from './LieuInput';

/** Pieces shared by the Courses, Demandes and Paiements declarations. */

const optionsOf = (values: readonly string[]) =>
  values.map((value) => ({ value, label: libelleValeur(value) }));
export const typeCourseOptions = optionsOf(TYPES_COURSE);
export const courseStatutOptions = optionsOf(COURSE_STATUTS);
export const etatOptions = optionsOf(COURSE_ETATS);
export const demandeStatutOptions = optionsOf(DEMANDE_STATUTS);
export const modeOptions = optionsOf(MODES_PAIEMENT);
export const paiementStatutOptions = optionsOf(PAIEMENT_STATUTS);

/** A status or payment-state column as a tag coloured by its lifecycle (`TAG_COLORS`); exports keep the text. */
export const tagField = <T,>(key: string, get: (row: T) => string, tag?: TagLifecycle) => ({
  key,
  value: get,
  path: key,
  format: 'tag' as const,
  tag,
  render: (row: T) => <StatusTag lifecycle={tag} value={get(row)} />,
});

// Every source below is searched on the server as one types (`GET {path}/options`, labels from the API).
export const clientSource: OptionsSource = { path: utilisateursContract.path, query: { type: 'client' } };
/** 'Ajouter un client' beside a client picker: the Clients screen's contact fields, without leaving the form. */
export const clientCreation: CreateOption = {
  label: 'Ajouter un client',
  title: 'Nouveau client',
  fields: clientContactFields,
  labels: { ...UTILISATEUR_LABELS, nom: 'Nom / Raison sociale' },
  defaults: { type: 'client' },
  contract: utilisateursContract,
};
export const villeSource: OptionsSource = { path: referenceContracts.villes.path };
export const marchandiseSource: OptionsSource = { path: referenceContracts.types_marchandises.path };
export const trajetSource: OptionsSource = { path: referenceContracts.trajets.path };
/** Vehicles that can take a course ('Disponible' or 'Nouveau', `affectable=1`); a chosen one keeps its label. */
export const vehiculeChoiceSource: OptionsSource = {
  path: vehiculesContract.path,
  variant: 'statut',
  query: { affectable: 1 },
};
/**
 * Courses with something left to pay (`a_payer=1`: the API refuses the others), with what remains; a
 * payment's own course keeps its label when editing.
 */
export const courseChoiceSource: OptionsSource = {
  path: coursesContract.path,
  variant: 'reste',
  query: { a_payer: 1 },
};
/** Courses as `code · client`. */
export const courseCodeSource: OptionsSource = { path: coursesContract.path };

/**
 * Choosing a trajet fills both its cities and suggests its amount: the amount is replaced only when empty
 * or still the previous trajet's suggestion (what the user typed is kept). The API refuses other cities.
 */
export const fillFromTrajet = (
  trajet: Record<string, unknown>,
  values: Record<string, unknown>,
  previous?: Record<string, unknown>,
): Record<string, unknown> => {
  const montant = values.montant;
  const suggested =
    montant === undefined || montant === null || montant === '' || montant === previous?.montant;
  return {
    ...(trajet.ville_depart_id ? { ville_depart_id: trajet.ville_depart_id } : {}),
    ...(trajet.ville_arrivee_id ? { ville_arrivee_id: trajet.ville_arrivee_id } : {}),
    ...(suggested && Number(trajet.montant) > 0 ? { montant: Number(trajet.montant) } : {}),
  };
};

export const periodeFilter: FilterDecl = { type: 'dateRange', name: 'periode' };

/**
 * The pickup and drop-off addresses of a course or a demande, each with its point (a saved address or a
 * click on the map): the coordinates travel with the row (`chargement_lat/lng`, `dechargement_lat/lng`), so
 * the GPS can tell when the vehicle arrives.
 */
export const lieuxFields: FormFieldDecl[] = [
  { name: 'adresse_chargement', type: 'text' },
  {
    name: 'point_chargement',
    type: 'point',
    params: ['chargement_lat', 'chargement_lng'],
    render: ({ value, onChange }) => (
      <LieuInput
        label="Point de chargement"
        value={value}
        onChange={onChange}
        adresseField="adresse_chargement"
        villeField="ville_depart_id"
      />
    ),
  },
  { name: 'adresse_dechargement', type: 'text' },
  {
    name: 'point_dechargement',
    type: 'point',
    params: ['dechargement_lat', 'dechargement_lng'],
    render: ({ value, onChange }) => (
      <LieuInput
        label="Point de déchargement"
        value={value}
        onChange={onChange}
        adresseField="adresse_dechargement"
        villeField="ville_arrivee_id"
      />
    ),
  },
];
