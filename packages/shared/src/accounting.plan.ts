// The accounts of the SYSCOHADA plan (the accounting plan used in Gabon) that automatic postings use,
// the journals, and the one check that an entry balances. The README has the same table for accountants.

export const COMPTES = {
  /** Clients: what clients owe on validated invoices. */
  clients: '411',
  /** Clients, avances et acomptes reçus: money received for courses not invoiced yet. */
  clientsAvances: '4191',
  /** Fournisseurs: what the company owes on validated purchases. */
  fournisseurs: '401',
  /** Personnel, avances et acomptes: what a driver holds of an advance for his road expenses (avances.ts). */
  personnelAvances: '4211',
  /** État, TVA facturée (collectée) sur les ventes. */
  tvaCollectee: '4431',
  /** État, TVA due (the month's settlement when collected TVA exceeds recoverable TVA). */
  tvaDue: '4441',
  /** État, crédit de TVA à reporter (the month's settlement when recoverable TVA exceeds collected TVA). */
  creditTva: '4449',
  /** État, TVA récupérable sur achats (goods). */
  tvaDeductible: '4452',
  /** État, TVA récupérable sur services extérieurs et autres charges (repairs paid by cash voucher). */
  tvaDeductibleServices: '4454',
  /**
   * État, Contribution Spéciale de Solidarité (CSS, 1 %): collected on sales (credit), paid on purchases
   * (debit, deductible as Odoo's l10n_ga treats it); its balance is the CSS due.
   */
  css: '4474',
  /** État, avances et acomptes versés sur impôts: the TPS (9,5 %) withheld at source by the client. */
  tpsRetenue: '4492',
  /** Banques (virements, chèques). */
  banque: '521',
  /** Monnaie électronique : Airtel Money, Moov Money. */
  mobileMoney: '552',
  /** Caisse (espèces). */
  caisse: '571',
  /** Matières consommables (articles of the stock: spare parts, tyres, lubricants, filters). */
  achatsStockes: '6041',
  /** Autres achats (lignes libres d'un achat). */
  autresAchats: '605',
  /** Fournitures non stockables, autres énergies: fuel paid by cash voucher. */
  carburant: '6053',
  /** Fournitures de bureau non stockables. */
  fournitures: '6055',
  /** Autres frais de transport: tolls. */
  peage: '618',
  /** Voyages et déplacements: the driver's road expenses (meals, lodging). */
  fraisDeRoute: '6181',
  /** Entretien et réparations des biens mobiliers: repairs of the trucks paid by cash voucher. */
  entretien: '6242',
  /** Charges diverses payées par pièce de caisse. */
  chargesDiverses: '658',
  /** Prestations de services vendues : le transport. */
  ventesTransport: '706',
} as const;

/** The accounts on which lines carry a third party and are matched (lettrage): clients, advances, suppliers. */
export const COMPTES_LETTRABLES = [COMPTES.clients, COMPTES.clientsAvances, COMPTES.fournisseurs] as const;
export type CompteLettrable = (typeof COMPTES_LETTRABLES)[number];

/** Account names (SYSCOHADA révisé, 2017), for the journals, the balance générale and docs/accounting.md. */
export const COMPTE_LIBELLES: Record<string, string> = {
  '411': 'Clients',
  '4191': 'Clients, avances et acomptes reçus',
  '401': 'Fournisseurs, dettes en compte',
  '4211': 'Personnel, avances et acomptes',
  '4431': 'État, TVA facturée sur ventes',
  '4441': 'État, TVA due',
  '4449': 'État, crédit de TVA à reporter',
  '4452': 'État, TVA récupérable sur achats',
  '4454': 'État, TVA récupérable sur services extérieurs et autres charges',
  '4474': 'État, Contribution Spéciale de Solidarité (CSS)',
  '4492': 'État, avances et acomptes versés sur impôts (TPS retenue)',
  '521': 'Banques',
  '552': 'Monnaie électronique (mobile money)',
  '571': 'Caisse',
  '6041': 'Matières consommables',
  '605': 'Autres achats',
  '6053': 'Fournitures non stockables – Autres énergies',
  '6055': 'Fournitures de bureau non stockables',
  '618': 'Autres frais de transport',
  '6181': 'Voyages et déplacements',
  '6242': 'Entretien et réparations des biens mobiliers',
  '658': 'Charges diverses',
  '706': 'Services vendus (transport)',
};

/**
 * What a cash voucher paid for, and where it is posted: its charge account, and whether the TVA it
 * carries is recoverable (then on `compteTva`). Fuel, tolls and road expenses carry no recoverable TVA
 * (docs/accounting.md says why); repairs and office supplies do.
 */
export const NATURES_PIECE_DE_CAISSE = {
  carburant: { libelle: 'Carburant', compte: COMPTES.carburant, compteTva: null },
  peage: { libelle: 'Péage', compte: COMPTES.peage, compteTva: null },
  frais_de_route: { libelle: 'Frais de route', compte: COMPTES.fraisDeRoute, compteTva: null },
  entretien: {
    libelle: 'Entretien et réparations',
    compte: COMPTES.entretien,
    compteTva: COMPTES.tvaDeductibleServices,
  },
  fournitures: { libelle: 'Fournitures', compte: COMPTES.fournitures, compteTva: COMPTES.tvaDeductible },
  divers: { libelle: 'Divers', compte: COMPTES.chargesDiverses, compteTva: null },
} as const satisfies Record<string, { libelle: string; compte: string; compteTva: string | null }>;
export type NaturePieceDeCaisse = keyof typeof NATURES_PIECE_DE_CAISSE;
export const NATURES_PIECE = Object.keys(NATURES_PIECE_DE_CAISSE) as [
  NaturePieceDeCaisse,
  ...NaturePieceDeCaisse[],
];

/** A letter of lettrage from its number: 1 → A, 26 → Z, 27 → AA (as accountants write them). */
export function codeLettrage(n: number): string {
  let s = '';
  let x = n;
  while (x > 0) {
    const r = (x - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    x = Math.floor((x - 1) / 26);
  }
  return s;
}

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
  /** The client (users.id) on 411/4191, the supplier (fournisseurs.id) on 401; null elsewhere. */
  tiers_id?: number | null;
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
