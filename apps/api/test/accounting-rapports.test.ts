import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ecritureLignes } from '../src/db/schema';
import { data, expectEvery, type Fixtures, failed, type Json, setupFixtures } from './fixtures';

// The accountant's reports (issue 29 §3, §4, §7): payment terms and due dates, the balance âgée on a fixed
// day, a client's relevé de compte, the grand livre (per account and per third party) and the export of
// the entries, each checked against the journal lines the database holds.

let ctx: Fixtures;
let client: { id: number; nom_complet: string };
const factures: Record<string, Json> = {};

const ligne = (prix: number) => [{ description: 'Libreville – Franceville', qte: 1, prix_unitaire: prix }];

async function facture(date: string, prix: number, extra: Record<string, unknown> = {}, token = ctx.A.token) {
  const res = await ctx.t.post(
    '/api/factures',
    { date_operation: date, type: 'Normale', client_id: client.id, lignes: ligne(prix), ...extra },
    token,
  );
  const f = data(res);
  data(await ctx.t.post(`/api/factures/${f.id}/validate`, {}, token));
  return data(await ctx.t.get(`/api/factures/${f.id}`, token));
}

async function pdfText(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  ctx = await setupFixtures();
  // The company's default term, a client with none of its own: its invoices take the company's.
  data(await ctx.t.post('/api/entreprise/parametres/update', { delai_paiement: '45jfm' }, ctx.A.token));
  client = await ctx.client(ctx.A, 'Relevé');
  factures.f1 = await facture('2026-01-10', 100_000, { delai_paiement: 'comptant' });
  factures.f2 = await facture('2026-03-20', 50_000, { delai_paiement: '30j' });
  factures.f3 = await facture('2026-04-25', 80_000); // the company's 45 jours fin de mois
  factures.f4 = await facture('2026-02-15', 30_000, { delai_paiement: 'comptant' });
  data(
    await ctx.t.post(
      `/api/factures/${factures.f1.id}/reglements`,
      { date_operation: '2026-02-01', mode: 'Virement', montant: 40_000 },
      ctx.A.token,
    ),
  );
  data(
    await ctx.t.post(`/api/factures/${factures.f4.id}/avoir`, { date_operation: '2026-03-01' }, ctx.A.token),
  );
  // Four invoices validated, a settlement and a credit note through the API: slow on a loaded machine.
}, 180_000);

