import { describe, expect, it } from 'vitest';
import {
  anneePrecedente,
  BILAN_ACTIF,
  BILAN_PASSIF,
  bilan,
  COMPTE_DE_RESULTAT,
  compteDeResultat,
  placeDansLeBilan,
} from './accounting.etats';

// A small transporteur's year, by hand: capital 5.000.000 paid into the bank, a truck bought 30.000.000 on a
// loan of 25.000.000, depreciated 6.000.000; transport sold 20.000.000 HT (TVA 18 % 3.600.000), 4.000.000
// still owed by clients, one client paid 500.000 in advance; fuel 4.500.000, repairs 1.200.000 (TVA
// recoverable 216.000), salaries 3.000.000, interest 900.000, income tax 1.000.000.
// Result: 20.000.000 − 4.500.000 − 1.200.000 − 3.000.000 − 6.000.000 − 900.000 − 1.000.000 = 3.400.000.
const soldesFinAnnee = [
  { compte: '101', solde: -5_000_000 },
  { compte: '162', solde: -25_000_000 },
  { compte: '2451', solde: 30_000_000 },
  { compte: '2845', solde: -6_000_000 },
  { compte: '411', solde: 4_000_000 },
  { compte: '4191', solde: -500_000 },
  { compte: '4431', solde: -3_600_000 },
  { compte: '4454', solde: 216_000 },
  { compte: '401', solde: -300_000 },
  { compte: '409', solde: 150_000 },
  // The cash in the bank makes the books balance (every entry does): see `somme` below.
  { compte: '521', solde: 0 },
  { compte: '571', solde: 84_000 },
  { compte: '706', solde: -20_000_000 },
  { compte: '6053', solde: 4_500_000 },
  { compte: '6242', solde: 1_200_000 },
  { compte: '661', solde: 3_000_000 },
  { compte: '6813', solde: 6_000_000 },
  { compte: '671', solde: 900_000 },
  { compte: '891', solde: 1_000_000 },
];
// The bank takes whatever makes the total zero (the trial balance of balanced entries).
const somme = soldesFinAnnee.reduce((s, c) => s + c.solde, 0);
soldesFinAnnee.find((c) => c.compte === '521')!.solde = -somme;

describe('compte de résultat', () => {
  it('places each account in its rubrique and adds the totals as the statement prints them', () => {
    const m = compteDeResultat(soldesFinAnnee);
    expect(m.get('TC')).toBe(20_000_000);
    expect(m.get('XB')).toBe(20_000_000);
    expect(m.get('RE')).toBe(-4_500_000);
    expect(m.get('RH')).toBe(-1_200_000);
    expect(m.get('XC')).toBe(14_300_000);
    expect(m.get('RK')).toBe(-3_000_000);
    expect(m.get('XD')).toBe(11_300_000);
    expect(m.get('RL')).toBe(-6_000_000);
    expect(m.get('XE')).toBe(5_300_000);
    expect(m.get('XF')).toBe(-900_000);
    expect(m.get('XG')).toBe(4_400_000);
    expect(m.get('RS')).toBe(-1_000_000);
    expect(m.get('XI')).toBe(3_400_000);
  });

  it('the net result is minus the sum of every account of classes 6 to 8, whatever the account', () => {
    const mouvements = [
      '601',
      '6031',
      '602',
      '6032',
      '6033',
      '604',
      '608',
      '618',
      '627',
      '633',
      '641',
      '658',
      '661',
      '671',
      '681',
      '691',
      '697',
      '701',
      '702',
      '705',
      '707',
      '71',
      '72',
      '73',
      '754',
      '781',
      '787',
      '791',
      '797',
      '811',
      '821',
      '831',
      '841',
      '871',
      '891',
      '6999',
      '7999',
      '8999',
    ].map((compte, i) => ({ compte, solde: (i % 2 ? -1 : 1) * (1000 + i * 37) }));
    const m = compteDeResultat(mouvements);
    expect(m.get('XI')).toBe(-mouvements.reduce((s, x) => s + x.solde, 0));
  });

  it('leaves out the accounts of classes 1 to 5', () => {
    expect(compteDeResultat([{ compte: '521', solde: 1000 }]).get('XI')).toBe(0);
  });

  it('every total names lines printed before it', () => {
    const vus = new Set<string>();
    for (const r of COMPTE_DE_RESULTAT) {
      for (const ref of r.somme ?? []) expect(vus, `${r.ref} → ${ref}`).toContain(ref);
      vus.add(r.ref);
    }
  });
});

