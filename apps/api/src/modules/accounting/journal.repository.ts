import {
  type BalanceOut,
  type EcritureOut,
  JOURNAL_ENTREPRISE,
  type LigneJournalOut,
  libelleCompte,
} from '@yams/shared';
import { and, asc, desc, eq, like, lte, type SQL, sql } from 'drizzle-orm';
import type { Scoped } from '../../db/scoped';
import { fieldErrors } from '../../lib/errors';
import { assertDateRange, type DateRange, dateRangeCondition } from '../../lib/filters-dates';
import type { ListSource, PageTotal } from '../../lib/pagination';
import { ecritureNotFound } from './accounting.errors';
import { ecritureLignes, ecritures, mouvementsMensuels } from './accounting.table';

export interface JournalFilters extends DateRange {
  type?: string;
  compte?: string;
  /** `date_operation`: the oldest first; else (default) the newest first. */
  sort?: string;
}

/**
 * The books are kept per company: a superadmin's journals and balance name one (`?entreprise=`), else a
 * French 422 on that filter (all companies' lines interleaved, and one balance summing them, mean nothing).
 */
export function assertUneEntreprise(scope: { entrepriseId: number | null }) {
  if (scope.entrepriseId === null) throw fieldErrors({ entreprise: JOURNAL_ENTREPRISE });
}

/** Rows a page computes `solde` for one by one; longer reads (exports) compute every running balance once. */
const PAGE_SOLDE_UNITAIRE = 200;
/** Lines before a page's first one that its keys skip on the index alone; beyond, through the months. */
const SAUT_DIRECT = 2_000;

