import { z } from 'zod';
import { DELAI_CODES } from './accounting.echeances';
import { isCalendarDate } from './calendar';
import { dateRangeQuery, IdParams, listFilters, zIdFilter } from './list-query';

// The accountant's reports (issue 29): balance âgée clients, relevé de compte of a client, grand livre, the
// export of the period's entries for the accountant's software. Queries and answers; the API serves them
// (`/api/comptabilite/…`), each as JSON or as a file (`format`).

const zJour = (label: string) =>
  z
    .string()
    .refine(isCalendarDate, { error: `${label} doit être une date au format AAAA-MM-JJ.` })
    .optional();

const zFormat = <const T extends readonly [string, ...string[]]>(formats: T) =>
  z
    .enum(formats, {
      error: `Le format est ${formats
        .map((f) => `« ${f} »`)
        .join(', ')
        .replace(/, ([^,]*)$/, ' ou $1')}.`,
    })
    .optional();

/** `?compte=52`: an account of the chart or the accounts under it (a prefix of digits). */
export const COMPTE_FILTRE_INVALIDE = 'Le compte est un numéro du plan SYSCOHADA (1 à 10 chiffres).';
/** `?tiers=client:12` or `?tiers=fournisseur:3`. */
export const TIERS_INVALIDE =
  'Le tiers s’écrit « client:<identifiant> » ou « fournisseur:<identifiant> » (par exemple client:12).';

export const BalanceAgeeQuery = listFilters({
  /** The day the ages are counted on (default: today in Libreville). */
  date: zJour('La date'),
  client: zIdFilter('Le client'),
  format: zFormat(['json', 'pdf', 'xlsx'] as const),
});

export const GrandLivreQuery = listFilters({
  ...dateRangeQuery,
  compte: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, { error: COMPTE_FILTRE_INVALIDE })
    .optional(),
  tiers: z
    .string()
    .trim()
    .regex(/^(client|fournisseur):[1-9]\d{0,9}$/, { error: TIERS_INVALIDE })
    .optional(),
  format: zFormat(['json', 'pdf', 'xlsx'] as const),
});

export const ExportComptableQuery = listFilters({
  ...dateRangeQuery,
  format: zFormat(['csv', 'xlsx'] as const),
});

export const ReleveCompteQuery = listFilters({
  ...dateRangeQuery,
  format: zFormat(['json', 'pdf'] as const),
});
export const ReleveCompteParams = IdParams;

const montants = {
  non_echu: z.number(),
  j0_30: z.number(),
  j31_60: z.number(),
  j61_90: z.number(),
  plus_90: z.number(),
  total: z.number(),
};
export const AgeMontants = z.object(montants);
export type AgeMontants = z.infer<typeof AgeMontants>;

export const FactureOuverteOut = z.object({
  id: z.number(),
  numero: z.string(),
  date_operation: z.string(),
  date_echeance: z.string(),
  delai_paiement: z.enum(DELAI_CODES),
  net_a_payer: z.number(),
  /** What remains due on the day of the balance. */
  reste: z.number(),
  /** Days past the due date (negative: not due yet). */
  retard: z.number(),
  tranche: z.string(),
});
export type FactureOuverteOut = z.infer<typeof FactureOuverteOut>;

export const BalanceAgeeClientOut = z.object({
  client_id: z.number(),
  client_nom: z.string(),
  ...montants,
  factures: z.array(FactureOuverteOut),
});
export type BalanceAgeeClientOut = z.infer<typeof BalanceAgeeClientOut>;

export const BalanceAgeeOut = z.object({
  date: z.string(),
  clients: z.array(BalanceAgeeClientOut),
  totaux: AgeMontants,
});
export type BalanceAgeeOut = z.infer<typeof BalanceAgeeOut>;

export const TiersOut = z.object({
  type: z.enum(['client', 'fournisseur']),
  id: z.number(),
  nom: z.string(),
});
export type TiersOut = z.infer<typeof TiersOut>;

export const LigneGrandLivreOut = z.object({
  id: z.number(),
  ecriture_id: z.number(),
  date_operation: z.string(),
  journal: z.string(),
  piece: z.string().nullable(),
  libelle: z.string(),
  /** The client or supplier of a line of a third-party account (40, 41), else null. */
  tiers: z.string().nullable(),
  debit: z.number(),
  credit: z.number(),
  /** The account's balance after this line (debit − credit), from the opening balance. */
  solde: z.number(),
});
export type LigneGrandLivreOut = z.infer<typeof LigneGrandLivreOut>;

export const CompteGrandLivreOut = z.object({
  compte: z.string(),
  libelle: z.string(),
  solde_ouverture: z.number(),
  lignes: z.array(LigneGrandLivreOut),
  total_debit: z.number(),
  total_credit: z.number(),
  solde_cloture: z.number(),
});
export type CompteGrandLivreOut = z.infer<typeof CompteGrandLivreOut>;

export const GrandLivreOut = z.object({
  date_debut: z.string(),
  date_fin: z.string(),
  compte: z.string().nullable(),
  tiers: TiersOut.nullable(),
  comptes: z.array(CompteGrandLivreOut),
  totaux: z.object({
    solde_ouverture: z.number(),
    debit: z.number(),
    credit: z.number(),
    solde_cloture: z.number(),
  }),
});
export type GrandLivreOut = z.infer<typeof GrandLivreOut>;

export const LigneReleveCompteOut = z.object({
  ecriture_id: z.number(),
  date_operation: z.string(),
  piece: z.string().nullable(),
  libelle: z.string(),
  /** The invoice's due date (an invoice's line). */
  date_echeance: z.string().nullable(),
  debit: z.number(),
  credit: z.number(),
  solde: z.number(),
});
export type LigneReleveCompteOut = z.infer<typeof LigneReleveCompteOut>;

export const ReleveCompteOut = z.object({
  client: z.object({
    id: z.number(),
    nom_complet: z.string(),
    adresse: z.string().nullable(),
    bp: z.string().nullable(),
    telephone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  date_debut: z.string(),
  date_fin: z.string(),
  solde_ouverture: z.number(),
  lignes: z.array(LigneReleveCompteOut),
  total_debit: z.number(),
  total_credit: z.number(),
  solde_cloture: z.number(),
  /** What remains due on its invoices at the end of the period, by age. */
  age: AgeMontants,
  /**
   * The balance that no open invoice explains: money received on courses not invoiced yet (advances) or
   * paid beyond an invoice (negative: in the client's favour).
   */
  non_impute: z.number(),
});
export type ReleveCompteOut = z.infer<typeof ReleveCompteOut>;
