import { z } from 'zod';
import { addDays } from './calendar';
import { dateRangeQuery, listFilters } from './list-query';

// The financial statements of SYSCOHADA révisé (2017, système normal): the bilan (actif, passif) at the last
// day of a period and the compte de résultat of the period, computed from the accounts' balances. Pure: the
// API gives each account's balance, this places it in its rubrique (references AD…DZ, TA…XI of the Acte
// uniforme's model statements) and adds up the totals. docs/etats-comptables.md says the choices.

// ---------- Compte de résultat ----------

/** A line of the compte de résultat: a rubrique fed by accounts (prefixes), or a total of earlier lines. */
export interface RubriqueResultat {
  ref: string;
  libelle: string;
  /** Account prefixes (the longest prefix of an account wins over the others). */
  comptes?: string[];
  /** A total: the sum of these lines (each already signed: produits +, charges −). */
  somme?: string[];
}

const charges = (ref: string, libelle: string, ...comptes: string[]): RubriqueResultat => ({
  ref,
  libelle,
  comptes,
});
const produits = charges;
const total = (ref: string, libelle: string, ...somme: string[]): RubriqueResultat => ({
  ref,
  libelle,
  somme,
});

/** The compte de résultat's lines in their printed order (SYSCOHADA révisé, système normal). */
export const COMPTE_DE_RESULTAT: RubriqueResultat[] = [
  produits('TA', 'Ventes de marchandises', '701'),
  charges('RA', 'Achats de marchandises', '601'),
  charges('RB', 'Variation de stocks de marchandises', '6031'),
  total('XA', 'MARGE COMMERCIALE', 'TA', 'RA', 'RB'),
  produits('TB', 'Ventes de produits fabriqués', '702', '703', '704'),
  produits('TC', 'Travaux, services vendus', '705', '706'),
  produits('TD', 'Produits accessoires', '707'),
  total('XB', "CHIFFRE D'AFFAIRES", 'TA', 'TB', 'TC', 'TD'),
  produits('TE', 'Production stockée (ou déstockage)', '73'),
  produits('TF', 'Production immobilisée', '72'),
  produits('TG', "Subventions d'exploitation", '71'),
  produits('TH', 'Autres produits', '7'),
  produits('TI', "Transferts de charges d'exploitation", '781', '78'),
  charges('RC', 'Achats de matières premières et fournitures liées', '602'),
  charges('RD', 'Variation de stocks de matières premières et fournitures liées', '6032'),
  charges('RE', 'Autres achats', '604', '605', '608', '60'),
  charges('RF', "Variation de stocks d'autres approvisionnements", '6033', '603'),
  charges('RG', 'Transports', '61'),
  charges('RH', 'Services extérieurs', '62', '63'),
  charges('RI', 'Impôts et taxes', '64'),
  charges('RJ', 'Autres charges', '65', '6'),
  // biome-ignore format: the formula reads as the statement prints it
  total('XC', 'VALEUR AJOUTÉE', 'XB', 'RA', 'RB', 'TE', 'TF', 'TG', 'TH', 'TI', 'RC', 'RD', 'RE', 'RF', 'RG', 'RH', 'RI', 'RJ'),
  charges('RK', 'Charges de personnel', '66'),
  total('XD', "EXCÉDENT BRUT D'EXPLOITATION", 'XC', 'RK'),
  produits('TJ', "Reprises d'amortissements, provisions et dépréciations", '791', '798', '799', '79'),
  charges('RL', 'Dotations aux amortissements, aux provisions et dépréciations', '681', '691', '68', '69'),
  total('XE', "RÉSULTAT D'EXPLOITATION", 'XD', 'TJ', 'RL'),
  produits('TK', 'Revenus financiers et assimilés', '77'),
  produits('TL', 'Reprises de provisions et dépréciations financières', '797'),
  produits('TM', 'Transferts de charges financières', '787'),
  charges('RM', 'Frais financiers et charges assimilées', '67'),
  charges('RN', 'Dotations aux provisions et aux dépréciations financières', '697'),
  total('XF', 'RÉSULTAT FINANCIER', 'TK', 'TL', 'TM', 'RM', 'RN'),
  total('XG', 'RÉSULTAT DES ACTIVITÉS ORDINAIRES', 'XE', 'XF'),
  produits('TN', "Produits des cessions d'immobilisations", '82'),
  produits('TO', 'Autres produits HAO', '84', '86', '88'),
  charges('RO', "Valeurs comptables des cessions d'immobilisations", '81'),
  charges('RP', 'Autres charges HAO', '83', '85', '8'),
  total('XH', 'RÉSULTAT HORS ACTIVITÉS ORDINAIRES', 'TN', 'TO', 'RO', 'RP'),
  charges('RQ', 'Participation des travailleurs', '87'),
  charges('RS', 'Impôts sur le résultat', '89'),
  total('XI', 'RÉSULTAT NET', 'XG', 'XH', 'RQ', 'RS'),
];

