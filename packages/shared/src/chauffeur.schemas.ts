import { z } from 'zod';
import {
  ETAPES_CHAUFFEUR,
  FRAIS_TYPES,
  INCIDENT_TYPES,
  LIVRAISON_PHOTOS_MAX,
  PHOTO_MAX_OCTETS,
  POSITIONS_LOT_MAX,
} from './chauffeur.rules';
import { type FichierRegle, zFichierEnvoye } from './files';
import { CoordonneesCourseOut } from './geolocation';
import { zMontant } from './money';
import { COURSE_STATUTS } from './operations.lifecycle';
import { zChamps } from './reference';

/** A photo or a signature from the driver's app (compressed in the phone; the API checks it again). */
export const PHOTO_CHAUFFEUR_REGLE: FichierRegle = {
  maxOctets: PHOTO_MAX_OCTETS,
  types: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' },
  messages: {
    taille: 'La photo ne doit pas dépasser 300 Ko.',
    type: 'La photo doit être une image JPEG, PNG ou WEBP.',
    vide: 'La photo est vide.',
  },
};

// What the driver's app sends (multipart forms: every field arrives as text) and what it reads.

/** The outbox's id of a record, made by the phone: a replay, even days later, finds it instead of adding one. */
const zIdClient = z
  .string({ error: "L'identifiant de l'envoi (id_client) est obligatoire." })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: "L'identifiant de l'envoi (id_client) doit être un UUID.",
  })
  .transform((v) => v.toLowerCase());

/** When it happened by the phone's clock: not in the future (a little slack), not older than 30 days. */
const zQuand = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} doit être une date et heure ISO 8601.` })
    .refine((v) => Date.parse(v) <= Date.now() + 10 * 60_000, { error: `${label} est dans le futur.` })
    .refine((v) => Date.parse(v) >= Date.now() - 30 * 86_400_000, {
      error: `${label} a plus de 30 jours.`,
    });

const coord = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${label} doit être un nombre entre ${min} et ${max}.` })
      .refine((v) => Number.isFinite(v) && v >= min && v <= max, {
        error: `${label} doit être un nombre entre ${min} et ${max}.`,
      })
      .nullish(),
  );

/** The phone's position when it was recorded (either both or neither). */
const position = {
  lat: coord('La latitude', -90, 90),
  lng: coord('La longitude', -180, 180),
  precision_m: zChamps.entierOptionnel('La précision', 0, 100_000),
};
const positionEnPaire = (v: { lat?: number | null; lng?: number | null }, ctx: z.RefinementCtx) => {
  if ((v.lat == null) !== (v.lng == null)) {
    ctx.addIssue({ code: 'custom', path: ['lng'], message: 'La latitude et la longitude vont ensemble.' });
  }
};

const zPhoto = (champ: string) =>
  zFichierEnvoye(champ, `Envoyez la photo en multipart/form-data, champ « ${champ} ».`);
const zBool = z.preprocess(
  (v) =>
    v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' || v === '' ? false : v,
  z.boolean({ error: 'Le champ doit valoir true ou false.' }),
);

export const EtapeBody = z
  .object({
    id_client: zIdClient,
    statut: z.enum(ETAPES_CHAUFFEUR, { error: "L'étape n'est pas valide." }),
    date: zQuand("L'heure de l'étape"),
    note: zChamps.texteOptionnel('La note', 1000),
    ...position,
  })
  .superRefine(positionEnPaire)
  .superRefine((v, ctx) => {
    if (v.statut === 'Problemes mécaniques' && !v.note) {
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'Décrivez le problème mécanique dans la note.',
      });
    }
  });
export type EtapeBody = z.infer<typeof EtapeBody>;

