import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ecritureLignes, ecritures, mouvementsMensuels } from '../src/db/schema';
import { scoped } from '../src/db/scoped';
import { borne, type JournalFilters, listLignesJournal } from '../src/modules/accounting/journal.repository';
import type { Scope } from '../src/plugins/auth';
import { type Fixtures, setupFixtures } from './fixtures';

// The monthly movements (mouvements_mensuels, kept by triggers on ecriture_lignes) against the lines
// themselves: after postings across several months, back-dated ones, reversals, credit notes, a cancelled
// payment, a deleted voucher and raw SQL deletes and updates, the table equals a GROUP BY of the lines, and
// the journals' running balances and the balance générale equal a naive sum over the lines, for periods that
// start and end in the middle of months, per company.

let ctx: Fixtures;

beforeAll(async () => {
  ctx = await setupFixtures();
});

interface Ligne {
  id: number;
  ecriture_id: number;
  entreprise_id: number;
  date_operation: string;
  compte: string;
  debit: number;
  credit: number;
  type: string;
}

async function lignesDe(entrepriseId: number): Promise<Ligne[]> {
  const rows = await ctx.t.database.db
    .select({
      id: ecritureLignes.id,
      ecriture_id: ecritureLignes.ecriture_id,
      entreprise_id: ecritureLignes.entreprise_id,
      date_operation: ecritureLignes.date_operation,
      compte: ecritureLignes.compte,
      debit: ecritureLignes.debit,
      credit: ecritureLignes.credit,
      type: ecritures.type,
    })
    .from(ecritureLignes)
    .innerJoin(ecritures, eq(ecritures.id, ecritureLignes.ecriture_id))
    .where(eq(ecritureLignes.entreprise_id, entrepriseId));
  const cle = (l: Ligne) => [l.date_operation, l.ecriture_id, l.id] as const;
  return rows.sort((a, b) => {
    const [x, y] = [cle(a), cle(b)];
    return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1] || x[2] - y[2];
  });
}

const entry = (
  date_operation: string,
  lignes: Array<{ compte: string; debit?: number; credit?: number }>,
) => ({
  date_operation,
  libelle: `Régularisation du ${date_operation}`,
  lignes,
});

