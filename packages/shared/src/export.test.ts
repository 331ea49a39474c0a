import { describe, expect, it } from 'vitest';
import { csvCell, csvFile, safeCell } from './export';

describe('safeCell (formula injection)', () => {
  it.each(['=HYPERLINK("http://x","y")', '+33 1', '-2+3', '@SUM(A1)', '\tx', '\rx'])(
    'writes %j as text',
    (v) => {
      expect(safeCell(v)).toBe(`'${v}`);
    },
  );
  it('leaves ordinary text alone', () => {
    expect(safeCell('Libreville → Lambaréné')).toBe('Libreville → Lambaréné');
    expect(safeCell('')).toBe('');
    expect(safeCell('a=b')).toBe('a=b');
  });
});

describe('csvCell (the one CSV writer)', () => {
  it('quotes every text and keeps numbers as a French spreadsheet reads them', () => {
    expect(csvCell('Libreville')).toBe('"Libreville"');
    expect(csvCell('')).toBe('""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('Société "Bois"; Fils')).toBe('"Société ""Bois""; Fils"');
    expect(csvCell(1234567)).toBe('1234567');
    expect(csvCell(12.5)).toBe('12,5');
    expect(csvCell(-5000)).toBe('-5000');
  });

  it('neutralises a formula wherever a spreadsheet may start a cell', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('Garage Nord,=1+1')).toBe(`"Garage Nord,'=1+1"`);
    expect(csvCell('a;@SUM(A1)')).toBe(`"a;'@SUM(A1)"`);
    expect(csvCell('Ligne 1\n-2+3')).toBe(`"Ligne 1\n'-2+3"`);
    expect(csvCell('x, "=cmd"')).toBe(`"x, ""'=cmd"""`);
    expect(csvCell('  +241 077')).toBe(`"  '+241 077"`);
    expect(csvCell('Libreville - Owendo')).toBe('"Libreville - Owendo"');
  });

  it('writes a whole file for a French Excel', () => {
    expect(
      csvFile([
        ['Code', 'Montant'],
        ['C-1', 10],
      ]),
    ).toBe('\uFEFF"Code";"Montant"\r\n"C-1";10\r\n');
  });
});