export const LivraisonBody = z
  .object({
    id_client: zIdClient,
    receptionnaire: zChamps.texte('Le nom du réceptionnaire', 255),
    date: zQuand("L'heure de la livraison"),
    code: zChamps.texteOptionnel('Le code de livraison', 20),
    note: zChamps.texteOptionnel('La note', 1000),
    signature: zFichierEnvoye('signature', 'La signature du réceptionnaire est obligatoire.'),
    photos: z
      .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(zPhoto('photos')))
      .pipe(
        z
          .array(z.any())
          .max(LIVRAISON_PHOTOS_MAX, { error: `Au plus ${LIVRAISON_PHOTOS_MAX} photos par livraison.` }),
      ),
    ...position,
  })
  .superRefine(positionEnPaire);
export type LivraisonBody = z.infer<typeof LivraisonBody>;

export const CarburantBody = z.object({
  id_client: zIdClient,
  course_id: zChamps.idOptionnel('La course'),
  vehicule_id: zChamps.idOptionnel('Le véhicule'),
  date: zQuand("L'heure du plein"),
  litres: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v.replace(',', '.')) : v),
    z
      .number({ error: 'Les litres sont obligatoires.' })
      .refine((v) => Number.isFinite(v) && v > 0 && v <= 2000, {
        error: 'Les litres doivent être un nombre entre 0 et 2000.',
      }),
  ),
  montant: zMontant('Le montant', { min: 1 }),
  station: zChamps.texteOptionnel('La station', 120),
  kilometrage: zChamps.entierOptionnel('Le compteur', 0, 10_000_000),
  plein: zBool.default(false),
  photo: zPhoto('photo').optional(),
  ...position,
});
export type CarburantBody = z.infer<typeof CarburantBody>;

export const FraisBody = z.object({
  id_client: zIdClient,
  course_id: zChamps.id('La course'),
  date: zQuand("L'heure de la dépense"),
  type: z.enum(FRAIS_TYPES, { error: "Le type de frais n'est pas valide." }),
  montant: zMontant('Le montant', { min: 1 }),
  note: zChamps.texteOptionnel('La note', 1000),
  photo: zPhoto('photo').optional(),
  ...position,
});
export type FraisBody = z.infer<typeof FraisBody>;

export const IncidentBody = z.object({
  id_client: zIdClient,
  course_id: zChamps.idOptionnel('La course'),
  vehicule_id: zChamps.idOptionnel('Le véhicule'),
  date: zQuand("L'heure de l'incident"),
  type: z.enum(INCIDENT_TYPES, { error: "Le type d'incident n'est pas valide." }),
  note: zChamps.texte('La note', 1000),
  photo: zPhoto('photo').optional(),
  ...position,
});
export type IncidentBody = z.infer<typeof IncidentBody>;

/** One fix of the phone (`watchPosition` while the app is open). */
const PositionTelephone = z.object({
  date: zQuand("L'heure de la position"),
  lat: z
    .number({ error: 'La latitude doit être un nombre entre -90 et 90.' })
    .min(-90, {
      error: 'La latitude doit être un nombre entre -90 et 90.',
    })
    .max(90, { error: 'La latitude doit être un nombre entre -90 et 90.' }),
  lng: z
    .number({ error: 'La longitude doit être un nombre entre -180 et 180.' })
    .min(-180, {
      error: 'La longitude doit être un nombre entre -180 et 180.',
    })
    .max(180, { error: 'La longitude doit être un nombre entre -180 et 180.' }),
  precision_m: zChamps.entierOptionnel('La précision', 0, 100_000),
  /** km/h */
  vitesse: z.number({ error: 'La vitesse doit être un nombre.' }).min(0).max(400).nullish(),
  cap: z.number({ error: 'Le cap doit être un nombre.' }).min(0).max(360).nullish(),
  altitude: z.number({ error: "L'altitude doit être un nombre." }).min(-500).max(9000).nullish(),
});

