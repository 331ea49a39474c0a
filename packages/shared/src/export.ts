/**
 * Spreadsheet cells a user typed must never run as formulas (formula injection: a client named
 * `=HYPERLINK(…)` opened in Excel). A text starting with `=`, `+`, `-`, `@`, a tab or a carriage return is
 * written as text: prefixed with `'`, the apostrophe spreadsheets read as « this is text ». Every CSV and
 * Excel export goes through it (web and API); numbers stay numbers.
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;

export function safeCell(value: string): string {
  return value !== '' && (FORMULA_TRIGGERS as readonly string[]).includes(value[0]!) ? `'${value}` : value;
}

/** One column of a server export (`GET {path}/export?columns=[…]`), as the web's list kit declares it. */
export interface ExportColumn {
  /** French header. */
  label: string;
  /**
   * Where the value is in the API's row: a dotted path (`vehicule.plaque`), alternatives with `|`
   * (`vehicule.plaque|camion.plaque`: the first one set), parts joined by a space with `+` (`marque+modele`).
   */
  path: string;
  format?: 'text' | 'money' | 'number' | 'date' | 'datetime' | 'richText' | 'tag';
  /** Values shown as other words (`{ true: 'Bloqué', false: 'Actif' }`). */
  map?: Record<string, string>;
}

/** How many rows one export may hold. */
export const EXPORT_MAX_ROWS = 100_000;
