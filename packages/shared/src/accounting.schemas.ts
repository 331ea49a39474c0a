import { z } from 'zod';
import { compteRefus } from './accounting.chart';
import { zDelaiPaiement } from './accounting.echeances';
import { COMPTES_LETTRABLES, JOURNAUX, NATURES_PIECE, NATURES_PIECE_DE_CAISSE } from './accounting.plan';
import { zDateComptable, zMois } from './calendar';
import { zMontant, zMontantOptionnel } from './money';
import { MODES_PAIEMENT } from './operations.lifecycle';
import { zDateOperation } from './operations.schemas';
import { zChamps } from './reference';

// Bodies and answers of the accounting API, with the French messages of the specification.

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
    prix_unitaire: zMontantOptionnel('Le prix unitaire'),
    reduction: zMontantOptionnel('La remise de la ligne'),
    /** A line made from a course ('Ajouter des courses'). */
    course_id: zChamps.idOptionnel('La course'),
  })
  .superRefine((l, ctx) => {
    if (l.isTitle) return;
    if (l.qte === undefined)
      ctx.addIssue({ code: 'custom', path: ['qte'], message: 'La quantité est obligatoire.' });
    if (l.prix_unitaire === undefined || l.prix_unitaire === null) {
      ctx.addIssue({ code: 'custom', path: ['prix_unitaire'], message: 'Le prix unitaire est obligatoire.' });
    }
    if (
      l.qte !== undefined &&
      l.prix_unitaire !== undefined &&
      l.prix_unitaire !== null &&
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

const zLignesFacture = z
  .array(LigneFactureBody, { error: 'Les lignes de la facture doivent être une liste.' })
  .min(1, { error: 'Ajoutez au moins une ligne à la facture.' })
  .max(300, { error: 'Une facture ne peut pas dépasser 300 lignes.' });

const factureShape = {
  entreprise_id: zChamps.idOptionnel("L'entreprise"),
  date_operation: zDateComptable('La date'),
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
  reduction: zMontantOptionnel('La remise'),
  /** The lines, under the specification's name (description, isTitle, qte, prix_unitaire…). */
  content: zLignesFacture.optional(),
  /** The same lines under their former name, still accepted (one of the two). */
  lignes: zLignesFacture.optional(),
  conditions: zChamps.texteOptionnel('Les conditions', 4000),
  mentions: zChamps.texteOptionnel('Les mentions', 4000),
  /** The payment term, giving the due date; absent or null: the client's, else the company's (settings). */
  delai_paiement: zDelaiPaiement.nullish(),
};

type FactureShape = {
  appliquer_tva?: boolean;
  taux_tva?: number;
  appliquer_tps?: boolean;
  taux_tps?: number;
  appliquer_css?: boolean;
  taux_css?: number;
  appliquer_reduction?: boolean;
  reduction?: number | null;
  expirable?: boolean;
  date_expiration?: string | null;
  date_operation?: string;
  content?: Array<{ isTitle?: boolean }>;
  lignes?: Array<{ isTitle?: boolean }>;
};

/** The specification's rules: each ticked tax needs its rate; a ticked discount needs its amount; a real line. */
function factureRules(v: FactureShape, ctx: z.RefinementCtx, partial = false) {
  for (const [box, rate, label] of [
    ['appliquer_tva', 'taux_tva', 'TVA'],
    ['appliquer_tps', 'taux_tps', 'TPS'],
    ['appliquer_css', 'taux_css', 'CSS'],
  ] as const) {
    if (v[box] && v[rate] === undefined) {
      ctx.addIssue({ code: 'custom', path: [rate], message: `Le taux de ${label} est obligatoire.` });
    }
  }
  if (v.appliquer_reduction && (v.reduction === undefined || v.reduction === null)) {
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
  const champ = v.content === undefined && v.lignes !== undefined ? 'lignes' : 'content';
  const lignes = v.content ?? v.lignes;
  if (lignes === undefined) {
    if (partial) return;
    ctx.addIssue({ code: 'custom', path: [champ], message: 'Les lignes de la facture sont obligatoires.' });
  } else if (v.content !== undefined && v.lignes !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['lignes'],
      message: 'Les lignes se donnent une seule fois : dans « content » (« lignes » en est l’ancien nom).',
    });
  } else if (lignes.length > 0 && lignes.every((l) => l.isTitle)) {
    ctx.addIssue({
      code: 'custom',
      path: [champ],
      message: 'La facture doit contenir au moins une ligne chiffrée.',
    });
  }
}

/**
 * An invoice's body: its lines under `content` (the specification's name, what the mobile apps send) or
 * `lignes` (its former name), read as `lignes` by the API.
 */
const factureBody = () =>
  z
    .object(factureShape)
    .superRefine(factureRules)
    .transform(({ content, lignes, ...rest }) => ({ ...rest, lignes: (content ?? lignes)! }));
export const FactureBody = factureBody();
export type FactureBody = z.infer<typeof FactureBody>;
/**
 * An update sends only what changes (docs/decisions.md): every field optional (the lines under `content`
 * or `lignes` too, read as `lignes` by the API); the API completes the body with the invoice as stored
 * before computing it. A plain object, so the route builder can tell the fields sent from the defaults.
 */
export const FactureUpdateBody = z
  .object(factureShape)
  .partial()
  .superRefine((v, ctx) => factureRules(v, ctx, true));
export type FactureUpdateBody = z.infer<typeof FactureUpdateBody>;

/** A credit note on a validated invoice: all of it (no lines) or the lines given. */
export const AvoirBody = z.object({
  date_operation: zDateComptable('La date').optional(),
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
  montant: zMontant('Le montant', { min: 1 }),
  reference: zChamps.texteOptionnel('La référence', 100),
});
export type ReglementBody = z.infer<typeof ReglementBody>;

// ---------- Pièces de caisse ----------

const zNature = z.enum(NATURES_PIECE, {
  error: `La nature doit être l'une de : ${NATURES_PIECE.map((n) => NATURES_PIECE_DE_CAISSE[n].libelle).join(', ')}.`,
});
const pieceShape = {
  entreprise_id: zChamps.idOptionnel("L'entreprise"),
  date_operation: zDateComptable('La date'),
  beneficiaire: zChamps.texte('Le bénéficiaire', 160),
  decaisseur: zChamps.texte('Le décaisseur', 160),
  montant: zMontant('Le montant', { min: 1 }),
  libelle: zChamps.texte('Le libellé', 255),
  /** Rich text (HTML), sanitised by the API before it is stored. */
  motif: z
    .string({ error: 'Le motif doit être un texte.' })
    .max(20_000, { error: 'Le motif ne peut pas dépasser 20.000 caractères.' })
    .nullish(),
  /** What it paid for: decides its charge account (NATURES_PIECE_DE_CAISSE). */
  nature: zNature.optional().default('divers'),
  /** The recoverable TVA included in the amount (only for a nature whose TVA is recoverable). */
  tva: zMontant('La TVA récupérable').optional().default(0),
};
/** The TVA of a voucher: only where its nature allows it, and less than its amount. */
export function pieceTvaRefus(v: { nature?: string; tva?: number; montant?: number }): string | null {
  if (!v.tva) return null;
  const nature = NATURES_PIECE_DE_CAISSE[(v.nature ?? 'divers') as keyof typeof NATURES_PIECE_DE_CAISSE];
  if (!nature?.compteTva) {
    return `La TVA n'est pas récupérable sur une dépense de nature « ${nature?.libelle ?? v.nature} ».`;
  }
  if (v.montant !== undefined && v.tva >= v.montant) return 'La TVA doit être inférieure au montant payé.';
  return null;
}
const pieceRules = (v: { nature?: string; tva?: number; montant?: number }, ctx: z.RefinementCtx) => {
  const refus = pieceTvaRefus(v);
  if (refus) ctx.addIssue({ code: 'custom', path: ['tva'], message: refus });
};
export const PieceDeCaisseBody = z.object(pieceShape).superRefine(pieceRules);
/** A voucher's number, as its list shows it and its journal entry quotes it (`PC-6`). */
export const numeroPieceDeCaisse = (id: number) => `PC-${id}`;
export type PieceDeCaisseBody = z.infer<typeof PieceDeCaisseBody>;
/** An update sends only what changes: a missing field stays as it is, `null` clears the motif. */
export const PieceDeCaisseUpdateBody = z
  .object({ ...pieceShape, nature: zNature, tva: zMontant('La TVA récupérable') })
  .partial();
export type PieceDeCaisseUpdateBody = z.infer<typeof PieceDeCaisseUpdateBody>;

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
    prix_unitaire: zMontant('Le prix unitaire'),
    /** The line's TVA rate when it differs from the purchase's (mixed rates on one supplier invoice). */
    taux_tva: zTaux('TVA de la ligne').nullish(),
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
  date_operation: zDateComptable('La date'),
  acheteur_id: zChamps.id("L'acheteur"),
  fournisseur_id: zChamps.id('Le fournisseur'),
  lignes: z
    .array(LigneAchatBody, { error: 'Les lignes sont obligatoires.' })
    .min(1, { error: "Ajoutez au moins une ligne à l'achat." })
    .max(300),
  appliquer_tva: zBool.optional().default(false),
  taux_tva: zTaux('TVA'),
  /** The CSS (1 %) a Gabonese supplier invoices on its HT total. */
  appliquer_css: zBool.optional().default(false),
  taux_css: zTaux('CSS'),
};
const achatRules = (
  v: { appliquer_tva?: boolean; taux_tva?: number; appliquer_css?: boolean; taux_css?: number },
  ctx: z.RefinementCtx,
) => {
  if (v.appliquer_tva && v.taux_tva === undefined) {
    ctx.addIssue({ code: 'custom', path: ['taux_tva'], message: 'Le taux de TVA est obligatoire.' });
  }
  if (v.appliquer_css && v.taux_css === undefined) {
    ctx.addIssue({ code: 'custom', path: ['taux_css'], message: 'Le taux de CSS est obligatoire.' });
  }
};
export const AchatBody = z.object(achatShape).superRefine(achatRules);
export type AchatBody = z.infer<typeof AchatBody>;
/** An update sends only what changes; the API completes it with the purchase as stored. */
export const AchatUpdateBody = z.object(achatShape).partial().superRefine(achatRules);
export type AchatUpdateBody = z.infer<typeof AchatUpdateBody>;

// ---------- Journaux ----------

export const JOURNAL_FILTRE_DATES = 'La date de début et la date de fin sont obligatoires.';
/** A superadmin's journals and balance without a company: each company keeps its own books. */
export const JOURNAL_ENTREPRISE =
  'Choisissez une entreprise : les journaux et la balance générale se tiennent par entreprise.';

export const OperationDiverseBody = z.object({
  entreprise_id: zChamps.idOptionnel("L'entreprise"),
  date_operation: zDateComptable('La date'),
  libelle: zChamps.texte('Le libellé', 255),
  lignes: z
    .array(
      z.object({
        compte: z
          .string({ error: 'Le compte est obligatoire.' })
          .trim()
          .regex(/^\d{2,10}$/, { error: 'Le compte est un numéro du plan SYSCOHADA (2 à 10 chiffres).' })
          // An account of the chart, or a finer one under it (the API checks that it is opened).
          .superRefine((compte, ctx) => {
            const refus = compteRefus(compte, { connu: false, ouvrir: true });
            if (refus) ctx.addIssue({ code: 'custom', message: refus });
          }),
        /** Opens this sub-account of the chart (`5211` under 521) with this entry: an explicit step. */
        nouveau_sous_compte: zBool.optional().default(false),
        libelle: zChamps.texteOptionnel('Le libellé de la ligne', 255),
        debit: zMontant('Le débit').default(0),
        credit: zMontant('Le crédit').default(0),
      }),
      { error: 'Les lignes sont obligatoires.' },
    )
    .min(2, { error: 'Une écriture comporte au moins deux lignes.' })
    .max(100),
});
export type OperationDiverseBody = z.infer<typeof OperationDiverseBody>;

export const JournalEnum = z.enum(JOURNAUX, { error: "Le type de journal n'est pas valide." });

// ---------- Lettrage ----------

export const LETTRAGE_COMPTE =
  'Le compte est 411 (clients), 4191 (avances des clients) ou 401 (fournisseurs).';

/** `GET /api/comptabilite/lettrage?compte=&tiers=&etat=`: a third party's lines on a matched account. */
export const LettrageQuery = z.object({
  compte: z.enum(COMPTES_LETTRABLES, { error: LETTRAGE_COMPTE }).optional(),
  tiers: zChamps.filtreId('du tiers'),
  /** ouvertes (not matched), lettrees, or both when absent. */
  etat: z
    .enum(['ouvertes', 'lettrees'], { error: "L'état est « ouvertes » ou « lettrees »." })
    .optional()
    .catch(undefined),
  entreprise: zChamps.filtreId("d'entreprise"),
});
export type LettrageQuery = z.infer<typeof LettrageQuery>;

/** `POST /api/comptabilite/lettrage`: lines of one account and third party whose debits equal credits. */
export const LettrerBody = z.object({
  lignes: z
    .array(zChamps.id('La ligne'), { error: 'Choisissez les lignes à lettrer.' })
    .min(2, { error: 'Choisissez au moins deux lignes à lettrer.' })
    .max(500, { error: 'Lettrez au plus 500 lignes à la fois.' }),
});
export type LettrerBody = z.infer<typeof LettrerBody>;

/** `POST /api/comptabilite/lettrage/delettrer`: every line of the letter is open again. */
export const DelettrerBody = z.object({
  lettrage: zChamps.id('Le lettrage'),
});
export type DelettrerBody = z.infer<typeof DelettrerBody>;

// ---------- Déclaration de TVA ----------

/** `?mois=2026-05`: the month whose TVA is settled (its last day dates the entry). */
export const DeclarationTvaQuery = z.object({
  mois: zMois(),
  entreprise: zChamps.filtreId("d'entreprise"),
});
export type DeclarationTvaQuery = z.infer<typeof DeclarationTvaQuery>;