/** The rubrique of an account among `rubriques` (its longest matching prefix), or null. */
function rubriqueDe<T extends { ref: string; comptes?: string[] }>(compte: string, rubriques: T[]): T | null {
  let best: T | null = null;
  let longueur = 0;
  for (const r of rubriques) {
    for (const p of r.comptes ?? []) {
      if (compte.startsWith(p) && p.length > longueur) {
        best = r;
        longueur = p.length;
      }
    }
  }
  return best;
}

/** The accounts of the compte de résultat: charges (6), produits (7), hors activités ordinaires (8). */
export const COMPTES_RESULTAT = /^[678]/;

/** An account's balance: debit − credit (positive: débiteur). */
export interface SoldeCompte {
  compte: string;
  solde: number;
}

/**
 * The compte de résultat from the period's net movements of classes 6 to 8 (debit − credit): each line
 * signed as printed (produits +, charges −), totals the sums of their lines. `XI` is the net result.
 */
export function compteDeResultat(mouvements: SoldeCompte[]): Map<string, number> {
  const montants = new Map<string, number>(COMPTE_DE_RESULTAT.map((r) => [r.ref, 0]));
  for (const m of mouvements) {
    if (!COMPTES_RESULTAT.test(m.compte)) continue;
    const r = rubriqueDe(m.compte, COMPTE_DE_RESULTAT);
    if (r) montants.set(r.ref, montants.get(r.ref)! - m.solde);
  }
  for (const r of COMPTE_DE_RESULTAT) {
    if (r.somme)
      montants.set(
        r.ref,
        r.somme.reduce((s, ref) => s + montants.get(ref)!, 0),
      );
  }
  return montants;
}

// ---------- Bilan ----------

/**
 * A rubrique of the bilan. `comptes`: accounts always on this side; `debiteurs`/`crediteurs`: accounts placed
 * here only when their balance is on that side (a client in credit is a debt: « Clients, avances reçues »);
 * `amortissements`: the accounts of its depreciation (actif: shown in their own column, the net is brut −
 * amortissements).
 */
export interface RubriqueBilan {
  ref: string;
  libelle: string;
  comptes?: string[];
  debiteurs?: string[];
  crediteurs?: string[];
  amortissements?: string[];
  somme?: string[];
  /** The net result of the exercise (CJ): its accounts plus the result not closed yet. */
  resultat?: boolean;
}

const r = (ref: string, libelle: string, o: Omit<RubriqueBilan, 'ref' | 'libelle'>): RubriqueBilan => ({
  ref,
  libelle,
  ...o,
});

