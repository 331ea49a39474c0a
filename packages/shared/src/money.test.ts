import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ecrireMontant, lireMontant, montantMessages, zMontant, zMontantOptionnel } from './index';

// Amounts typed the way Gabonese users paste them; never a number changed silently.

const m = montantMessages('Le montant');
const value = (input: unknown) => {
  const r = lireMontant(input);
  return r.ok ? r.value : r.error;
};

describe('lireMontant', () => {
  it('reads amounts as they are typed and pasted', () => {
    for (const [input, expected] of [
      ['1250000', 1_250_000],
      ['1 250 000', 1_250_000],
      ['1\u00a0250\u00a0000', 1_250_000], // French Excel: no-break spaces
      ['1\u202f250\u202f000', 1_250_000], // narrow no-break spaces
      ['1.250.000', 1_250_000], // as the screens show it
      ['17500,00', 17_500], // a bank statement
      ['17500,0', 17_500],
      ['1 250 000,00', 1_250_000],
      ['1.250.000,00', 1_250_000],
      ['17500.00', 17_500], // English Excel
      ['1,250,000', 1_250_000],
      ['1,250,000.00', 1_250_000],
      ['5.000 FCFA', 5_000],
      ['5 000 F CFA', 5_000],
      ['5000 F', 5_000],
      ['1.250', 1_250],
      ['  42  ', 42],
      ['0', 0],
      ['+300', 300],
      [17500, 17_500],
      [17500.0, 17_500],
    ] as const) {
      expect(value(input), JSON.stringify(input)).toBe(expected);
    }
  });

  it('reads nothing as null', () => {
    expect(value('')).toBeNull();
    expect(value('   ')).toBeNull();
    expect(value(null)).toBeNull();
    expect(value(undefined)).toBeNull();
  });

  it('reads a negative amount as negative (the schema decides whether it is allowed)', () => {
    expect(value('-5000')).toBe(-5000);
    expect(value('−5 000')).toBe(-5000); // U+2212, as some spreadsheets write it
  });

  it('refuses centimes: the franc CFA has none', () => {
    for (const input of ['17500,50', '17500,5', '1 250 000,01', '17500.50', '0,5', 17500.5]) {
      expect(value(input), JSON.stringify(input)).toBe(m.centimes);
    }
  });

  it('refuses an exponent instead of reading 12e5 as 125 or 1.200.000', () => {
    for (const input of ['12e5', '1.2E6', '3e-2']) expect(value(input), input).toBe(m.exposant);
  });

  it('refuses a comma followed by three digits alone: thousands or decimals cannot be told apart', () => {
    expect(value('1,250')).toBe(m.ambigu);
    expect(value('17500,000')).toBe(m.ambigu);
  });

  it('refuses what is not an amount, never keeping only its digits', () => {
    for (const input of [
      'abc',
      '12abc',
      '1 25 000', // a group of two: a typo, not 125.000
      '1.25.000',
      '1 250.000', // two kinds of grouping
      '1.2500',
      '1,2,3',
      '12,',
      ',50',
      '--5',
      '0x10',
      'Infinity',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      {},
      [],
    ]) {
      expect(value(input), JSON.stringify(input)).toBe(m.invalide);
    }
  });

  it('refuses more than 1.000.000.000 FCFA', () => {
    expect(value('1.000.000.001')).toBe(m.max);
    expect(value(99_999_999_999)).toBe(m.max);
    expect(value('99999999999999999999')).toBe(m.max);
    expect(value('1.000.000.000')).toBe(1_000_000_000);
  });

  it('names the field, with its gender', () => {
    expect(montantMessages('La remise').negatif).toBe('La remise ne peut pas être négative.');
    expect(montantMessages('Le débit').negatif).toBe('Le débit ne peut pas être négatif.');
  });
});

describe('ecrireMontant', () => {
  it('groups thousands as the screens do, and reads back as written', () => {
    expect(ecrireMontant(1_250_000)).toBe('1.250.000');
    expect(ecrireMontant(null)).toBe('');
    expect(value(ecrireMontant(987_654_321))).toBe(987_654_321);
  });
});

describe('zMontant', () => {
  const Body = z.object({ montant: zMontant('Le montant', { min: 1 }) });
  const issues = (input: unknown) => {
    const r = Body.safeParse(input);
    return r.success ? r.data.montant : r.error.issues.map((i) => i.message);
  };

  it('reads a pasted amount in a body', () => {
    expect(issues({ montant: '17500,00' })).toBe(17_500);
    expect(issues({ montant: '1 250 000' })).toBe(1_250_000);
    expect(issues({ montant: 1_250_000 })).toBe(1_250_000);
  });

  it('says why it refuses, in French, one message per field', () => {
    expect(issues({})).toEqual(['Le montant est obligatoire.']);
    expect(issues({ montant: '' })).toEqual(['Le montant est obligatoire.']);
    expect(issues({ montant: null })).toEqual(['Le montant est obligatoire.']);
    expect(issues({ montant: '-5000' })).toEqual(['Le montant ne peut pas être négatif.']);
    expect(issues({ montant: 0 })).toEqual(['Le montant doit être supérieur à 0 FCFA.']);
    expect(issues({ montant: '12e5' })).toEqual([m.exposant]);
    expect(issues({ montant: '17500,50' })).toEqual([m.centimes]);
  });

  it('allows 0 by default and refuses negatives', () => {
    const Zero = zMontant('Le débit');
    expect(Zero.parse('0')).toBe(0);
    expect(Zero.safeParse(-1).error?.issues[0]?.message).toBe('Le débit ne peut pas être négatif.');
  });

  it('optional: absent stays absent, empty clears', () => {
    const Opt = z.object({ budget: zMontantOptionnel('Le budget') });
    expect(Opt.parse({})).toEqual({});
    expect(Opt.parse({ budget: '' })).toEqual({ budget: null });
    expect(Opt.parse({ budget: null })).toEqual({ budget: null });
    expect(Opt.parse({ budget: '2.500' })).toEqual({ budget: 2500 });
    expect(Opt.safeParse({ budget: '-1' }).error?.issues[0]?.message).toBe(
      'Le budget ne peut pas être négatif.',
    );
  });
});
