import { describe, expect, it } from 'vitest';
import { safeCell } from './export';

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
