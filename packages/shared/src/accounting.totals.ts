// The one computation of an invoice's totals, used by the form's live preview, the API (which stores its
// result and ignores any total a client sends), the PDF and the tests.
//
// By default everything is computed on the HT total (the specification): TVA and CSS are added as
// percentages, TPS is subtracted (withheld at source by the client), then the invoice discount is subtracted.
// With the company setting « remise déduite avant taxes » (`remise_avant_taxes`), the discount is taken off
// the HT total first and the taxes are computed on what remains, as the tax base rules do. Money is an integer
// number of francs CFA; each tax is rounded once, at invoice level, half up to the franc.

export interface LigneCalcul {
  /** A title line carries only a description and counts for nothing. */
  isTitle?: boolean | null;
  qte?: number | null;
  prix_unitaire?: number | null;
  /** Discount on the line, in francs (≥ 0, at most the line's gross amount). */
  reduction?: number | null;
}

export interface TaxesCalcul {
  appliquer_tva?: boolean | null;
  taux_tva?: number | null;
  appliquer_tps?: boolean | null;
  taux_tps?: number | null;
  appliquer_css?: boolean | null;
  taux_css?: number | null;
  appliquer_reduction?: boolean | null;
  /** Discount on the whole invoice, in francs. */
  reduction?: number | null;
  /** The discount comes off the HT total before the taxes (company setting); after them by default. */
  remise_avant_taxes?: boolean | null;
}

export interface TotauxFacture {
  /** Net amount of each line (`prix_unitaire × qte − reduction`), 0 for a title line. */
  lignes: number[];
  total_ht: number;
  tva: number;
  css: number;
  tps: number;
  reduction: number;
  /** HT + TVA + CSS (HT − discount + TVA + CSS when the discount comes before the taxes). */
  total_ttc: number;
  /** TTC − TPS − discount (TTC − TPS when the discount comes before the taxes): what the client pays. */
  net_a_payer: number;
}

const int = (v: number | null | undefined) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0;

/** A rate in percent with at most two decimals, as an integer number of hundredths of a percent. */
export function tauxEnCentiemes(taux: number | null | undefined): number {
  if (typeof taux !== 'number' || !Number.isFinite(taux) || taux <= 0) return 0;
  return Math.round(taux * 100);
}

/** `montant × taux %` rounded half up to the franc, in integer arithmetic (no floating drift). */
export function taxe(montant: number, taux: number | null | undefined): number {
  const c = tauxEnCentiemes(taux);
  if (montant <= 0 || c === 0) return 0;
  // montant ≤ 1e12 and c ≤ 10 000 keep the product under 2^53.
  return Math.floor((montant * c + 5_000) / 10_000);
}

/** Net of one line: unit price × quantity, less its discount (never below 0). */
export function montantLigneFacture(l: LigneCalcul): number {
  if (l.isTitle) return 0;
  const brut = int(l.qte) * int(l.prix_unitaire);
  return Math.max(0, brut - Math.max(0, int(l.reduction)));
}

export function totauxFacture(lignes: readonly LigneCalcul[], t: TaxesCalcul): TotauxFacture {
  const nets = lignes.map(montantLigneFacture);
  const total_ht = nets.reduce((a, b) => a + b, 0);
  const reduction = t.appliquer_reduction ? Math.max(0, int(t.reduction)) : 0;
  const avant = !!t.remise_avant_taxes;
  const base = avant ? Math.max(0, total_ht - reduction) : total_ht;
  const tva = t.appliquer_tva ? taxe(base, t.taux_tva) : 0;
  const css = t.appliquer_css ? taxe(base, t.taux_css) : 0;
  const tps = t.appliquer_tps ? taxe(base, t.taux_tps) : 0;
  const total_ttc = base + tva + css;
  return {
    lignes: nets,
    total_ht,
    tva,
    css,
    tps,
    reduction,
    total_ttc,
    net_a_payer: total_ttc - tps - (avant ? 0 : reduction),
  };
}

/**
 * A purchase's amounts: the HT total, its TVA (the lines grouped by rate, the purchase's unless a line has
 * its own, each group's tax rounded once) and the supplier's CSS on the HT total.
 */
export function totauxAchat(
  lignes: ReadonlyArray<{ montant: number; taux_tva?: number | null }>,
  t: {
    appliquer_tva?: boolean | null;
    taux_tva?: number | null;
    appliquer_css?: boolean | null;
    taux_css?: number | null;
  },
): { montant_ht: number; tva: number; css: number; montant: number } {
  const montant_ht = lignes.reduce((s, l) => s + l.montant, 0);
  const parTaux = new Map<number, number>();
  for (const l of lignes) {
    const c = tauxEnCentiemes(l.taux_tva ?? t.taux_tva);
    parTaux.set(c, (parTaux.get(c) ?? 0) + l.montant);
  }
  const tva = t.appliquer_tva ? [...parTaux].reduce((s, [c, base]) => s + taxe(base, c / 100), 0) : 0;
  const css = t.appliquer_css ? taxe(montant_ht, t.taux_css) : 0;
  return { montant_ht, tva, css, montant: montant_ht + tva + css };
}
