import { describe, expect, it } from 'vitest';
import {
  bornesPeriode,
  isCalendarDate,
  isCalendarMonth,
  jourAGabon,
  joursEntre,
  MOIS_INVALIDE,
  PERIODE_DATES_OBLIGATOIRES,
  PERIODE_ORDRE,
  periodeDe,
  periodeRefus,
  zMois,
} from './calendar';
import { todayInGabon } from './fleet.rules';
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

describe('report periods, in Libreville days', () => {
  it('gives each quick period its days', () => {
    const today = '2026-03-01';
    expect(bornesPeriode('aujourdhui', today)).toEqual({ debut: today, fin: today });
    expect(bornesPeriode('hier', today)).toEqual({ debut: '2026-02-28', fin: '2026-02-28' });
    expect(bornesPeriode('7_jours', today)).toEqual({ debut: '2026-02-23', fin: today });
    expect(bornesPeriode('mois', today)).toEqual({ debut: '2026-03-01', fin: today });
    expect(bornesPeriode('mois_dernier', today)).toEqual({ debut: '2026-02-01', fin: '2026-02-28' });
    expect(bornesPeriode('annee', today)).toEqual({ debut: '2026-01-01', fin: today });
    // January: last month is December of last year; a leap February ends on the 29th.
    expect(bornesPeriode('mois_dernier', '2026-01-15')).toEqual({ debut: '2025-12-01', fin: '2025-12-31' });
    expect(bornesPeriode('mois_dernier', '2028-03-31')).toEqual({ debut: '2028-02-01', fin: '2028-02-29' });
  });

  it('names the quick period of a range, or none', () => {
    expect(periodeDe({ debut: '2026-02-01', fin: '2026-02-28' }, '2026-03-01')).toBe('mois_dernier');
    // On the 1st, « Ce mois » and « Aujourd'hui » are the same day: the first in the menu wins.
    expect(periodeDe({ debut: '2026-03-01', fin: '2026-03-01' }, '2026-03-01')).toBe('aujourdhui');
    expect(periodeDe({ debut: '2026-02-02', fin: '2026-02-28' }, '2026-03-01')).toBeNull();
  });

  it("reads an instant's day in Libreville (UTC+1), not in UTC", () => {
    expect(jourAGabon('2026-11-01T23:30:00Z')).toBe('2026-11-02');
    expect(jourAGabon('2026-11-01T22:59:00Z')).toBe('2026-11-01');
    expect(todayInGabon(new Date('2026-12-31T23:10:00Z'))).toBe('2027-01-01');
  });

  it('counts days both ends included and refuses a wrong period in French', () => {
    expect(joursEntre('2026-11-01', '2026-11-30')).toBe(30);
    expect(joursEntre('2026-03-28', '2026-03-29')).toBe(2);
    expect(periodeRefus({ debut: '2026-11-01' })).toBe(PERIODE_DATES_OBLIGATOIRES);
    expect(periodeRefus({ debut: '2026-11-31', fin: '2026-12-01' })).toBe(PERIODE_DATES_OBLIGATOIRES);
    expect(periodeRefus({ debut: '2026-11-02', fin: '2026-11-01' })).toBe(PERIODE_ORDRE);
    expect(periodeRefus({ debut: '2026-11-01', fin: '2026-12-02' }, { maxJours: 31 })).toBe(
      'La période ne peut pas dépasser 31 jours.',
    );
    expect(periodeRefus({ debut: '2026-11-01', fin: '2026-12-01' }, { maxJours: 31 })).toBeNull();
  });
});