export const BILAN_ACTIF: RubriqueBilan[] = [
  r('AD', 'Immobilisations incorporelles', { comptes: ['21'], amortissements: ['281', '291'] }),
  r('AI', 'Immobilisations corporelles', {
    // `2`, `28`, `29`: any other fixed asset or its depreciation (the classes' catch-all).
    comptes: ['22', '23', '24', '25', '2'],
    amortissements: ['282', '283', '284', '292', '293', '294', '295', '28', '29'],
  }),
  r('AQ', 'Immobilisations financières', { comptes: ['26', '27'], amortissements: ['296', '297'] }),
  r('AZ', 'TOTAL ACTIF IMMOBILISÉ', { somme: ['AD', 'AI', 'AQ'] }),
  r('BA', 'Actif circulant HAO', { comptes: ['485', '488'], amortissements: ['498'] }),
  r('BB', 'Stocks et encours', { comptes: ['3'], amortissements: ['39'] }),
  r('BH', 'Fournisseurs, avances versées', { debiteurs: ['40'], amortissements: ['490'] }),
  r('BI', 'Clients', { debiteurs: ['41'], amortissements: ['491'] }),
  r('BJ', 'Autres créances', {
    debiteurs: ['42', '43', '44', '45', '46', '47', '48', '4'],
    amortissements: ['492', '493', '494', '495', '496', '497'],
  }),
  r('BK', 'TOTAL ACTIF CIRCULANT', { somme: ['BA', 'BB', 'BH', 'BI', 'BJ'] }),
  r('BQ', 'Titres de placement', { comptes: ['50'], amortissements: ['590'] }),
  r('BR', 'Valeurs à encaisser', { comptes: ['51'], amortissements: ['591'] }),
  r('BS', 'Banques, chèques postaux, caisse et assimilés', {
    debiteurs: ['52', '53', '54', '55', '56', '57', '58', '5'],
    amortissements: ['592', '593', '594', '599'],
  }),
  r('BT', 'TOTAL TRÉSORERIE-ACTIF', { somme: ['BQ', 'BR', 'BS'] }),
  r('BU', 'Écart de conversion-Actif', { comptes: ['478'] }),
  r('BZ', 'TOTAL GÉNÉRAL', { somme: ['AZ', 'BK', 'BT', 'BU'] }),
];

export const BILAN_PASSIF: RubriqueBilan[] = [
  r('CA', 'Capital', { comptes: ['101', '102', '103', '104', '10'] }),
  r('CB', 'Apporteurs capital non appelé (−)', { comptes: ['109'] }),
  r('CD', 'Primes liées au capital social', { comptes: ['105'] }),
  r('CE', 'Écarts de réévaluation', { comptes: ['106'] }),
  r('CF', 'Réserves indisponibles', { comptes: ['111', '112'] }),
  r('CG', 'Réserves libres', { comptes: ['113', '118', '11'] }),
  r('CH', 'Report à nouveau (+ ou −)', { comptes: ['12'] }),
  r('CJ', "Résultat net de l'exercice (bénéfice + ou perte −)", { comptes: ['13'], resultat: true }),
  r('CL', "Subventions d'investissement", { comptes: ['14'] }),
  r('CM', 'Provisions réglementées', { comptes: ['15'] }),
  r('CP', 'TOTAL CAPITAUX PROPRES ET RESSOURCES ASSIMILÉES', {
    somme: ['CA', 'CB', 'CD', 'CE', 'CF', 'CG', 'CH', 'CJ', 'CL', 'CM'],
  }),
  r('DA', 'Emprunts et dettes financières diverses', { comptes: ['16', '18'] }),
  r('DB', 'Dettes de location-acquisition', { comptes: ['17'] }),
  r('DC', 'Provisions pour risques et charges', { comptes: ['19'] }),
  r('DD', 'TOTAL DETTES FINANCIÈRES ET RESSOURCES ASSIMILÉES', { somme: ['DA', 'DB', 'DC'] }),
  r('DF', 'TOTAL RESSOURCES STABLES', { somme: ['CP', 'DD'] }),
  r('DH', 'Dettes circulantes HAO', { comptes: ['481', '482', '484'] }),
  r('DI', 'Clients, avances reçues', { crediteurs: ['41'] }),
  r('DJ', "Fournisseurs d'exploitation", { crediteurs: ['40'] }),
  r('DK', 'Dettes fiscales et sociales', { crediteurs: ['42', '43', '44'] }),
  r('DM', 'Autres dettes', { crediteurs: ['45', '46', '47', '48', '4'] }),
  r('DN', 'Provisions pour risques à court terme', { comptes: ['499'] }),
  r('DP', 'TOTAL PASSIF CIRCULANT', { somme: ['DH', 'DI', 'DJ', 'DK', 'DM', 'DN'] }),
  r('DQ', "Banques, crédits d'escompte", { comptes: ['565'] }),
  r('DR', 'Banques, établissements financiers et crédits de trésorerie', {
    crediteurs: ['52', '53', '54', '55', '56', '57', '58', '5'],
  }),
  r('DT', 'TOTAL TRÉSORERIE-PASSIF', { somme: ['DQ', 'DR'] }),
  r('DV', 'Écart de conversion-Passif', { comptes: ['479'] }),
  r('DZ', 'TOTAL GÉNÉRAL', { somme: ['DF', 'DP', 'DT', 'DV'] }),
];

