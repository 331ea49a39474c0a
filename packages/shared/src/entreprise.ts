import { z } from 'zod';
import { DELAI_PAIEMENT_DEFAUT, zDelaiPaiement } from './accounting.echeances';
import { ALERTES_DEFAUTS } from './alertes';
import { MARGE_ANOMALIE_CARBURANT_DEFAUT } from './carburant.rules';
import { type FichierRegle, zFichierEnvoye } from './files';
import { zMontant } from './money';
import { zChamps } from './reference';

// The company's own settings (Configurations → Entreprise): legal identity printed on invoices, invoice
// number prefix, monthly revenue target of the dashboard, GPS device thresholds.

export const PARAMETRES_DEFAUTS = {
  prefixe_facture: 'FAC',
  objectif_mensuel: 0,
  delai_en_ligne_min: 5,
  rayon_arrivee_m: 300,
  /** Tracking reports: stationary this long (within GPS.arretRayonM) is a stop. */
  arret_min_minutes: 5,
  /** Tracking reports: a movement shorter than this is drift or a yard manoeuvre, not a trip. */
  trajet_distance_min_m: 500,
  /** Tracking reports: at or above this speed a vehicle is moving (driving time; idle below it). */
  vitesse_mouvement_kmh: 5,
  remise_avant_taxes: false,
  delai_paiement: DELAI_PAIEMENT_DEFAUT,
  marge_anomalie_carburant: MARGE_ANOMALIE_CARBURANT_DEFAUT,
  ...ALERTES_DEFAUTS,
} as const;

/** Logo: an image of at most 2 Mo. */
export const LOGO_MAX_OCTETS = 2 * 1024 * 1024;
export const LOGO_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The logo's upload (the API also checks the content's signature). */
export const LOGO_REGLE: FichierRegle = {
  maxOctets: LOGO_MAX_OCTETS,
  types: LOGO_TYPES,
  messages: {
    taille: 'Le logo ne doit pas dépasser 2 Mo.',
    type: 'Le logo doit être une image PNG, JPEG ou WEBP.',
    vide: 'Le logo est vide.',
  },
};

/** `POST /api/entreprise/parametres/logo` (multipart/form-data): the part « logo ». */
export const LogoBody = z.object({
  logo: zFichierEnvoye(
    'logo',
    'Envoyez le logo comme fichier (multipart/form-data, champ « logo »).',
  ).optional(),
});

const emailOptionnel = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: "L'email doit être un texte." })
    .trim()
    .max(255, { error: "L'email ne peut pas dépasser 255 caractères." })
    .pipe(z.email({ error: "L'email n'est pas valide." }))
    .transform((v) => v.toLowerCase())
    .nullish(),
);

