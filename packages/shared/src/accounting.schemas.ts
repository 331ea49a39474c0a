import { z } from 'zod';
import { JOURNAUX } from './accounting.plan';
import { MODES_PAIEMENT } from './operations.lifecycle';
import { zCalendarDate, zDateOperation } from './operations.schemas';
import { zChamps } from './reference';

// Bodies and answers of the accounting API, with the French messages of spec section 5.

export const FACTURE_TYPES = ['Pro forma', 'Normale', 'Avoir'] as const;
export type FactureType = (typeof FACTURE_TYPES)[number];
/** How a type is shown: a 'Normale' invoice is a 'Définitive' one. */
export const FACTURE_TYPE_LABELS: Record<FactureType, string> = {
  'Pro forma': 'Pro forma',
  Normale: 'Définitive',
  Avoir: 'Avoir',
};
/**
 * Brouillon: editable. Validée: numbered, posted, waiting for its settlement. Soldé: paid in full (or
 * fully credited). Transformée: a validated pro forma whose definitive invoice was produced.
 */
export const FACTURE_STATUTS = ['Brouillon', 'Validée', 'Soldé', 'Transformée'] as const;

export const ACHAT_STATUTS = ['Brouillon', 'Validé'] as const;
export const STATUTS_REGLEMENT = ['Non réglé', 'Partiellement réglé', 'Réglé'] as const;
export type StatutReglement = (typeof STATUTS_REGLEMENT)[number];

export function statutReglement(montant: number, regle: number): StatutReglement {
  if (regle <= 0) return 'Non réglé';
  return regle >= montant ? 'Réglé' : 'Partiellement réglé';
}

/** The gapless series of numbers, per company and year, and their default prefixes. */
export const SERIES_FACTURE = { Normale: 'FAC', 'Pro forma': 'PRO', Avoir: 'AV' } as const;

/** `FAC-2026-00042`: the 0-padded number of the year. */
export function numeroFacture(prefixe: string, annee: number, n: number): string {
  return `${prefixe}-${annee}-${String(n).padStart(5, '0')}`;
}

const numeric = (v: unknown) => {
  if (v === '' || v === null) return undefined;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return v;
};
const MONTANT_MAX = 1_000_000_000;

/** Integer francs, required: 'Le prix unitaire est obligatoire.' */
const zFrancs = (label: string, min = 0) =>
  z.preprocess(
    numeric,
    z
      .number({
        error: (iss) =>
          iss.input === undefined ? `${label} est obligatoire.` : `${label} doit être un nombre.`,
      })
      .int({ error: `${label} doit être un nombre entier de francs CFA.` })
      .min(min, {
        error:
          min === 0 ? `${label} doit être au moins 0.` : `${label} doit être supérieur à ${min - 1} FCFA.`,
      })
      .max(MONTANT_MAX, { error: `${label} ne peut pas dépasser 1.000.000.000 FCFA.` }),
  );

/** A tax rate in percent, ≥ 0, step 0.01. */
const zTaux = (label: string) =>
  z.preprocess(
    numeric,
    z
      .number({
        error: (iss) =>
          iss.input === undefined
            ? `Le taux de ${label} est obligatoire.`
            : `Le taux de ${label} doit être un nombre.`,
      })
      .min(0, { error: `Le taux de ${label} doit être au moins 0.` })
      .max(100, { error: `Le taux de ${label} ne peut pas dépasser 100 %.` })
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
        error: `Le taux de ${label} a au plus deux décimales (pas de 0,01).`,
      })
      .optional(),
  );

const zBool = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: 'Cette case doit valoir vrai ou faux.' }),
);

export const LigneFactureBody = z
  .object({
    description: z
      .string({ error: 'La description de la ligne est obligatoire.' })
      .trim()
      .min(1, { error: 'La description de la ligne est obligatoire.' })
      .max(500, { error: 'La description ne peut pas dépasser 500 caractères.' }),
    isTitle: zBool.optional().default(false),
    qte: z.preprocess(
      numeric,
      z
        .number({
          error: (iss) =>
            iss.input === undefined ? 'La quantité est obligatoire.' : 'La quantité doit être un nombre.',
        })
        .int({ error: 'La quantité doit être un nombre entier.' })
        .min(1, { error: 'La quantité doit être au moins 1.' })
        .max(1_000_000, { error: 'La quantité ne peut pas dépasser 1.000.000.' })
        .optional(),
    ),
    prix_unitaire: zFrancs('Le prix unitaire').optional(),
    reduction: zFrancs('La remise de la ligne').optional(),
    /** A line made from a course ('Ajouter des courses'). */
    course_id: zChamps.idOptionnel('La course'),
  })
  .superRefine((l, ctx) => {
    if (l.isTitle) return;
    if (l.qte === undefined)
      ctx.addIssue({ code: 'custom', path: ['qte'], message: 'La quantité est obligatoire.' });
    if (l.prix_unitaire === undefined) {
      ctx.addIssue({ code: 'custom', path: ['prix_unitaire'], message: 'Le prix unitaire est obligatoire.' });
    }
    if (
      l.qte !== undefined &&
      l.prix_unitaire !== undefined &&
      (l.reduction ?? 0) > l.qte * l.prix_unitaire
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['reduction'],
        message: 'La remise de la ligne ne peut pas dépasser son montant.',
      });
    }
  });
