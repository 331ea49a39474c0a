import type { ExportColumn } from '@yams/shared';
import { ApiError, type Query } from '../../base/http';
import { getSession } from '../../base/session';
import { toast } from '../../base/toast';
import type { Resource } from '../list/resource';
import type { DisplayField, Labels } from '../list/types';
import { type ExportTable, exportFileName, exportTable, toCsv } from './exportRows';

/** Every row the filters select, fetched page by page (100 a page), reporting progress from 0 to 1. */
export async function fetchAllRows<T>(
  resource: Resource<unknown, T>,
  query: Query,
  onProgress: (ratio: number) => void,
): Promise<T[]> {
  const perPage = 100;
  const first = await resource.fetchPage({ ...query, page: 1, per_page: perPage });
  const rows = [...first.data];
  onProgress(first.last_page ? 1 / first.last_page : 1);
  for (let page = 2; page <= first.last_page; page++) {
    const next = await resource.fetchPage({ ...query, page, per_page: perPage });
    rows.push(...next.data);
    onProgress(page / first.last_page);
  }
  return rows;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadCsv(table: ExportTable, baseName: string): void {
  saveBlob(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }), `${baseName}.csv`);
}

/** An .xlsx with bold headers, sized columns and amounts formatted `1.234.567 FCFA` (exceljs, loaded on demand). */
export async function downloadXlsx(
  table: ExportTable,
  baseName: string,
  sheetName: string,
  moneyColumns: number[],
): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Yams Manager';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(table.headers).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row);
  sheet.columns.forEach((column, index) => {
    const longest = Math.max(
      table.headers[index]?.length ?? 0,
      ...table.rows.slice(0, 200).map((r) => String(r[index] ?? '').length),
    );
    column.width = Math.min(50, Math.max(10, longest + 2));
    if (moneyColumns.includes(index)) column.numFmt = '#,##0 "FCFA"';
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = await workbook.xlsx.writeBuffer();
  saveBlob(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `${baseName}.xlsx`,
  );
}

const queryString = (query: Query) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null && v !== '') params.append(key, String(v));
    }
  }
  return params.toString();
};

/**
 * A file the API writes (an export, a report's Excel or PDF) fetched with the session's token (a plain link
 * cannot send it) and saved as `fileName`. The API's French errors are toasted, then thrown.
 */
export async function downloadApiFile(path: string, query: Query, fileName: string): Promise<void> {
  const url = `${path}?${queryString(query)}`;
  const token = getSession()?.token;
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    toast.connectionFailure();
    throw error;
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { errors?: string[] } | null;
    const errors = envelope?.errors?.length ? envelope.errors : ['Une erreur s’est produite.'];
    toast.oups(errors);
    throw new ApiError('http', errors, response.status, {});
  }
  saveBlob(await response.blob(), fileName);
}

/**
 * The whole filtered, sorted list exported by the API in one request (`GET {path}/export`), streamed by the
 * server and saved under its name.
 */
export async function downloadServerExport(
  path: string,
  query: Query,
  columns: ExportColumn[],
  kind: 'csv' | 'xlsx',
  name: string,
  baseName: string,
): Promise<void> {
  const { page: _p, per_page: _pp, ...filters } = query;
  await downloadApiFile(
    `${path}/export`,
    { ...filters, format: kind, name, columns: JSON.stringify(columns) },
    `${baseName}.${kind}`,
  );
}

/**
 * Rows the browser holds, written as CSV or .xlsx with the fields' formatters and headers (amount columns as
 * numbers in Excel), then '{n} lignes exportées.' — the one path of `ExportButton`'s page-by-page fallback and
 * of `RowsExportButton`.
 */
export async function downloadRows<T>(
  rows: T[],
  fields: DisplayField<T>[],
  labels: Labels,
  name: string,
  kind: 'csv' | 'xlsx',
): Promise<void> {
  const kept = fields.filter((f) => f.export !== false);
  const table = exportTable(rows, kept, labels);
  const base = exportFileName(name);
  if (kind === 'csv') downloadCsv(table, base);
  else {
    const money = kept.flatMap((f, i) => (f.format === 'money' ? [i] : []));
    await downloadXlsx(table, base, name, money);
  }
  toast.success(`${rows.length} ligne${rows.length > 1 ? 's' : ''} exportée${rows.length > 1 ? 's' : ''}.`);
}
