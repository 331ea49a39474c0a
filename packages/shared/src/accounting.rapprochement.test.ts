import { describe, expect, it } from 'vitest';
import {
  etatLigneReleve,
  fraisAPasser,
  lireCsv,
  lireDateReleve,
  lireReleve,
  type MouvementTresorerie,
  PRESETS_MAPPING,
  pointerReleve,
} from './accounting.rapprochement';

const mv = (id: number, date: string, montant: number, extra: Partial<MouvementTresorerie> = {}) => ({
  id,
  date,
  montant,
  ...extra,
});

describe('statement matching', () => {
  it('matches the exact reference first, even when the date is far', () => {
    const r = pointerReleve(
      [{ cle: 1, date: '2026-03-20', montant: 50_000, reference: 'vir 123' }],
      [mv(10, '2026-03-01', 50_000, { reference: 'VIR123' }), mv(11, '2026-03-20', 50_000)],
    );
    expect(r.pointes.get(1)).toEqual({ mouvement: 10, regle: 'reference' });
    expect(r.propositions.size).toBe(0);
  });

  it('a reference with another amount is no automatic match', () => {
    const r = pointerReleve(
      [{ cle: 1, date: '2026-03-20', montant: 40_000, reference: 'VIR123' }],
      [mv(10, '2026-03-20', 50_000, { reference: 'VIR123' })],
    );
    expect(r.pointes.size).toBe(0);
    expect(r.propositions.size).toBe(0);
  });

  it('matches the same amount within ±3 days, not 4 days away', () => {
    const r = pointerReleve(
      [
        { cle: 1, date: '2026-03-10', montant: 25_000 },
        { cle: 2, date: '2026-03-10', montant: 30_000 },
      ],
      [mv(10, '2026-03-13', 25_000), mv(11, '2026-03-14', 30_000)],
    );
    expect(r.pointes.get(1)).toEqual({ mouvement: 10, regle: 'montant' });
    expect(r.pointes.has(2)).toBe(false);
    expect(r.propositions.has(2)).toBe(false);
  });

  it('two candidates: proposed, closest date first, never matched automatically', () => {
    const r = pointerReleve(
      [{ cle: 1, date: '2026-03-10', montant: 25_000 }],
      [mv(10, '2026-03-12', 25_000), mv(11, '2026-03-10', 25_000)],
    );
    expect(r.pointes.size).toBe(0);
    expect(r.propositions.get(1)).toEqual([11, 10]);
  });

  it('the phone decides between two candidates when the line gives one', () => {
    const r = pointerReleve(
      [{ cle: 1, date: '2026-03-10', montant: 25_000, telephone: '+241 077 12 34 56' }],
      [
        mv(10, '2026-03-10', 25_000, { telephone: '077 99 99 99' }),
        mv(11, '2026-03-11', 25_000, { telephone: '077123456' }),
      ],
    );
    expect(r.pointes.get(1)).toEqual({ mouvement: 11, regle: 'montant' });
  });

  it('uses each movement once: two lines wanting one movement are both proposals', () => {
    const r = pointerReleve(
      [
        { cle: 1, date: '2026-03-10', montant: 25_000 },
        { cle: 2, date: '2026-03-11', montant: 25_000 },
      ],
      [mv(10, '2026-03-10', 25_000)],
    );
    expect(r.pointes.size).toBe(0);
    expect(r.propositions.get(1)).toEqual([10]);
    expect(r.propositions.get(2)).toEqual([10]);
  });

  it('a movement taken by reference is not offered to another line', () => {
    const r = pointerReleve(
      [
        { cle: 1, date: '2026-03-10', montant: 25_000, reference: 'AM-1' },
        { cle: 2, date: '2026-03-10', montant: 25_000 },
      ],
      [mv(10, '2026-03-10', 25_000, { reference: 'AM-1' }), mv(11, '2026-03-10', 25_000)],
    );
    expect(r.pointes.get(1)?.mouvement).toBe(10);
    expect(r.pointes.get(2)?.mouvement).toBe(11);
    expect(new Set([...r.pointes.values()].map((p) => p.mouvement)).size).toBe(2);
  });

  it('outflows match outflows only (signed amounts)', () => {
    const r = pointerReleve(
      [{ cle: 1, date: '2026-03-10', montant: -25_000 }],
      [mv(10, '2026-03-10', 25_000)],
    );
    expect(r.pointes.size + r.propositions.size).toBe(0);
  });
});