/** Every field is optional: only the fields sent change (the dashboard sends objectif_mensuel alone). */
export const ParametresEntrepriseBody = z.object({
  raison_sociale: zChamps.texte('La raison sociale', 255).optional(),
  adresse: zChamps.texteOptionnel("L'adresse", 255),
  telephone: zChamps.texteOptionnel('Le téléphone', 30),
  email: emailOptionnel,
  nif: zChamps.texteOptionnel('Le NIF', 50),
  rccm: zChamps.texteOptionnel('Le RCCM', 50),
  prefixe_facture: z
    .string({ error: 'Le préfixe des factures doit être un texte.' })
    .trim()
    .min(1, { error: 'Le préfixe des factures est obligatoire.' })
    .max(10, { error: 'Le préfixe des factures ne peut pas dépasser 10 caractères.' })
    .regex(/^[A-Za-z0-9-]+$/, {
      error: 'Le préfixe des factures ne contient que des lettres, des chiffres et des tirets.',
    })
    .transform((v) => v.toUpperCase())
    .optional(),
  objectif_mensuel: zMontant("L'objectif mensuel").optional(),
  delai_en_ligne_min: zChamps.entierOptionnel('Le délai en ligne', 1, 1440).transform((v) => v ?? undefined),
  rayon_arrivee_m: zChamps
    .entierOptionnel("Le rayon d'arrivée", 10, 100_000)
    .transform((v) => v ?? undefined),
  arret_min_minutes: zChamps
    .entierOptionnel("La durée minimale d'un arrêt", 1, 240)
    .transform((v) => v ?? undefined),
  trajet_distance_min_m: zChamps
    .entierOptionnel("La distance minimale d'un trajet", 0, 50_000)
    .transform((v) => v ?? undefined),
  vitesse_mouvement_kmh: zChamps
    .entierOptionnel('La vitesse de mouvement', 1, 60)
    .transform((v) => v ?? undefined),
  /**
   * « Remise déduite avant taxes »: the invoice discount comes off the HT total before TVA, CSS and TPS.
   * Off by default: the specification's order (taxes on the HT total, then the discount).
   */
  remise_avant_taxes: z
    .boolean({ error: 'La remise déduite avant taxes est oui (true) ou non (false).' })
    .optional(),
  /** The payment term of its invoices, when the client has none of its own. */
  delai_paiement: zDelaiPaiement.optional(),
  /** A fill whose consumption passes the vehicle's reference by more than this (%) is flagged. */
  marge_anomalie_carburant: zChamps
    .entierOptionnel("La marge d'anomalie de consommation", 0, 200)
    .transform((v) => v ?? undefined),
  /** GPS alerts: above this speed a vehicle speeds (unless the vehicle has its own limit)… */
  vitesse_max_kmh: zChamps.entierOptionnel('La vitesse maximale', 10, 250).transform((v) => v ?? undefined),
  /** …a stop outside every zone longer than this… */
  arret_alerte_minutes: zChamps
    .entierOptionnel("La durée d'un arrêt prolongé", 1, 1440)
    .transform((v) => v ?? undefined),
  /** …the engine idling longer than this… */
  ralenti_alerte_minutes: zChamps
    .entierOptionnel('La durée de ralenti', 1, 1440)
    .transform((v) => v ?? undefined),
  /** …a device silent longer than this. */
  silence_alerte_heures: zChamps
    .entierOptionnel("La durée de silence d'un appareil", 1, 720)
    .transform((v) => v ?? undefined),
  /** null removes the logo (it is set by the upload route). */
  logo: z.null({ error: 'Le logo se change par son envoi de fichier ; null le retire.' }).optional(),
});
export type ParametresEntrepriseBody = z.infer<typeof ParametresEntrepriseBody>;

export const ParametresEntrepriseOut = z.object({
  entreprise_id: z.number(),
  raison_sociale: z.string(),
  adresse: z.string().nullable(),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  nif: z.string().nullable(),
  rccm: z.string().nullable(),
  /** Stored file path (relative to the uploads folder) or null; fetched with GET …/parametres/logo. */
  logo: z.string().nullable(),
  prefixe_facture: z.string(),
  objectif_mensuel: z.number(),
  delai_en_ligne_min: z.number(),
  rayon_arrivee_m: z.number(),
  arret_min_minutes: z.number(),
  trajet_distance_min_m: z.number(),
  vitesse_mouvement_kmh: z.number(),
  remise_avant_taxes: z.boolean(),
  delai_paiement: zDelaiPaiement,
  marge_anomalie_carburant: z.number(),
  vitesse_max_kmh: z.number(),
  arret_alerte_minutes: z.number(),
  ralenti_alerte_minutes: z.number(),
  silence_alerte_heures: z.number(),
  /** null while the company has never saved its settings (the values are the defaults). */
  updated_at: z.string().nullable(),
});
export type ParametresEntreprise = z.infer<typeof ParametresEntrepriseOut>;

/** `?entreprise=12`: the company a superadmin works on (ignored for a transporteur). */
export const EntrepriseQuery = z.object({ entreprise: zChamps.filtreId("d'entreprise") });
