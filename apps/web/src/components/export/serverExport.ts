import { type ExportColumn, LIBELLES_VALEURS } from '@yams/shared';
import type { DisplayField, Labels } from '../list/types';
import { fieldLabel } from '../list/values';

/**
 * The columns of a server export (`GET {path}/export?columns=…`) from the screen's fields: label, where the
 * API row holds the value (`path`, default the key), format and word map. Null when a field computes its
 * value in the browser without saying where the API keeps it: that list is exported page by page instead.
 */
export function exportColumns<T>(fields: DisplayField<T>[], labels: Labels): ExportColumn[] | null {
  const columns: ExportColumn[] = [];
  for (const field of fields) {
    if (field.export === false) continue;
    if (field.value && !field.path) return null;
    columns.push({
      label: fieldLabel(field, labels),
      path: field.path ?? field.key,
      ...(field.format && field.format !== 'text' ? { format: field.format } : {}),
      // A status reads in correct French (`libelleValeur`), as on the screen.
      ...(field.map || field.format === 'tag'
        ? { map: { ...(field.format === 'tag' ? LIBELLES_VALEURS : {}), ...field.map } }
        : {}),
    });
  }
  return columns;
}