/** Sum of the company's lines of an account (prefix) in [de, a], read behind the API's back. */
async function somme(entreprise: number, compte: string, de: string | null, a: string) {
  const [r] = await ctx.db
    .select({
      debit: sql<number>`coalesce(sum(${ecritureLignes.debit}), 0)`.mapWith(Number),
      credit: sql<number>`coalesce(sum(${ecritureLignes.credit}), 0)`.mapWith(Number),
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ecritureLignes)
    .where(
      and(
        eq(ecritureLignes.entreprise_id, entreprise),
        sql`${ecritureLignes.compte} like ${`${compte}%`}`,
        de ? gte(ecritureLignes.date_operation, de) : undefined,
        de ? lte(ecritureLignes.date_operation, a) : lt(ecritureLignes.date_operation, a),
      ),
    );
  return r!;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('payment terms', () => {
  it('give each invoice its due date: the one it names, else its client’s, else its company’s', async () => {
    expect([factures.f1, factures.f2, factures.f3].map((f) => [f.delai_paiement, f.date_echeance])).toEqual([
      ['comptant', '2026-01-10'],
      ['30j', '2026-04-19'],
      ['45jfm', '2026-06-30'],
    ]);
    // A client with its own term: its invoices take it, whatever the company's.
    const autre = await ctx.client(ctx.A, 'Délai');
    data(await ctx.t.post(`/api/utilisateurs/${autre.id}/update`, { delai_paiement: '60jfm' }, ctx.A.token));
    const res = await ctx.t.post(
      '/api/factures',
      { date_operation: '2026-11-30', type: 'Normale', client_id: autre.id, lignes: ligne(10_000) },
      ctx.A.token,
    );
    expect([data(res).delai_paiement, data(res).date_echeance]).toEqual(['60jfm', '2027-01-31']);
    // Changing the date of a draft moves its due date: 15/10 + 60 days = 14/12, end of month.
    const moved = data(
      await ctx.t.post(`/api/factures/${data(res).id}/update`, { date_operation: '2026-10-15' }, ctx.A.token),
    );
    expect(moved.date_echeance).toBe('2026-12-31');
  });

  it('refuses an unknown term in French, on the invoice, the client and the settings', async () => {
    const body = {
      date_operation: '2026-03-01',
      type: 'Normale',
      client_id: client.id,
      lignes: ligne(1_000),
    };
    const msg = expect.stringContaining("Le délai de paiement n'est pas valide");
    for (const res of [
      await ctx.t.post('/api/factures', { ...body, delai_paiement: '45 jours' }, ctx.A.token),
      await ctx.t.post(`/api/utilisateurs/${client.id}/update`, { delai_paiement: 'bientôt' }, ctx.A.token),
      await ctx.t.post('/api/entreprise/parametres/update', { delai_paiement: '31j' }, ctx.A.token),
    ]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().data.fields.delai_paiement).toEqual(msg);
    }
  });

  it('prints the term and the due date on the invoice', async () => {
    const res = await ctx.t.get(`/api/factures/${factures.f3.id}/pdf`, ctx.A.token);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Échéance : 30/06/2026');
    expect(text).toContain('45 jours fin de mois');
  });
});

describe('balance âgée clients', () => {
  const ofClient = (b: Json) => b.clients.find((c: Json) => c.client_id === client.id);

  it('sorts what remains due by days past the due date, on the day asked', async () => {
    const b = data(await ctx.t.get('/api/comptabilite/balance-agee?date=2026-05-20', ctx.A.token));
    const c = ofClient(b);
    // f1: 100.000 − 40.000 paid, due 10/01 (130 days); f2 due 19/04 (31 days); f3 due 30/06; f4 credited.
    expect(c).toMatchObject({
      non_echu: 80_000,
      j0_30: 0,
      j31_60: 50_000,
      j61_90: 0,
      plus_90: 60_000,
      total: 190_000,
    });
    expect(c.factures.map((f: Json) => [f.numero, f.reste, f.retard, f.tranche])).toEqual([
      [factures.f1.numero, 60_000, 130, 'plus_90'],
      [factures.f2.numero, 50_000, 31, 'j31_60'],
      [factures.f3.numero, 80_000, -41, 'non_echu'],
    ]);
    // The totals are the sums of the clients'.
    for (const k of ['non_echu', 'j0_30', 'j31_60', 'j61_90', 'plus_90', 'total'])
      expect(b.totaux[k], k).toBe(b.clients.reduce((n: number, x: Json) => n + x[k], 0));
  });

  it('counts only what was invoiced, paid and credited by that day', async () => {
    const b = data(
      await ctx.t.get(`/api/comptabilite/balance-agee?date=2026-01-31&client=${client.id}`, ctx.A.token),
    );
    expect(b.clients).toHaveLength(1);
    expect(b.clients[0]).toMatchObject({ j0_30: 100_000, total: 100_000 });
    const feb = data(
      await ctx.t.get(`/api/comptabilite/balance-agee?date=2026-02-20&client=${client.id}`, ctx.A.token),
    );
    // f1 (60.000 left) 41 days late, f4 5 days late.
    expect(feb.clients[0]).toMatchObject({ j0_30: 30_000, j31_60: 60_000, total: 90_000 });
  });

  it('is counted on today in Libreville when no day is asked (fixed clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-10T23:30:00Z')); // 11 July 00:30 in Libreville
    const b = data(await ctx.t.get(`/api/comptabilite/balance-agee?client=${client.id}`, ctx.A.token));
    expect(b.date).toBe('2026-07-11');
    expect(ofClient(b)).toMatchObject({ j0_30: 80_000, j61_90: 50_000, plus_90: 60_000, non_echu: 0 });
  });

  it('prints as PDF and Excel', async () => {
    const pdf = await ctx.t.get('/api/comptabilite/balance-agee?date=2026-05-20&format=pdf', ctx.A.token);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('BALANCE ÂGÉE CLIENTS');
    expect(text).toContain(client.nom_complet);
    expect(text).toContain('190.000 FCFA');
    const xlsx = await ctx.t.get('/api/comptabilite/balance-agee?date=2026-05-20&format=xlsx', ctx.A.token);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    const rows = wb.worksheets[0]!.getSheetValues() as unknown as unknown[][];
    const row = rows.find((r) => r?.[1] === client.nom_complet)!;
    expect(row.slice(2)).toEqual([80_000, 0, 50_000, 0, 60_000, 190_000]);
  });

  it('is kept per company: another company sees none of it, the superadmin names one', async () => {
    const b = data(
      await ctx.t.get(`/api/comptabilite/balance-agee?date=2026-05-20&client=${client.id}`, ctx.B.token),
    );
    expect(b.clients).toEqual([]);
    const all = data(await ctx.t.get('/api/comptabilite/balance-agee?date=2026-05-20', ctx.B.token));
    expect(all.clients.map((c: Json) => c.client_id)).not.toContain(client.id);
    failed(
      await ctx.t.get('/api/comptabilite/balance-agee', ctx.admin),
      422,
      'Choisissez une entreprise : les journaux et la balance générale se tiennent par entreprise.',
      'entreprise',
    );
    const admin = data(
      await ctx.t.get(`/api/comptabilite/balance-agee?date=2026-05-20&entreprise=${ctx.A.id}`, ctx.admin),
    );
    expect(ofClient(admin).total).toBe(190_000);
    failed(
      await ctx.t.get('/api/comptabilite/balance-agee?date=2026-02-30', ctx.A.token),
      422,
      'La date doit être une date au format AAAA-MM-JJ.',
      'date',
    );
  });
});

