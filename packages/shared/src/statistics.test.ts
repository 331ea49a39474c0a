import { describe, expect, it } from 'vitest';
import { joursEntre } from './calendar';
import { periodeBornes, tendance, tranches } from './statistics';

// The days of each period of the Tableau de bord and of the period its trends compare against, written out by
// hand (the API tests compute their expected figures with these same bounds, so they are checked here).

describe('periodeBornes', () => {
  it('jour: today by the hour, against yesterday', () => {
    expect(periodeBornes({ periode: 'jour' }, '2026-01-01')).toEqual({
      periode: 'jour',
      debut: '2026-01-01',
      fin: '2026-01-01',
      grain: 'heure',
      precedent: { debut: '2025-12-31', fin: '2025-12-31' },
      comparaison: {
        courant: { debut: '2026-01-01', fin: '2026-01-01' },
        precedent: { debut: '2025-12-31', fin: '2025-12-31' },
      },
    });
  });

  it('semaine: Monday to Sunday; to date against as many days of the week before', () => {
    // 2026-11-26 is a Thursday.
    expect(periodeBornes({ periode: 'semaine' }, '2026-11-26')).toEqual({
      periode: 'semaine',
      debut: '2026-11-23',
      fin: '2026-11-29',
      grain: 'jour',
      precedent: { debut: '2026-11-16', fin: '2026-11-22' },
      comparaison: {
        courant: { debut: '2026-11-23', fin: '2026-11-26' },
        precedent: { debut: '2026-11-16', fin: '2026-11-19' },
      },
    });
    // A Sunday is the last day of its week, not the first of the next.
    expect(periodeBornes({ periode: 'semaine' }, '2026-11-29').debut).toBe('2026-11-23');
  });

  it('mois: the calendar month; to date against the same number of days of the month before', () => {
    expect(periodeBornes({}, '2026-03-15')).toEqual({
      periode: 'mois',
      debut: '2026-03-01',
      fin: '2026-03-31',
      grain: 'jour',
      precedent: { debut: '2026-02-01', fin: '2026-02-28' },
      comparaison: {
        courant: { debut: '2026-03-01', fin: '2026-03-15' },
        precedent: { debut: '2026-02-01', fin: '2026-02-15' },
      },
    });
    // Past the end of a shorter month before: the whole of it.
    expect(periodeBornes({ periode: 'mois' }, '2026-03-31').comparaison).toEqual({
      courant: { debut: '2026-03-01', fin: '2026-03-31' },
      precedent: { debut: '2026-02-01', fin: '2026-02-28' },
    });
    expect(periodeBornes({ periode: 'mois' }, '2026-01-10').precedent).toEqual({
      debut: '2025-12-01',
      fin: '2025-12-31',
    });
  });

  it('annee: month by month; to date against as many days of the year before', () => {
    expect(periodeBornes({ periode: 'annee' }, '2026-11-23')).toEqual({
      periode: 'annee',
      debut: '2026-01-01',
      fin: '2026-12-31',
      grain: 'mois',
      precedent: { debut: '2025-01-01', fin: '2025-12-31' },
      comparaison: {
        courant: { debut: '2026-01-01', fin: '2026-11-23' },
        precedent: { debut: '2025-01-01', fin: '2025-11-23' },
      },
    });
    // The same length, day for day, across a leap year: 60 days each.
    expect(periodeBornes({ periode: 'annee' }, '2025-03-01').comparaison.precedent).toEqual({
      debut: '2024-01-01',
      fin: '2024-02-29',
    });
  });

  it('a custom range is compared, whole, with as many days just before it', () => {
    const p = periodeBornes(
      { periode: 'annee', date_debut: '2026-10-01', date_fin: '2026-10-10' },
      '2026-11-23',
    );
    expect(p).toEqual({
      periode: 'personnalisee',
      debut: '2026-10-01',
      fin: '2026-10-10',
      grain: 'jour',
      precedent: { debut: '2026-09-21', fin: '2026-09-30' },
      comparaison: {
        courant: { debut: '2026-10-01', fin: '2026-10-10' },
        precedent: { debut: '2026-09-21', fin: '2026-09-30' },
      },
    });
    for (const [debut, fin] of [
      ['2026-03-01', '2026-03-01'],
      ['2024-02-10', '2024-03-10'],
      ['2025-12-15', '2026-02-14'],
      ['2023-01-01', '2026-11-23'],
    ] as const) {
      const c = periodeBornes({ date_debut: debut, date_fin: fin }, '2026-11-23');
      expect(joursEntre(c.precedent.debut, c.precedent.fin), `${debut}…${fin}`).toBe(joursEntre(debut, fin));
      expect(c.precedent.fin < debut).toBe(true);
    }
  });

  it('the grain of a custom range: hours for one day, days up to 62, then months', () => {
    const grain = (debut: string, fin: string) => periodeBornes({ date_debut: debut, date_fin: fin }).grain;
    expect(grain('2026-05-04', '2026-05-04')).toBe('heure');
    expect(grain('2026-05-01', '2026-07-01')).toBe('jour');
    expect(grain('2026-05-01', '2026-07-02')).toBe('mois');
  });
});

describe('tendance', () => {
  it('is the change in percent, one decimal; null when there was nothing before', () => {
    expect(tendance(150, 100)).toBe(50);
    expect(tendance(1, 3)).toBe(-66.7);
    expect(tendance(0, 4)).toBe(-100);
    expect(tendance(0, 0)).toBe(0);
    expect(tendance(5, 0)).toBeNull();
  });
});

describe('tranches', () => {
  it('cuts a period into hours, days or months, the edges clipped to the period', () => {
    const heures = tranches({ debut: '2026-05-04', fin: '2026-05-04', grain: 'heure' });
    expect(heures.map((t) => t.label)).toEqual(
      Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}h`),
    );
    expect(tranches({ debut: '2026-02-27', fin: '2026-03-02', grain: 'jour' }).map((t) => t.label)).toEqual([
      '27/02',
      '28/02',
      '01/03',
      '02/03',
    ]);
    expect(tranches({ debut: '2025-11-15', fin: '2026-02-10', grain: 'mois' })).toEqual([
      { label: 'nov. 2025', debut: '2025-11-15', fin: '2025-11-30' },
      { label: 'déc. 2025', debut: '2025-12-01', fin: '2025-12-31' },
      { label: 'janv. 2026', debut: '2026-01-01', fin: '2026-01-31' },
      { label: 'févr. 2026', debut: '2026-02-01', fin: '2026-02-10' },
    ]);
  });
});