export type LigneFactureBody = z.infer<typeof LigneFactureBody>;

const factureShape = {
  entreprise_id: zChamps.idOptionnel("L'entreprise"),
  date_operation: zCalendarDate('La date'),
  type: z
    .enum(['Pro forma', 'Normale'], { error: 'Le type de facture est « Pro forma » ou « Normale ».' })
    .default('Pro forma'),
  client_id: zChamps.id('Le client'),
  expirable: zBool.optional().default(false),
  date_expiration: zChamps.dateOptionnelle("La date d'expiration"),
  appliquer_tva: zBool.optional().default(false),
  taux_tva: zTaux('TVA'),
  appliquer_tps: zBool.optional().default(false),
  taux_tps: zTaux('TPS'),
  appliquer_css: zBool.optional().default(false),
  taux_css: zTaux('CSS'),
  appliquer_reduction: zBool.optional().default(false),
  reduction: z.preprocess(
    numeric,
    z
      .number({ error: 'La remise doit être un nombre.' })
      .int({ error: 'La remise doit être un nombre entier de francs CFA.' })
      .min(0, { error: 'La remise doit être au moins 0.' })
      .max(MONTANT_MAX, { error: 'La remise ne peut pas dépasser 1.000.000.000 FCFA.' })
      .optional(),
  ),
  lignes: z
    .array(LigneFactureBody, { error: 'Les lignes de la facture sont obligatoires.' })
    .min(1, { error: 'Ajoutez au moins une ligne à la facture.' })
    .max(300, { error: 'Une facture ne peut pas dépasser 300 lignes.' }),
  conditions: zChamps.texteOptionnel('Les conditions', 4000),
  mentions: zChamps.texteOptionnel('Les mentions', 4000),
};

type FactureShape = {
  appliquer_tva?: boolean;
  taux_tva?: number;
  appliquer_tps?: boolean;
  taux_tps?: number;
  appliquer_css?: boolean;
  taux_css?: number;
  appliquer_reduction?: boolean;
  reduction?: number;
  expirable?: boolean;
  date_expiration?: string | null;
  date_operation?: string;
  lignes?: Array<{ isTitle?: boolean }>;
};

/** Spec section 5: each ticked tax needs its rate; a ticked discount needs its amount; a real line. */
function factureRules(v: FactureShape, ctx: z.RefinementCtx) {
  for (const [box, rate, label] of [
    ['appliquer_tva', 'taux_tva', 'TVA'],
    ['appliquer_tps', 'taux_tps', 'TPS'],
    ['appliquer_css', 'taux_css', 'CSS'],
  ] as const) {
    if (v[box] && v[rate] === undefined) {
      ctx.addIssue({ code: 'custom', path: [rate], message: `Le taux de ${label} est obligatoire.` });
    }
  }
  if (v.appliquer_reduction && v.reduction === undefined) {
    ctx.addIssue({ code: 'custom', path: ['reduction'], message: 'La remise est obligatoire.' });
  }
  if (v.expirable && !v.date_expiration) {
    ctx.addIssue({
      code: 'custom',
      path: ['date_expiration'],
      message: "La date d'expiration est obligatoire.",
    });
  }
  if (v.expirable && v.date_expiration && v.date_operation && v.date_expiration < v.date_operation) {
    ctx.addIssue({
      code: 'custom',
      path: ['date_expiration'],
      message: "La date d'expiration doit suivre la date de la facture.",
    });
  }
  if (v.lignes && v.lignes.length > 0 && v.lignes.every((l) => l.isTitle)) {
    ctx.addIssue({
      code: 'custom',
      path: ['lignes'],
      message: 'La facture doit contenir au moins une ligne chiffrée.',
    });
  }
}

export const FactureBody = z.object(factureShape).superRefine(factureRules);
export type FactureBody = z.infer<typeof FactureBody>;
export const FactureUpdateBody = z.object(factureShape).superRefine(factureRules);
export type FactureUpdateBody = z.infer<typeof FactureUpdateBody>;

/** A credit note on a validated invoice: all of it (no lines) or the lines given. */
export const AvoirBody = z.object({
  date_operation: zCalendarDate('La date').optional(),
  motif: zChamps.texteOptionnel('Le motif', 1000),
  lignes: z.array(LigneFactureBody).max(300).optional(),
});
export type AvoirBody = z.infer<typeof AvoirBody>;