/** One line of the bilan's actif: brut, amortissements and dépréciations, net. */
export interface MontantsActif {
  brut: number;
  amortissements: number;
  net: number;
}

/** Where an account of classes 1 to 5 goes: its side, its rubrique, and whether it is a depreciation. */
export function placeDansLeBilan(
  compte: string,
  solde: number,
): { cote: 'actif' | 'passif'; ref: string; amortissement: boolean } | null {
  type Candidat = { cote: 'actif' | 'passif'; ref: string; amortissement: boolean; longueur: number };
  let best: Candidat | null = null;
  const essayer = (cote: 'actif' | 'passif', ref: string, prefixes: string[] | undefined, am = false) => {
    for (const p of prefixes ?? []) {
      if (compte.startsWith(p) && (!best || p.length > best.longueur)) {
        best = { cote, ref, amortissement: am, longueur: p.length };
      }
    }
  };
  for (const [cote, rubriques] of [
    ['actif', BILAN_ACTIF],
    ['passif', BILAN_PASSIF],
  ] as const) {
    for (const rub of rubriques) {
      essayer(cote, rub.ref, rub.comptes);
      essayer(cote, rub.ref, rub.amortissements, true);
      if (solde >= 0) essayer(cote, rub.ref, rub.debiteurs);
      if (solde < 0) essayer(cote, rub.ref, rub.crediteurs);
    }
  }
  if (!best) return null;
  const { cote, ref, amortissement } = best as Candidat;
  return { cote, ref, amortissement };
}

export interface Bilan {
  actif: Map<string, MontantsActif>;
  passif: Map<string, number>;
}

/**
 * The bilan at a day from every account's cumulated balance on that day. The result not closed yet (the
 * balances of classes 6 to 8: the exercises not closed by a clôture) is added to CJ with the balance of 13,
 * so the bilan balances by construction (every entry does).
 */
export function bilan(soldes: SoldeCompte[]): Bilan {
  const actif = new Map<string, MontantsActif>(
    BILAN_ACTIF.map((x) => [x.ref, { brut: 0, amortissements: 0, net: 0 }]),
  );
  const passif = new Map<string, number>(BILAN_PASSIF.map((x) => [x.ref, 0]));
  let resultat = 0;
  for (const { compte, solde } of soldes) {
    if (solde === 0) continue;
    if (COMPTES_RESULTAT.test(compte)) {
      resultat -= solde;
      continue;
    }
    const place = placeDansLeBilan(compte, solde);
    if (!place) continue;
    if (place.cote === 'passif') {
      passif.set(place.ref, passif.get(place.ref)! - solde);
      continue;
    }
    const m = actif.get(place.ref)!;
    if (place.amortissement) m.amortissements -= solde;
    else m.brut += solde;
    m.net = m.brut - m.amortissements;
  }
  passif.set('CJ', passif.get('CJ')! + resultat);
  for (const x of BILAN_ACTIF) {
    if (!x.somme) continue;
    const parts = x.somme.map((ref) => actif.get(ref)!);
    const brut = parts.reduce((s, p) => s + p.brut, 0);
    const amortissements = parts.reduce((s, p) => s + p.amortissements, 0);
    actif.set(x.ref, { brut, amortissements, net: brut - amortissements });
  }
  for (const x of BILAN_PASSIF) {
    if (x.somme)
      passif.set(
        x.ref,
        x.somme.reduce((s, ref) => s + passif.get(ref)!, 0),
      );
  }
  return { actif, passif };
}

// ---------- The period before, the exercise ----------

/** The same days one year earlier (29/02 → 28/02). */
export function anneePrecedente(jour: string): string {
  const [a, m, j] = jour.split('-').map(Number) as [number, number, number];
  const fin = new Date(Date.UTC(a - 1, m, 0)).getUTCDate();
  return `${a - 1}-${String(m).padStart(2, '0')}-${String(Math.min(j, fin)).padStart(2, '0')}`;
}

