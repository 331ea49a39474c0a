// The accounts of the SYSCOHADA plan (the accounting plan used in Gabon) that automatic postings use,
// the journals, and the one check that an entry balances. The README has the same table for accountants.

export const COMPTES = {
  /** Clients: what clients owe on validated invoices. */
  clients: '411',
  /** Fournisseurs: what the company owes on validated purchases. */
  fournisseurs: '401',
  /** État, TVA facturée (collectée) sur les ventes. */
  tvaCollectee: '4431',
  /** État, TVA récupérable (déductible) sur les achats. */
  tvaDeductible: '4452',
  /** État, Contribution Spéciale de Solidarité (CSS, 1 %) collectée sur les ventes. */
  css: '4474',
  /** État, TPS (9,5 %) retenue à la source par le client : une créance sur l'État. */
  tpsRetenue: '4478',
  /** Banques (virements, chèques). */
  banque: '521',
  /** Monnaie électronique : Airtel Money, Moov Money. */
  mobileMoney: '552',
  /** Caisse (espèces). */
  caisse: '571',
  /** Achats stockés de matières et fournitures (articles du stock : pièces, lubrifiants…). */
  achatsStockes: '602',
  /** Autres achats (lignes libres d'un achat). */
  autresAchats: '605',
  /** Charges diverses payées par pièce de caisse. */
  chargesDiverses: '658',
  /** Prestations de services vendues : le transport. */
  ventesTransport: '706',
} as const;

/** Account names, for the journals, the balance générale and the README. */
export const COMPTE_LIBELLES: Record<string, string> = {
  '411': 'Clients',
  '401': 'Fournisseurs',
  '4431': 'État, TVA facturée sur ventes',
  '4452': 'État, TVA récupérable sur achats',
  '4474': 'État, Contribution Spéciale de Solidarité (CSS)',
  '4478': 'État, TPS retenue à la source',
  '521': 'Banques',
  '552': 'Monnaie électronique (mobile money)',
  '571': 'Caisse',
  '602': 'Achats stockés de matières et fournitures',
  '605': 'Autres achats',
  '658': 'Charges diverses',
  '706': 'Prestations de services (transport)',
};

/** The name of an account, or of its class when it is not one of ours (a manual entry's account). */
export function libelleCompte(compte: string): string {
  if (COMPTE_LIBELLES[compte]) return COMPTE_LIBELLES[compte]!;
  for (let n = compte.length - 1; n >= 2; n--) {
    const parent = COMPTE_LIBELLES[compte.slice(0, n)];
    if (parent) return parent;
  }
  return `Compte ${compte}`;
}

export const JOURNAUX = ['Achat', 'Vente', 'Operation Diverse', 'Banque', 'Caisse'] as const;
export type Journal = (typeof JOURNAUX)[number];

/** The treasury account and journal of a payment mode: cash → Caisse, mobile money its own account. */
export function tresorerieDuMode(mode: string): { compte: string; journal: Journal } {
  if (mode === 'Espèces') return { compte: COMPTES.caisse, journal: 'Caisse' };
  if (/money/i.test(mode)) return { compte: COMPTES.mobileMoney, journal: 'Banque' };
  return { compte: COMPTES.banque, journal: 'Banque' };
}

export interface LigneEcriture {
  compte: string;
  libelle?: string | null;
  debit: number;
  credit: number;
}

/**
 * The one check that an entry balances: at least two lines, each either a debit or a credit (integer
 * francs, ≥ 0, not both), and total debits = total credits > 0. Returns the French reason, or null.
 */
export function ecritureDesequilibre(lignes: readonly LigneEcriture[]): string | null {
  if (lignes.length < 2) return 'Une écriture comporte au moins deux lignes.';
  let debit = 0;
  let credit = 0;
  for (const l of lignes) {
    if (!Number.isInteger(l.debit) || !Number.isInteger(l.credit) || l.debit < 0 || l.credit < 0) {
      return 'Les montants au débit et au crédit sont des nombres entiers positifs de francs CFA.';
    }
    if (l.debit > 0 && l.credit > 0) return 'Une ligne est soit au débit, soit au crédit, pas les deux.';
    if (!/^\d{2,10}$/.test(l.compte))
      return `Le compte « ${l.compte} » n'est pas un numéro de compte valide.`;
    debit += l.debit;
    credit += l.credit;
  }
  if (debit === 0) return "L'écriture n'a aucun montant.";
  if (debit !== credit) {
    const f = new Intl.NumberFormat('de-DE');
    return `L'écriture n'est pas équilibrée : ${f.format(debit)} FCFA au débit, ${f.format(credit)} FCFA au crédit.`;
  }
  return null;
}

/** The reversing entry's lines: every debit becomes a credit and the other way round. */
export function contrePassation<T extends LigneEcriture>(lignes: readonly T[]): T[] {
  return lignes.map((l) => ({ ...l, debit: l.credit, credit: l.debit }));
}
