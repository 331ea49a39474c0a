import { PassThrough, Readable } from 'node:stream';
import {
  csvLine,
  EXPORT_MAX_ROWS,
  type ExportColumn,
  formatDate,
  formatDateTime,
  formatMoney,
  horlogeGabon,
  type ListQuery,
  nomFichierExport,
  safeCell,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentScope, type Scope } from '../plugins/auth';
import { fieldErrors } from './errors';
import type { ListSource } from './pagination';

type App = Parameters<FastifyPluginAsyncZod>[0];

export interface ExportSpec<Row, Q extends ListQuery> {
  /** The list's path: the export is `GET {path}/export`. */
  path: string;
  tags: string[];
  /** The list's own query schema: the export takes the same filters and `sort`. */
  query: z.ZodObject;
  list(scope: Scope, query: Q): ListSource<Row>;
}

/** Rows read per database round trip while streaming. */
const BATCH = 500;

const ExportColumnSchema = z.object({
  label: z.string().max(120),
  path: z.string().regex(/^[a-z0-9_.|+]{1,200}$/i),
  format: z.enum(['text', 'money', 'number', 'date', 'datetime', 'richText', 'tag']).optional(),
  map: z.record(z.string(), z.string().max(120)).optional(),
});
const COLUMNS_ERROR = "Les colonnes de l'export ne sont pas valides.";
const Columns = z.array(ExportColumnSchema).min(1).max(60);

function parseColumns(text: string): ExportColumn[] {
  try {
    const parsed = Columns.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: the same French 422 below.
  }
  throw fieldErrors({ columns: COLUMNS_ERROR });
}

