import { describe, expect, it } from 'vitest';
import { toIso } from './columns';

describe('toIso', () => {
  it("writes PostgreSQL's UTC text as Date would, whatever the fraction", () => {
    const samples = [
      '2026-11-22 02:39:28+00',
      '2026-11-22 02:39:28.3+00',
      '2026-11-22 02:39:28.34+00',
      '2026-11-22 02:39:28.348+00',
      '2026-11-22 02:39:28.348912+00',
      '2024-02-29 23:59:59.999999+00',
      '1999-01-01 00:00:00.05+00',
    ];
    const viaDate = (s: string) => new Date(s.replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString();
    expect(samples.map(toIso)).toEqual(samples.map(viaDate));
    expect(toIso('2026-11-22 02:39:28.348912+00')).toBe('2026-11-22T02:39:28.348Z');
  });

  it('converts other offsets and Dates, and keeps what is not a date', () => {
    expect(toIso('2026-11-22 03:39:28.5+01')).toBe('2026-11-22T02:39:28.500Z');
    expect(toIso(new Date(Date.UTC(2026, 10, 22, 2, 39, 28, 348)))).toBe('2026-11-22T02:39:28.348Z');
    expect(toIso('pas une date')).toBe('pas une date');
  });
});
