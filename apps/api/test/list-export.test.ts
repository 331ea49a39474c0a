import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, setupFixtures } from './fixtures';

// `GET {path}/export`: the whole filtered, sorted list as CSV or xlsx in one request, formula-safe.

let ctx: Fixtures;
let clientId: number;
const codes: string[] = [];
const EVIL = '=HYPERLINK("http://evil.example","x")';

const COLUMNS = JSON.stringify([
  { label: 'Code', path: 'code' },
  { label: 'Client', path: 'client_nom_complet' },
  { label: 'Plaque', path: 'vehicule.plaque' },
  { label: 'Montant', path: 'montant', format: 'money' },
  { label: 'Chargement', path: 'date_chargement', format: 'datetime' },
  { label: 'Créée le', path: 'created_at', format: 'date' },
]);
const url = (format: string, extra = '') =>
  `/api/courses/export?format=${format}&client=${clientId}&sort=code&name=Courses${extra}&columns=${encodeURIComponent(COLUMNS)}`;

beforeAll(async () => {
  ctx = await setupFixtures();
  const client = await ctx.client(ctx.A, EVIL);
  clientId = client.id;
  for (const montant of [1_195_000, 250_000, 90_000]) {
    const v = await ctx.vehicule(ctx.A);
    codes.push((await ctx.postCourse(ctx.A, client.id, v.id, { montant })).code);
  }
  codes.sort();
});

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

describe('GET {path}/export', () => {
  it('streams a CSV of every filtered row, in the asked order, formulas written as text', async () => {
    const res = await ctx.t.get(url('csv'), ctx.A.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="courses-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('"Code";"Client";"Plaque";"Montant";"Chargement";"Créée le"');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(codes.map((c) => `"${c}"`));
    // The client's name starts with '=': an apostrophe makes it text, quoted because it holds '"'.
    for (const line of lines.slice(1)) expect(line.split(';')[1]).toMatch(/^"'=HYPERLINK\(/);
    expect(lines.slice(1).some((l) => l.includes(';1195000;'))).toBe(true);
    expect(lines[1]).toMatch(/;"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}";"\d{2}\/\d{2}\/\d{4}"$/);
  });

  it('writes an xlsx with real dates, numbers, text cells and widths fitted to the values', async () => {
    const res = await ctx.t.get(url('xlsx'), ctx.A.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Courses');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Code',
      'Client',
      'Plaque',
      'Montant',
      'Chargement',
      'Créée le',
    ]);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(codes[0]);
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(String(first.getCell(2).value).startsWith(`'${EVIL}`)).toBe(true);
    expect(typeof first.getCell(4).value).toBe('number');
    expect(first.getCell(5).value).toBeInstanceOf(Date);
    expect(first.getCell(6).value).toBeInstanceOf(Date);
    expect(sheet.getColumn(4).numFmt).toBe('#,##0 "FCFA"');
    expect(sheet.getColumn(5).numFmt).toBe('dd/mm/yyyy hh:mm');
    // '1.195.000 FCFA' is 14 characters: the column is wider than that.
    expect(sheet.getColumn(4).width).toBeGreaterThanOrEqual(14);
    expect(sheet.getColumn(2).width).toBeGreaterThan(EVIL.length);
  });

  it('answers French 422s for bad columns or format, and 401 without a token', async () => {
    const bad = await ctx.t.get('/api/courses/export?format=csv&columns=nope', ctx.A.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toContain("Les colonnes de l'export ne sont pas valides.");
    const format = await ctx.t.get(
      `/api/courses/export?format=pdf&columns=${encodeURIComponent(COLUMNS)}`,
      ctx.A.token,
    );
    expect(format.statusCode).toBe(422);
    expect(format.json().errors.join(' ')).toContain('« csv » ou « xlsx »');
    expect((await ctx.t.get(url('csv'))).statusCode).toBe(401);
  });

  it("never exports another company's rows", async () => {
    const res = await ctx.t.get(url('csv'), ctx.B.token);
    expect(res.statusCode).toBe(200);
    expect(csvLines(res.body)).toEqual(['"Code";"Client";"Plaque";"Montant";"Chargement";"Créée le"']);
    const all = csvLines(
      (await ctx.t.get(`/api/courses/export?format=csv&columns=${encodeURIComponent(COLUMNS)}`, ctx.B.token))
        .body,
    );
    expect(all.length).toBeGreaterThan(1);
    for (const code of codes) expect(all.some((l) => l.startsWith(`"${code}";`))).toBe(false);
  });
});

describe('CSV cells', () => {
  it('quotes every text cell and neutralises a formula wherever a spreadsheet may start a cell', async () => {
    const names = [
      'Garage Nord,=1+1',
      'Garage Sud;@SUM(A1)',
      'Garage\t+Est',
      'Garage Ouest\n-2+3',
      'Garage "Centre", =HYPERLINK("http://x")',
      ' =Garage Plage',
    ];
    for (const nom of names) {
      const res = await ctx.t.post('/api/garages', { nom }, ctx.A.token);
      expect(res.statusCode, res.body).toBe(200);
    }
    const columns = encodeURIComponent(JSON.stringify([{ label: 'Nom', path: 'nom' }]));
    const res = await ctx.t.get(
      `/api/garages/export?format=csv&search=Garage&sort=nom&columns=${columns}`,
      ctx.A.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.body.replace(/^\uFEFF/, '');
    // Every cell is text here: each one quoted, so a separator or a line break inside stays in its cell.
    const cells = body.trimEnd().match(/"(?:[^"]|"")*"(?=\r\n|$)/g) ?? [];
    expect(cells.join('\r\n')).toBe(body.trimEnd());
    expect(cells[0]).toBe('"Nom"');
    expect(cells.length).toBeGreaterThan(names.length);
    // A spreadsheet reading the file with another separator (a comma, a tab) or none of the quotes starts
    // a cell after any of them: no cell may start with a formula there.
    for (const piece of body.split(/[,;\t\r\n]/)) {
      expect(piece.replace(/^[\s"]+/, ''), piece).not.toMatch(/^[=+\-@]/);
    }
    // The names are all there, readable.
    expect(body).toContain('Garage Nord,');
    expect(body).toContain('1+1');
  });
});

describe('every list the screens export', () => {
  // The web's ExportButton asks the API for `{path}/export` unless the resource opts out; a list module
  // without the route would answer the `/:id` route's 422 instead of a file.
  const PATHS = [
    '/api/achats',
    '/api/courses',
    '/api/demandes',
    '/api/factures',
    '/api/interventions',
    '/api/operations',
    '/api/paiements',
    '/api/piece_de_caisses',
    '/api/utilisateurs',
    '/api/vehicules',
    // The nine reference tables of Configurations.
    '/api/villes',
    '/api/types_marchandises',
    '/api/articles',
    '/api/types_vehicules',
    '/api/types_articles',
    '/api/garages',
    '/api/services',
    '/api/fournisseurs',
    '/api/trajets',
  ];
  it.each(PATHS)('%s/export answers a CSV file', async (path) => {
    const columns = encodeURIComponent(JSON.stringify([{ label: 'Identifiant', path: 'id' }]));
    const res = await ctx.t.get(`${path}/export?format=csv&columns=${columns}`, ctx.A.token);
    expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(csvLines(res.body)[0]).toBe('"Identifiant"');
  });
});
