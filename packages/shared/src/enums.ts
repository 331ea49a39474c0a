/** Enumerations of the specification, with their French display labels. */
export const USER_TYPES = [
  'client',
  'transporteur',
  'superadmin',
  'camionneur',
  'coursier',
  'agent',
] as const;
export type UserType = (typeof USER_TYPES)[number];

export const SOUS_TYPES = ['entreprise', 'camionneur', 'coursier'] as const;
export type SousType = (typeof SOUS_TYPES)[number];

/** Only these account types may sign in to the back-office. */
export const BACKOFFICE_TYPES: readonly UserType[] = ['transporteur', 'superadmin'];

/** Labels used by the users filter and columns (spec section 1). */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  client: 'Client',
  transporteur: 'Entreprise',
  superadmin: 'Super administrateur',
  camionneur: 'Camionneur',
  coursier: 'Coursier',
  agent: 'Agent controleur',
};

export const SOUS_TYPE_LABELS: Record<SousType, string> = {
  entreprise: 'Entreprise',
  camionneur: 'Camionneur',
  coursier: 'Coursier',
};
