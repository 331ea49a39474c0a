import { addDays, todayInGabon } from './calendar';

// Fleet domain: vehicle and intervention lifecycles, documents, and the pure rules both sides share.

export const VEHICULE_STATUTS = [
  'Nouveau',
  'Disponible',
  'En course',
  'En intervention',
  'Indisponible',
] as const;
export type VehiculeStatut = (typeof VEHICULE_STATUTS)[number];

/** Tag colours of the vehicle statuses (Ant Design preset names). */
export const VEHICULE_STATUT_COULEURS: Record<VehiculeStatut, string> = {
  Nouveau: 'blue',
  Disponible: 'green',
  'En course': 'gold',
  'En intervention': 'magenta',
  Indisponible: 'red',
};

/**
 * Statuses the API sets by itself: 'En course' follows the courses, 'En intervention' a confirmed
 * intervention whose dates cover today. A person only chooses between Disponible and Indisponible.
 */
export const VEHICULE_STATUTS_AUTOMATIQUES: readonly VehiculeStatut[] = ['En course', 'En intervention'];
export const VEHICULE_STATUTS_MANUELS: readonly VehiculeStatut[] = ['Disponible', 'Indisponible'];
/** A vehicle may be given a course (or accept a demande) only in these states; the API refuses the others. */
export const VEHICULE_STATUTS_AFFECTABLES: readonly VehiculeStatut[] = ['Disponible', 'Nouveau'];

/** Why a person may not move a vehicle from one status to another, or null when the change is allowed. */
export function vehiculeStatutRefus(from: VehiculeStatut, to: VehiculeStatut): string | null {
  if (from === to) return null;
  if (to === 'En course') return 'Le statut « En course » est fixé automatiquement par les courses.';
  if (to === 'En intervention') {
    return 'Le statut « En intervention » est fixé automatiquement par les interventions confirmées.';
  }
  if (to === 'Nouveau') return 'Un véhicule ne peut pas redevenir « Nouveau ».';
  if (from === 'En course') {
    return 'Le véhicule est « En course » : son statut changera à la fin de la course.';
  }
  if (from === 'En intervention') {
    return 'Le véhicule est « En intervention » : son statut changera à la fin de l’intervention.';
  }
  return null;
}

export const INTERVENTION_TYPES = ['Entretien', 'Réparation'] as const;
export const INTERVENTION_STATUTS = ['Brouillon', 'Confirmé'] as const;
export type InterventionStatut = (typeof INTERVENTION_STATUTS)[number];
/** A draft can be edited, confirmed (one call, which takes its articles out of stock) or deleted; nothing else. */
export const INTERVENTION_TRANSITIONS: Record<InterventionStatut, readonly InterventionStatut[]> = {
  Brouillon: ['Confirmé'],
  Confirmé: [],
};
export const INTERVENTION_LIGNE_KINDS = ['service', 'article'] as const;
export type InterventionLigneKind = (typeof INTERVENTION_LIGNE_KINDS)[number];

export interface LigneMontant {
  qte: number;
  prix_unitaire: number;
}
/** One line: quantity × unit price, in francs CFA. */
export const montantLigne = (l: LigneMontant): number => l.qte * l.prix_unitaire;
/** The amount of an intervention: the sum of its lines. The API stores it; forms show it as a preview. */
export const montantIntervention = (lignes: readonly LigneMontant[]): number =>
  lignes.reduce((total, l) => total + montantLigne(l), 0);

/**
 * Amounts are stored in PostgreSQL `integer` columns: each field is bounded, but a product or a sum of
 * bounded fields is not. Every computed amount is checked against the column's range before it is written.
 */
export const MONTANT_COLONNE_MAX = 2_147_483_647;

/** null when the computed amount fits its column, otherwise the French reason naming it. */
export function montantHorsColonne(label: string, montant: number): string | null {
  if (Number.isSafeInteger(montant) && montant >= 0 && montant <= MONTANT_COLONNE_MAX) return null;
  const fmt = (n: number) => `${Math.round(n).toLocaleString('de-DE')} FCFA`;
  return `${label} (${fmt(montant)}) dépasse le maximum enregistrable de ${fmt(MONTANT_COLONNE_MAX)}.`;
}

/** Usual vehicle papers in Gabon; the libellé of a document stays free text. */
export const DOCUMENT_LIBELLES = [
  'Carte grise',
  'Assurance',
  'Visite technique',
  'Patente',
  'Autorisation de transport',
  'Carte de stationnement',
  'Vignette',
] as const;
/** A document is flagged this many days before it expires. */
export const DOCUMENT_ALERTE_JOURS = 30;
export const DOCUMENT_FICHIER_MAX_OCTETS = 5 * 1024 * 1024;
/** Accepted attachments and their file extension. */
export const DOCUMENT_FICHIER_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
export const DOCUMENT_ETATS = ['Valide', 'Expire bientôt', 'Expiré', 'Sans expiration'] as const;
export type DocumentEtat = (typeof DOCUMENT_ETATS)[number];

/** No vehicle on the road was built before 1950: an earlier year is a typing error. */
export const ANNEE_VEHICULE_MIN = 1950;

/** The latest year of manufacture: next year (next year's models are sold from the autumn). */
export const anneeVehiculeMax = (today: string = todayInGabon()): number => Number(today.slice(0, 4)) + 1;

