import { describe, expect, it } from 'vitest';
import { isCalendarDate, isCalendarMonth, MOIS_INVALIDE, zMois } from './calendar';
import { CoursesQuery, DocumentsQuery, InterventionsQuery } from './queries';

describe('the one day and month rule', () => {
  it('refuses year 0 (PostgreSQL has none) and the years JavaScript reads as 19xx', () => {
    for (const v of ['0000-01', '0099-12', '1899-12', '2101-01', '2026-13', '2026-00', '26-01', '2026-1']) {
      expect(isCalendarMonth(v), v).toBe(false);
    }
    for (const v of ['0000-01-01', '0001-01-01', '0099-02-29', '2026-02-29', '2026-04-31', '2101-01-01']) {
      expect(isCalendarDate(v), v).toBe(false);
    }
    expect(isCalendarMonth('2026-03')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });

  it('is the month rule of every list query with req_period', () => {
    expect(zMois().safeParse('0000-01').error?.issues[0]?.message).toBe(MOIS_INVALIDE);
    for (const query of [CoursesQuery, DocumentsQuery, InterventionsQuery]) {
      const res = query.safeParse({ req_period: '0000-01' });
      expect(res.error?.issues.map((i) => i.message)).toContain(MOIS_INVALIDE);
      expect(query.safeParse({ req_period: '2026-03' }).success).toBe(true);
    }
  });
});