/** The exercise is the calendar year (Acte uniforme relatif au droit comptable, art. 7). */
export const finExercice = (annee: number) => `${annee}-12-31`;
export const debutExercice = (annee: number) => `${annee}-01-01`;
export const lendemainDeCloture = (annee: number) => addDays(finExercice(annee), 1);

// ---------- Contracts ----------

export const EtatsFinanciersQuery = listFilters({
  ...dateRangeQuery,
  format: z
    .enum(['json', 'pdf', 'xlsx'], { error: 'Le format est « json », « pdf » ou « xlsx ».' })
    .optional(),
});

const LigneActif = z.object({
  ref: z.string(),
  libelle: z.string(),
  total: z.boolean(),
  brut: z.number(),
  amortissements: z.number(),
  net: z.number(),
  net_precedent: z.number(),
});
const LigneMontant = z.object({
  ref: z.string(),
  libelle: z.string(),
  total: z.boolean(),
  montant: z.number(),
  montant_precedent: z.number(),
});
export type LigneActifOut = z.infer<typeof LigneActif>;
export type LigneMontantOut = z.infer<typeof LigneMontant>;

export const EtatsFinanciersOut = z.object({
  date_debut: z.string(),
  date_fin: z.string(),
  /** The same period one year earlier (the statements' N-1 column). */
  precedent: z.object({ date_debut: z.string(), date_fin: z.string() }),
  bilan: z.object({
    actif: z.array(LigneActif),
    passif: z.array(LigneMontant),
    total_actif: z.number(),
    total_passif: z.number(),
    equilibre: z.boolean(),
  }),
  compte_de_resultat: z.array(LigneMontant),
  resultat_net: z.number(),
  chiffre_affaires: z.number(),
  /** Years before the period's last day that have entries and no clôture (their result is in CJ). */
  exercices_non_clotures: z.array(z.number()),
  /** The last closed exercise, if any. */
  dernier_exercice_clos: z.number().nullable(),
});
export type EtatsFinanciersOut = z.infer<typeof EtatsFinanciersOut>;

/** Closing an exercise: the year (the calendar year), and a superadmin's company. */
export const ClotureBody = z.object({
  annee: z
    .number({ error: "L'exercice est une année (par exemple 2025)." })
    .int({ error: "L'exercice est une année (par exemple 2025)." })
    .min(2000, { error: "L'exercice est une année à partir de 2000." })
    .max(2100, { error: "L'exercice est une année jusqu'à 2100." }),
  entreprise_id: z.number().int().positive().optional(),
});
export type ClotureBody = z.infer<typeof ClotureBody>;

export const ClotureOut = z.object({
  annee: z.number(),
  /** The day of the closing entry (31/12 of the year). */
  date: z.string(),
  /** The exercise's net result carried to 13 then to report à nouveau (12). */
  resultat: z.number(),
  ecriture_id: z.number(),
  cloture_le: z.string(),
});
export type ClotureOut = z.infer<typeof ClotureOut>;

export const CloturesOut = z.object({
  clotures: z.array(ClotureOut),
  /** The next exercise that may be closed (ended, the ones before it closed), or null. */
  prochaine: z.number().nullable(),
});
export type CloturesOut = z.infer<typeof CloturesOut>;

export const CloturesQuery = listFilters({});

/** Messages of the clôture (tested by the API). */
export const CLOTURE = {
  exerciceClos: (annee: number) =>
    `L'exercice ${annee} est clôturé : aucune écriture ne peut y être datée. Datez-la de ${annee + 1} ou après.`,
  dejaClos: (annee: number) => `L'exercice ${annee} est déjà clôturé.`,
  pasFini: (annee: number) =>
    `L'exercice ${annee} n'est pas terminé : il se clôture à partir du ${lendemainDeCloture(annee).split('-').reverse().join('/')}.`,
  avantDerniere: (annee: number, derniere: number) =>
    `L'exercice ${annee} précède le dernier exercice clôturé (${derniere}).`,
  precedentOuvert: (annee: number) => `Clôturez d'abord l'exercice ${annee}.`,
} as const;
