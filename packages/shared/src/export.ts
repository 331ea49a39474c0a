import { z } from 'zod';
import { todayInGabon } from './calendar';

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

/** The separator of our CSV files: a French Excel's. */
export const CSV_SEPARATOR = ';';

/**
 * Where a spreadsheet may start a cell inside a text: after a comma, a semicolon, a tab or a line break
 * (a file opened with another separator than ours, or by a reader that ignores quotes), and past the
 * spaces and quotes that a reader may trim. A formula trigger there gets the apostrophe too.
 */
const TRIGGER_INSIDE = /(^[\s"]+|[,;\t\r\n][\s"]*)(?=[=+\-@])/g;

/**
 * THE CSV cell, for every CSV the product writes (the API's exports and the web's): a number as a French
 * spreadsheet reads it (`12,5`); a text always quoted (`"…"`, inner quotes doubled), a formula trigger at its start written as text
 * (`safeCell`) and one after any separator inside it too (`Garage Nord,=1+1` → `"Garage Nord,'=1+1"`).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return String(value).replace('.', ',');
  const text = safeCell(value ?? '').replace(TRIGGER_INSIDE, "$1'");
  return `"${text.replace(/"/g, '""')}"`;
}

/** One CSV line (without its line break). */
export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string =>
  cells.map(csvCell).join(CSV_SEPARATOR);

/** A whole CSV file for a French Excel: a BOM (so accents open right), `;` separated lines, CRLF. */
export const csvFile = (rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string =>
  `\uFEFF${rows.map(csvLine).join('\r\n')}\r\n`;

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

/** How many lines one import may hold. */
export const IMPORT_MAX_LINES = 2_000;

/**
 * `POST {path}/import`: the lines of a CSV or Excel file with the same columns as the list's export, read by
 * the browser and sent as field → value objects. `numeros` are the lines' numbers in the file (the header is
 * line 1), so every error names the line the user sees; `apercu` checks everything and writes nothing.
 * Nothing is written unless every line is valid.
 */
export const ImportBody = z.object({
  lignes: z
    .array(z.record(z.string(), z.unknown()))
    .min(1, 'Le fichier ne contient aucune ligne à importer.')
    .max(IMPORT_MAX_LINES, `Un import contient au plus ${IMPORT_MAX_LINES} lignes.`),
  numeros: z.array(z.number().int().positive()).optional(),
  apercu: z.boolean().optional(),
});
export type ImportBody = z.infer<typeof ImportBody>;

/** The answer of an import: how many lines were read, written (0 for a preview) and what is wrong, line by line. */
export const ImportReport = z.object({
  lignes: z.number().int(),
  importees: z.number().int(),
  erreurs: z.array(z.object({ ligne: z.number().int(), messages: z.array(z.string()) })),
});
export type ImportReport = z.infer<typeof ImportReport>;

/**
 * THE name of an exported file, web and API alike: the screen's or report's name without accents or signs,
 * then the day in Libreville (`Ressources Humaines` → `ressources-humaines-2026-11-23`); the extension is
 * the writer's.
 */
export function nomFichierExport(name: string, today: string = todayInGabon()): string {
  const slug =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'export';
  return `${slug}-${today}`;
}