describe('relevé de compte', () => {
  const url = (extra = '') =>
    `/api/comptabilite/clients/${client.id}/releve?date_debut=2026-02-01&date_fin=2026-05-31${extra}`;

  it('runs from the opening balance through each document to the closing one, with the ages at the end', async () => {
    const r = data(await ctx.t.get(url(), ctx.A.token));
    expect(r.solde_ouverture).toBe(100_000);
    expect(r.lignes.map((l: Json) => [l.date_operation, l.piece, l.debit, l.credit, l.solde])).toEqual([
      ['2026-02-01', factures.f1.numero, 0, 40_000, 60_000],
      ['2026-02-15', factures.f4.numero, 30_000, 0, 90_000],
      ['2026-03-01', expect.stringMatching(/^AV-2026-/), 0, 30_000, 60_000],
      ['2026-03-20', factures.f2.numero, 50_000, 0, 110_000],
      ['2026-04-25', factures.f3.numero, 80_000, 0, 190_000],
    ]);
    expect(r.lignes[3].date_echeance).toBe('2026-04-19');
    expect([r.total_debit, r.total_credit, r.solde_cloture]).toEqual([160_000, 70_000, 190_000]);
    expect(r.age).toEqual({
      non_echu: 80_000,
      j0_30: 0,
      j31_60: 50_000,
      j61_90: 0,
      plus_90: 60_000,
      total: 190_000,
    });
    expect(r.non_impute).toBe(0);
  });

  it('prints as a PDF to send', async () => {
    const res = await ctx.t.get(url('&format=pdf'), ctx.A.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const s of [
      'RELEVÉ DE COMPTE',
      'Du 01/02/2026 au 31/05/2026',
      client.nom_complet,
      'Solde au 01/02/2026',
      '100.000 FCFA D',
      '190.000 FCFA D',
      factures.f3.numero,
      'Solde en notre faveur au 31/05/2026 : 190.000 FCFA.',
    ])
      expect(text).toContain(s);
  });

  it('answers 404 for another company’s client and French 422s for missing or reversed dates', async () => {
    const res = await ctx.t.get(url(), ctx.B.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual(["Ce client n'existe pas."]);
    failed(
      await ctx.t.get(`/api/comptabilite/clients/${client.id}/releve`, ctx.A.token),
      422,
      'La date de début et la date de fin sont obligatoires.',
      'date_debut',
    );
    failed(
      await ctx.t.get(
        `/api/comptabilite/clients/${client.id}/releve?date_debut=2026-05-01&date_fin=2026-04-01`,
        ctx.A.token,
      ),
      422,
      'La date de fin doit être postérieure ou égale à la date de début.',
      'date_fin',
    );
  });
});

describe('grand livre', () => {
  const periode = 'date_debut=2026-03-01&date_fin=2026-06-30';

  it('per account: opening, running balance and totals equal to the journal lines', async () => {
    const g = data(await ctx.t.get(`/api/comptabilite/grand-livre?${periode}&compte=41`, ctx.A.token));
    expect(g.comptes.length).toBeGreaterThan(0);
    for (const c of g.comptes) {
      const avant = await somme(ctx.A.id, c.compte, null, '2026-03-01');
      const dans = await somme(ctx.A.id, c.compte, '2026-03-01', '2026-06-30');
      expect(c.solde_ouverture, c.compte).toBe(avant.debit - avant.credit);
      expect([c.total_debit, c.total_credit, c.lignes.length], c.compte).toEqual([
        dans.debit,
        dans.credit,
        dans.n,
      ]);
      let solde = c.solde_ouverture;
      for (const l of c.lignes) {
        solde += l.debit - l.credit;
        expect(l.solde).toBe(solde);
      }
      expect(c.solde_cloture).toBe(solde);
    }
    // The client's invoice line names its client.
    const l411 = g.comptes
      .find((c: Json) => c.compte === '411')
      .lignes.find((l: Json) => l.piece === factures.f3.numero);
    expect(l411).toMatchObject({ tiers: client.nom_complet, debit: 80_000, journal: 'Vente' });
    // And the totals are the balance générale's.
    const balance = data(await ctx.t.get(`/api/operations/balance?${periode}`, ctx.A.token));
    const b411 = balance.comptes.find((c: Json) => c.compte === '411');
    const g411 = g.comptes.find((c: Json) => c.compte === '411');
    expect([g411.solde_ouverture, g411.total_debit, g411.total_credit]).toEqual([
      b411.solde_ouverture,
      b411.debit,
      b411.credit,
    ]);
  });

  it('per third party: the client’s lines of its accounts only, from its own opening balance', async () => {
    const g = data(
      await ctx.t.get(`/api/comptabilite/grand-livre?${periode}&tiers=client:${client.id}`, ctx.A.token),
    );
    expect(g.tiers).toEqual({ type: 'client', id: client.id, nom: client.nom_complet });
    expect(g.comptes.map((c: Json) => c.compte)).toEqual(['411']);
    const c = g.comptes[0];
    // Opening 01/03: f1 100.000 − 40.000 paid + f4 30.000 = 90.000; then the credit note, f2, f3.
    expect(c.solde_ouverture).toBe(90_000);
    expect(c.lignes.map((l: Json) => [l.debit, l.credit, l.solde])).toEqual([
      [0, 30_000, 60_000],
      [50_000, 0, 110_000],
      [80_000, 0, 190_000],
    ]);
    expectEvery(c.lignes, (l: Json) => l.tiers === client.nom_complet, 'les lignes du client');
  });

  it('prints as PDF and Excel', async () => {
    const pdf = await ctx.t.get(
      `/api/comptabilite/grand-livre?${periode}&compte=411&format=pdf`,
      ctx.A.token,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('GRAND LIVRE');
    expect(text).toContain('411 — Clients');
    expect(text).toContain("Solde d'ouverture");
    expect(text).toContain(factures.f3.numero);
    const xlsx = await ctx.t.get(
      `/api/comptabilite/grand-livre?${periode}&tiers=client:${client.id}&format=xlsx`,
      ctx.A.token,
    );
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    const rows = (wb.worksheets[0]!.getSheetValues() as unknown as unknown[][]).filter(Boolean);
    const total = rows.find((r) => r[4] === 'Total du compte 411')!;
    expect(total.slice(6, 9)).toEqual([130_000, 30_000, 190_000]);
  });

  it('refuses bad filters in French, and keeps each company’s books apart', async () => {
    failed(
      await ctx.t.get(`/api/comptabilite/grand-livre?${periode}&compte=41a`, ctx.A.token),
      422,
      'Le compte est un numéro du plan SYSCOHADA (1 à 10 chiffres).',
      'compte',
    );
    failed(
      await ctx.t.get(`/api/comptabilite/grand-livre?${periode}&tiers=client-12`, ctx.A.token),
      422,
      'Le tiers s’écrit « client:<identifiant> » ou « fournisseur:<identifiant> » (par exemple client:12).',
      'tiers',
    );
    failed(
      await ctx.t.get('/api/comptabilite/grand-livre?date_debut=2026-13-01&date_fin=2026-12-31', ctx.A.token),
      422,
      'La date de début doit être une date au format AAAA-MM-JJ.',
      'date_debut',
    );
    failed(
      await ctx.t.get('/api/comptabilite/grand-livre?date_debut=2026-01-01', ctx.A.token),
      422,
      'La date de début et la date de fin sont obligatoires.',
      'date_fin',
    );
    // Company B: A's client is none of its own, and none of A's pieces is in its 411.
    failed(
      await ctx.t.get(`/api/comptabilite/grand-livre?${periode}&tiers=client:${client.id}`, ctx.B.token),
      422,
      "Ce client n'existe pas.",
      'tiers',
    );
    const b = data(await ctx.t.get(`/api/comptabilite/grand-livre?${periode}&compte=411`, ctx.B.token));
    const pieces = b.comptes.flatMap((c: Json) => c.lignes.map((l: Json) => l.piece));
    expect(pieces).not.toContain(factures.f3.numero);
    const bTotal = await somme(ctx.B.id, '411', '2026-03-01', '2026-06-30');
    expect(b.comptes.reduce((n: number, c: Json) => n + c.total_debit, 0)).toBe(bTotal.debit);
    failed(
      await ctx.t.get(`/api/comptabilite/grand-livre?${periode}`, ctx.admin),
      422,
      'Choisissez une entreprise : les journaux et la balance générale se tiennent par entreprise.',
      'entreprise',
    );
    const admin = data(
      await ctx.t.get(
        `/api/comptabilite/grand-livre?${periode}&compte=411&entreprise=${ctx.A.id}`,
        ctx.admin,
      ),
    );
    expect(admin.comptes[0].total_debit).toBe(
      (await somme(ctx.A.id, '411', '2026-03-01', '2026-06-30')).debit,
    );
  });
});

describe('export for the accountant’s software', () => {
  const url = (fmt: string, token = ctx.A.token) =>
    ctx.t.get(`/api/comptabilite/export?date_debut=2026-01-01&date_fin=2026-06-30&format=${fmt}`, token);

  /** CSV rows, quotes removed (`;` separated, French decimals: whole francs here). */
  const parse = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';').map((c) => c.replace(/^"|"$/g, '')));

  it('every line of the period, each entry balanced, the client named', async () => {
    const res = await url('csv');
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parse(res.body);
    expect(header).toEqual([
      'Journal',
      'Date',
      'N° écriture',
      'Pièce',
      'Compte',
      'Compte tiers',
      'Tiers',
      'Libellé',
      'Débit',
      'Crédit',
      'Lettre',
    ]);
    const dans = await somme(ctx.A.id, '', '2026-01-01', '2026-06-30');
    expect(rows).toHaveLength(dans.n);
    const parEcriture = new Map<string, number>();
    for (const r of rows) parEcriture.set(r[2]!, (parEcriture.get(r[2]!) ?? 0) + Number(r[8]) - Number(r[9]));
    expect([...parEcriture.values()].filter((n) => n !== 0)).toEqual([]);
    expect(rows.reduce((n, r) => n + Number(r[8]), 0)).toBe(dans.debit);
    expect(rows.reduce((n, r) => n + Number(r[9]), 0)).toBe(dans.credit);
    const f3 = rows.find((r) => r[3] === factures.f3.numero && r[4] === '411')!;
    expect(f3).toEqual([
      'VT',
      '25/04/2026',
      expect.any(String),
      factures.f3.numero,
      '411',
      `C${client.id}`,
      client.nom_complet,
      expect.any(String),
      '80000',
      '0',
      '',
    ]);
    // The revenue line of the same entry carries no third party.
    const vente = rows.find((r) => r[3] === factures.f3.numero && r[4] === '706')!;
    expect([vente[5], vente[6], vente[9]]).toEqual(['', '', '80000']);
  });

  it('the same lines as Excel, header on the first row', async () => {
    const csvRows = parse((await url('csv')).body).length - 1;
    const res = await url('xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Journal');
    expect(sheet.rowCount - 1).toBe(csvRows);
  });

  it('is kept per company, with French 422s', async () => {
    const b = parse((await url('csv', ctx.B.token)).body).slice(1);
    expect(b.length).toBeGreaterThan(0);
    expect(b.map((r) => r[3])).not.toContain(factures.f3.numero);
    expect(b.map((r) => r[5])).not.toContain(`C${client.id}`);
    failed(
      await ctx.t.get(
        '/api/comptabilite/export?date_debut=2026-01-01&date_fin=2026-06-30&format=pdf',
        ctx.A.token,
      ),
      422,
      'Le format est « csv » ou « xlsx ».',
      'format',
    );
    failed(
      await ctx.t.get('/api/comptabilite/export?date_debut=2026-01-01&date_fin=2026-06-30', ctx.admin),
      422,
      'Choisissez une entreprise : les journaux et la balance générale se tiennent par entreprise.',
      'entreprise',
    );
  });
});
