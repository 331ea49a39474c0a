import { z } from 'zod';
import { ReleveKilometrage } from './carburant.schemas';
import { zFichierEnvoye } from './files';
import {
  ANNEE_VEHICULE_MIN,
  anneeVehiculeMax,
  DOCUMENT_ETATS,
  INTERVENTION_LIGNE_KINDS,
  INTERVENTION_TYPES,
  normalisePlaque,
  PLAQUE_RE,
  VEHICULE_STATUTS,
  vehiculeDatesRefus,
} from './fleet.rules';
import { zMontantOptionnel } from './money';
import { InterventionCan, VehiculeCan } from './permissions';
import { zChamps } from './reference';

/** A vehicle's statut, in a body or a list filter. */
export const zVehiculeStatut = z.enum(VEHICULE_STATUTS, { error: "Le statut du véhicule n'est pas valide." });

// Véhicules

export const zPlaque = z
  .string({ error: 'La plaque est obligatoire.' })
  .transform(normalisePlaque)
  .pipe(
    z
      .string()
      .min(1, { error: 'La plaque est obligatoire.' })
      .min(2, { error: 'La plaque est trop courte.' })
      .max(20, { error: 'La plaque ne peut pas dépasser 20 caractères.' })
      .regex(PLAQUE_RE, {
        error: 'La plaque ne peut contenir que des lettres, des chiffres, des espaces et des tirets.',
      }),
  );

const vehiculeFields = {
  plaque: zPlaque,
  marque: zChamps.texte('La marque', 80),
  modele: zChamps.texteOptionnel('Le modèle', 80),
  type_vehicule_id: zChamps.id('Le type de véhicule'),
  /** Payload in tonnes (3.5, 32…). */
  tonnage: zChamps.nombreOptionnel('Le tonnage', 200),
  /** Defaults to the company itself. */
  proprietaire_id: zChamps.idOptionnel('Le propriétaire'),
  chauffeur_id: zChamps.idOptionnel('Le chauffeur'),
  statut: zVehiculeStatut.optional(),
  annee: zChamps
    .entierOptionnel("L'année de fabrication", ANNEE_VEHICULE_MIN, 100_000)
    .refine((v) => typeof v !== 'number' || v <= anneeVehiculeMax(), {
      error: () => `L'année de fabrication ne peut pas dépasser ${anneeVehiculeMax()}.`,
    }),
  date_mise_en_service: zChamps.dateOptionnelle('La date de mise en service'),
  /** Litres. */
  capacite_reservoir: zChamps.entierOptionnel('La capacité du réservoir', 1, 5000),
  /** L/100 km. */
  consommation_reference: zChamps.nombreOptionnel('La consommation de référence', 200),
  /** km/h: the overspeed alert's limit for this vehicle (empty: the company's). */
  vitesse_max_kmh: zChamps.entierOptionnel('La vitesse maximale', 10, 250),
};

/** Year of manufacture and commissioning date, checked together (`vehiculeDatesRefus`) on their fields. */
const vehiculeDates = (
  v: { annee?: number | null; date_mise_en_service?: string | null },
  ctx: z.RefinementCtx,
) => {
  for (const [path, message] of Object.entries(vehiculeDatesRefus(v))) {
    ctx.addIssue({ code: 'custom', path: [path], message });
  }
};

export const VehiculeBody = z
  .object({
    entreprise_id: zChamps.idOptionnel("L'entreprise"),
    ...vehiculeFields,
  })
  .superRefine(vehiculeDates);
/** The API checks a field sent alone against the other one stored (`vehiculeDatesRefus`). */
export const VehiculeUpdateBody = z.object(vehiculeFields).partial().superRefine(vehiculeDates);
export type VehiculeBody = z.infer<typeof VehiculeBody>;
export type VehiculeUpdateBody = z.infer<typeof VehiculeUpdateBody>;

// Documents

/** A file never travels in JSON: null (update: removes the attachment); a file is a multipart upload. */
const zSansFichier = z
  .null({ error: 'Le fichier se change par son envoi (multipart/form-data) ; null le retire.' })
  .optional();