async function post(url: string, body: unknown, token: string) {
  const res = await ctx.t.post(url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Postings of every kind, spread over months, some back-dated after later ones. */
async function posterDesMois() {
  const tg = ctx.A.token;
  const od = (date: string, compte: string, montant: number, token = tg) =>
    post(
      '/api/operations',
      entry(date, [
        { compte, debit: montant },
        { compte: '571', credit: montant },
      ]),
      token,
    );
  await od('2026-03-15', '521', 700_000);
  await od('2026-07-31', '521', 120_000);
  await od('2026-07-01', '658', 33_000);
  await od('2026-01-10', '521', 250_000); // back-dated after March and July
  await od('2025-12-31', '658', 9_000);
  await od('2024-06-01', '521', 1_000_000); // two years back
  await od('2026-03-01', '658', 15_500);
  // Company B posts on the same accounts and months: never in A's figures.
  await od('2026-03-15', '521', 4_444_000, ctx.B.token);
  await od('2026-07-20', '658', 77_000, ctx.B.token);
  await post(
    '/api/piece_de_caisses',
    {
      date_operation: '2026-03-18',
      beneficiaire: 'Garage Mbolo',
      decaisseur: 'Caisse B',
      montant: 61_000,
      libelle: 'Vidange',
    },
    ctx.B.token,
  );

  // A voucher: posted in May, moved back to February (reversal today + new posting), disabled (reversal),
  // activated again (posting in February), then deleted (reversal).
  const voucher = {
    date_operation: '2026-05-20',
    beneficiaire: 'Station Total',
    decaisseur: 'Caissière',
    montant: 45_000,
    libelle: 'Carburant',
  };
  const p = await post('/api/piece_de_caisses', voucher, tg);
  await post(`/api/piece_de_caisses/${p.id}/update`, { ...voucher, date_operation: '2026-02-03' }, tg);
  await post(`/api/caisses/${p.id}/disable`, {}, tg);
  await post(`/api/caisses/${p.id}/activate`, {}, tg);
  await post(`/api/piece_de_caisses/${p.id}/destroy`, {}, tg);
  const kept = await post('/api/piece_de_caisses', { ...voucher, date_operation: '2026-06-11' }, tg);
  await post(
    `/api/piece_de_caisses/${kept.id}/update`,
    { ...voucher, date_operation: '2026-06-11', montant: 52_000 },
    tg,
  );

  // A validated payment, then cancelled (its posting reversed today).
  const client = await ctx.client(ctx.A, 'Mouvements');
  const course = await ctx.postCourse(ctx.A, client.id, (await ctx.vehicule(ctx.A)).id, {
    montant: 90_000,
  });
  const pay = await post(
    '/api/paiements',
    { course_id: course.id, libelle: 'Acompte', mode: 'Espèces', montant: 40_000, statut: 'Validé' },
    tg,
  );
  await post(`/api/paiements/${pay.id}/cancel`, {}, tg);

  // An invoice in April, settled at the end of April, with a credit note in May.
  const f = await post(
    '/api/factures',
    {
      date_operation: '2026-04-10',
      type: 'Normale',
      client_id: client.id,
      appliquer_tva: true,
      taux_tva: 18,
      appliquer_css: true,
      taux_css: 1,
      lignes: [{ description: 'Libreville – Oyem', qte: 3, prix_unitaire: 410_000 }],
    },
    tg,
  );
  await post(`/api/factures/${f.id}/validate`, {}, tg);
  await post(
    `/api/factures/${f.id}/reglements`,
    { date_operation: '2026-04-28', mode: 'Virement', montant: 500_000 },
    tg,
  );
  await post(
    `/api/factures/${f.id}/avoir`,
    { date_operation: '2026-05-02', lignes: [{ description: 'Retard', qte: 1, prix_unitaire: 60_000 }] },
    tg,
  );

  // Raw SQL, as a script or a later path might: an entry deleted (its lines by cascade) and an entry's lines
  // moved to another month with new amounts in one UPDATE.
  const db = ctx.t.database.db;
  const aout = () =>
    db
      .select({ debit: mouvementsMensuels.debit, lignes: mouvementsMensuels.lignes })
      .from(mouvementsMensuels)
      .where(
        sql`${mouvementsMensuels.entreprise_id} = ${ctx.A.id} and ${mouvementsMensuels.compte} = '521' and ${mouvementsMensuels.mois} = '2026-08-01' and ${mouvementsMensuels.journal} = 'Operation Diverse'`,
      );
  const avant = await aout();
  const doomed = await od('2026-08-19', '521', 3_000_000);
  expect((await aout())[0]).toMatchObject({
    debit: (avant[0]?.debit ?? 0) + 3_000_000,
    lignes: (avant[0]?.lignes ?? 0) + 1,
  });
  await db.delete(ecritures).where(eq(ecritures.id, doomed.id));
  expect((await aout())[0]).toMatchObject({ debit: avant[0]?.debit ?? 0, lignes: avant[0]?.lignes ?? 0 });
  const moved = await od('2026-09-05', '658', 8_000);
  await db
    .update(ecritureLignes)
    .set({
      date_operation: '2026-02-27',
      debit: sql`${ecritureLignes.debit} * 2`,
      credit: sql`${ecritureLignes.credit} * 2`,
    })
    .where(eq(ecritureLignes.ecriture_id, moved.id));
}

/** The running balance of each line, summed naively over the company's lines in the journals' order. */
function soldesNaifs(lignes: Ligne[]): Map<number, number> {
  const parCompte = new Map<string, number>();
  const soldes = new Map<number, number>();
  for (const l of lignes) {
    const s = (parCompte.get(l.compte) ?? 0) + l.debit - l.credit;
    parCompte.set(l.compte, s);
    soldes.set(l.id, s);
  }
  return soldes;
}

function balanceNaive(lignes: Ligne[], debut: string, fin: string) {
  const parCompte = new Map<string, { ouverture: number; debit: number; credit: number }>();
  for (const l of lignes) {
    if (l.date_operation > fin) continue;
    const t = parCompte.get(l.compte) ?? { ouverture: 0, debit: 0, credit: 0 };
    if (l.date_operation < debut) t.ouverture += l.debit - l.credit;
    else {
      t.debit += l.debit;
      t.credit += l.credit;
    }
    parCompte.set(l.compte, t);
  }
  return [...parCompte]
    .filter(([, t]) => t.ouverture !== 0 || t.debit !== 0 || t.credit !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([compte, t]) => ({
      compte,
      solde_ouverture: t.ouverture,
      debit: t.debit,
      credit: t.credit,
      solde_cloture: t.ouverture + t.debit - t.credit,
    }));
}

const PERIODES: Array<[string, string, string]> = [
  ['mois', '2026-03-01', '2026-03-31'],
  ['année', '2026-01-01', '2026-12-31'],
  ['tout', '2000-01-01', '2099-12-31'],
  ['à cheval sur des mois', '2026-02-14', '2026-07-20'],
  ['dans un mois', '2026-03-02', '2026-03-17'],
  ['un jour', '2026-07-31', '2026-07-31'],
  ["jusqu'à aujourd'hui", '2025-11-24', new Date().toISOString().slice(0, 10)],
  // Starts late in a month (read as the months up to it minus its lines from the start on) and ends early
  // in one (the months before it plus its lines up to the end).
  ['fin puis début de mois', '2026-02-20', '2026-07-03'],
];

describe('what is dated before a day (Borne)', () => {
  it('is the months before it plus its month up to it, or the months up to it minus the rest of its month', () => {
    const jour = (d: Date) => d.toISOString().slice(0, 10);
    let precedent: string | null = null;
    for (let t = Date.UTC(2023, 11, 25); t <= Date.UTC(2025, 2, 5); t += 86_400_000) {
      const x = jour(new Date(t));
      const b = borne(x);
      const mois = `${x.slice(0, 8)}01`;
      const suivant = jour(new Date(Date.UTC(Number(x.slice(0, 4)), Number(x.slice(5, 7)), 1)));
      expect(b, x).toEqual(
        b.signe === 1 ? { mois, de: mois, a: x, signe: 1 } : { mois: suivant, de: x, a: suivant, signe: -1 },
      );
      // Never more than half a month of lines to read; the 1st reads none.
      const jours = (a: string, c: string) => (Date.parse(c) - Date.parse(a)) / 86_400_000;
      expect(jours(b.de, b.a) * 2, x).toBeLessThanOrEqual(jours(mois, suivant) + 1);
      if (x === mois) expect(b.de, x).toBe(b.a);
      // Monotonic: a later day never reads from an earlier month boundary.
      if (precedent) expect(b.mois >= precedent, x).toBe(true);
      precedent = b.mois;
    }
    expect(borne('2026-11-24')).toEqual({ mois: '2026-12-01', de: '2026-11-24', a: '2026-12-01', signe: -1 });
    expect(borne('2024-02-15')).toEqual({ mois: '2024-02-01', de: '2024-02-01', a: '2024-02-15', signe: 1 });
  });
});

describe('monthly movements', () => {
  it('equal a GROUP BY of the lines after postings, back-dated entries, reversals, deletes and updates', async () => {
    await posterDesMois();
    const db = ctx.t.database.db;
    const naif = await db
      .select({
        entreprise_id: ecritureLignes.entreprise_id,
        compte: ecritureLignes.compte,
        mois: sql<string>`to_char(date_trunc('month', ${ecritureLignes.date_operation}), 'YYYY-MM-DD')`,
        journal: ecritures.type,
        debit: sql<number>`sum(${ecritureLignes.debit})`.mapWith(Number),
        credit: sql<number>`sum(${ecritureLignes.credit})`.mapWith(Number),
        lignes: sql<number>`count(*)`.mapWith(Number),
      })
      .from(ecritureLignes)
      .innerJoin(ecritures, eq(ecritures.id, ecritureLignes.ecriture_id))
      .groupBy(sql`1, 2, 3, 4`)
      .orderBy(sql`1, 2, 3, 4`);
    const table = await db
      .select({
        entreprise_id: mouvementsMensuels.entreprise_id,
        compte: mouvementsMensuels.compte,
        mois: mouvementsMensuels.mois,
        journal: mouvementsMensuels.journal,
        debit: mouvementsMensuels.debit,
        credit: mouvementsMensuels.credit,
        lignes: mouvementsMensuels.lignes,
      })
      .from(mouvementsMensuels)
      .where(
        sql`${mouvementsMensuels.lignes} <> 0 or ${mouvementsMensuels.debit} <> 0 or ${mouvementsMensuels.credit} <> 0`,
      )
      .orderBy(
        mouvementsMensuels.entreprise_id,
        mouvementsMensuels.compte,
        mouvementsMensuels.mois,
        mouvementsMensuels.journal,
      );
    expect(naif.length).toBeGreaterThan(20);
    // Every line carries its entry's journal, the seed's raw inserts included (filled by a trigger).
    const [sansJournal] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ecritureLignes)
      .innerJoin(ecritures, eq(ecritures.id, ecritureLignes.ecriture_id))
      .where(sql`${ecritureLignes.journal} <> ${ecritures.type}`);
    expect(sansJournal!.n).toBe(0);
    expect(table).toEqual(naif);
    // Both companies and the raw-SQL months are there: the update moved 16.000 FCFA of 658 into February.
    const fevrier658 = naif.find(
      (r) => r.entreprise_id === ctx.A.id && r.compte === '658' && r.mois === '2026-02-01',
    );
    expect(fevrier658?.debit).toBeGreaterThanOrEqual(16_000);
    expect(naif.some((r) => r.entreprise_id === ctx.B.id && r.mois === '2026-03-01')).toBe(true);
  });

  it('give the balance générale of a naive sum over the lines, for every period, per company', async () => {
    for (const company of [ctx.A, ctx.B]) {
      const lignes = await lignesDe(company.id);
      expect(lignes.length).toBeGreaterThan(10);
      for (const [nom, debut, fin] of PERIODES) {
        const res = await ctx.t.get(
          `/api/operations/balance?date_debut=${debut}&date_fin=${fin}`,
          company.token,
        );
        expect(res.statusCode, res.body).toBe(200);
        const bal = res.json().data;
        const attendu = balanceNaive(lignes, debut, fin);
        expect(
          bal.comptes.map((c: Record<string, unknown>) => ({ ...c, libelle: undefined })),
          `${company.id} ${nom}`,
        ).toEqual(attendu.map((c) => ({ ...c, libelle: undefined })));
        const somme = (k: 'solde_ouverture' | 'debit' | 'credit' | 'solde_cloture') =>
          attendu.reduce((s, c) => s + c[k], 0);
        expect(bal.totaux).toEqual({
          solde_ouverture: somme('solde_ouverture'),
          debit: somme('debit'),
          credit: somme('credit'),
          solde_cloture: somme('solde_cloture'),
        });
      }
    }
    // A period with movements on the accounts this test posted (so the comparison above is not of zeros).
    const mars = (
      await ctx.t.get('/api/operations/balance?date_debut=2026-03-02&date_fin=2026-03-17', ctx.A.token)
    ).json().data;
    expect(mars.comptes.find((c: { compte: string }) => c.compte === '521').debit).toBeGreaterThanOrEqual(
      700_000,
    );
    const b = (
      await ctx.t.get('/api/operations/balance?date_debut=2026-03-02&date_fin=2026-03-17', ctx.B.token)
    ).json().data;
    expect(b.comptes.find((c: { compte: string }) => c.compte === '521').debit).toBeGreaterThanOrEqual(
      4_444_000,
    );
  });

  it("give the journals' running balances of a naive sum, on every page, for periods and filters", async () => {
    const ouvertures = new Set<number>();
    const lectures = new Set<string>();
    for (const company of [ctx.A, ctx.B]) {
      const lignes = await lignesDe(company.id);
      const soldes = soldesNaifs(lignes);
      const scope: Scope = { user: null as never, entrepriseId: company.id };
      const filtres: Array<JournalFilters> = [
        {},
        ...PERIODES.map(([, date_debut, date_fin]) => ({ date_debut, date_fin })),
        { compte: '571' },
        { compte: '5', date_debut: '2026-02-14', date_fin: '2026-07-20' },
        { type: 'Caisse', date_debut: '2026-03-02', date_fin: '2026-11-30' },
        { type: 'Operation Diverse' },
        { type: 'Vente', compte: '41', date_debut: '2025-12-15', date_fin: '2026-05-02' },
      ];
      for (const f of filtres) {
        const attendues = lignes.filter(
          (l) =>
            (!f.type || l.type === f.type) &&
            (!f.compte || l.compte.startsWith(f.compte)) &&
            (!f.date_debut || l.date_operation >= f.date_debut) &&
            (!f.date_fin || l.date_operation <= f.date_fin),
        );
        const source = listLignesJournal(scoped(ctx.t.database.db, scope), { ...f, sort: 'date_operation' });
        expect(await source.count(), JSON.stringify(f)).toBe(attendues.length);
        // The journals' default order: the newest first, the same lines and balances.
        const recente = listLignesJournal(scoped(ctx.t.database.db, scope), f);
        const recentes = [...attendues].reverse();
        // Pages of 12: the first two, the last two, and four inside.
        const pages = Math.ceil(attendues.length / 12);
        const numeros = [
          ...new Set([0, 1, pages - 2, pages - 1, ...[1, 2, 3, 4].map((i) => Math.floor((pages * i) / 5))]),
        ].filter((p) => p >= 0 && p < pages);
        // The same pages found through the monthly line counts (as a far page of three years is).
        const parMois = listLignesJournal(
          scoped(ctx.t.database.db, scope),
          { ...f, sort: 'date_operation' },
          {
            sautDirect: 0,
            lecture: (sens) => lectures.add(sens),
          },
        );
        for (const p of numeros) {
          const want = attendues.slice(p * 12, p * 12 + 12).map((l) => [l.id, soldes.get(l.id)]);
          const rows = await source.rows(12, p * 12);
          expect(
            rows.map((r) => [r.id, r.solde]),
            `${company.id} ${JSON.stringify(f)} page ${p + 1}`,
          ).toEqual(want);
          expect(
            (await parMois.rows(12, p * 12)).map((r) => [r.id, r.solde]),
            `${company.id} ${JSON.stringify(f)} page ${p + 1} par les mois`,
          ).toEqual(want);
          // A page answer: the page and the period's count in one statement, near and far.
          for (const [nom, src] of [
            ['page', source],
            ['page par les mois', parMois],
          ] as const) {
            const combined = await src.page(12, p * 12);
            expect(combined.total, `${company.id} ${JSON.stringify(f)} ${nom} ${p + 1}`).toEqual({
              total: attendues.length,
              estimated: false,
            });
            expect(combined.rows.map((r) => [r.id, r.solde])).toEqual(want);
          }
          const wantRecente = recentes.slice(p * 12, p * 12 + 12).map((l) => [l.id, soldes.get(l.id)]);
          expect(
            (await recente.rows(12, p * 12)).map((r) => [r.id, r.solde]),
            `${company.id} ${JSON.stringify(f)} page ${p + 1} récente`,
          ).toEqual(wantRecente);
          const pageRecente = await recente.page(12, p * 12);
          expect(pageRecente.total.total).toBe(attendues.length);
          expect(pageRecente.rows.map((r) => [r.id, r.solde])).toEqual(wantRecente);
          // The page's opening balances are read from before its first line or back from the month's end:
          // both ways are checked above.
          const premiere = attendues[p * 12];
          if (premiere) ouvertures.add(borne(premiere.date_operation).signe);
        }
        expect(await parMois.rows(12, attendues.length)).toEqual([]);
        expect(await parMois.page(12, attendues.length + 24)).toEqual({
          rows: [],
          total: { total: attendues.length, estimated: false },
        });
      }
    }
    expect([...ouvertures].sort()).toEqual([-1, 1]);
    // Far pages were read both from their month's start and back from its end (the last page of a period).
    expect([...lectures].sort()).toEqual(['debut', 'fin']);
    // Through the API: the page of March 2026 of account 521 opens on the balance of every earlier line.
    const res = await ctx.t.get(
      '/api/operations?compte=521&date_debut=2026-03-01&date_fin=2026-03-31&per_page=100',
      ctx.A.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data.data;
    expect(page.length).toBeGreaterThan(0);
    const lignes = await lignesDe(ctx.A.id);
    const soldes = soldesNaifs(lignes);
    for (const l of page) expect(l.solde).toBe(soldes.get(l.id));
    expect(page.some((l: { debit: number }) => l.debit === 700_000)).toBe(true);
  }, 120_000);
});
