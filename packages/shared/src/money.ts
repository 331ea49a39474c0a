import { z } from 'zod';

// Amounts in francs CFA as people type and paste them (docs/decisions.md): `1250000`, `1 250 000` (spaces,
// no-break spaces of French Excel), `1.250.000` (the way the screens show them), `17500,00` and
// `1 250 000,00` (bank statements), `17500.00` (English Excel), `5.000 FCFA`. The franc CFA has no
// centimes: decimals are read, and refused unless they are zeros. Whatever cannot be read for sure (`12e5`,
// `1,250`, `1 25 000`, `-5000` where a negative amount makes no sense) is a French message, never a number
// changed behind the user's back. One reader for the API's schemas and the web's money input.

/** The largest amount any FCFA field accepts. */
export const MONTANT_MAX = 1_000_000_000;

export type MontantLu = { ok: true; value: number | null } | { ok: false; error: string };

/** `Le montant` → 'négatif', `La remise` → 'négative'. */
const negatif = (label: string) => (/^la\s/i.test(label) ? 'négative' : 'négatif');

export const montantMessages = (label: string) => ({
  invalide: `${label} n'est pas un nombre de francs CFA valide (exemples : 1250000, 1 250 000, 1.250.000 ou 17500,00).`,
  exposant: `${label} n'est pas un nombre de francs CFA valide : écrivez tous les chiffres, sans exposant (pas de « 12e5 »).`,
  centimes: `${label} doit être un nombre entier de francs CFA : le franc CFA n'a pas de centimes.`,
  ambigu: `${label} est illisible : une virgule suivie de trois chiffres sépare-t-elle les milliers ou des décimales ? Écrivez 1250 ou 1.250 (le franc CFA n'a pas de centimes).`,
  negatif: `${label} ne peut pas être ${negatif(label)}.`,
  max: `${label} ne peut pas dépasser 1.000.000.000 FCFA.`,
});

/** The currency written after the number: `FCFA`, `F CFA`, `XAF`, `F`. */
const DEVISE = /\s*(f\s*cfa|cfa|xaf|f)\.?$/i;
const SIGNE = /^[-\u2212+]/;
/** An integer part grouped by one separator: `1 250 000`, `1.250.000`, `1,250,000`. */
const GROUPES: Record<string, RegExp> = {
  ' ': /^\d{1,3}( \d{3})+$/,
  '.': /^\d{1,3}(\.\d{3})+$/,
  ',': /^\d{1,3}(,\d{3})+$/,
};

const lu = (value: number | null): MontantLu => ({ ok: true, value });
const refus = (error: string): MontantLu => ({ ok: false, error });

function entier(partie: string, decimale: string | null): string | null {
  const seps = new Set(partie.match(/[ .,]/g) ?? []);
  if (seps.size === 0) return /^\d+$/.test(partie) ? partie : null;
  if (seps.size > 1 || (decimale !== null && seps.has(decimale))) return null;
  const [sep] = seps;
  return GROUPES[sep!]!.test(partie) ? partie.replace(/[ .,]/g, '') : null;
}

/**
 * Reads an amount in francs CFA: a number (an integer), or text typed or pasted in any usual way. Empty
 * text (and null) reads as `null`: whether that is allowed is the field's business. `label` names the
 * field in the French messages ('Le montant').
 */
export function lireMontant(input: unknown, label = 'Le montant'): MontantLu {
  const m = montantMessages(label);
  if (input === null || input === undefined) return lu(null);
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return refus(m.invalide);
    if (!Number.isInteger(input)) return refus(m.centimes);
    if (Math.abs(input) > MONTANT_MAX) return refus(m.max);
    return lu(input === 0 ? 0 : input);
  }
  if (typeof input !== 'string') return refus(m.invalide);
  let t = input.replace(/\s+/g, ' ').trim().replace(DEVISE, '').trim();
  if (t === '') return lu(null);
  let signe = 1;
  if (SIGNE.test(t)) {
    signe = t[0] === '+' ? 1 : -1;
    t = t.slice(1).trim();
  }
  if (/\d\s*e\s*[-+]?\d/i.test(t)) return refus(m.exposant);
  if (!/^\d[\d .,]*$/.test(t) || /\d$/.test(t) === false) return refus(m.invalide);

  // A last separator followed by digits: decimals, or the last group of thousands.
  let partie = t;
  let decimales = '';
  let decimale: string | null = null;
  const fin = /^(.*\d)([.,])(\d+)$/.exec(t);
  if (fin) {
    const [, tete, sep, queue] = fin as unknown as [string, string, string, string];
    const sepsTete = new Set(tete.match(/[ .,]/g) ?? []);
    const groupe = queue.length === 3 && (sepsTete.size === 0 || (sepsTete.size === 1 && sepsTete.has(sep)));
    if (groupe && sep === ',' && sepsTete.size === 0) return refus(m.ambigu);
    if (!groupe) {
      if (sep === '.' && queue.length > 2) return refus(m.invalide);
      partie = tete;
      decimales = queue;
      decimale = sep;
    }
  }
  const chiffres = entier(partie, decimale);
  if (chiffres === null) return refus(m.invalide);
  if (/[1-9]/.test(decimales)) return refus(m.centimes);
  const n = Number(chiffres);
  if (!Number.isSafeInteger(n) || n > MONTANT_MAX) return refus(m.max);
  return lu(n === 0 ? 0 : signe * n);
}

/** `1.250.000` (no currency): an amount as a money input shows it once typed. */
export function ecrireMontant(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }).format(value);
}

export interface MontantOptions {
  /** The smallest amount accepted (default 0: no negative amount). */
  min?: number;
}

/** The message of an amount read but below `min`. */
function sousMin(label: string, min: number, v: number): string {
  if (v < 0) return montantMessages(label).negatif;
  return min === 1 ? `${label} doit être supérieur à 0 FCFA.` : `${label} doit être au moins ${min} FCFA.`;
}

/** Text and numbers read by `lireMontant`; what cannot be read is refused with its French message. */
const lire = (label: string, vide: null | undefined) => (v: unknown, ctx: z.RefinementCtx) => {
  const r = lireMontant(v, label);
  if (r.ok) return r.value ?? (v === undefined ? undefined : vide);
  ctx.addIssue({ code: 'custom', message: r.error, input: v });
  return z.NEVER;
};

const nombre = (label: string, min: number) =>
  z
    .number({ error: `${label} est obligatoire.` })
    .refine((v) => v >= min, { error: (iss) => sousMin(label, min, iss.input as number) });

/**
 * The one schema of an amount in francs CFA (API bodies and forms): a number, or text read by
 * `lireMontant`; at least `min` (default 0). Absent or empty: '{label} est obligatoire.'.
 */
export function zMontant(label: string, options: MontantOptions = {}) {
  return z.preprocess(lire(label, undefined), nombre(label, options.min ?? 0));
}

/** An optional amount: absent stays absent (an update keeps it), empty or null is null (cleared). */
export function zMontantOptionnel(label: string, options: MontantOptions = {}) {
  return z.preprocess(lire(label, null), nombre(label, options.min ?? 0).nullish());
}