/** `YYYY-MM-DD` → the first day of its month. */
const debutDuMois = (d: string) => `${d.slice(0, 7)}-01`;
/** `YYYY-MM-01` → the first day of the next month. */
const moisSuivant = (mois: string) => {
  const [y, mo] = mois.split('-').map(Number) as [number, number];
  return mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`;
};
/** `YYYY-MM-DD` → the next day. */
const lendemain = (d: string) => {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
};

/** `YYYY-MM-01` → its number of days. */
const joursDuMois = (mois: string) => {
  const [y, mo] = mois.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, mo, 0)).getUTCDate();
};

/**
 * What is dated before `x` (lines counted, or an account's sums), read as the monthly movements of the
 * months before `mois` plus (signe 1) or minus (signe −1) the lines of [de, a[: either the months before x's
 * month and the lines of its month before x, or the months up to x's month included and minus its lines
 * from x on, whichever reads fewer days of lines (the end of a period that runs to today reads none).
 * Monotonic: x ≤ y gives mois(x) ≤ mois(y).
 */
export interface Borne {
  mois: string;
  de: string;
  a: string;
  signe: 1 | -1;
}
export function borne(x: string): Borne {
  const mois = debutDuMois(x);
  const suivant = moisSuivant(mois);
  const jour = Number(x.slice(8, 10));
  return jour - 1 <= joursDuMois(mois) - jour + 1
    ? { mois, de: mois, a: x, signe: 1 }
    : { mois: suivant, de: x, a: suivant, signe: -1 };
}

type Brut = Record<string, unknown>;
/** The conditions given, joined by `and` (`true` when none). */
const et = (...conditions: Array<SQL | undefined>): SQL => {
  const c = conditions.filter((x): x is SQL => x !== undefined);
  return c.length ? sql.join(c, sql` and `) : sql`true`;
};

/** A page of the journals and the number of lines its filter selects, read in one statement. */
export interface PageJournal {
  rows: LigneJournalOut[];
  total: PageTotal;
}

/**
 * The journal lines of the scope, oldest first, with `solde`: the running balance (debit − credit) of the
 * line's account over every line of the company up to this one (by date, entry, line), whatever the filters
 * show. A page (12 lines) is one statement: its keys (an index-only range of `ecriture_lignes_periode_idx`,
 * which covers the filters), each of its accounts' balance before the page's first line (the monthly
 * movements (mouvements_mensuels) of the months before plus the account's lines of that month, or of the
 * months up to it minus its lines from the page on, on the index (entreprise_id, compte, date_operation,
 * ecriture_id, id, debit, credit)), each line's balance from the page's first line to it, and the period's
 * count (months and at most two partial months, see `Borne`). An export computes the balances of every line
 * once (a window), then filters.
 */
export function listLignesJournal(
  s: Scoped,
  f: JournalFilters,
  {
    sautDirect = SAUT_DIRECT,
    lecture,
  }: {
    sautDirect?: number;
    /** Told how each far page's keys were read: from its month's start or back from its end (tests). */
    lecture?: (sens: 'debut' | 'fin') => void;
  } = {},
): ListSource<LigneJournalOut> & { page(limit: number, offset: number): Promise<PageJournal> } {
  assertUneEntreprise(s);
  const recent = f.sort !== 'date_operation';
  const raw = s.raw();
  const l = ecritureLignes;
  const m = mouvementsMensuels;
  const colonnes = {
    id: l.id,
    ecriture_id: l.ecriture_id,
    date_operation: l.date_operation,
    type: ecritures.type,
    compte: l.compte,
    libelle: l.libelle,
    debit: l.debit,
    credit: l.credit,
    piece: ecritures.piece,
  };
  const filtres = (t: {
    type: typeof ecritures.type;
    compte: typeof l.compte;
    date_operation: typeof l.date_operation;
  }) =>
    and(
      f.type ? eq(t.type, f.type) : undefined,
      f.compte ? like(t.compte, `${f.compte.replace(/[%_\\]/g, '')}%`) : undefined,
      dateRangeCondition(t.date_operation as never, f, 'date'),
    );
  // The count and a page's keys read the lines alone (the index (entreprise_id, date_operation, ecriture_id,
  // id, compte, journal, …) gives the period in the journals' order and holds the filtered columns); the
  // journal is the line's own copy of its entry's type. The statements are flat SQL (unqualified columns of
  // the one table each subquery reads, the company's condition from the scope's raw SQL, `s.raw()`): drizzle's query builders
  // took 2 ms of the API's thread per page to render (twice the statement's planning and execution).
  assertDateRange(f);
  const prefixe = f.compte ? `${f.compte.replace(/[%_\\]/g, '')}%` : null;
  /** The filter's journal and accounts, on the lines or on the monthly movements (same column names). */
  const journalEtCompte = [
    f.type ? sql`journal = ${f.type}` : undefined,
    prefixe ? sql`compte like ${prefixe}` : undefined,
  ];
  const lignesOu = (...conditions: Array<SQL | undefined>) =>
    et(raw.own(l), ...journalEtCompte, ...conditions);
  const moisOu = (...conditions: Array<SQL | undefined>) => et(raw.own(m), ...journalEtCompte, ...conditions);
  // The period as [x1, x2[ (x1 null: from the first line; x2 null: to the last), its first month m1 and the
  // month m2 of x2.
  const x1 = f.date_debut ?? null;
  const x2 = f.date_fin ? lendemain(f.date_fin) : null;
  const m1 = x1 ? debutDuMois(x1) : null;
  const m2 = x2 ? debutDuMois(x2) : null;
  const toOut = (r: Brut): LigneJournalOut => ({
    id: Number(r.id),
    ecriture_id: Number(r.ecriture_id),
    date_operation: String(r.date_operation),
    type: String(r.type),
    compte: String(r.compte),
    compte_libelle: libelleCompte(String(r.compte)),
    libelle: String(r.libelle),
    debit: Number(r.debit),
    credit: Number(r.credit),
    montant: Number(r.debit) - Number(r.credit),
    solde: Number(r.solde),
    piece: r.piece === null || r.piece === undefined ? null : String(r.piece),
  });
  /**
   * The period's number of lines, one SQL expression: N(x2) − N(x1), N(x) the filter's lines dated before
   * x (see `Borne`): the monthly line counts of the months b1.mois ≤ mois < b2.mois, plus or minus the lines
   * of at most two partial months, whatever the period's length.
   */
  function totalSql(): SQL {
    const b1 = x1 ? borne(x1) : null;
    const b2 = x2 ? borne(x2) : null;
    // N(x2) adds its lines with its sign; N(x1) is subtracted, so its lines with the opposite sign. One
    // subquery per range: each an index-only range of the period index (an OR of both reads the heap).
    const parts = [
      ...(b2 && b2.de < b2.a ? [{ b: b2, signe: b2.signe }] : []),
      ...(b1 && b1.de < b1.a ? [{ b: b1, signe: -b1.signe }] : []),
    ];
    return sql`((select coalesce(sum(lignes), 0) from ${m} where ${moisOu(
      b1 ? sql`mois >= ${b1.mois}` : undefined,
      b2 ? sql`mois < ${b2.mois}` : undefined,
    )})${sql.join(
      parts.map(
        ({ b, signe }) =>
          sql` ${sql.raw(signe > 0 ? '+' : '-')} (select count(*) from ${l} where ${lignesOu(
            sql`date_operation >= ${b.de}`,
            sql`date_operation < ${b.a}`,
          )})`,
      ),
    )})`;
  }
  /**
   * Where a far page's keys are read: from the first day `depuis` of the month holding the period's line
   * number `offset` (0-based), skipping the `saut` lines before it; or, when the page lies in that month and
   * nearer its end, backwards from the month's end `fin`, skipping the `sautFin` lines after the page (the
   * last page of three years skips nothing). The months come from their line counts (one statement): the
   * lines of x1's month from x1 (counted, at most a month), whole months, and x2's month as its count minus
   * its lines from x2 on when `Borne` reads it that way (a period ending today).
   */
  async function moisDeLaPage(
    offset: number,
    limit: number,
  ): Promise<{ depuis: string | null; saut: number; fin?: string; sautFin?: number; lignes?: number }> {
    const partiel = x1 && m1 && m1 < x1 ? moisSuivant(m1) : null;
    const premierMoisEntier = partiel ?? m1;
    const b2 = x2 ? borne(x2) : null;
    // x2's month whole, minus its lines from x2 on (b2.signe −1), or left out (the keys read it forwards).
    const dernier = b2 && b2.signe === -1 ? b2 : null;
    const mois = sql`select 1 as sorte, mois, sum(lignes) as n from ${m} where ${moisOu(
      premierMoisEntier ? sql`mois >= ${premierMoisEntier}` : undefined,
      dernier ? sql`mois < ${dernier.mois}` : m2 ? sql`mois < ${m2}` : undefined,
    )} group by mois`;
    const compter = (sorte: number, de: string | null, a: string) =>
      sql`select ${sql.raw(String(sorte))} as sorte, null::date as mois, count(*) as n from ${l} where ${lignesOu(
        de ? sql`date_operation >= ${de}` : undefined,
        sql`date_operation < ${a}`,
      )}`;
    const parties = [
      ...(partiel && x1 ? [compter(0, x1, x2 && x2 < partiel ? x2 : partiel)] : []),
      sql`(${mois})`,
      ...(dernier ? [compter(2, dernier.de, dernier.a)] : []),
    ];
    const rows = await raw.rows<Brut>(sql`${sql.join(parties, sql` union all `)} order by 1, 2`);
    const apres = Number(rows.find((r) => Number(r.sorte) === 2)?.n ?? 0);
    // The period's segments in order: [debut, fin[ holding n of its lines.
    const segments: Array<{ debut: string | null; fin: string; n: number }> = [];
    for (const r of rows) {
      const sorte = Number(r.sorte);
      if (sorte === 0 && partiel) segments.push({ debut: null, fin: partiel, n: Number(r.n) });
      if (sorte !== 1) continue;
      const debut = String(r.mois);
      const dernierMois = dernier && debut === m2;
      segments.push({
        debut,
        fin: dernierMois && x2 ? x2 : moisSuivant(debut),
        n: Number(r.n) - (dernierMois ? apres : 0),
      });
    }
    // The segments reach x2 (else the lines of [m2, x2[ follow the last one, uncounted).
    const couvert = !x2 || dernier !== null || x2 === m2;
    let saut = 0;
    let depuis: string | null = null;
    for (const [i, seg] of segments.entries()) {
      if (saut + seg.n > offset) {
        const k = offset - saut;
        // The page within this segment (or the period's last lines), read from whichever end is nearer.
        const dedans = k + limit <= seg.n || (couvert && segments.slice(i + 1).every((x) => x.n === 0));
        const lignes = Math.min(limit, seg.n - k);
        const sautFin = seg.n - k - lignes;
        if (dedans && sautFin < k) return { depuis: seg.debut, saut, fin: seg.fin, sautFin, lignes };
        return { depuis: seg.debut, saut };
      }
      saut += seg.n;
      depuis = seg.fin;
    }
    return { depuis, saut };
  }
  /**
   * A page (limit ≤ PAGE_SOLDE_UNITAIRE) in one statement, with the period's count when `avecTotal`. The
   * page's keys first (an offset never computes the balances of the lines it skips); a far page (the last
   * of three years) starts at the month holding its first line, found from the monthly line counts, so the
   * offset skips at most that month's lines, not the whole history. Then the balance of each account of the
   * page before its first line k0, chosen in SQL as `Borne` does (the months before k0's month plus its
   * lines of that month before k0, or the months up to k0's month minus its lines from k0 to the month's
   * end), then each line's balance from k0 up to it (a short range of the account index).
   */
  async function pageSql(limit: number, offset: number, avecTotal: boolean) {
    const loin = offset > sautDirect ? await moisDeLaPage(offset, limit) : { depuis: null, saut: 0 };
    const { depuis, saut, fin, sautFin, lignes } = loin as Awaited<ReturnType<typeof moisDeLaPage>>;
    if (offset > sautDirect) lecture?.(fin ? 'fin' : 'debut');
    const periode = lignesOu(
      x1 ? sql`date_operation >= ${x1}` : undefined,
      f.date_fin ? sql`date_operation <= ${f.date_fin}` : undefined,
      depuis ? sql`date_operation >= ${depuis}` : undefined,
      fin ? sql`date_operation < ${fin}` : undefined,
    );
    // Backwards (then put back in order by the statement's last sort) when the page is nearer its month's end.
    const cles =
      fin && sautFin !== undefined && lignes !== undefined
        ? sql`select id, entreprise_id, compte, date_operation, ecriture_id from ${l} where ${periode}
            order by date_operation desc, ecriture_id desc, id desc limit ${lignes} offset ${sautFin}`
        : sql`select id, entreprise_id, compte, date_operation, ecriture_id from ${l} where ${periode}
            order by date_operation, ecriture_id, id limit ${limit} offset ${offset - saut}`;
    const page = sql`
      with cles as (${cles}),
      k0 as (
        select date_operation as d, ecriture_id as e, id as i,
          date_trunc('month', date_operation)::date as mois,
          (date_trunc('month', date_operation) + interval '1 month')::date as suivant
        from cles order by date_operation, ecriture_id, id limit 1
      ),
      ouverture as materialized (
        select c.entreprise_id, c.compte,
          case when k0.d - k0.mois <= k0.suivant - k0.d then
            coalesce((select sum(mm.debit - mm.credit) from ${m} mm
              where mm.entreprise_id = c.entreprise_id and mm.compte = c.compte and mm.mois < k0.mois), 0)
            + coalesce((select sum(x.debit - x.credit) from ${l} x
              where x.entreprise_id = c.entreprise_id and x.compte = c.compte
                and x.date_operation >= k0.mois and x.date_operation <= k0.d
                and (x.date_operation, x.ecriture_id, x.id) < (k0.d, k0.e, k0.i)), 0)
          else
            coalesce((select sum(mm.debit - mm.credit) from ${m} mm
              where mm.entreprise_id = c.entreprise_id and mm.compte = c.compte and mm.mois <= k0.mois), 0)
            - coalesce((select sum(x.debit - x.credit) from ${l} x
              where x.entreprise_id = c.entreprise_id and x.compte = c.compte
                and x.date_operation >= k0.d and x.date_operation < k0.suivant
                and (x.date_operation, x.ecriture_id, x.id) >= (k0.d, k0.e, k0.i)), 0)
          end as s
        from (select distinct entreprise_id, compte from cles) c cross join k0
      ),
      page as (
        select l.id, l.ecriture_id, l.date_operation, e.type, l.compte, l.libelle, l.debit, l.credit, e.piece,
          o.s + (select coalesce(sum(x.debit - x.credit), 0) from ${l} x
            where x.entreprise_id = l.entreprise_id and x.compte = l.compte
              and x.date_operation >= k0.d and x.date_operation <= l.date_operation
              and (x.date_operation, x.ecriture_id, x.id) >= (k0.d, k0.e, k0.i)
              and (x.date_operation, x.ecriture_id, x.id) <= (l.date_operation, l.ecriture_id, l.id)) as solde
        from cles c
        join ${l} l on l.id = c.id
        join ${ecritures} e on e.id = l.ecriture_id
        join ouverture o on o.entreprise_id = l.entreprise_id and o.compte = l.compte
        cross join k0
      )`;
    const rows = await raw.rows<Brut>(
      avecTotal
        ? sql`${page} select t.total, p.* from (select ${totalSql()} as total) t left join page p on true
            order by p.date_operation, p.ecriture_id, p.id`
        : sql`${page} select * from page order by date_operation, ecriture_id, id`,
    );
    return {
      rows: rows.filter((r) => r.id !== null && r.id !== undefined).map(toOut),
      total: Number(rows[0]?.total ?? 0),
    };
  }
  /** Exports: the running balance of every line up to `date_fin` in one pass (a window), then the filter. */
  async function export_(limit: number, offset: number) {
    const withSolde = s
      .select({
        ...colonnes,
        solde:
          sql<number>`sum(${l.debit} - ${l.credit}) over (partition by ${l.entreprise_id}, ${l.compte} order by ${l.date_operation}, ${l.ecriture_id}, ${l.id})`
            .mapWith(Number)
            .as('solde'),
      })
      .from(l)
      .innerJoin(ecritures, eq(ecritures.id, l.ecriture_id))
      .where(f.date_fin ? lte(l.date_operation, f.date_fin) : undefined)
      .as('t');
    const rows = await s
      .selectFrom(withSolde)
      .where(filtres(withSolde as never))
      .orderBy(...[withSolde.date_operation, withSolde.ecriture_id, withSolde.id].map(recent ? desc : asc))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => toOut(r as unknown as Brut));
  }
  async function count() {
    const [row] = await raw.rows<Brut>(sql`select ${totalSql()} as n`);
    return Number(row?.n ?? 0);
  }
  /**
   * Newest first: the page `offset` from the end is the oldest-first page `total − offset − limit` read
   * backwards (a first page is the period's last lines, which the keys read back from their month's end).
   */
  async function pageRecente(limit: number, offset: number, total: number) {
    const n = Math.min(limit, total - offset);
    if (n <= 0) return [];
    return (await pageSql(n, total - offset - n, false)).rows.reverse();
  }
  return {
    count,
    async rows(limit, offset) {
      if (limit > PAGE_SOLDE_UNITAIRE) return export_(limit, offset);
      if (recent) return pageRecente(limit, offset, await count());
      return (await pageSql(limit, offset, false)).rows;
    },
    async page(limit, offset) {
      if (limit <= PAGE_SOLDE_UNITAIRE && recent) {
        const total = await count();
        return { rows: await pageRecente(limit, offset, total), total: { total, estimated: false } };
      }
      if (limit <= PAGE_SOLDE_UNITAIRE) {
        const { rows, total } = await pageSql(limit, offset, true);
        return { rows, total: { total, estimated: false } };
      }
      const [total, rows] = await Promise.all([count(), export_(limit, offset)]);
      return { rows, total: { total, estimated: false } };
    },
  };
}

const LIENS: Record<string, string> = {
  facture: '/comptabilite/factures',
  achat: '/comptabilite/achats',
  piece_de_caisse: '/comptabilite/pieces-de-caisse',
  paiement: '/operations/paiements',
};

export async function getEcriture(s: Scoped, id: number): Promise<EcritureOut> {
  const [e] = await s.select().from(ecritures).where(eq(ecritures.id, id)).limit(1);
  if (!e) throw ecritureNotFound();
  const lignes = await s
    .select()
    .from(ecritureLignes)
    .where(eq(ecritureLignes.ecriture_id, id))
    .orderBy(asc(ecritureLignes.id));
  const base = e.source_type ? LIENS[e.source_type] : undefined;
  return {
    id: e.id,
    entreprise_id: e.entreprise_id,
    date_operation: e.date_operation,
    type: e.type,
    libelle: e.libelle,
    piece: e.piece,
    source:
      e.source_type && e.source_id
        ? { type: e.source_type, id: e.source_id, lien: base ? `${base}?id=${e.source_id}` : null }
        : null,
    contre_passation_de: e.contre_passation_de,
    lignes: lignes.map((l) => ({
      id: l.id,
      compte: l.compte,
      compte_libelle: libelleCompte(l.compte),
      libelle: l.libelle,
      debit: l.debit,
      credit: l.credit,
    })),
    total_debit: lignes.reduce((s, l) => s + l.debit, 0),
    total_credit: lignes.reduce((s, l) => s + l.credit, 0),
    created_at: e.created_at,
  };
}

/**
 * Balance générale of a period: per account, opening balance, movements and closing balance. With S(x) the
 * sums of an account's lines dated before x: opening = S(debut), movements = S(fin + 1) − S(debut). Each S(x)
 * is the monthly movements of the months before x's month plus the lines of x's month before x, or of the
 * months up to x's month minus its lines from x on (`Borne`: whichever reads fewer days), so the statement
 * reads ≤ 36 rows per account on three years and the lines of at most two partial months (index-only, on
 * the period index), not every line of the company; one statement.
 */
export async function balanceGenerale(s: Scoped, debut: string, fin: string): Promise<BalanceOut> {
  assertUneEntreprise(s);
  const raw = s.raw();
  const l = ecritureLignes;
  const m = mouvementsMensuels;
  // x2 = the day after the period; x1 = its first day (or x2 if the period is reversed: nothing moves then).
  const x2 = lendemain(fin);
  const x1 = debut < x2 ? debut : x2;
  const b1 = borne(x1);
  const b2 = borne(x2);
  // Whole months: before b1.mois → opening; from b1.mois to before b2.mois → movements. Flat SQL, as the
  // journals' (drizzle's builders cost more of the API's thread than the statement).
  const mois = sql`select compte,
      coalesce(sum(case when mois < ${b1.mois} then debit - credit else 0 end), 0) as ouverture,
      coalesce(sum(case when mois >= ${b1.mois} then debit else 0 end), 0) as debit,
      coalesce(sum(case when mois >= ${b1.mois} then credit else 0 end), 0) as credit
    from ${m} where ${et(raw.own(m), sql`mois < ${b2.mois}`)} group by compte`;
  // Partial months, one index-only range each, with their weights: S(x1)'s lines (b1) count in the opening
  // with its sign and in the movements with the opposite one; S(x2)'s (b2) in the movements with its sign.
  const fois = (k: number, expr: string) => sql.raw(k === 0 ? '0' : k > 0 ? expr : `-${expr}`);
  const partiel = (b: Borne, kOuverture: number, kMouvement: number) =>
    sql`select compte, ${fois(kOuverture, 'coalesce(sum(debit - credit), 0)')} as ouverture,
        ${fois(kMouvement, 'coalesce(sum(debit), 0)')} as debit, ${fois(kMouvement, 'coalesce(sum(credit), 0)')} as credit
      from ${l} where ${et(raw.own(l), sql`date_operation >= ${b.de}`, sql`date_operation < ${b.a}`)}
      group by compte`;
  const parties = [
    ...(b1.de < b1.a ? [partiel(b1, b1.signe, -b1.signe)] : []),
    ...(b2.de < b2.a ? [partiel(b2, 0, b2.signe)] : []),
  ];
  const rowsBruts = await raw.rows<Brut>(
    parties.length
      ? sql`select compte, sum(ouverture) as ouverture, sum(debit) as debit, sum(credit) as credit
          from (${sql.join(
            [mois, ...parties].map((q) => sql`(${q})`),
            sql` union all `,
          )}) t group by compte`
      : sql`${mois}`,
  );
  const parCompte = new Map<string, { ouverture: number; debit: number; credit: number }>();
  for (const r of rowsBruts) {
    parCompte.set(String(r.compte), {
      ouverture: Number(r.ouverture),
      debit: Number(r.debit),
      credit: Number(r.credit),
    });
  }
  const rows = [...parCompte]
    .map(([compte, t]) => ({ compte, ...t }))
    .sort((a, b) => (a.compte < b.compte ? -1 : a.compte > b.compte ? 1 : 0));
  const comptes = rows
    .map((r) => ({
      compte: r.compte,
      libelle: libelleCompte(r.compte),
      solde_ouverture: r.ouverture,
      debit: r.debit,
      credit: r.credit,
      solde_cloture: r.ouverture + r.debit - r.credit,
    }))
    .filter((r) => r.solde_ouverture !== 0 || r.debit !== 0 || r.credit !== 0);
  const sum = (k: 'solde_ouverture' | 'debit' | 'credit' | 'solde_cloture') =>
    comptes.reduce((s, r) => s + r[k], 0);
  return {
    date_debut: debut,
    date_fin: fin,
    comptes,
    totaux: {
      solde_ouverture: sum('solde_ouverture'),
      debit: sum('debit'),
      credit: sum('credit'),
      solde_cloture: sum('solde_cloture'),
    },
  };
}
