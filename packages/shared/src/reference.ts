import { z } from 'zod';
import { zJourIso, zMois } from './calendar';
import { zMontant } from './money';
import { zRecherche, zTexteStockable } from './text';

// Field builders with French messages, shared by the reference and fleet schemas (and free to reuse).

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;
/** A numeric string from a form or a query string becomes a number; anything else is left to the schema. */
const numeric = (v: unknown) => {
  const cleaned = blankToUndefined(v);
  return typeof cleaned === 'string' && /^-?\d+(\.\d+)?$/.test(cleaned.trim()) ? Number(cleaned) : cleaned;
};

/** Ids are PostgreSQL `integer`s: anything larger is refused before reaching the database. */
const MAX_ID = 2_147_483_647;

export const zChamps = {
  /** Required text: `texte('Le libellé', 120)` → 'Le libellé est obligatoire.' */
  texte: (label: string, max: number) =>
    zTexteStockable(label, `${label} est obligatoire.`)
      .trim()
      .min(1, { error: `${label} est obligatoire.` })
      .max(max, { error: `${label} ne peut pas dépasser ${max} caractères.` }),

  /** Optional text: blank means null (cleared), absent means unchanged. */
  texteOptionnel: (label: string, max: number) =>
    zTexteStockable(label, `${label} doit être un texte.`)
      .trim()
      .max(max, { error: `${label} ne peut pas dépasser ${max} caractères.` })
      .nullish()
      .transform((v) => (v === '' ? null : v)),

  /** An integer ≥ min (francs CFA, quantities); numeric strings are accepted. */
  entier: (label: string, min = 0) =>
    z.preprocess(
      numeric,
      z
        .number({
          error: (iss) =>
            iss.input === undefined ? `${label} est obligatoire.` : `${label} doit être un nombre.`,
        })
        .int({ error: `${label} doit être un nombre entier.` })
        .min(min, {
          error: min === 0 ? `${label} ne peut pas être négatif.` : `${label} doit être au moins ${min}.`,
        })
        .max(2_000_000_000, { error: `${label} est trop grand.` }),
    ),

  /** An optional integer; blank or null clears it. */
  entierOptionnel: (label: string, min = 0, max = 2_000_000_000) =>
    z.preprocess(
      (v) => (v === '' || v === null ? null : numeric(v)),
      z
        .number({ error: `${label} doit être un nombre.` })
        .int({ error: `${label} doit être un nombre entier.` })
        .min(min, { error: `${label} doit être au moins ${min}.` })
        .max(max, { error: `${label} ne peut pas dépasser ${max}.` })
        .nullish(),
    ),

  /** An optional decimal number (tonnes…); blank or null clears it. */
  nombreOptionnel: (label: string, max: number) =>
    z.preprocess(
      (v) => (v === '' || v === null ? null : numeric(v)),
      z
        .number({ error: `${label} doit être un nombre.` })
        .min(0, { error: `${label} ne peut pas être négatif.` })
        .max(max, { error: `${label} ne peut pas dépasser ${max}.` })
        .nullish(),
    ),

  /** The id of a referenced row: `id("Le garage")` → 'Le garage est obligatoire.' */
  id: (label: string) =>
    z.preprocess(
      numeric,
      z
        .number({
          error: (iss) =>
            iss.input === undefined ? `${label} est obligatoire.` : `${label} n'est pas valide.`,
        })
        .int({ error: `${label} n'est pas valide.` })
        .positive({ error: `${label} n'est pas valide.` })
        .max(MAX_ID, { error: `${label} n'est pas valide.` }),
    ),

  /** An optional reference: blank or null clears it. */
  idOptionnel: (label: string) =>
    z.preprocess(
      (v) => (v === '' || v === null ? null : numeric(v)),
      z
        .number({ error: `${label} n'est pas valide.` })
        .int({ error: `${label} n'est pas valide.` })
        .positive({ error: `${label} n'est pas valide.` })
        .max(MAX_ID, { error: `${label} n'est pas valide.` })
        .nullish(),
    ),

  /** A calendar date `YYYY-MM-DD`. */
  date: (label: string) =>
    zJourIso((iss) =>
      iss.input === undefined || iss.input === null || iss.input === ''
        ? `${label} est obligatoire.`
        : `${label} n'est pas une date valide (AAAA-MM-JJ).`,
    ),

  dateOptionnelle: (label: string) =>
    z.preprocess(
      (v) => (v === '' ? null : v),
      zJourIso(`${label} n'est pas une date valide (AAAA-MM-JJ).`).nullish(),
    ),

  /** `req_period=YYYY-MM`: a month of the calendar. */
  mois: zMois,

  /** A list filter on an id (`?garage=3`). */
  filtreId: (label: string) =>
    z.coerce
      .number({ error: `Le filtre ${label} doit être un identifiant.` })
      .int({ error: `Le filtre ${label} doit être un identifiant.` })
      .positive({ error: `Le filtre ${label} doit être un identifiant.` })
      .max(MAX_ID, { error: `Le filtre ${label} doit être un identifiant.` })
      .optional(),

  recherche: zRecherche,
};

/** The company a new row belongs to, for a superadmin (ignored for a transporteur). */
const entreprise = { entreprise_id: zChamps.idOptionnel("L'entreprise") };

// Platform reference data (written by superadmins only).

