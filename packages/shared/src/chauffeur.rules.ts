// The driver's app: what it records on the road, its limits and French labels. Pure (no zod):
// the app's own small entry reads these without bringing zod onto the phone.

/** The kinds of road expense a driver pays on a course. */
export const FRAIS_TYPES = [
  'Péage',
  'Pesage',
  'Police',
  'Gendarmerie',
  'Douane',
  'Parking',
  'Réparation',
  'Per diem',
  'Autre',
] as const;

/** What can happen on the road; the office is notified at once. */
export const INCIDENT_TYPES = ['Panne', 'Accident', 'Retard', 'Contrôle'] as const;

/** A photo taken by the driver: compressed in the phone to at most this size, checked again by the API. */
export const PHOTO_MAX_OCTETS = 300 * 1024;
/** Photos of one proof of delivery. */
export const LIVRAISON_PHOTOS_MAX = 4;

/** The steps a driver records, in the lifecycle's order (packages/shared operations.lifecycle.ts). */
export const ETAPES_CHAUFFEUR = [
  'Chargement terminé',
  'Transport en cours',
  'Terminé',
  'Problemes mécaniques',
] as const;

/** The button of each step in the app. */
export const ETAPE_LIBELLES: Record<string, string> = {
  'Chargement terminé': 'Chargement terminé',
  'Transport en cours': 'Départ : transport en cours',
  Terminé: 'Arrivé : course terminée',
  'Problemes mécaniques': 'Problème mécanique',
};

/** Where a course is in the driver's list. */
export type QuandCourse = 'aujourdhui' | 'a_venir' | 'passee';

/** Positions of one `POST /api/chauffeur/positions` (the app sends what waited since the last send). */
export const POSITIONS_LOT_MAX = 1000;
/** The identifier of a driver's phone as a GPS device: made by the API, typed into Traccar Client. */
export const identifiantTelephone = (userId: number) => `tel-chauffeur-${userId}`;

/** The delivery code: asked per course by the office, given to the client with the tracking link. */
export const CODE_LIVRAISON_CHIFFRES = 6;
/** Wrong codes accepted on a course before the office must give the code again (« Exiger » resets it). */
export const CODE_LIVRAISON_ESSAIS_MAX = 5;
export const LIVRAISON_MSG = {
  codeObligatoire:
    'Le code de livraison est obligatoire pour cette course : demandez-le au destinataire (il l’a reçu avec le lien de suivi).',
  codeFaux: 'Le code de livraison n’est pas le bon : vérifiez-le avec le destinataire.',
  codeBloque:
    'Trop de codes de livraison faux pour cette course : appelez le bureau, qui peut autoriser de nouveaux essais.',
} as const;
/** How long a delivered course's tracking link still shows « Livré à … » once the course is finished. */
export const SUIVI_APRES_LIVRAISON_JOURS = 7;