describe('bilan', () => {
  const b = bilan(soldesFinAnnee);

  it('puts the truck net of its depreciation, clients, the State and the bank on the actif', () => {
    expect(b.actif.get('AI')).toEqual({ brut: 30_000_000, amortissements: 6_000_000, net: 24_000_000 });
    expect(b.actif.get('BI')!.net).toBe(4_000_000);
    expect(b.actif.get('BH')!.net).toBe(150_000);
    expect(b.actif.get('BJ')!.net).toBe(216_000);
  });

  it('puts capital, the result, the loan, suppliers, the TVA due and the advances on the passif', () => {
    expect(b.passif.get('CA')).toBe(5_000_000);
    expect(b.passif.get('CJ')).toBe(3_400_000);
    expect(b.passif.get('CP')).toBe(8_400_000);
    expect(b.passif.get('DA')).toBe(25_000_000);
    expect(b.passif.get('DI')).toBe(500_000);
    expect(b.passif.get('DJ')).toBe(300_000);
    expect(b.passif.get('DK')).toBe(3_600_000);
  });

  it('balances: total actif = total passif', () => {
    expect(b.actif.get('BZ')!.net).toBe(b.passif.get('DZ'));
    expect(b.passif.get('DZ')).toBe(8_400_000 + 25_000_000 + 500_000 + 300_000 + 3_600_000);
  });

  it('a bank in overdraft is a debt (trésorerie-passif), a client in credit an advance received', () => {
    const d = bilan([
      { compte: '5211', solde: -700_000 },
      { compte: '411', solde: -50_000 },
      { compte: '571', solde: 750_000 },
    ]);
    expect(d.passif.get('DR')).toBe(700_000);
    expect(d.passif.get('DI')).toBe(50_000);
    expect(d.actif.get('BS')!.net).toBe(750_000);
    expect(d.actif.get('BZ')!.net).toBe(d.passif.get('DZ'));
  });

  it('balances for any balanced set of accounts (each account lands somewhere)', () => {
    const comptes = [
      '101',
      '109',
      '1201',
      '13',
      '14',
      '151',
      '16',
      '17',
      '19',
      '211',
      '231',
      '245',
      '2845',
      '2915',
      '261',
      '311',
      '391',
      '401',
      '409',
      '411',
      '4191',
      '421',
      '431',
      '4431',
      '4449',
      '455',
      '471',
      '478',
      '479',
      '481',
      '485',
      '4911',
      '499',
      '501',
      '511',
      '5211',
      '531',
      '565',
      '571',
      '591',
      '6053',
      '706',
      '891',
    ];
    const soldes = comptes.map((compte, i) => ({ compte, solde: (i % 3 ? -1 : 1) * (10_000 + i * 1_234) }));
    soldes.push({ compte: '5712', solde: -soldes.reduce((s, x) => s + x.solde, 0) });
    for (const { compte } of soldes) {
      if (!/^[678]/.test(compte)) expect(placeDansLeBilan(compte, 1), compte).not.toBeNull();
    }
    const d = bilan(soldes);
    expect(d.actif.get('BZ')!.net).toBe(d.passif.get('DZ'));
  });

  it('every total names lines printed before it', () => {
    for (const rubriques of [BILAN_ACTIF, BILAN_PASSIF]) {
      const vus = new Set<string>();
      for (const x of rubriques) {
        for (const ref of x.somme ?? []) expect(vus, `${x.ref} → ${ref}`).toContain(ref);
        vus.add(x.ref);
      }
    }
  });
});

describe('anneePrecedente', () => {
  it('moves a day one year back, 29/02 to 28/02', () => {
    expect(anneePrecedente('2026-11-27')).toBe('2025-11-27');
    expect(anneePrecedente('2028-02-29')).toBe('2027-02-28');
    expect(anneePrecedente('2026-01-01')).toBe('2025-01-01');
  });
});
