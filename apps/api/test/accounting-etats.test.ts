import { CLOTURE, JOURNAL_ENTREPRISE, todayInGabon } from '@yams/shared';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { data, type Fixtures, failed, type Json, setupFixtures } from './fixtures';

// The financial statements (issue 29 §5): bilan and compte de résultat of a new company whose two years are
// entered by hand, every figure computed on paper; then the clôture of its first year: the result carried to
// 13 then to report à nouveau, the year locked, and the statements unchanged by the closing entry.

let ctx: Fixtures;
let N: { id: number; token: string };

type Ligne = { compte: string; debit?: number; credit?: number };

async function od(date_operation: string, libelle: string, lignes: Ligne[], token = N.token) {
  return ctx.t.post('/api/operations', { date_operation, libelle, lignes }, token);
}

async function etats(debut: string, fin: string, token = N.token, extra = '') {
  return data(
    await ctx.t.get(`/api/comptabilite/etats-financiers?date_debut=${debut}&date_fin=${fin}${extra}`, token),
  );
}

const par = (lignes: Json[], ref: string) => lignes.find((l: Json) => l.ref === ref);

/** A transport company of its own, created by the superadmin and signed in (its books start empty). */
async function nouvelleEntreprise() {
  const email = `etats.${process.pid}.${Date.now()}@exemple.ga`;
  const created = data(
    await ctx.t.post(
      '/api/utilisateurs',
      {
        name: `etats${Date.now()}`,
        type: 'transporteur',
        sous_type: 'entreprise',
        nom: 'Bilan Transports',
        email,
      },
      ctx.admin,
    ),
  );
  const mail = ctx.t.lastMailTo(email)!;
  const token = new URL(
    mail.text.match(/https?:\/\/\S+\/reinitialiser-mot-de-passe\?\S+/)![0],
  ).searchParams.get('token');
  const password = 'Camion-Bleu-2026!';
  data(await ctx.t.post('/api/reset-password', { token, password, password_confirmation: password }));
  return { id: created.id as number, token: await ctx.t.login(email, password) };
}

beforeAll(async () => {
  ctx = await setupFixtures();
  N = await nouvelleEntreprise();
  // 2024, on paper: result 20.000.000 − 4.500.000 − 3.000.000 − 6.000.000 − 900.000 − 1.000.000 = 4.600.000.
  const annee2024: Array<[string, string, Ligne[]]> = [
    [
      '2024-01-15',
      'Apport en capital',
      [
        { compte: '521', debit: 5_000_000 },
        { compte: '101', credit: 5_000_000 },
      ],
    ],
    [
      '2024-02-01',
      'Emprunt bancaire',
      [
        { compte: '521', debit: 25_000_000 },
        { compte: '162', credit: 25_000_000 },
      ],
    ],
    [
      '2024-02-10',
      'Achat du camion',
      [
        { compte: '245', debit: 30_000_000 },
        { compte: '521', credit: 30_000_000 },
      ],
    ],
    [
      '2024-06-30',
      'Transports du semestre',
      [
        { compte: '411', debit: 23_600_000 },
        { compte: '706', credit: 20_000_000 },
        { compte: '4431', credit: 3_600_000 },
      ],
    ],
    [
      '2024-09-30',
      'Encaissement clients',
      [
        { compte: '521', debit: 19_600_000 },
        { compte: '411', credit: 19_600_000 },
      ],
    ],
    [
      '2024-10-31',
      'Carburant',
      [
        { compte: '605', debit: 4_500_000 },
        { compte: '521', credit: 4_500_000 },
      ],
    ],
    [
      '2024-11-30',
      'Salaires',
      [
        { compte: '661', debit: 3_000_000 },
        { compte: '521', credit: 3_000_000 },
      ],
    ],
    [
      '2024-12-31',
      'Amortissement du camion',
      [
        { compte: '681', debit: 6_000_000 },
        { compte: '284', credit: 6_000_000 },
      ],
    ],
    [
      '2024-12-31',
      'Intérêts',
      [
        { compte: '671', debit: 900_000 },
        { compte: '521', credit: 900_000 },
      ],
    ],
    [
      '2024-12-31',
      'Impôt sur le résultat',
      [
        { compte: '891', debit: 1_000_000 },
        { compte: '441', credit: 1_000_000 },
      ],
    ],
  ];
  // 2025: 10.000.000 of transport, 2.000.000 of fuel: result 8.000.000.
  const annee2025: Array<[string, string, Ligne[]]> = [
    [
      '2025-05-31',
      'Transports',
      [
        { compte: '411', debit: 11_800_000 },
        { compte: '706', credit: 10_000_000 },
        { compte: '4431', credit: 1_800_000 },
      ],
    ],
    [
      '2025-07-31',
      'Carburant',
      [
        { compte: '605', debit: 2_000_000 },
        { compte: '521', credit: 2_000_000 },
      ],
    ],
  ];
  for (const [date, libelle, lignes] of [...annee2024, ...annee2025]) data(await od(date, libelle, lignes));
}, 180_000);

