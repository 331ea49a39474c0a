import { csvFile, formatDate, formatDateTime, libelleValeur } from '@yams/shared';
import { richTextToPlain } from '../form/richTextPlain';
import type { DisplayField, Labels } from '../list/types';
import { fieldLabel, rawValue } from '../list/values';

/** A sheet: French headers from the entity's label dictionary, then one line per row. */
export interface ExportTable {
  headers: string[];
  rows: Array<Array<string | number>>;
}

/**
 * Rows as an export table. Money and numbers stay numbers (summable in Excel); dates are French
 * (`22/11/2026`, 'Date invalide'); everything else is text.
 */
export function exportTable<T>(rows: T[], fields: DisplayField<T>[], labels: Labels): ExportTable {
  const kept = fields.filter((f) => f.export !== false);
  return {
    headers: kept.map((f) => fieldLabel(f, labels)),
    rows: rows.map((row) =>
      kept.map((field) => {
        const value = rawValue(field, row);
        if (value === null || value === undefined) return '';
        if (field.format === 'money' || field.format === 'number') {
          const n = Number(value);
          return Number.isFinite(n) ? n : String(value);
        }
        if (field.format === 'date') return formatDate(value);
        if (field.format === 'richText') return richTextToPlain(String(value));
        if (field.format === 'datetime') return formatDateTime(value);
        if (field.format === 'tag') return libelleValeur(String(value));
        return value;
      }),
    ),
  };
}

/** CSV for a French Excel, written by the API's writer (`csvFile`: every text quoted, formulas as text). */
export const toCsv = (table: ExportTable): string => csvFile([table.headers, ...table.rows]);
