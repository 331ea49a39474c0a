import { describe, expect, it } from 'vitest';
import { DELAI_CODES, dateEcheance, finDeMois, trancheAge, zDelaiPaiement } from './accounting.echeances';

describe('due dates from payment terms', () => {
  it.each([
    ['comptant', '2026-01-20', '2026-01-20'],
    ['15j', '2026-12-20', '2027-01-04'],
    ['30j', '2026-01-31', '2026-03-02'],
    ['45j', '2026-01-20', '2026-03-06'],
    ['60j', '2026-01-01', '2026-03-02'],
    ['90j', '2026-10-15', '2027-01-13'],
    // « N jours fin de mois »: N days, then the end of that month.
    ['30jfm', '2026-01-20', '2026-02-28'],
    ['30jfm', '2026-01-31', '2026-03-31'],
    ['45jfm', '2026-01-20', '2026-03-31'],
    ['45jfm', '2026-01-14', '2026-02-28'],
    ['45jfm', '2024-01-15', '2024-02-29'],
    ['60jfm', '2026-11-30', '2027-01-31'],
  ] as const)('%s from %s is due on %s', (code, date, due) => {
    expect(dateEcheance(date, code)).toBe(due);
  });

  it('knows the last day of every month, February of leap years included', () => {
    expect(
      ['2026-02-10', '2024-02-01', '2100-02-03', '2000-02-28', '2026-04-30', '2026-12-01'].map(finDeMois),
    ).toEqual(['2026-02-28', '2024-02-29', '2100-02-28', '2000-02-29', '2026-04-30', '2026-12-31']);
  });

  it('refuses an unknown term in French, naming the possible ones', () => {
    expect(DELAI_CODES).toContain('45jfm');
    const r = zDelaiPaiement.safeParse('45 jours');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain("Le délai de paiement n'est pas valide");
    expect(r.error?.issues[0]?.message).toContain('45 jours fin de mois');
  });
});

describe('ageing buckets', () => {
  it.each([
    ['2026-06-29', 'non_echu'],
    ['2026-06-30', 'j0_30'],
    ['2026-07-30', 'j0_30'],
    ['2026-07-31', 'j31_60'],
    ['2026-08-29', 'j31_60'],
    ['2026-08-30', 'j61_90'],
    ['2026-09-28', 'j61_90'],
    ['2026-09-29', 'plus_90'],
    ['2027-06-30', 'plus_90'],
  ] as const)('due on 2026-06-30, seen on %s: %s', (date, tranche) => {
    expect(trancheAge('2026-06-30', date)).toBe(tranche);
  });
});