const documentFields = {
  libelle: zChamps.texte('Le libellé', 160),
  association: z
    .enum(['vehicule'], { error: 'Un document est associé à un véhicule (« vehicule »).' })
    .optional(),
  camion_id: zChamps.id('Le véhicule'),
  date_expiration: zChamps.dateOptionnelle("La date d'expiration"),
  fichier: zSansFichier,
};
/** A document's fields; its file is sent afterwards, as a multipart upload (`documentFichierEndpoint`). */
export const DocumentBody = z.object({
  entreprise_id: zChamps.idOptionnel("L'entreprise"),
  ...documentFields,
});
export const DocumentUpdateBody = z
  .object({
    ...documentFields,
    /** Renames the attachment as the download names it. */
    fichier_nom: zChamps.texteOptionnel('Le nom du fichier', 255),
  })
  .partial();
export type DocumentBody = z.infer<typeof DocumentBody>;
export type DocumentUpdateBody = z.infer<typeof DocumentUpdateBody>;

/** `POST /api/documents/{id}/fichier` (multipart/form-data): the file part « fichier » joins or replaces. */
export const DocumentFichierBody = z.object({ fichier: zFichierEnvoye('fichier').optional() });

// Interventions

export const InterventionLigneBody = z
  .object({
    kind: z.enum(INTERVENTION_LIGNE_KINDS, { error: 'Une ligne est un « service » ou un « article ».' }),
    service_id: zChamps.idOptionnel('Le service'),
    article_id: zChamps.idOptionnel("L'article"),
    /** Defaults to the service's libellé or the article's name. */
    libelle: zChamps.texteOptionnel('Le libellé', 200),
    qte: zChamps.entier('La quantité', 1),
    /** Defaults to the service's montant or the article's prix_unitaire. */
    prix_unitaire: zMontantOptionnel('Le prix unitaire'),
  })
  .superRefine((l, ctx) => {
    if (l.kind === 'service' && !l.service_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['service_id'],
        message: 'Choisissez le service de cette ligne.',
      });
    }
    if (l.kind === 'article' && !l.article_id) {
      ctx.addIssue({ code: 'custom', path: ['article_id'], message: "Choisissez l'article de cette ligne." });
    }
  });
export type InterventionLigneBody = z.infer<typeof InterventionLigneBody>;

const interventionFields = {
  vehicule_id: zChamps.id('Le véhicule'),
  garage_id: zChamps.id('Le garage'),
  type: z.enum(INTERVENTION_TYPES, {
    error: (iss) =>
      iss.input === undefined
        ? "Le type d'intervention est obligatoire."
        : 'Le type doit être « Entretien » ou « Réparation ».',
  }),
  date_debut: zChamps.date('La date de début'),
  date_fin: zChamps.dateOptionnelle('La date de fin'),
  description: zChamps.texteOptionnel('La description', 2000),
  kilometrage: zChamps.entierOptionnel('Le kilométrage', 0, 10_000_000),
  /** The maintenance plan it carries out (its cycle restarts from this intervention). */
  plan_entretien_id: zChamps.idOptionnel("Le plan d'entretien"),
  lignes: z
    .array(InterventionLigneBody, { error: 'Les lignes doivent être une liste.' })
    .max(100, { error: 'Une intervention ne peut pas avoir plus de 100 lignes.' })
    .default([]),
};
const datesInOrder = (v: { date_debut: string; date_fin?: string | null }) =>
  !v.date_fin || v.date_fin >= v.date_debut;
const datesMessage = {
  path: ['date_fin'],
  error: 'La date de fin doit être postérieure ou égale à la date de début.',
};
/** Create takes the whole intervention. */
export const InterventionBody = z
  .object({ entreprise_id: zChamps.idOptionnel("L'entreprise"), ...interventionFields })
  .refine(datesInOrder, datesMessage);
/**
 * Update: a field that is not sent is not changed (the mobile apps send partial bodies); `lignes`, when
 * sent, replaces the lines, and when absent keeps them. The API checks the dates' order on the result.
 */
