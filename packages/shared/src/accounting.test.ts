import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arreteEnLettres,
  contrePassation,
  ecritureDesequilibre,
  FactureBody,
  nombreEnLettres,
  numeroFacture,
  totauxFacture,
  tresorerieDuMode,
} from './accounting';

// An independent computation with BigInt and rates kept as strings ("9.5" → 950 hundredths), rounding
// half up by comparing remainders: it shares no code with totauxFacture.
function reference(
  lignes: Array<{ isTitle: boolean; qte: number; pu: number; red: number }>,
  taxes: { tva: string | null; tps: string | null; css: string | null; reduction: number | null },
) {
  let ht = 0n;
  for (const l of lignes) {
    if (l.isTitle) continue;
    const brut = BigInt(l.qte) * BigInt(l.pu);
    const net = brut - BigInt(l.red);
    ht += net > 0n ? net : 0n;
  }
  const tax = (rate: string | null) => {
    if (rate === null) return 0n;
    const [ent, dec = ''] = rate.split('.');
    const hundredths = BigInt(ent!) * 100n + BigInt(`${dec}00`.slice(0, 2));
    const num = ht * hundredths;
    const q = num / 10000n;
    return num % 10000n >= 5000n ? q + 1n : q;
  };
  const tva = tax(taxes.tva);
  const tps = tax(taxes.tps);
  const css = tax(taxes.css);
  const reduction = BigInt(taxes.reduction ?? 0);
  return {
    total_ht: Number(ht),
    tva: Number(tva),
    tps: Number(tps),
    css: Number(css),
    total_ttc: Number(ht + tva + css),
    net_a_payer: Number(ht + tva + css - tps - reduction),
  };
}

const rate = fc.option(
  fc
    .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 99 }))
    .map(([e, c]) => (e === 100 ? '100' : `${e}.${String(c).padStart(2, '0')}`)),
  { nil: null },
);
const ligne = fc
  .record({
    isTitle: fc.boolean(),
    qte: fc.integer({ min: 1, max: 10_000 }),
    pu: fc.integer({ min: 0, max: 5_000_000 }),
    redPart: fc.integer({ min: 0, max: 100 }),
  })
  .map((l) => ({ ...l, red: Math.floor((l.qte * l.pu * l.redPart) / 400) }));

