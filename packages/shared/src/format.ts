import { MSG } from './messages';

const grouping = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const numberFormats = new Map<number, Intl.NumberFormat>();

/**
 * THE number format of the product, on every screen and export: thousands grouped by a dot, decimals after
 * a comma (`1.500`, `12,5`), as amounts are (`1.500 FCFA`). `decimals`: at most that many (default 0).
 */
export function formatNumber(value: number | string | null | undefined, decimals = 0): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  let fmt = numberFormats.get(decimals);
  if (!fmt) {
    fmt = new Intl.NumberFormat('de-DE', { maximumFractionDigits: decimals });
    numberFormats.set(decimals, fmt);
  }
  return fmt.format(n);
}

/** Money is an integer number of francs CFA, shown as `1.234.567 FCFA`. */
export function formatMoney(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (n === null || n === undefined || !Number.isFinite(n)) return `0 FCFA`;
  return `${grouping.format(Math.round(n))} FCFA`;
}

/** Every instant is shown in Libreville time (UTC+1, no daylight saving), whatever the PC's zone. */
export const GABON_TIME_ZONE = 'Africa/Libreville';

const dateFmt = new Intl.DateTimeFormat('fr-FR', {
  timeZone: GABON_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFmt = new Intl.DateTimeFormat('fr-FR', {
  timeZone: GABON_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date (`date_operation`, `date_souhaitee`): `DD/MM/YYYY` as written, never shifted by a zone. */
function calendarDate(value: string): string | null {
  const m = CALENDAR_DATE.exec(value);
  if (!m) return null;
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return check.getUTCMonth() === Number(mo) - 1 && check.getUTCDate() === Number(d) ? `${d}/${mo}/${y}` : '';
}

function toInstant(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * `22/11/2026`; a calendar date stays the day written, an instant is read in Libreville time; an unreadable
 * date shows 'Date invalide'; nothing shows an empty string.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return calendarDate(value) || MSG.invalidDate;
  const d = toInstant(value);
  return d ? dateFmt.format(d) : MSG.invalidDate;
}

/** `10/12/2026 11:15` in Libreville time; a calendar date alone shows its day only. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return calendarDate(value) || MSG.invalidDate;
  const d = toInstant(value);
  return d ? dateTimeFmt.format(d).replace(',', '') : MSG.invalidDate;
}

const rateFmt = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2, useGrouping: false });

/**
 * A tax rate in percent, the French way: `9,5 %`, `18 %`, `1 %` (decimal comma, no trailing zeros, a
 * no-break space before the sign). One formatter for the invoice screen, its PDF and the lists.
 */
export function formatTaux(rate: number | string | null | undefined): string {
  const n = typeof rate === 'string' ? Number(rate) : rate;
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return `${rateFmt.format(n)}\u00a0%`;
}

/**
 * Values of the specification written there without their accents. They stay as they are on the wire (the
 * mobile apps send and read them, the database stores them) and are shown in correct French wherever a
 * person reads them: status tags, options, buttons, exports.
 */
export const LIBELLES_VALEURS: Readonly<Record<string, string>> = {
  'Problemes mécaniques': 'Problèmes mécaniques',
  'Operation Diverse': 'Opération diverse',
};

/** How a stored value reads: `Problemes mécaniques` → `Problèmes mécaniques`; any other value as it is. */
export const libelleValeur = (value: string): string => LIBELLES_VALEURS[value] ?? value;

const plie = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A place as one line: the address, then its town unless the address already names it
 * (`Tchibanga` in `Tchibanga` → `Tchibanga`, not `Tchibanga, Tchibanga`; `Port d'Owendo`, `Libreville` →
 * `Port d'Owendo, Libreville`). Accents and case aside, the town must appear as a whole word.
 */
export function lieuTexte(adresse: string | null | undefined, ville: string | null | undefined): string {
  const a = adresse?.trim() ?? '';
  const v = ville?.trim() ?? '';
  if (!a) return v;
  if (!v) return a;
  const mots = (s: string) =>
    plie(s)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const dans = mots(a).join(' ');
  const nom = mots(v).join(' ');
  return ` ${dans} `.includes(` ${nom} `) ? a : `${a}, ${v}`;
}