export const VilleBody = z.object({
  code: zChamps.texte('Le code', 20).transform((v) => v.toUpperCase()),
  libelle: zChamps.texte('Le libellé', 120),
});
export const TypeMarchandiseBody = z.object({ libelle: zChamps.texte('Le libellé', 120) });
export const TypeVehiculeBody = z.object({ libelle: zChamps.texte('Le libellé', 120) });
export const TypeArticleBody = z.object({
  libelle: zChamps.texte('Le libellé', 120),
  montant: zMontant('Le montant').optional(),
});

// Company reference data.

export const ArticleBody = z.object({
  ...entreprise,
  reference: zChamps.texte('La référence', 60).transform((v) => v.toUpperCase()),
  nom: zChamps.texte('Le nom', 160),
  qte: zChamps.entier('La quantité en stock').optional(),
  prix_unitaire: zMontant('Le prix unitaire').optional(),
  type_article_id: zChamps.idOptionnel("Le type d'article"),
});
export const GarageBody = z.object({
  ...entreprise,
  nom: zChamps.texte('Le nom', 160),
  adresse: zChamps.texteOptionnel("L'adresse", 255),
  telephone: zChamps.texteOptionnel('Le téléphone', 30),
  ville_id: zChamps.idOptionnel('La ville'),
});
export const ServiceBody = z.object({
  ...entreprise,
  libelle: zChamps.texte('Le libellé', 160),
  montant: zMontant('Le montant').optional(),
});
export const FournisseurBody = z.object({
  ...entreprise,
  nom: zChamps.texte('Le nom', 160),
  telephone: zChamps.texteOptionnel('Le téléphone', 30),
  ville_id: zChamps.idOptionnel('La ville'),
});
export const TrajetBody = z.object({
  ...entreprise,
  libelle: zChamps.texte('Le libellé', 200),
  montant: zMontant('Le montant').optional(),
  ville_depart_id: zChamps.idOptionnel('La ville de départ'),
  ville_arrivee_id: zChamps.idOptionnel("La ville d'arrivée"),
});

// Rows as the API returns them.

const Libelle = z.object({ id: z.number(), libelle: z.string() });
const stamps = { created_at: z.string(), updated_at: z.string() };
const owned = { id: z.number(), entreprise_id: z.number() };

export const VilleOut = z.object({ id: z.number(), code: z.string(), libelle: z.string(), ...stamps });
export const TypeMarchandiseOut = z.object({ id: z.number(), libelle: z.string(), ...stamps });
export const TypeVehiculeOut = TypeMarchandiseOut;
export const TypeArticleOut = z.object({
  id: z.number(),
  libelle: z.string(),
  montant: z.number(),
  ...stamps,
});
export const ArticleOut = z.object({
  ...owned,
  reference: z.string(),
  nom: z.string(),
  qte: z.number(),
  prix_unitaire: z.number(),
  type_article_id: z.number().nullable(),
  types_article: Libelle.nullable(),
  ...stamps,
});
export const GarageOut = z.object({
  ...owned,
  nom: z.string(),
  adresse: z.string().nullable(),
  telephone: z.string().nullable(),
  ville_id: z.number().nullable(),
  ville: Libelle.nullable(),
  ...stamps,
});
export const ServiceOut = z.object({ ...owned, libelle: z.string(), montant: z.number(), ...stamps });
export const FournisseurOut = z.object({
  ...owned,
  nom: z.string(),
  telephone: z.string().nullable(),
  ville_id: z.number().nullable(),
  ville: Libelle.nullable(),
  ...stamps,
});
export const TrajetOut = z.object({
  ...owned,
  libelle: z.string(),
  montant: z.number(),
  ville_depart_id: z.number().nullable(),
  ville_arrivee_id: z.number().nullable(),
  ville_depart: Libelle.nullable(),
  ville_arrivee: Libelle.nullable(),
  ...stamps,
});

export type VilleOut = z.infer<typeof VilleOut>;
export type TypeMarchandiseOut = z.infer<typeof TypeMarchandiseOut>;
export type TypeVehiculeOut = z.infer<typeof TypeVehiculeOut>;
export type TypeArticleOut = z.infer<typeof TypeArticleOut>;
export type ArticleOut = z.infer<typeof ArticleOut>;
export type GarageOut = z.infer<typeof GarageOut>;
export type ServiceOut = z.infer<typeof ServiceOut>;
export type FournisseurOut = z.infer<typeof FournisseurOut>;
export type TrajetOut = z.infer<typeof TrajetOut>;

/** The reference tables served under `/api/{table}`, with their French titles (Configurations screen). */
export const REFERENCE_TABLES = {
  villes: { titre: 'Villes', plateforme: true },
  types_marchandises: { titre: 'Types de marchandise', plateforme: true },
  types_vehicules: { titre: 'Types de véhicules', plateforme: true },
  types_articles: { titre: "Types d'articles", plateforme: true },
  articles: { titre: 'Articles', plateforme: false },
  garages: { titre: 'Garages', plateforme: false },
  services: { titre: 'Services', plateforme: false },
  fournisseurs: { titre: 'Fournisseurs', plateforme: false },
  trajets: { titre: 'Trajets', plateforme: false },
} as const;
export type ReferenceTable = keyof typeof REFERENCE_TABLES;
