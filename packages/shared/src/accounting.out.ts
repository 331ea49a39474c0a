import { z } from 'zod';
import { zDelaiPaiement } from './accounting.echeances';
import { AchatCan, FactureCan, FactureDetailCan, PieceDeCaisseCan } from './permissions';

// Answers of the accounting API (what the screens and the mobile apps read).

const ref = z.object({ id: z.number(), nom: z.string() }).nullable();

export const LigneFactureOut = z.object({
  id: z.number(),
  description: z.string(),
  isTitle: z.boolean(),
  qte: z.number().nullable(),
  prix_unitaire: z.number().nullable(),
  reduction: z.number(),
  net_a_payer: z.number(),
  course_id: z.number().nullable(),
  course_code: z.string().nullable(),
});

export const FactureClientOut = z.object({
  id: z.number(),
  nom: z.string().nullable(),
  prenom: z.string().nullable(),
  nom_complet: z.string(),
  telephone1: z.string().nullable(),
  telephone2: z.string().nullable(),
  email: z.string().nullable(),
  adresse: z.string().nullable(),
  bp: z.string().nullable(),
});

export const FactureItemOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  numero: z.string().nullable(),
  type: z.string(),
  date_operation: z.string(),
  client_id: z.number(),
  client_nom: z.string(),
  total_ht: z.number(),
  total_ttc: z.number(),
  net_a_payer: z.number(),
  /**
   * Net à payer as it weighs on what the client owes: negative for a credit note (avoir), which is a
   * credit, not an invoice to settle (the invoice list shows it so; its `reste_a_payer` is 0).
   */
  montant_signe: z.number(),
  montant_regle: z.number(),
  reste_a_payer: z.number(),
  est_valide: z.boolean(),
  statut: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  can: FactureCan,
});
export type FactureItemOut = z.infer<typeof FactureItemOut>;

export const FactureOut = FactureItemOut.extend({
  expirable: z.boolean(),
  /** The payment term (`DELAIS_PAIEMENT`) and the due date it gives from the invoice's date. */
  delai_paiement: zDelaiPaiement,
  date_echeance: z.string(),
  date_expiration: z.string().nullable(),
  utilisateur: ref,
  client: FactureClientOut,
  appliquer_tva: z.boolean(),
  taux_tva: z.number(),
  appliquer_tps: z.boolean(),
  taux_tps: z.number(),
  appliquer_css: z.boolean(),
  taux_css: z.number(),
  appliquer_reduction: z.boolean(),
  /** The discount came off the HT total before the taxes (the company's setting when the draft was saved). */
  remise_avant_taxes: z.boolean(),
  tva: z.number(),
  tps: z.number(),
  css: z.number(),
  reduction: z.number(),
  conditions: z.string().nullable(),
  mentions: z.string().nullable(),
  content: z.array(LigneFactureOut),
  origine: z.object({ id: z.number(), numero: z.string().nullable(), type: z.string() }).nullable(),
  derivees: z.array(
    z.object({ id: z.number(), numero: z.string().nullable(), type: z.string(), net_a_payer: z.number() }),
  ),
  /** What the invoice's credit notes took back (the sum of its avoirs). */
  montant_credite: z.number(),
  /**
   * The most a new credit note on it may take back: net à payer minus the credit notes already issued
   * (what the client already paid does not lower it: the surplus is owed back to the client); 0 when the
   * invoice cannot be credited (a draft, a pro forma, an avoir).
   */
  avoir_maximum: z.number(),
  can: FactureDetailCan,
  reglements: z.array(
    z.object({
      id: z.number(),
      date_operation: z.string(),
      mode: z.string(),
      montant: z.number(),
      reference: z.string().nullable(),
    }),
  ),
  validee_le: z.string().nullable(),
});
export type FactureOut = z.infer<typeof FactureOut>;

/** A client's finished course not yet on a validated invoice ('Ajouter des courses'). */
export const CourseFacturableOut = z.object({
  id: z.number(),
  code: z.string(),
  trajet: z.string(),
  date: z.string(),
  montant: z.number(),
});
export type CourseFacturableOut = z.infer<typeof CourseFacturableOut>;

export const PieceDeCaisseOut = z.object({
  id: z.number(),
  /** `PC-{id}`: the number its journal entry quotes (`numeroPieceDeCaisse`). */
  numero: z.string(),
  entreprise_id: z.number(),
  date_operation: z.string(),
  beneficiaire: z.string(),
  decaisseur: z.string(),
  montant: z.number(),
  libelle: z.string(),
  motif: z.string().nullable(),
  nature: z.string(),
  tva: z.number(),
  actif: z.boolean(),
  statut: z.string(),
  /** What the signed-in account may do with it (`pieceDeCaisseCan`). */
  can: PieceDeCaisseCan,
  created_at: z.string(),
  updated_at: z.string(),
});
export type PieceDeCaisseOut = z.infer<typeof PieceDeCaisseOut>;

