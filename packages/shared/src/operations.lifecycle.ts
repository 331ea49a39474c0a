// Enums, lifecycles and labels of the operations domain: courses, demandes, paiements (pure, unit-tested).

/** Kinds of transport job; the stored value is the French label itself. */
export const TYPES_COURSE = [
  'Transport de marchandises',
  'Livraison',
  'Déménagement',
  'Location avec chauffeur',
] as const;
export type TypeCourse = (typeof TYPES_COURSE)[number];

/** Course statuses (the specification) plus 'Annulé' (shown by the dashboard colours). */
export const COURSE_STATUTS = [
  'Chargement en attente',
  'Chargement terminé',
  'Transport en cours',
  'Terminé',
  'Problemes mécaniques',
  'Annulé',
] as const;
export type CourseStatut = (typeof COURSE_STATUTS)[number];

/** A course holds its vehicle from creation until it is Terminé or Annulé. */
export const COURSE_STATUTS_OUVERTS: readonly CourseStatut[] = [
  'Chargement en attente',
  'Chargement terminé',
  'Transport en cours',
  'Problemes mécaniques',
];
export const COURSE_STATUTS_FINAUX: readonly CourseStatut[] = ['Terminé', 'Annulé'];
/** States from which a breakdown can be declared (and to which the course returns afterwards). */
export const COURSE_STATUTS_ROULANTS: readonly CourseStatut[] = ['Chargement terminé', 'Transport en cours'];

/**
 * The course lifecycle. From 'Problemes mécaniques' the course goes back to the state it came from
 * (stored as `statut_avant_probleme`) or is cancelled; nothing leaves 'Terminé' or 'Annulé'.
 */
const COURSE_TRANSITIONS: Record<CourseStatut, readonly CourseStatut[]> = {
  'Chargement en attente': ['Chargement terminé', 'Annulé'],
  'Chargement terminé': ['Transport en cours', 'Problemes mécaniques', 'Annulé'],
  'Transport en cours': ['Terminé', 'Problemes mécaniques', 'Annulé'],
  'Problemes mécaniques': ['Annulé'],
  Terminé: [],
  Annulé: [],
};

/** The states a course may move to, given where it is and (after a breakdown) where it came from. */
export function nextCourseStatuts(from: CourseStatut, avantProbleme?: CourseStatut | null): CourseStatut[] {
  const next = [...COURSE_TRANSITIONS[from]];
  if (from === 'Problemes mécaniques' && avantProbleme && COURSE_STATUTS_ROULANTS.includes(avantProbleme)) {
    next.unshift(avantProbleme);
  }
  return next;
}

/** null when the move is legal, otherwise the French sentence that names both states. */
export function courseTransitionError(
  from: CourseStatut,
  to: CourseStatut,
  avantProbleme?: CourseStatut | null,
): string | null {
  if (nextCourseStatuts(from, avantProbleme).includes(to)) return null;
  if (from === to) return `La course est déjà au statut « ${from} ».`;
  return `Impossible de passer une course du statut « ${from} » au statut « ${to} ».`;
}

/**
 * The actual time of each state change, recorded beside the planned dates: the field of the course that
 * holds when it reached this state. Loaded, departed and delivered keep the first time (a course back on
 * the road after a breakdown departed earlier); a breakdown keeps the latest one.
 */
export const COURSE_DATES_REELLES = {
  'Chargement terminé': 'date_chargement_reelle',
  'Transport en cours': 'date_depart_reelle',
  Terminé: 'date_dechargement_reelle',
  'Problemes mécaniques': 'date_panne',
  Annulé: 'date_annulation',
} as const satisfies Partial<Record<CourseStatut, string>>;
export type CourseDateReelle = (typeof COURSE_DATES_REELLES)[keyof typeof COURSE_DATES_REELLES];

/** The field a move to `to` stamps now, or null (the time is already known and kept). */
export function courseDateReelle(
  to: CourseStatut,
  recorded: Partial<Record<CourseDateReelle, string | null>>,
): CourseDateReelle | null {
  const field = (COURSE_DATES_REELLES as Partial<Record<CourseStatut, CourseDateReelle>>)[to];
  if (!field) return null;
  if (field === 'date_panne') return field;
  return recorded[field] ? null : field;
}

/** Payment state of a course, derived from its validated payments. */
export const COURSE_ETATS = ['Payé', 'Non payé', 'Acompte'] as const;
export type CourseEtat = (typeof COURSE_ETATS)[number];

/** none → 'Non payé', part → 'Acompte', all → 'Payé' (a course montant is at least 1 FCFA). */
export function courseEtat(montant: number, montantPaye: number): CourseEtat {
  if (montantPaye <= 0) return 'Non payé';
  return montantPaye >= montant ? 'Payé' : 'Acompte';
}

export const MODES_PAIEMENT = ['Espèces', 'Airtel Money', 'Moov Money', 'Virement', 'Chèque'] as const;
export type ModePaiement = (typeof MODES_PAIEMENT)[number];

export const PAIEMENT_STATUTS = ['En attente', 'Validé', 'Annulé'] as const;
export type PaiementStatut = (typeof PAIEMENT_STATUTS)[number];