describe('états financiers', () => {
  it('2024: the bilan and the compte de résultat as computed on paper, balanced', async () => {
    const e = await etats('2024-01-01', '2024-12-31');
    expect(par(e.bilan.actif, 'AI')).toMatchObject({
      brut: 30_000_000,
      amortissements: 6_000_000,
      net: 24_000_000,
    });
    expect(par(e.bilan.actif, 'BI').net).toBe(4_000_000);
    expect(par(e.bilan.actif, 'BS').net).toBe(11_200_000);
    expect(par(e.bilan.actif, 'BZ').net).toBe(39_200_000);
    expect(par(e.bilan.passif, 'CA').montant).toBe(5_000_000);
    expect(par(e.bilan.passif, 'CJ').montant).toBe(4_600_000);
    expect(par(e.bilan.passif, 'DA').montant).toBe(25_000_000);
    expect(par(e.bilan.passif, 'DK').montant).toBe(4_600_000);
    expect(e.bilan).toMatchObject({ total_actif: 39_200_000, total_passif: 39_200_000, equilibre: true });
    expect(par(e.compte_de_resultat, 'XB').montant).toBe(20_000_000);
    expect(par(e.compte_de_resultat, 'RE').montant).toBe(-4_500_000);
    expect(par(e.compte_de_resultat, 'XD').montant).toBe(12_500_000);
    expect(par(e.compte_de_resultat, 'XE').montant).toBe(6_500_000);
    expect(par(e.compte_de_resultat, 'XF').montant).toBe(-900_000);
    expect(e).toMatchObject({
      resultat_net: 4_600_000,
      chiffre_affaires: 20_000_000,
      exercices_non_clotures: [],
    });
    // The year before had nothing.
    expect(e.precedent).toEqual({ date_debut: '2023-01-01', date_fin: '2023-12-31' });
    expect(par(e.bilan.actif, 'BZ').net_precedent).toBe(0);
  });

  it('2025: its own result, 2024 in the N-1 column, and the unclosed 2024 result still in CJ', async () => {
    const e = await etats('2025-01-01', '2025-12-31');
    expect(e.resultat_net).toBe(8_000_000);
    expect(par(e.compte_de_resultat, 'XI')).toMatchObject({
      montant: 8_000_000,
      montant_precedent: 4_600_000,
    });
    expect(par(e.bilan.passif, 'CJ').montant).toBe(12_600_000);
    expect(par(e.bilan.passif, 'CH').montant).toBe(0);
    expect(e.exercices_non_clotures).toEqual([2024]);
    expect(e.bilan.equilibre).toBe(true);
  });

  it('refuses what it cannot compute, in French', async () => {
    failed(
      await ctx.t.get('/api/comptabilite/etats-financiers?date_debut=2024-01-01', N.token),
      422,
      'La date de début et la date de fin sont obligatoires.',
    );
    failed(
      await ctx.t.get(
        '/api/comptabilite/etats-financiers?date_debut=2024-01-01&date_fin=2024-12-31',
        ctx.admin,
      ),
      422,
      JOURNAL_ENTREPRISE,
    );
    const res = await ctx.t.get(
      '/api/comptabilite/etats-financiers?date_debut=2024-01-01&date_fin=2024-12-31&format=doc',
      N.token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.join()).toContain('Le format est « json », « pdf » ou « xlsx ».');
  });

  it('prints the same statements as a PDF and an Excel file', async () => {
    const q = '/api/comptabilite/etats-financiers?date_debut=2024-01-01&date_fin=2024-12-31';
    const pdf = await ctx.t.get(`${q}&format=pdf`, N.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    expect(text).toContain('ÉTATS FINANCIERS');
    expect(text).toContain('Bilan — Actif');
    expect(text).toContain('RÉSULTAT NET');
    expect(text).toContain('39.200.000');
    const xlsx = await ctx.t.get(`${q}&format=xlsx`, N.token);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const cells: unknown[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => cells.push(...(row.values as unknown[]))));
    expect(cells).toContain('RÉSULTAT NET');
    expect(cells).toContain(4_600_000);
  });
});

