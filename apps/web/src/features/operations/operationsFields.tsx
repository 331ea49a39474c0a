import {
  COURSE_ETATS,
  COURSE_STATUTS,
  type CourseEtat,
  type CourseStatut,
  DEMANDE_STATUTS,
  type DemandeStatut,
  formatMoney,
  MODES_PAIEMENT,
  PAIEMENT_STATUTS,
  type PaiementStatut,
  TYPES_COURSE,
} from '@yams/shared';
import { Tag } from 'antd';
import type { OptionsSource } from '../../components/form/fields';
import type { FilterDecl } from '../../components/list/types';

/** Pieces shared by the Courses, Demandes and Paiements declarations. */

const optionsOf = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
export const typeCourseOptions = optionsOf(TYPES_COURSE);
export const courseStatutOptions = optionsOf(COURSE_STATUTS);
export const etatOptions = optionsOf(COURSE_ETATS);
export const demandeStatutOptions = optionsOf(DEMANDE_STATUTS);
export const modeOptions = optionsOf(MODES_PAIEMENT);
export const paiementStatutOptions = optionsOf(PAIEMENT_STATUTS);

/** Tag colours (presentation only; the states themselves come from the shared lifecycle). */
const COULEURS: Record<CourseStatut | CourseEtat | DemandeStatut | PaiementStatut, string> = {
  'Chargement en attente': 'default',
  'Chargement terminé': 'cyan',
  'Transport en cours': 'blue',
  Terminé: 'green',
  'Problemes mécaniques': 'orange',
  Annulé: 'red',
  Payé: 'green',
  'Non payé': 'red',
  Acompte: 'gold',
  'En attente': 'default',
  'Recherche en cours': 'blue',
  Accepté: 'green',
  Validé: 'green',
};

export function EtatTag({ value }: { value: string }) {
  return (
    <Tag color={COULEURS[value as CourseStatut] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {value}
    </Tag>
  );
}

/** A status or payment-state column rendered as a tag; exports keep the text. */
export const tagField = <T,>(key: string, get: (row: T) => string) => ({
  key,
  value: get,
  render: (row: T) => <EtatTag value={get(row)} />,
});

const nom = (r: Record<string, unknown>) => String(r.nom_complet ?? r.name);
export const clientSource: OptionsSource = {
  path: '/api/utilisateurs',
  query: { type: 'client' },
  label: nom,
};
export const villeSource: OptionsSource = { path: '/api/villes', label: (r) => String(r.libelle) };
export const marchandiseSource: OptionsSource = {
  path: '/api/types_marchandises',
  label: (r) => String(r.libelle),
};
export const trajetSource: OptionsSource = { path: '/api/trajets', label: (r) => String(r.libelle) };

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

/** Why a vehicle cannot take a course (the API's rule: only 'Disponible' or 'Nouveau' vehicles). */
const VEHICULE_REFUS: Record<string, string> = {
  'En course': 'déjà sur une course',
  'En intervention': 'en intervention',
  Indisponible: 'indisponible',
};
/** In forms the vehicle's state helps to pick a free one: busy ones are disabled with the reason. */
export const vehiculeChoiceSource: OptionsSource = {
  path: '/api/vehicules',
  label: (r) => `${String(r.plaque)} · ${String(r.statut)}`,
  disabled: (r) => VEHICULE_REFUS[String(r.statut)],
};
const courseChoiceLabel = (r: Record<string, unknown>) =>
  `${String(r.code)} · ${String(r.client_nom_complet)} (reste : ${formatMoney(Number(r.reste_a_payer))})`;
/** A new payment: only courses with something left to pay (`a_payer=1`; the API refuses the others). */
export const courseChoiceSource: OptionsSource = {
  path: '/api/courses',
  query: { a_payer: 1 },
  label: courseChoiceLabel,
};
/** Editing a payment: its course is shown whatever is left to pay. */
export const courseEditSource: OptionsSource = { path: '/api/courses', label: courseChoiceLabel };
export const courseCodeSource: OptionsSource = { path: '/api/courses', label: (r) => String(r.code) };

export const periodeFilter: FilterDecl = { type: 'dateRange', name: 'periode' };

/** The id of a nested reference (`{ id, libelle }`), for the edit forms. */
export const idOf = (ref: { id: number } | null | undefined) => ref?.id ?? null;
