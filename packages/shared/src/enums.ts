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

/** The `source` of `POST /api/login` that signs in to the driver's app: its token reaches `/api/chauffeur/…` only. */
export const CHAUFFEUR_SOURCE = 'chauffeur';

/** A company's drivers, and the sub-types of a transporteur account that is its own driver. */
export const CHAUFFEUR_TYPES = ['camionneur', 'coursier'] as const;

/**
 * Who may sign in to the driver's app: a company's `camionneur`/`coursier` user, or an independent
 * camionneur or coursier (a transporteur account of that sous_type, his own driver). Office accounts,
 * agents, superadmins and clients may not.
 */
export function estChauffeur(u: { type: string; sous_type?: string | null }): boolean {
  const driver = (t: string | null | undefined) => (CHAUFFEUR_TYPES as readonly string[]).includes(t ?? '');
  return driver(u.type) || (u.type === 'transporteur' && driver(u.sous_type));
}

/**
 * A phone number reduced to its national digits, as the driver's app compares them: `+241 077 12 34 56`,
 * `00241 77 12 34 56` and `077123456` are one number (`77123456`). The database's `telephone_national()`
 * (migration 0040) is the same rule in SQL. Empty when there are fewer than 6 digits.
 */
export function telephoneNational(raw: string | null | undefined): string {
  let d = (raw ?? '').replace(/\D/g, '');
  d = d.replace(/^00/, '');
  if (d.startsWith('241') && d.length >= 11) d = d.slice(3);
  d = d.replace(/^0+/, '');
  return d.length >= 6 ? d : '';
}

/** Labels used by the users filter and columns (the specification). */
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