describe('clôture d’exercice', () => {
  const courante = Number(todayInGabon().slice(0, 4));

  it('closes the exercises in order, once each, and never one that is not over', async () => {
    expect(data(await ctx.t.get('/api/comptabilite/clotures', N.token))).toEqual({
      clotures: [],
      prochaine: 2024,
    });
    failed(
      await ctx.t.post('/api/comptabilite/clotures', { annee: courante }, N.token),
      422,
      CLOTURE.pasFini(courante),
      'annee',
    );
    failed(
      await ctx.t.post('/api/comptabilite/clotures', { annee: 2025 }, N.token),
      422,
      CLOTURE.precedentOuvert(2024),
      'annee',
    );
    failed(
      await ctx.t.post('/api/comptabilite/clotures', { annee: 'deux mille' }, N.token),
      422,
      "L'exercice est une année (par exemple 2025).",
      'annee',
    );

    const c = data(await ctx.t.post('/api/comptabilite/clotures', { annee: 2024 }, N.token));
    expect(c).toMatchObject({ annee: 2024, date: '2024-12-31', resultat: 4_600_000 });
    failed(
      await ctx.t.post('/api/comptabilite/clotures', { annee: 2024 }, N.token),
      422,
      CLOTURE.dejaClos(2024),
      'annee',
    );
    expect(data(await ctx.t.get('/api/comptabilite/clotures', N.token))).toMatchObject({
      clotures: [{ annee: 2024, resultat: 4_600_000, ecriture_id: c.ecriture_id }],
      prochaine: 2025,
    });
  });

  it('locks the closed year: no entry may be dated in it', async () => {
    failed(
      await od('2024-06-30', 'Oubli', [
        { compte: '521', debit: 1000 },
        { compte: '571', credit: 1000 },
      ]),
      422,
      CLOTURE.exerciceClos(2024),
      'date_operation',
    );
    data(
      await od('2025-01-02', 'Versement', [
        { compte: '521', debit: 1000 },
        { compte: '571', credit: 1000 },
      ]),
    );
  });

  it('the result goes to 13 on 31/12, then to report à nouveau: the statements do not change', async () => {
    const e2024 = await etats('2024-01-01', '2024-12-31');
    expect(e2024.resultat_net).toBe(4_600_000);
    expect(par(e2024.bilan.passif, 'CJ').montant).toBe(4_600_000);
    expect(e2024.bilan.total_actif).toBe(39_200_000);
    expect(e2024.dernier_exercice_clos).toBe(2024);
    const e2025 = await etats('2025-01-01', '2025-12-31');
    expect(par(e2025.bilan.passif, 'CH').montant).toBe(4_600_000);
    expect(par(e2025.bilan.passif, 'CJ').montant).toBe(8_000_000);
    expect(par(e2025.compte_de_resultat, 'XI')).toMatchObject({
      montant: 8_000_000,
      montant_precedent: 4_600_000,
    });
    expect(e2025.exercices_non_clotures).toEqual([]);
    expect(e2025.bilan.equilibre).toBe(true);
    // The journal holds the two entries, balanced (the balance générale of the year's last day).
    const balance = data(
      await ctx.t.get('/api/operations/balance?date_debut=2024-12-31&date_fin=2025-01-01', N.token),
    );
    const compte = (c: string) => balance.comptes.find((x: Json) => x.compte === c);
    // 131 received the result on 31/12 and gave it to 121 on 01/01.
    expect(compte('131')).toMatchObject({ credit: 4_600_000, debit: 4_600_000, solde_cloture: 0 });
    expect(compte('121').solde_cloture).toBe(-4_600_000);
    expect(compte('706').solde_cloture).toBe(0);
    expect(balance.totaux.solde_cloture).toBe(0);
  });

  it('is the company’s own: another company sees no clôture, and may not close for it', async () => {
    expect(data(await ctx.t.get('/api/comptabilite/clotures', ctx.A.token)).clotures).toEqual([]);
    const bilanA = await etats('2024-01-01', '2024-12-31', ctx.A.token);
    expect(bilanA.dernier_exercice_clos).toBeNull();
  });
});