describe('fees and states', () => {
  it('a matched line with fees waits for its fee entry, then is pointée', () => {
    const l = { montant: 50_000, frais: 500, mouvement_id: 10, frais_ecriture_id: null, propositions: [] };
    expect(etatLigneReleve(l)).toBe('a_traiter');
    expect(fraisAPasser(l)).toEqual({ montant: 500, couvreMontant: false });
    expect(etatLigneReleve({ ...l, frais_ecriture_id: 3 })).toBe('pointee');
    expect(fraisAPasser({ ...l, frais_ecriture_id: 3 })).toBeNull();
  });

  it("a bank's charges line becomes a fee entry for the whole outflow", () => {
    const l = { montant: -2_500, frais: 0, mouvement_id: null, frais_ecriture_id: null, propositions: [] };
    expect(fraisAPasser(l)).toEqual({ montant: 2_500, couvreMontant: true });
    expect(etatLigneReleve(l)).toBe('a_traiter');
    expect(etatLigneReleve({ ...l, propositions: [4] })).toBe('proposee');
  });

  it('an unmatched inflow is no fee', () => {
    expect(
      fraisAPasser({ montant: 2_500, frais: 0, mouvement_id: null, frais_ecriture_id: null }),
    ).toBeNull();
  });
});

describe('reading a statement', () => {
  it('reads a bank CSV with débit and crédit columns', () => {
    const rows = lireCsv(
      'Date;Libellé;Référence;Débit;Crédit\n03/11/2026;VIR CLIENT;VIR123;;150 000\n04/11/2026;FRAIS TENUE;;2 500;\n\n',
    );
    const r = lireReleve(rows, PRESETS_MAPPING.banque);
    expect(r.erreurs).toEqual([]);
    expect(r.lignes).toEqual([
      {
        numero: 2,
        date: '2026-11-03',
        libelle: 'VIR CLIENT',
        reference: 'VIR123',
        telephone: null,
        montant: 150_000,
        frais: 0,
      },
      {
        numero: 3,
        date: '2026-11-04',
        libelle: 'FRAIS TENUE',
        reference: null,
        telephone: null,
        montant: -2_500,
        frais: 0,
      },
    ]);
  });

  it('reads an Airtel-style export with fees and phone', () => {
    const rows = lireCsv(
      '"ID Transaction",Date,Numéro,Montant,Frais\nCI261103.1,2026-11-03 10:12,074123456,"50000",500\n',
    );
    const r = lireReleve(rows, PRESETS_MAPPING.airtel);
    expect(r.lignes[0]).toMatchObject({
      reference: 'CI261103.1',
      telephone: '074123456',
      montant: 50_000,
      frais: 500,
    });
  });

  it('says in French which line has a bad date or amount, and an unknown column', () => {
    const rows = lireCsv('Date;Montant\n31/02/2026;100\n01/03/2026;douze\n');
    const r = lireReleve(rows, PRESETS_MAPPING.banque);
    expect(r.erreurs.map((e) => e.ligne)).toEqual([2, 3]);
    expect(r.erreurs[0]!.messages[0]).toMatch(/^Date invalide : « 31\/02\/2026 »/);
    expect(r.erreurs[1]!.messages[0]).toMatch(/montant/i);
    const inconnue = lireReleve(rows, { date: 'Date', montant: 'Somme' });
    expect(inconnue.erreurs).toEqual([{ ligne: 1, messages: ['Colonne inconnue : « Somme » (Montant).'] }]);
  });

  it('reads the usual dates', () => {
    expect(lireDateReleve('2026-11-03')).toBe('2026-11-03');
    expect(lireDateReleve('3/11/26')).toBe('2026-11-03');
    expect(lireDateReleve(new Date(Date.UTC(2026, 10, 3)))).toBe('2026-11-03');
    expect(lireDateReleve('2026-13-01')).toBeNull();
  });
});