/** A batch of the phone's positions, oldest first (what waited offline included). */
export const PositionsBody = z.object({
  positions: z
    .array(PositionTelephone, { error: 'Envoyez les positions dans un tableau « positions ».' })
    .min(1, { error: 'Envoyez au moins une position.' })
    .max(POSITIONS_LOT_MAX, { error: `Au plus ${POSITIONS_LOT_MAX} positions par envoi.` }),
  /** The vehicle he drives, when the API cannot tell (no open course, no vehicle assigned to him). */
  vehicule_id: zChamps.idOptionnel('Le véhicule'),
});
export type PositionsBody = z.infer<typeof PositionsBody>;

// ---------- Answers ----------

/** How the office handled an incident: what it did, who, when. */
export const TraitementOut = z.object({ note: z.string(), par: z.string(), le: z.string() });
export type TraitementOut = z.infer<typeof TraitementOut>;

/** The driver's phone as a GPS device of the company: what Traccar Client needs, pre-filled. */
export const TelephoneChauffeurOut = z.object({
  appareil_id: z.number(),
  identifiant: z.string(),
  cle: z.string(),
  vehicule: z.object({ id: z.number(), plaque: z.string() }).nullable(),
});
export type TelephoneChauffeurOut = z.infer<typeof TelephoneChauffeurOut>;

export const PositionsOut = TelephoneChauffeurOut.extend({
  /** Positions received (a position sent twice is stored once). */
  recues: z.number(),
});
export type PositionsOut = z.infer<typeof PositionsOut>;

const Ville = z.object({ id: z.number(), libelle: z.string() });
const Position = { lat: z.number().nullable(), lng: z.number().nullable() };

export const EtapeOut = z.object({
  id: z.number(),
  id_client: z.string(),
  statut: z.enum(COURSE_STATUTS),
  statut_precedent: z.string().nullable(),
  /** false: recorded after the course had moved past it (the office shows it « reçue après coup »), the course did not move. */
  appliquee: z.boolean(),
  date: z.string(),
  note: z.string().nullable(),
  ...Position,
  precision_m: z.number().nullable(),
  chauffeur: z.string(),
  recu_le: z.string(),
});
export type EtapeOut = z.infer<typeof EtapeOut>;

export const LivraisonOut = z.object({
  id: z.number(),
  id_client: z.string(),
  receptionnaire: z.string(),
  date: z.string(),
  code_verifie: z.boolean(),
  note: z.string().nullable(),
  ...Position,
  /** The photo ids (`GET /api/photos-chauffeur/{id}` for the office). */
  signature_id: z.number().nullable(),
  photo_ids: z.array(z.number()),
  chauffeur: z.string(),
  recu_le: z.string(),
});
export type LivraisonOut = z.infer<typeof LivraisonOut>;

/** A fuel record, an expense or an incident, as one line of a course's road log. */
export const ReleveOut = z.object({
  id: z.number(),
  id_client: z.string(),
  genre: z.enum(['carburant', 'frais', 'incident']),
  course_id: z.number().nullable(),
  vehicule: z.object({ id: z.number(), plaque: z.string() }).nullable(),
  date: z.string(),
  /** Fuel: 'Plein' or 'Carburant'; an expense's or an incident's type. */
  type: z.string(),
  montant: z.number().nullable(),
  litres: z.number().nullable(),
  station: z.string().nullable(),
  kilometrage: z.number().nullable(),
  note: z.string().nullable(),
  ...Position,
  photo_id: z.number().nullable(),
  chauffeur: z.string(),
  recu_le: z.string(),
  /** An incident handled by the office (null until then, and for fuel and expenses). */
  traitement: TraitementOut.nullable(),
});
export type ReleveOut = z.infer<typeof ReleveOut>;

