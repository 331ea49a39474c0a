import { z } from 'zod';

/** The specification's "Address" messages, word for word. */
export const ADRESSE_MSG = {
  libelleObligatoire: 'Le libellé est obligatoire',
  libelleVide: 'Le libellé ne peut pas être vide',
  villeObligatoire: 'La ville est obligatoire',
  villeChoisir: 'Veuillez sélectionner une ville',
  position: 'Veuillez sélectionner une position sur la carte',
  utilisateur: "L'utilisateur n'est pas défini",
  avertissement: 'Veuillez corriger les erreurs suivantes',
  ajoutee: 'Adresse ajoutée avec succès',
  modifiee: 'Adresse modifiée avec succès',
  supprimee: 'Adresse supprimée avec succès',
  erreur: "Une erreur s'est produite lors de l'enregistrement de l'adresse",
} as const;

/** The specification's address map. */
export const ADRESSE_MAP = {
  lat: 0.4162,
  lng: 9.4673,
  zoom: 13,
  focusZoom: 16,
  maxZoom: 20,
  height: 600,
} as const;

const coord = (min: number, max: number) =>
  z.coerce
    .number({ error: ADRESSE_MSG.position })
    .refine((v) => Number.isFinite(v) && v >= min && v <= max, { error: ADRESSE_MSG.position });

const id = (error: string) =>
  z.coerce.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });

const adresseShape = {
  libelle: z
    .string({ error: ADRESSE_MSG.libelleObligatoire })
    .trim()
    .min(1, { error: ADRESSE_MSG.libelleObligatoire })
    .max(160, { error: 'Le libellé ne peut pas dépasser 160 caractères.' }),
  ville: id(ADRESSE_MSG.villeObligatoire),
  lat: coord(-90, 90),
  lng: coord(-180, 180),
  utilisateur: id(ADRESSE_MSG.utilisateur),
};

export const AdresseBody = z.object(adresseShape);
export type AdresseBody = z.infer<typeof AdresseBody>;
export const AdresseUpdateBody = z.object(adresseShape).partial();
export type AdresseUpdateBody = z.infer<typeof AdresseUpdateBody>;

export const AdresseOut = z.object({
  id: z.number(),
  libelle: z.string(),
  ville_id: z.number(),
  ville: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  utilisateur: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdresseOut = z.infer<typeof AdresseOut>;