export const InterventionUpdateBody = z
  .object({
    ...interventionFields,
    lignes: interventionFields.lignes.unwrap().optional(),
  })
  .partial()
  .refine(
    (v) => !v.date_debut || datesInOrder({ date_debut: v.date_debut, date_fin: v.date_fin }),
    datesMessage,
  );
export type InterventionBody = z.infer<typeof InterventionBody>;
export type InterventionUpdateBody = z.infer<typeof InterventionUpdateBody>;

// Rows as the API returns them

const Personne = z.object({ id: z.number(), nom_complet: z.string() });
const Plaque = z.object({ id: z.number(), plaque: z.string() });
const stamps = { created_at: z.string(), updated_at: z.string() };

export const DocumentOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  libelle: z.string(),
  association: z.string(),
  camion_id: z.number().nullable(),
  camion: Plaque.nullable(),
  user_id: z.number().nullable(),
  date_expiration: z.string().nullable(),
  etat: z.enum(DOCUMENT_ETATS),
  /** Download address of the attachment (`/api/documents/{id}/fichier`), or null. */
  fichier: z.string().nullable(),
  fichier_nom: z.string().nullable(),
  fichier_type: z.string().nullable(),
  fichier_taille: z.number().nullable(),
  ...stamps,
});
export type DocumentOut = z.infer<typeof DocumentOut>;

export const VehiculeOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  plaque: z.string(),
  marque: z.string(),
  modele: z.string().nullable(),
  type_vehicule_id: z.number().nullable(),
  type_vehicule: z.object({ id: z.number(), libelle: z.string() }).nullable(),
  /** Payload in tonnes. */
  tonnage: z.number().nullable(),
  proprietaire_id: z.number().nullable(),
  proprietaire: Personne.nullable(),
  chauffeur_id: z.number().nullable(),
  chauffeur: Personne.nullable(),
  statut: z.string(),
  annee: z.number().nullable(),
  date_mise_en_service: z.string().nullable(),
  capacite_reservoir: z.number().nullable(),
  consommation_reference: z.number().nullable(),
  vitesse_max_kmh: z.number().nullable(),
  /** Documents expiring within DOCUMENT_ALERTE_JOURS days, the expired ones included. */
  documents_expiring: z.number(),
  documents_expired: z.number(),
  /** What the signed-in account may do with it (`vehiculeCan`). */
  can: VehiculeCan,
  ...stamps,
});
export type VehiculeOut = z.infer<typeof VehiculeOut>;
export const VehiculeDetailOut = VehiculeOut.extend({
  documents: z.array(DocumentOut),
  /** The latest odometer reading (fills, interventions, driver's app), or null. */
  compteur: ReleveKilometrage.nullable(),
});
export type VehiculeDetailOut = z.infer<typeof VehiculeDetailOut>;

export const InterventionLigneOut = z.object({
  id: z.number(),
  kind: z.string(),
  service_id: z.number().nullable(),
  article_id: z.number().nullable(),
  libelle: z.string(),
  qte: z.number(),
  prix_unitaire: z.number(),
  montant: z.number(),
});
export const InterventionOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  vehicule_id: z.number(),
  vehicule: Plaque.nullable(),
  /** The same vehicle under the specification's name (`camion.plaque`). */
  camion: Plaque.nullable(),
  garage_id: z.number(),
  garage: z.object({ id: z.number(), nom: z.string() }).nullable(),
  type: z.string(),
  date_debut: z.string(),
  date_fin: z.string().nullable(),
  /** The same dates under the names the calendar reads. */
  debut: z.string(),
  fin: z.string().nullable(),
  montant: z.number(),
  statut: z.string(),
  description: z.string().nullable(),
  kilometrage: z.number().nullable(),
  plan_entretien_id: z.number().nullable(),
  confirmed_at: z.string().nullable(),
  lignes: z.array(InterventionLigneOut),
  ...stamps,
  can: InterventionCan,
});
export type InterventionOut = z.infer<typeof InterventionOut>;