export const ReglementBody = z.object({
  // A settlement records payments (Paiements) and treasury postings: the same dates as a payment's.
  date_operation: zDateOperation.optional(),
  mode: z.enum(MODES_PAIEMENT, {
    error: (iss) =>
      iss.input === undefined
        ? 'Le mode de paiement est obligatoire.'
        : "Le mode de paiement n'est pas valide.",
  }),
  montant: zFrancs('Le montant', 1),
  reference: zChamps.texteOptionnel('La référence', 100),
});
export type ReglementBody = z.infer<typeof ReglementBody>;

// ---------- Pièces de caisse ----------

const pieceShape = {
  entreprise_id: zChamps.idOptionnel("L'entreprise"),
  date_operation: zCalendarDate('La date'),
  beneficiaire: zChamps.texte('Le bénéficiaire', 160),
  decaisseur: zChamps.texte('Le décaisseur', 160),
  montant: zFrancs('Le montant', 1),
  libelle: zChamps.texte('Le libellé', 255),
  /** Rich text (HTML), sanitised by the API before it is stored. */
  motif: z
    .string({ error: 'Le motif doit être un texte.' })
    .max(20_000, { error: 'Le motif ne peut pas dépasser 20.000 caractères.' })
    .nullish(),
};
export const PieceDeCaisseBody = z.object(pieceShape);
/** A voucher's number, as its list shows it and its journal entry quotes it (`PC-6`). */
export const numeroPieceDeCaisse = (id: number) => `PC-${id}`;
export type PieceDeCaisseBody = z.infer<typeof PieceDeCaisseBody>;

// ---------- Achats ----------

export const LigneAchatBody = z
  .object({
    article_id: zChamps.idOptionnel("L'article"),
    description: zChamps.texteOptionnel('La description', 500),
    qte: z.preprocess(
      numeric,
      z
        .number({
          error: (iss) =>
            iss.input === undefined ? 'La quantité est obligatoire.' : 'La quantité doit être un nombre.',
        })
        .int({ error: 'La quantité doit être un nombre entier.' })
        .min(1, { error: 'La quantité doit être au moins 1.' })
        .max(1_000_000, { error: 'La quantité ne peut pas dépasser 1.000.000.' }),
    ),
    prix_unitaire: zFrancs('Le prix unitaire'),
  })
  .superRefine((l, ctx) => {
    if (!l.article_id && !l.description) {
      ctx.addIssue({
        code: 'custom',
        path: ['description'],
        message: 'Choisissez un article ou saisissez une description.',
      });
    }
  });

const achatShape = {
  entreprise_id: zChamps.idOptionnel("L'entreprise"),
  date_operation: zCalendarDate('La date'),
  acheteur_id: zChamps.id("L'acheteur"),
  fournisseur_id: zChamps.id('Le fournisseur'),
  lignes: z
    .array(LigneAchatBody, { error: 'Les lignes sont obligatoires.' })
    .min(1, { error: "Ajoutez au moins une ligne à l'achat." })
    .max(300),
  appliquer_tva: zBool.optional().default(false),
  taux_tva: zTaux('TVA'),
};
export const AchatBody = z.object(achatShape).superRefine((v, ctx) => {
  if (v.appliquer_tva && v.taux_tva === undefined) {
    ctx.addIssue({ code: 'custom', path: ['taux_tva'], message: 'Le taux de TVA est obligatoire.' });
  }
});
export type AchatBody = z.infer<typeof AchatBody>;

// ---------- Journaux ----------

export const OPERATIONS_FILTRE_DATES = 'La date de début et la date de fin sont obligatoires.';

export const OperationDiverseBody = z.object({
  entreprise_id: zChamps.idOptionnel("L'entreprise"),
  date_operation: zCalendarDate('La date'),
  libelle: zChamps.texte('Le libellé', 255),
  lignes: z
    .array(
      z.object({
        compte: z
          .string({ error: 'Le compte est obligatoire.' })
          .trim()
          .regex(/^\d{2,10}$/, { error: 'Le compte est un numéro du plan SYSCOHADA (2 à 10 chiffres).' }),
        libelle: zChamps.texteOptionnel('Le libellé de la ligne', 255),
        debit: zFrancs('Le débit').default(0),
        credit: zFrancs('Le crédit').default(0),
      }),
      { error: 'Les lignes sont obligatoires.' },
    )
    .min(2, { error: 'Une écriture comporte au moins deux lignes.' })
    .max(100),
});
export type OperationDiverseBody = z.infer<typeof OperationDiverseBody>;

export const JournalEnum = z.enum(JOURNAUX, { error: "Le type de journal n'est pas valide." });
