import { MSG } from './messages';

const grouping = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** Money is an integer number of francs CFA, shown as `1.234.567 FCFA`. */
export function formatMoney(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (n === null || n === undefined || !Number.isFinite(n)) return `0 FCFA`;
  return `${grouping.format(Math.round(n))} FCFA`;
}

const dateFmt = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A calendar date (date_operation): the same day wherever the browser is.
    const [y, m, day] = value.split('-').map(Number) as [number, number, number];
    const local = new Date(y, m - 1, day);
    return local.getMonth() === m - 1 ? local : null;
  }
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `22/11/2026`; an unreadable date shows 'Date invalide'; nothing shows an empty string. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? dateFmt.format(d) : MSG.invalidDate;
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? dateTimeFmt.format(d) : MSG.invalidDate;
}
