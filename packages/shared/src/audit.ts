import { z } from 'zod';

/** The kinds of audit entry, as stored (`audit_log.action`) → their French label. */
export const AUDIT_ACTIONS = {
  creation: 'Création',
  modification: 'Modification',
  etat: "Changement d'état",
  suppression: 'Suppression',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_CODES = [
  'creation',
  'modification',
  'etat',
  'suppression',
] as const satisfies readonly AuditAction[];

/**
 * The audited tables (apps/api/drizzle/0018_audit_triggers.sql) → the French name of one row. The per-record history is served at
 * `GET /api/{path}/{id}/historique` for the entities with a detail screen (see `AUDIT_PATHS`).
 */
export const AUDIT_ENTITES: Record<string, string> = {
  users: 'Utilisateur',
  vehicules: 'Véhicule',
  documents: 'Document',
  interventions: 'Intervention',
  intervention_lignes: "Ligne d'intervention",
  plans_entretien: "Plan d'entretien",
  demandes: 'Demande',
  courses: 'Course',
  paiements: 'Paiement',
  adresses: 'Adresse',
  factures: 'Facture',
  facture_lignes: 'Ligne de facture',
  achats: 'Achat',
  achat_lignes: "Ligne d'achat",
  reglements: 'Règlement',
  pieces_de_caisse: 'Pièce de caisse',
  ecritures: 'Écriture comptable',
  ecriture_lignes: "Ligne d'écriture",
  rapprochements: 'Rapprochement',
  rapprochement_lignes: 'Ligne de relevé',
  appareils: 'Appareil GPS',
  zones: 'Zone',
  villes: 'Ville',
  types_marchandises: 'Type de marchandise',
  types_vehicules: 'Type de véhicule',
  types_articles: "Type d'article",
  articles: 'Article',
  garages: 'Garage',
  services: 'Service',
  fournisseurs: 'Fournisseur',
  trajets: 'Trajet',
  parametres_entreprise: "Paramètres de l'entreprise",
  pleins_carburant: 'Plein de carburant',
  avances: 'Avance de frais de route',
  avance_depenses: 'Dépense justifiant une avance',
};

/** API path of a resource (`/api/piece_de_caisses`) → its audited table: the detail dialogs' history. */
export const AUDIT_PATHS: Record<string, string> = {
  '/api/utilisateurs': 'users',
  '/api/vehicules': 'vehicules',
  '/api/documents': 'documents',
  '/api/interventions': 'interventions',
  '/api/plans-entretien': 'plans_entretien',
  '/api/demandes': 'demandes',
  '/api/courses': 'courses',
  '/api/paiements': 'paiements',
  '/api/factures': 'factures',
  '/api/achats': 'achats',
  '/api/piece_de_caisses': 'pieces_de_caisse',
  '/api/operations': 'ecritures',
  '/api/appareils': 'appareils',
  '/api/zones': 'zones',
  '/api/villes': 'villes',
  '/api/types_marchandises': 'types_marchandises',
  '/api/types_vehicules': 'types_vehicules',
  '/api/types_articles': 'types_articles',
  '/api/articles': 'articles',
  '/api/garages': 'garages',
  '/api/services': 'services',
  '/api/fournisseurs': 'fournisseurs',
  '/api/trajets': 'trajets',
  '/api/carburant': 'pleins_carburant',
  '/api/avances': 'avances',
};

/** One field's change: its value before and after (null when absent: a creation, a deletion). */
export const AuditChangeOut = z.object({
  champ: z.string(),
  avant: z.unknown(),
  apres: z.unknown(),
  /** A reference's values named (`chauffeur_id` 13 → 'Biyoghe Nadège'), when the row still exists. */
  avant_libelle: z.string().nullable().optional(),
  apres_libelle: z.string().nullable().optional(),
});

export const AuditEntryOut = z.object({
  id: z.number(),
  table: z.string(),
  /** French name of the entity (`Véhicule`). */
  entite: z.string(),
  record_id: z.number(),
  parent_table: z.string().nullable(),
  parent_id: z.number().nullable(),
  entreprise_id: z.number().nullable(),
  action: z.string(),
  action_libelle: z.string(),
  changements: z.array(AuditChangeOut),
  user_id: z.number().nullable(),
  /** The author's name; 'Système' for the seed, daily jobs and GPS. */
  utilisateur: z.string(),
  created_at: z.string(),
  /** A superadmin's lists: the company's name (plugins/entreprise-names.ts). */
  entreprise_nom: z.string().nullable().optional(),
});
export type AuditEntryOut = z.infer<typeof AuditEntryOut>;
