import type { ACHAT_STATUTS, FACTURE_STATUTS } from './accounting.schemas';
import type { AVANCE_STATUTS } from './avances';
import {
  type DocumentEtat,
  type INTERVENTION_STATUTS,
  VEHICULE_STATUT_COULEURS,
  type VehiculeStatut,
} from './fleet.rules';
import type { COURSE_ETATS, COURSE_STATUTS, DEMANDE_STATUTS, PAIEMENT_STATUTS } from './operations.lifecycle';

type Of<T extends readonly string[]> = T[number];

/**
 * One colour map per lifecycle (Ant Design preset names), the only place a state's colour is chosen: the
 * web's `format: 'tag'` fields read it (`{ key: 'statut', format: 'tag', tag: 'course' }`). Each map names
 * every state of its lifecycle, so a new state cannot be forgotten.
 */
export const TAG_COLORS = {
  vehicule: VEHICULE_STATUT_COULEURS satisfies Record<VehiculeStatut, string>,
  intervention: { Brouillon: 'default', Confirmé: 'green' } satisfies Record<
    Of<typeof INTERVENTION_STATUTS>,
    string
  >,
  course: {
    'Chargement en attente': 'default',
    'Chargement terminé': 'cyan',
    'Transport en cours': 'blue',
    Terminé: 'green',
    'Problemes mécaniques': 'orange',
    Annulé: 'red',
  } satisfies Record<Of<typeof COURSE_STATUTS>, string>,
  reglement: { Payé: 'green', 'Non payé': 'red', Acompte: 'gold' } satisfies Record<
    Of<typeof COURSE_ETATS>,
    string
  >,
  paiement: { 'En attente': 'default', Validé: 'green', Annulé: 'red' } satisfies Record<
    Of<typeof PAIEMENT_STATUTS>,
    string
  >,
  demande: {
    'En attente': 'default',
    'Recherche en cours': 'blue',
    Accepté: 'green',
    Annulé: 'red',
  } satisfies Record<Of<typeof DEMANDE_STATUTS>, string>,
  facture: { Brouillon: 'default', Validée: 'blue', Soldé: 'green', Transformée: 'purple' } satisfies Record<
    Of<typeof FACTURE_STATUTS>,
    string
  >,
  achat: { Brouillon: 'default', Validé: 'green' } satisfies Record<Of<typeof ACHAT_STATUTS>, string>,
  compte: { Actif: 'green', Bloqué: 'red' },
  avance: { Ouverte: 'blue', Soldée: 'green', Annulée: 'red' } satisfies Record<
    Of<typeof AVANCE_STATUTS>,
    string
  >,
  /** A vehicle's paper: expired in red, expiring within DOCUMENT_ALERTE_JOURS days in orange. */
  document: {
    Valide: 'green',
    'Expire bientôt': 'orange',
    Expiré: 'red',
    'Sans expiration': 'default',
  } satisfies Record<DocumentEtat, string>,
} as const;

export type TagLifecycle = keyof typeof TAG_COLORS;

/**
 * The colour of a state in its lifecycle ('default' for a state the map does not know). Without a
 * lifecycle, the first map that knows the state (prefer naming it: 'Validé' is green for a payment and
 * for a purchase, but a state may differ between lifecycles).
 */
export function tagColor(lifecycle: TagLifecycle | undefined, value: string | null | undefined): string {
  if (!value) return 'default';
  const maps = lifecycle ? [TAG_COLORS[lifecycle]] : Object.values(TAG_COLORS);
  for (const map of maps) {
    const color = (map as Record<string, string>)[value];
    if (color) return color;
  }
  return 'default';
}
