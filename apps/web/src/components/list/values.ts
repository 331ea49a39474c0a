import { formatDate, formatDateTime, formatMoney, formatNumber, libelleValeur } from '@yams/shared';
import { richTextToPlain } from '../form/richTextPlain';
import type { DisplayField, Labels } from './types';

/** The raw value of a field of a row: its `value` function or `row[key]`. */
export function rawValue<T>(field: DisplayField<T>, row: T): string | number | null | undefined {
  if (field.value) return field.value(row);
  const value = (row as Record<string, unknown>)[field.key];
  if (value === null || value === undefined) return value as null | undefined;
  return typeof value === 'number' ? value : String(value);
}

/** The text shown for a field (money `1.234.567 FCFA`, dates `22/11/2026`, 'Date invalide'). */
export function displayText<T>(field: DisplayField<T>, row: T): string {
  const value = rawValue(field, row);
  switch (field.format) {
    case 'money':
      return value === null || value === undefined || value === '' ? '' : formatMoney(value);
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'tag':
      return value === null || value === undefined ? '' : libelleValeur(String(value));
    case 'richText':
      return richTextToPlain(value === null || value === undefined ? null : String(value));
    case 'number':
      return value === null || value === undefined ? '' : formatNumber(value as number | string, 3);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

export function fieldLabel<T>(field: DisplayField<T>, labels: Labels): string {
  return field.label ?? labels[field.key] ?? field.key;
}

/** The API sort field of a column, if it is sortable. */
export const sortField = (field: { key: string; sort?: true | string }): string | undefined =>
  field.sort === true ? field.key : field.sort;
