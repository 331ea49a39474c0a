import { z } from 'zod';
import { CoordonneesCourseOut } from './geolocation';
import {
  COURSE_ETATS,
  COURSE_STATUTS,
  DEMANDE_STATUTS,
  MODES_PAIEMENT,
  PAIEMENT_STATUTS,
} from './operations.lifecycle';
import { CourseCan, DemandeCan, PaiementCan } from './permissions';

// What the operations API answers: picked fields only, with nested references for the screens.

const Ville = z.object({ id: z.number(), libelle: z.string() });
const Ref = Ville.nullable();
const Personne = z.object({ id: z.number(), nom_complet: z.string() });

export const CourseOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  code: z.string(),
  vehicule: z.object({ id: z.number(), plaque: z.string() }),
  /** The original app's name for the vehicle. */
  camion: z.object({ plaque: z.string() }),
  client: Personne,
  client_nom_complet: z.string(),
  chauffeur: Personne.nullable(),
  type_course: z.string(),
  type_marchandise: Ref,
  trajet: Ref,
  ville_depart: Ville,
  ville_arrivee: Ville,
  course_details: z.string(),
  adresse_chargement: z.string().nullable(),
  adresse_dechargement: z.string().nullable(),
  ...CoordonneesCourseOut,
  date_chargement: z.string(),
  date_dechargement: z.string().nullable(),
  /** When it actually happened (COURSE_DATES_REELLES), beside the planned dates above. */
  date_chargement_reelle: z.string().nullable(),
  date_depart_reelle: z.string().nullable(),
  date_dechargement_reelle: z.string().nullable(),
  date_panne: z.string().nullable(),
  date_annulation: z.string().nullable(),
  poids_kg: z.number().nullable(),
  description: z.string().nullable(),
  /** The delivery code asked of the driver (given to the client with the tracking link), null: none asked. */
  code_livraison: z.string().nullable(),
  montant: z.number(),
  montant_paye: z.number(),
  reste_a_payer: z.number(),
  etat: z.enum(COURSE_ETATS),
  statut: z.enum(COURSE_STATUTS),
  statut_avant_probleme: z.enum(COURSE_STATUTS).nullable(),
  demande_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the signed-in account may do with it (`courseCan`). */
  can: CourseCan,
});
export type CourseOut = z.infer<typeof CourseOut>;

export const PaiementOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  date_operation: z.string(),
  client: Personne,
  client_nom_complet: z.string(),
  course: z.object({ id: z.number(), code: z.string() }),
  course_details: z.string(),
  libelle: z.string(),
  mode: z.enum(MODES_PAIEMENT),
  reference: z.string().nullable(),
  montant: z.number(),
  statut: z.enum(PAIEMENT_STATUTS),
  /** Who cancelled the payment and when (null unless statut is 'Annulé'). */
  annule_par: Personne.nullable(),
  annule_le: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  can: PaiementCan,
});
export type PaiementOut = z.infer<typeof PaiementOut>;

export const CourseDetailOut = CourseOut.extend({
  paiements: z.array(PaiementOut),
  /** The validated definitive invoice the course is on (a course is never on two), or null. */
  facture: z.object({ id: z.number(), numero: z.string() }).nullable(),
  /**
   * The last step the signed-in user recorded, still undoable until `jusqua` (ANNULATION_ETAPE_MINUTES):
   * `de` the step, `retour` the status the course goes back to. null: nothing this user may undo.
   */
  etape_annulable: z.object({ de: z.string(), retour: z.string(), jusqua: z.string() }).nullable(),
});
export type CourseDetailOut = z.infer<typeof CourseDetailOut>;

export const DemandeOut = z.object({
  id: z.number(),
  /** null on the market: another company sees who the client is only once it has accepted (`demandeAcces`). */
  client: Personne.nullable(),
  client_nom_complet: z.string(),
  /** true when the client and the exact addresses are hidden (a market demande of another company). */
  contact_masque: z.boolean(),
  /** The transporteur that accepted it. */
  entreprise_id: z.number().nullable(),
  entreprise: Personne.nullable(),
  /** The company whose back-office recorded it (null: the client's own request). */
  cree_par_entreprise_id: z.number().nullable(),
  type_course: z.string(),
  type_marchandise: Ref,
  ville_depart: Ville,
  ville_arrivee: Ville,
  course_details: z.string(),
  adresse_chargement: z.string().nullable(),
  adresse_dechargement: z.string().nullable(),
  ...CoordonneesCourseOut,
  date_souhaitee: z.string(),
  poids_kg: z.number().nullable(),
  description: z.string().nullable(),
  budget: z.number().nullable(),
  statut: z.enum(DEMANDE_STATUTS),
  course: z.object({ id: z.number(), code: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  can: DemandeCan,
});
export type DemandeOut = z.infer<typeof DemandeOut>;