export const AchatOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  date_operation: z.string(),
  acheteur: ref,
  fournisseur: ref,
  lignes: z.array(
    z.object({
      id: z.number(),
      article_id: z.number().nullable(),
      article_nom: z.string().nullable(),
      description: z.string().nullable(),
      qte: z.number(),
      prix_unitaire: z.number(),
      montant: z.number(),
      taux_tva: z.number().nullable(),
    }),
  ),
  appliquer_tva: z.boolean(),
  taux_tva: z.number(),
  appliquer_css: z.boolean(),
  taux_css: z.number(),
  montant_ht: z.number(),
  tva_deductible: z.number(),
  css: z.number(),
  montant: z.number(),
  montant_regle: z.number(),
  statut_reglement: z.string(),
  statut: z.string(),
  reglements: z.array(
    z.object({
      id: z.number(),
      date_operation: z.string(),
      mode: z.string(),
      montant: z.number(),
      reference: z.string().nullable(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
  can: AchatCan,
});
export type AchatOut = z.infer<typeof AchatOut>;

/** One line of the journals (GET /api/operations). `solde` is the running balance of its account. */
export const LigneJournalOut = z.object({
  id: z.number(),
  ecriture_id: z.number(),
  date_operation: z.string(),
  type: z.string(),
  compte: z.string(),
  compte_libelle: z.string(),
  libelle: z.string(),
  debit: z.number(),
  credit: z.number(),
  /** Signed: debit positive, credit negative. */
  montant: z.number(),
  solde: z.number(),
  piece: z.string().nullable(),
});
export type LigneJournalOut = z.infer<typeof LigneJournalOut>;

export const EcritureOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  date_operation: z.string(),
  type: z.string(),
  libelle: z.string(),
  piece: z.string().nullable(),
  source: z.object({ type: z.string(), id: z.number(), lien: z.string().nullable() }).nullable(),
  contre_passation_de: z.number().nullable(),
  lignes: z.array(
    z.object({
      id: z.number(),
      compte: z.string(),
      compte_libelle: z.string(),
      libelle: z.string(),
      debit: z.number(),
      credit: z.number(),
    }),
  ),
  total_debit: z.number(),
  total_credit: z.number(),
  created_at: z.string(),
});
export type EcritureOut = z.infer<typeof EcritureOut>;

export const BalanceLigneOut = z.object({
  compte: z.string(),
  libelle: z.string(),
  solde_ouverture: z.number(),
  debit: z.number(),
  credit: z.number(),
  solde_cloture: z.number(),
});
export const BalanceOut = z.object({
  date_debut: z.string(),
  date_fin: z.string(),
  comptes: z.array(BalanceLigneOut),
  totaux: z.object({
    solde_ouverture: z.number(),
    debit: z.number(),
    credit: z.number(),
    solde_cloture: z.number(),
  }),
});
export type BalanceOut = z.infer<typeof BalanceOut>;

/** One line of a matched account (GET /api/comptabilite/lettrage). */
export const LigneLettrageOut = z.object({
  id: z.number(),
  ecriture_id: z.number(),
  date_operation: z.string(),
  journal: z.string(),
  piece: z.string().nullable(),
  compte: z.string(),
  tiers_id: z.number().nullable(),
  tiers: z.string().nullable(),
  libelle: z.string(),
  debit: z.number(),
  credit: z.number(),
  /** The letter's number, null while open; `code` is how it is written (A, B… AA). */
  lettrage: z.number().nullable(),
  code: z.string().nullable(),
});
export type LigneLettrageOut = z.infer<typeof LigneLettrageOut>;

/**
 * The month's TVA settlement proposed from the books: collected TVA (4431) against recoverable TVA (4452,
 * 4454) at the month's end; the difference is the TVA due (4441) or a credit to carry forward (4449). The
 * CSS stays on 4474 (collected less deductible): its balance is what is due.
 */
export const DeclarationTvaOut = z.object({
  mois: z.string(),
  date_operation: z.string(),
  tva_collectee: z.number(),
  tva_recuperable: z.number(),
  /** > 0: TVA due (4441); < 0: credit of TVA (4449). */
  solde: z.number(),
  css_due: z.number(),
  lignes: z.array(
    z.object({ compte: z.string(), libelle: z.string(), debit: z.number(), credit: z.number() }),
  ),
  /** The settlement entry of this month already recorded, if any. */
  ecriture_id: z.number().nullable(),
});
export type DeclarationTvaOut = z.infer<typeof DeclarationTvaOut>;