/**
 * Why a vehicle's commissioning date cannot be (a French sentence on its field): neither in the future
 * (Libreville) nor before its year of manufacture (itself 1950 … `anneeVehiculeMax`, checked on its field).
 */
export function vehiculeDatesRefus(
  v: { annee?: number | null; date_mise_en_service?: string | null },
  today: string = todayInGabon(),
): Partial<Record<'date_mise_en_service', string>> {
  const refus: Partial<Record<'date_mise_en_service', string>> = {};
  const d = v.date_mise_en_service;
  if (typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d)) {
    const plausible = typeof v.annee === 'number' && v.annee <= anneeVehiculeMax(today);
    const annee = plausible ? (v.annee as number) : ANNEE_VEHICULE_MIN;
    if (d > today) {
      refus.date_mise_en_service = 'La date de mise en service ne peut pas être dans le futur.';
    } else if (d < `${annee}-01-01`) {
      refus.date_mise_en_service =
        annee === v.annee
          ? `La date de mise en service ne peut pas précéder l'année de fabrication (${annee}).`
          : `La date de mise en service ne peut pas précéder ${ANNEE_VEHICULE_MIN}.`;
    }
  }
  return refus;
}

/**
 * « Documents à renouveler »: a document expired or expiring within DOCUMENT_ALERTE_JOURS days, not
 * replaced since by a document of the same vehicle (or person) and libellé expiring later. The list's filter
 * (`?echeance=`) and the daily reminder read the same rule (apps/api documents.repository.ts).
 */
export const DOCUMENT_ECHEANCES = {
  a_renouveler: 'À renouveler (expirés ou sous 30 jours)',
  expire: 'Expirés',
  '7': 'Expirent sous 7 jours',
  '30': 'Expirent sous 30 jours',
} as const;
export type DocumentEcheance = keyof typeof DOCUMENT_ECHEANCES;

/** The expiry days `[min, max]` (both included, `null`: unbounded) of an échéance, from today (Libreville). */
export function echeanceBornes(e: DocumentEcheance, today: string): [string | null, string] {
  if (e === 'expire') return [null, addDays(today, -1)];
  if (e === '7') return [today, addDays(today, 7)];
  if (e === '30') return [today, addDays(today, DOCUMENT_ALERTE_JOURS)];
  return [null, addDays(today, DOCUMENT_ALERTE_JOURS)];
}

/**
 * How far a document's expiry is from today: « Expiré depuis 3 jours », « Expire aujourd’hui », « Expire dans
 * 12 jours » (a list's column); `phrase`: « a expiré le 24/11/2026, il y a 3 jours », « expire aujourd’hui »,
 * « expire le 09/12/2026, dans 12 jours » (a reminder's sentence).
 */
export function echeanceTexte(dateExpiration: string, today: string, phrase = false): string {
  const jours = Math.round((Date.parse(dateExpiration) - Date.parse(today)) / 86_400_000);
  const n = (k: number) => `${k} jour${k > 1 ? 's' : ''}`;
  const le = dateExpiration.split('-').reverse().join('/');
  if (phrase) {
    if (jours < 0) return `a expiré le ${le}, il y a ${n(-jours)}`;
    return jours === 0 ? 'expire aujourd’hui' : `expire le ${le}, dans ${n(jours)}`;
  }
  if (jours < 0) return `Expiré depuis ${n(-jours)}`;
  return jours === 0 ? 'Expire aujourd’hui' : `Expire dans ${n(jours)}`;
}

/** Expired before today; 'Expire bientôt' up to DOCUMENT_ALERTE_JOURS days ahead (today included). */
export function documentEtat(dateExpiration: string | null, today: string = todayInGabon()): DocumentEtat {
  if (!dateExpiration) return 'Sans expiration';
  if (dateExpiration < today) return 'Expiré';
  if (dateExpiration <= addDays(today, DOCUMENT_ALERTE_JOURS)) return 'Expire bientôt';
  return 'Valide';
}

/** The national format, letters-digits-letters: `GA-175-RX` (also typed `GA 175 RX`, `ga175rx`). */
const PLAQUE_NATIONALE = /^([A-Z]{2})(\d{3})([A-Z]{2})$/;

/**
 * The one stored form of a plate: trimmed, upper case, every run of spaces or dashes one dash; a national
 * plate typed without separators gets them (`ga175rx`, `GA 175 RX` → `GA-175-RX`). Foreign and temporary
 * plates keep their groups (`1234 g1` → `1234-G1`, `ww 123 ab` → `WW-123-AB`).
 */
export function normalisePlaque(value: string): string {
  const groups = value
    .trim()
    .toUpperCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  const compact = groups.join('');
  const national = PLAQUE_NATIONALE.exec(compact);
  return national ? `${national[1]}-${national[2]}-${national[3]}` : groups.join('-');
}

/**
 * What two plates are compared on (uniqueness per company, search): the stored form without its dashes,
 * `GA-175-RX` → `GA175RX`, so `AB-12-CD` and `AB12CD` are one vehicle. The API's unique index is on the same
 * expression (`replace(plaque, '-', '')`, fleet.table.ts).
 */
export function plaqueCle(value: string): string {
  return normalisePlaque(value).replace(/-/g, '');
}
export const PLAQUE_RE = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
