// An amount in French words, for the invoice's "Arrêtée la présente facture à la somme de … francs CFA".
// French rules of 1990 spelling kept traditional: hyphens below one hundred, "et" for 21…71, "quatre-vingts"
// and "cents" take their s only at the end, "mille" never does, "million(s)" and "milliard(s)" agree.

const UNITES = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix-sept',
  'dix-huit',
  'dix-neuf',
];
const DIZAINES = [
  '',
  '',
  'vingt',
  'trente',
  'quarante',
  'cinquante',
  'soixante',
  'soixante',
  'quatre-vingt',
  'quatre-vingt',
];

function moinsDeCent(n: number, fin: boolean): string {
  if (n < 20) return UNITES[n]!;
  const d = Math.floor(n / 10);
  let u = n % 10;
  if (d === 7 || d === 9) u += 10;
  const base = DIZAINES[d]!;
  if (u === 0) return d === 8 && fin ? 'quatre-vingts' : base;
  if ((u === 1 || u === 11) && d !== 8 && d !== 9) return `${base} et ${UNITES[u]}`;
  return `${base}-${UNITES[u]}`;
}

function moinsDeMille(n: number, fin: boolean): string {
  const c = Math.floor(n / 100);
  const r = n % 100;
  const parts: string[] = [];
  if (c > 0) parts.push(c === 1 ? 'cent' : `${UNITES[c]} cent${r === 0 && fin ? 's' : ''}`);
  if (r > 0) parts.push(moinsDeCent(r, fin));
  return parts.join(' ');
}

/** 1 234 567 → 'un million deux cent trente-quatre mille cinq cent soixante-sept'. */
export function nombreEnLettres(value: number): string {
  let n = Math.trunc(Math.abs(value));
  if (n === 0) return 'zéro';
  const milliards = Math.floor(n / 1e9);
  n %= 1e9;
  const millions = Math.floor(n / 1e6);
  n %= 1e6;
  const milliers = Math.floor(n / 1000);
  const reste = n % 1000;
  const parts: string[] = [];
  if (milliards) parts.push(`${nombreEnLettres(milliards)} milliard${milliards > 1 ? 's' : ''}`);
  if (millions) parts.push(`${moinsDeMille(millions, true)} million${millions > 1 ? 's' : ''}`);
  if (milliers) parts.push(milliers === 1 ? 'mille' : `${moinsDeMille(milliers, false)} mille`);
  if (reste) parts.push(moinsDeMille(reste, true));
  return `${value < 0 ? 'moins ' : ''}${parts.join(' ')}`;
}

/** The sentence printed under an invoice's totals. */
export function arreteEnLettres(netAPayer: number, document = 'la présente facture'): string {
  return `Arrêtée ${document} à la somme de ${nombreEnLettres(netAPayer)} francs CFA`;
}