/** Only validated payments count; a validated payment can still be cancelled (bounced cheque…). */
const PAIEMENT_TRANSITIONS: Record<PaiementStatut, readonly PaiementStatut[]> = {
  'En attente': ['Validé', 'Annulé'],
  Validé: ['Annulé'],
  Annulé: [],
};

export function paiementTransitionError(from: PaiementStatut, to: PaiementStatut): string | null {
  if (PAIEMENT_TRANSITIONS[from].includes(to)) return null;
  if (from === to) return `Le paiement est déjà au statut « ${from} ».`;
  return `Impossible de passer un paiement du statut « ${from} » au statut « ${to} ».`;
}

/**
 * Money actually received is never deleted (docs/decisions.md): only a draft ('En attente') may be deleted. A
 * validated payment is cancelled instead — kept with statut 'Annulé', who cancelled it and when — and a
 * cancelled one stays as the trace. null when the payment may be deleted, otherwise the French reason.
 */
export function paiementSuppressionRefus(statut: PaiementStatut): string | null {
  if (statut === 'En attente') return null;
  if (statut === 'Validé') {
    return 'Un paiement validé ne peut pas être supprimé : annulez-le, il restera enregistré comme « Annulé ».';
  }
  return 'Un paiement annulé est conservé comme trace : il ne peut pas être supprimé.';
}

export const DEMANDE_STATUTS = ['En attente', 'Recherche en cours', 'Accepté', 'Annulé'] as const;
export type DemandeStatut = (typeof DEMANDE_STATUTS)[number];
/** Open requests: visible to every transporteur, still editable, acceptable. */
export const DEMANDE_STATUTS_OUVERTS: readonly DemandeStatut[] = ['En attente', 'Recherche en cours'];

const DEMANDE_TRANSITIONS: Record<DemandeStatut, readonly DemandeStatut[]> = {
  'En attente': ['Recherche en cours', 'Accepté', 'Annulé'],
  'Recherche en cours': ['Accepté', 'Annulé'],
  Accepté: [],
  Annulé: [],
};

/**
 * Who sees a demande (docs/architecture.md, Tenancy), written once; the API's SQL (`apps/api/src/db/scoped.ts`,
 * `demandeAccesSql`) mirrors it and a test checks both agree on every combination.
 * - 'proprietaire': the company that accepted it, or the company that recorded it while nobody has accepted it.
 *   It sees everything and (the recorder) may edit, broadcast, cancel or delete it.
 * - 'marche': another transporteur, for an open demande that is on the market: posted by a client from the app
 *   (`cree_par_entreprise_id` null) or broadcast by the company that recorded it ('Recherche en cours'). It sees
 *   the route, the goods and the dates, not the client's contact details (client, addresses and their
 *   coordinates: `contact_masque` of DemandeOut), and may accept it.
 * - null: nothing; a demande recorded by a company stays that company's until it broadcasts it.
 */
export type DemandeAcces = 'proprietaire' | 'marche' | null;

/** The one status that puts a company-recorded demande on the market. */
export const DEMANDE_STATUT_DIFFUSEE: DemandeStatut = 'Recherche en cours';

export function demandeAcces(
  d: { statut: string; entreprise_id: number | null; cree_par_entreprise_id: number | null },
  entrepriseId: number,
): DemandeAcces {
  if (d.entreprise_id === entrepriseId) return 'proprietaire';
  if (d.entreprise_id === null && d.cree_par_entreprise_id === entrepriseId) return 'proprietaire';
  const ouverte = DEMANDE_STATUTS_OUVERTS.includes(d.statut as DemandeStatut);
  if (
    d.entreprise_id === null &&
    ouverte &&
    (d.cree_par_entreprise_id === null || d.statut === DEMANDE_STATUT_DIFFUSEE)
  ) {
    return 'marche';
  }
  return null;
}

/** Shown instead of the client's name on the market. */
export const DEMANDE_CLIENT_MASQUE = 'Client communiqué après acceptation';

export function demandeTransitionError(from: DemandeStatut, to: DemandeStatut): string | null {
  if (DEMANDE_TRANSITIONS[from].includes(to)) return null;
  if (from === to) return `La demande est déjà au statut « ${from} ».`;
  return `Impossible de passer une demande du statut « ${from} » au statut « ${to} ».`;
}

/** `12 t`, `12,5 t`, `800 kg`. */
export function formatPoids(kg: number | null | undefined): string {
  if (kg === null || kg === undefined || !Number.isFinite(kg) || kg <= 0) return '';
  if (kg < 1000) return `${Math.round(kg)} kg`;
  const t = Math.round(kg / 100) / 10;
  return `${String(t).replace('.', ',')} t`;
}

/** The short route text of a course or demande: `Libreville → Franceville (Ciment, 12 t)`. */
export function courseDetails(c: {
  ville_depart?: string | null;
  ville_arrivee?: string | null;
  marchandise?: string | null;
  poids_kg?: number | null;
}): string {
  const route = [c.ville_depart, c.ville_arrivee].filter(Boolean).join(' → ');
  const extra = [c.marchandise, formatPoids(c.poids_kg)].filter(Boolean).join(', ');
  if (!extra) return route;
  return route ? `${route} (${extra})` : extra;
}

/** `CRS-2026-00042`: per company and per year, gapless. */
export function courseCode(annee: number, numero: number): string {
  return `CRS-${annee}-${String(numero).padStart(5, '0')}`;
}