describe('totauxFacture', () => {
  it('matches an independent BigInt computation for any lines, rates and discount', () => {
    fc.assert(
      fc.property(
        fc.array(ligne, { minLength: 1, maxLength: 40 }),
        rate,
        rate,
        rate,
        fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
        (lignes, tva, tps, css, reduction) => {
          const got = totauxFacture(
            lignes.map((l) => ({ isTitle: l.isTitle, qte: l.qte, prix_unitaire: l.pu, reduction: l.red })),
            {
              appliquer_tva: tva !== null,
              taux_tva: tva === null ? 18 : Number(tva),
              appliquer_tps: tps !== null,
              taux_tps: tps === null ? 9.5 : Number(tps),
              appliquer_css: css !== null,
              taux_css: css === null ? 1 : Number(css),
              appliquer_reduction: reduction !== null,
              reduction: reduction ?? 123,
            },
          );
          const want = reference(lignes, { tva, tps, css, reduction });
          expect({
            total_ht: got.total_ht,
            tva: got.tva,
            tps: got.tps,
            css: got.css,
            total_ttc: got.total_ttc,
            net_a_payer: got.net_a_payer,
          }).toEqual(want);
          for (const v of Object.values(got))
            if (typeof v === 'number') expect(Number.isInteger(v)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('rounds each tax once at invoice level, half up (edge cases)', () => {
    // 3 lines of 333 F at 18 %: per line 59.94 → 60 each = 180; once on 999 → 179.82 → 180; 1 % CSS of 50 = 0.5 → 1.
    const t = totauxFacture(
      [
        { qte: 1, prix_unitaire: 333 },
        { qte: 1, prix_unitaire: 333 },
        { qte: 1, prix_unitaire: 333 },
      ],
      { appliquer_tva: true, taux_tva: 18 },
    );
    expect(t.tva).toBe(180);
    expect(totauxFacture([{ qte: 1, prix_unitaire: 50 }], { appliquer_css: true, taux_css: 1 }).css).toBe(1);
    expect(totauxFacture([{ qte: 1, prix_unitaire: 49 }], { appliquer_css: true, taux_css: 1 }).css).toBe(0);
    // 9.5 % of 1 000 001 = 95 000.095 → 95 000; of 1 000 010 = 95 000.95 → 95 001.
    expect(
      totauxFacture([{ qte: 1, prix_unitaire: 1_000_001 }], { appliquer_tps: true, taux_tps: 9.5 }).tps,
    ).toBe(95_000);
    expect(
      totauxFacture([{ qte: 1, prix_unitaire: 1_000_010 }], { appliquer_tps: true, taux_tps: 9.5 }).tps,
    ).toBe(95_001);
    // Floating 0.29 * 100 = 28.999…: the rate is still 29 hundredths.
    expect(
      totauxFacture([{ qte: 1, prix_unitaire: 10_000 }], { appliquer_tva: true, taux_tva: 0.29 }).tva,
    ).toBe(29);
  });

  it('computes the example of a Gabonese transport invoice', () => {
    const t = totauxFacture(
      [
        { isTitle: true },
        { qte: 2, prix_unitaire: 450_000 },
        { qte: 1, prix_unitaire: 1_250_000, reduction: 50_000 },
      ],
      {
        appliquer_tva: true,
        taux_tva: 18,
        appliquer_tps: true,
        taux_tps: 9.5,
        appliquer_css: true,
        taux_css: 1,
        appliquer_reduction: true,
        reduction: 10_000,
      },
    );
    expect(t).toEqual({
      lignes: [0, 900_000, 1_200_000],
      total_ht: 2_100_000,
      tva: 378_000,
      css: 21_000,
      tps: 199_500,
      reduction: 10_000,
      total_ttc: 2_499_000,
      net_a_payer: 2_289_500,
    });
  });
});

describe('invoice form rules (the specification)', () => {
  const base = {
    date_operation: '2026-03-01',
    client_id: 4,
    lignes: [{ description: 'Transport', qte: 1, prix_unitaire: 1000 }],
  };
  const errors = (body: unknown) => {
    const r = FactureBody.safeParse(body);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('names each missing field in French', () => {
    expect(errors({ lignes: base.lignes })).toMatchObject({
      date_operation: 'La date est obligatoire.',
      client_id: 'Le client est obligatoire.',
    });
    expect(errors({ ...base, lignes: [{ description: 'X', qte: 0, prix_unitaire: 5 }] })).toMatchObject({
      'lignes.0.qte': 'La quantité doit être au moins 1.',
    });
    expect(errors({ ...base, lignes: [{ description: 'X', qte: 1 }] })).toMatchObject({
      'lignes.0.prix_unitaire': 'Le prix unitaire est obligatoire.',
    });
    expect(errors({ ...base, appliquer_tva: true })).toMatchObject({
      taux_tva: 'Le taux de TVA est obligatoire.',
    });
    expect(errors({ ...base, appliquer_tps: true, taux_tps: -1 })).toMatchObject({
      taux_tps: 'Le taux de TPS doit être au moins 0.',
    });
    expect(errors({ ...base, appliquer_css: true, taux_css: 1.005 })).toMatchObject({
      taux_css: 'Le taux de CSS a au plus deux décimales (pas de 0,01).',
    });
    expect(errors({ ...base, appliquer_reduction: true, reduction: -5 })).toMatchObject({
      reduction: 'La remise ne peut pas être négative.',
    });
  });
  it('accepts a title line with only a description, and defaults to a pro forma', () => {
    const r = FactureBody.parse({
      ...base,
      lignes: [{ description: 'Janvier', isTitle: true }, ...base.lignes],
    });
    expect(r.type).toBe('Pro forma');
    expect(r.lignes[0]).toMatchObject({ description: 'Janvier', isTitle: true });
  });
});

describe('amount in words', () => {
  it.each([
    [0, 'zéro'],
    [21, 'vingt et un'],
    [71, 'soixante et onze'],
    [80, 'quatre-vingts'],
    [81, 'quatre-vingt-un'],
    [91, 'quatre-vingt-onze'],
    [200, 'deux cents'],
    [201, 'deux cent un'],
    [1000, 'mille'],
    [80_000, 'quatre-vingt mille'],
    [200_000, 'deux cent mille'],
    [1_000_000, 'un million'],
    [2_289_500, 'deux millions deux cent quatre-vingt-neuf mille cinq cents'],
    [3_000_000_000, 'trois milliards'],
  ])('%i → %s', (n, words) => expect(nombreEnLettres(n)).toBe(words));
  it('writes the invoice sentence', () => {
    expect(arreteEnLettres(1500)).toBe(
      'Arrêtée la présente facture à la somme de mille cinq cents francs CFA',
    );
  });
});

describe('entries', () => {
  it('accepts a balanced entry and refuses an unbalanced one in French', () => {
    const ok = [
      { compte: '411', debit: 1180, credit: 0 },
      { compte: '706', debit: 0, credit: 1000 },
      { compte: '4431', debit: 0, credit: 180 },
    ];
    expect(ecritureDesequilibre(ok)).toBeNull();
    expect(ecritureDesequilibre(contrePassation(ok))).toBeNull();
    expect(ecritureDesequilibre([ok[0]!, ok[1]!])).toBe(
      "L'écriture n'est pas équilibrée : 1.180 FCFA au débit, 1.000 FCFA au crédit.",
    );
    expect(
      ecritureDesequilibre([
        { compte: '571', debit: 5, credit: 5 },
        { compte: '658', debit: 0, credit: 0 },
      ]),
    ).toMatch(/pas les deux/);
  });
  it('numbers with the 0 prefix and routes payment modes to their accounts', () => {
    expect(numeroFacture('FAC', 2026, 42)).toBe('FAC-2026-00042');
    expect(tresorerieDuMode('Espèces')).toEqual({ compte: '571', journal: 'Caisse' });
    expect(tresorerieDuMode('Airtel Money').compte).toBe('552');
    expect(tresorerieDuMode('Virement')).toEqual({ compte: '521', journal: 'Banque' });
  });
});