/** A course as the driver sees it: where, what, whom to call; no money. */
export const CourseChauffeurOut = z.object({
  id: z.number(),
  code: z.string(),
  quand: z.enum(['aujourdhui', 'a_venir', 'passee']),
  statut: z.enum(COURSE_STATUTS),
  /** The steps the driver may record now (the lifecycle's next states, cancellation aside). */
  etapes_possibles: z.array(z.enum(COURSE_STATUTS)),
  type_course: z.string(),
  marchandise: z.string().nullable(),
  poids_kg: z.number().nullable(),
  /** The office's notes. */
  description: z.string().nullable(),
  vehicule: z.object({ id: z.number(), plaque: z.string() }),
  client: z.object({ nom_complet: z.string(), telephone: z.string().nullable() }),
  ville_depart: Ville,
  ville_arrivee: Ville,
  adresse_chargement: z.string().nullable(),
  adresse_dechargement: z.string().nullable(),
  ...CoordonneesCourseOut,
  date_chargement: z.string(),
  date_dechargement: z.string().nullable(),
  date_chargement_reelle: z.string().nullable(),
  date_depart_reelle: z.string().nullable(),
  date_dechargement_reelle: z.string().nullable(),
  livree: z.boolean(),
  /** The office asked for a delivery code: the receiver gives it to the driver (never sent to the phone). */
  code_livraison_requis: z.boolean(),
  /** The incidents he reported on this course, the latest first, with the office's handling. */
  incidents: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      note: z.string(),
      date: z.string(),
      traitement: TraitementOut.nullable(),
    }),
  ),
  updated_at: z.string(),
});
export type CourseChauffeurOut = z.infer<typeof CourseChauffeurOut>;

export const CourseChauffeurDetailOut = CourseChauffeurOut.extend({
  etapes: z.array(EtapeOut),
  livraison: LivraisonOut.nullable(),
  releves: z.array(ReleveOut),
});
export type CourseChauffeurDetailOut = z.infer<typeof CourseChauffeurDetailOut>;

/** The office's view of a course's road log (the course detail's 'Route' tab). */
export const JournalRouteOut = z.object({
  etapes: z.array(EtapeOut),
  livraison: LivraisonOut.nullable(),
  releves: z.array(ReleveOut),
});
export type JournalRouteOut = z.infer<typeof JournalRouteOut>;

/** `GET /api/chauffeurs/activite`: the office's « Chauffeurs » view, one line per driver of the company. */
export const ChauffeurActiviteOut = z.object({
  id: z.number(),
  nom_complet: z.string(),
  telephone: z.string().nullable(),
  bloque: z.boolean(),
  /** His last request to the API (the app or the back-office). */
  last_seen_at: z.string().nullable(),
  /** The course he is on (on the road first), or waiting to load today. */
  course: z
    .object({
      id: z.number(),
      code: z.string(),
      statut: z.string(),
      trajet: z.string(),
      plaque: z.string(),
    })
    .nullable(),
  derniere_etape: z.object({ statut: z.string(), date: z.string(), course_code: z.string() }).nullable(),
  /** His phone's last position (the app open, or Traccar Client). */
  derniere_position: z.object({ heure: z.string(), latitude: z.number(), longitude: z.number() }).nullable(),
  /** Incidents he reported that the office has not handled yet, the latest first. */
  incidents: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      note: z.string(),
      date: z.string(),
      course_id: z.number().nullable(),
    }),
  ),
});
export type ChauffeurActiviteOut = z.infer<typeof ChauffeurActiviteOut>;

/** The office asks (or no longer asks) for a delivery code on a course. */
export const CodeLivraisonBody = z.object({
  exige: z.boolean({ error: 'Indiquez si le code de livraison est exigé (true ou false).' }),
});
export type CodeLivraisonBody = z.infer<typeof CodeLivraisonBody>;
export const CodeLivraisonOut = z.object({ code_livraison: z.string().nullable() });
export type CodeLivraisonOut = z.infer<typeof CodeLivraisonOut>;

/** The office's handling of an incident reported from the road. */
export const TraiterIncidentBody = z.object({
  note: zChamps.texte('La note de traitement', 1000),
});
export type TraiterIncidentBody = z.infer<typeof TraiterIncidentBody>;
