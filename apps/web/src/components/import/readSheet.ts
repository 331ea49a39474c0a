import type { Cell } from './importLines';

/** The file an import accepts, checked before reading it. */
export const IMPORT_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The rows of a CSV (separator guessed: `;` as our exports and a French Excel write, or `,`) or of the first
 * sheet of an .xlsx, header first. Both readers are loaded on demand. Throws a French message.
 */
export async function readSheet(file: File): Promise<Cell[][]> {
  if (file.size > IMPORT_MAX_BYTES) throw new Error('Le fichier ne doit pas dépasser 5 Mo.');
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv') || file.type === 'text/csv') {
    const { default: Papa } = await import('papaparse');
    const text = await file.text();
    const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: 'greedy' });
    if (parsed.data.length === 0) throw new Error('Le fichier est vide.');
    return parsed.data;
  }
  if (name.endsWith('.xlsx')) {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(await file.arrayBuffer());
    } catch {
      throw new Error('Ce fichier Excel ne peut pas être lu. Enregistrez-le au format .xlsx et réessayez.');
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('Le fichier est vide.');
    const rows: Cell[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      const values = (row.values as unknown[]).slice(1).map(excelCell);
      rows[n - 1] = values;
    });
    return Array.from(rows, (r) => r ?? []);
  }
  throw new Error('Choisissez un fichier CSV ou Excel (.xlsx).');
}

/** An Excel cell's value: rich text and formulas read as what they show. */
function excelCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== 'object') return value as Cell;
  const v = value as { richText?: { text: string }[]; result?: unknown; text?: string };
  if (v.richText) return v.richText.map((t) => t.text).join('');
  if ('result' in v) return excelCell(v.result);
  if (typeof v.text === 'string') return v.text;
  return String(value);
}