const get = (row: unknown, dotted: string): unknown =>
  dotted
    .split('.')
    .reduce<unknown>(
      (v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      row,
    );

const empty = (v: unknown) => v === null || v === undefined || v === '';

/** A column's raw value: the first set alternative (`a|b`), parts joined by a space (`marque+modele`). */
export function pickValue(row: unknown, path: string): unknown {
  for (const alternative of path.split('|')) {
    const parts = alternative.split('+');
    if (parts.length === 1) {
      const v = get(row, alternative);
      if (!empty(v)) return v;
      continue;
    }
    const joined = parts
      .map((p) => get(row, p))
      .filter((v) => !empty(v))
      .join(' ');
    if (joined) return joined;
  }
  return null;
}

const CALENDAR = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real date for Excel: a calendar day at midnight, an instant in Libreville time. */
function excelDate(value: unknown, withTime: boolean): Date | null {
  if (typeof value === 'string' && CALENDAR.test(value)) {
    const [, y, m, d] = CALENDAR.exec(value)!.map(Number) as [number, number, number, number];
    return new Date(Date.UTC(y, m - 1, d));
  }
  const instant = new Date(value as string);
  if (Number.isNaN(instant.getTime())) return null;
  const local = horlogeGabon(instant);
  if (!withTime) local.setUTCHours(0, 0, 0, 0);
  return local;
}

const plain = (html: string) =>
  html
    .replace(/<(br|\/p|\/li|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

type Cell = string | number | Date | null;

/** A CSV holds dates as French text already (`exportCell`): a Date never reaches it. */
const csvValue = (cell: Cell) => (cell instanceof Date ? formatDateTime(cell) : cell);

/**
 * One cell. Amounts and numbers stay numbers; dates are real dates in Excel and French text in a CSV;
 * every text goes through `safeCell` (a text starting with =, +, -, @, tab or CR never becomes a formula).
 */
export function exportCell(row: unknown, column: ExportColumn, kind: 'csv' | 'xlsx'): Cell {
  const value = pickValue(row, column.path);
  if (empty(value)) return kind === 'csv' ? '' : null;
  if (column.map && String(value) in column.map) return safeCell(column.map[String(value)]!);
  switch (column.format) {
    case 'money':
    case 'number': {
      const n = Number(value);
      return Number.isFinite(n) ? n : safeCell(String(value));
    }
    case 'date':
    case 'datetime':
      if (kind === 'xlsx') return excelDate(value, column.format === 'datetime') ?? safeCell(String(value));
      return column.format === 'date' ? formatDate(value as string) : formatDateTime(value as string);
    case 'richText':
      return safeCell(plain(String(value)));
    default:
      return safeCell(typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
}

/** The width a cell needs, in characters (an amount as `1.234.567 FCFA`, a date as `22/11/2026 11:15`). */
function cellWidth(cell: Cell, column: ExportColumn): number {
  if (cell === null) return 0;
  if (cell instanceof Date) return column.format === 'datetime' ? 16 : 10;
  if (typeof cell === 'number')
    return column.format === 'money' ? formatMoney(cell).length : String(cell).length;
  return Math.max(...cell.split('\n').map((l) => l.length));
}

async function* allRows<Row>(source: ListSource<Row>, first: Row[]): AsyncGenerator<Row> {
  yield* first;
  let offset = first.length;
  let last = first.length;
  while (last === BATCH && offset < EXPORT_MAX_ROWS) {
    const batch = await source.rows(Math.min(BATCH, EXPORT_MAX_ROWS - offset), offset);
    yield* batch;
    offset += batch.length;
    last = batch.length;
  }
}

/**
 * `GET {path}/export?format=csv|xlsx&columns=[{label, path, format?, map?}]&name=&…filters&sort` streams the
 * whole filtered, sorted list in one request (at most 100,000 rows), read from the database 500 rows at a
 * time: a CSV for a French Excel (`;`, BOM, CRLF) or an .xlsx written by exceljs's streaming writer (bold
 * frozen header, amounts as numbers formatted `#,##0 "FCFA"`, real dates, widths fitted to the first 500
 * rows). The columns come from the web's declaration, so a list's export shows what its screen shows.
 */
export function exportRoute<Row, Q extends ListQuery>(app: App, spec: ExportSpec<Row, Q>): void {
  const querystring = spec.query.extend({
    format: z
      .enum(['csv', 'xlsx'], { error: "Le format d'export doit être « csv » ou « xlsx »." })
      .default('xlsx'),
    columns: z.string({ error: COLUMNS_ERROR }).max(20_000, { error: COLUMNS_ERROR }),
    name: z
      .string()
      .trim()
      .max(80, { error: "Le nom de l'export ne peut pas dépasser 80 caractères." })
      .optional(),
  });

  app.get(
    `${spec.path}/export`,
    {
      schema: {
        tags: spec.tags,
        summary: 'Export CSV ou Excel de toute la liste filtrée et triée (columns : [{label, path, format}])',
        querystring,
      },
    },
    async (request, reply) => {
      const {
        format,
        columns: columnsText,
        name,
        ...filters
      } = request.query as Q & {
        format: 'csv' | 'xlsx';
        columns: string;
        name?: string;
      };
      const columns = parseColumns(columnsText);
      const source = spec.list(currentScope(request), {
        ...filters,
        page: undefined,
        per_page: undefined,
      } as unknown as Q);
      // The first batch before answering: a bad filter is still a French 422 in the envelope.
      const first = await source.rows(BATCH, 0);
      const base = nomFichierExport(name || spec.path.split('/').pop() || 'export');
      const disposition = (ext: string) =>
        `attachment; filename="${base}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${base}.${ext}`)}`;
      reply.header('cache-control', 'no-store');

      if (format === 'csv') {
        const lines = async function* () {
          yield `\uFEFF${csvLine(columns.map((c) => c.label))}\r\n`;
          for await (const row of allRows(source, first)) {
            yield `${csvLine(columns.map((c) => csvValue(exportCell(row, c, 'csv'))))}\r\n`;
          }
        };
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', disposition('csv'))
          .send(Readable.from(lines()));
      }

      // exceljs (~1 s to load) only when a workbook is asked for: the API starts without it.
      const { default: ExcelJS } = await import('exceljs');
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      workbook.creator = 'Yams Manager';
      const sheet = workbook.addWorksheet((name || 'Export').replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = columns.map((c, i) => ({
        key: String(i),
        width: Math.min(
          60,
          Math.max(
            8,
            c.label.length,
            ...first.slice(0, BATCH).map((r) => cellWidth(exportCell(r, c, 'xlsx'), c)),
          ) + 2,
        ),
        style:
          c.format === 'money'
            ? { numFmt: '#,##0 "FCFA"' }
            : c.format === 'date'
              ? { numFmt: 'dd/mm/yyyy' }
              : c.format === 'datetime'
                ? { numFmt: 'dd/mm/yyyy hh:mm' }
                : {},
      }));
      const header = sheet.addRow(columns.map((c) => c.label));
      header.font = { bold: true };
      header.commit();
      void (async () => {
        try {
          for await (const row of allRows(source, first)) {
            sheet.addRow(columns.map((c) => exportCell(row, c, 'xlsx'))).commit();
          }
          sheet.commit();
          await workbook.commit();
        } catch (err) {
          request.log.error({ err }, 'export xlsx interrompu');
          out.destroy(err as Error);
        }
      })();
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', disposition('xlsx'))
        .send(out);
    },
  );
}
