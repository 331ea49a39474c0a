import { type BalanceOut, type EcritureOut, libelleCompte, type OperationOut } from '@yams/shared';
import { and, asc, eq, gte, inArray, like, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { type DateRange, dateRangeCondition } from '../../lib/filters-dates';
import type { ListSource } from '../../lib/pagination';
import type { Scope } from '../../plugins/auth';
import { ecritureNotFound } from './accounting.errors';
import { ecritureLignes, ecritures, mouvementsMensuels } from './accounting.table';

export interface OperationFilters extends DateRange {
  type?: string;
  compte?: string;
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

/**
 * The journal lines of the scope, oldest first, with `solde`: the running balance (debit − credit) of the
 * line's account over every line of the company up to this one (by date, entry, line), whatever the filters
 * show. A page (12 lines) takes each of its accounts' balance before the page's first line from the monthly
 * movements (mouvements_mensuels) of the months before and the account's lines of that month (on the index
 * (entreprise_id, compte, date_operation, ecriture_id, id, debit, credit)), then sums each line's account
 * from the page's first line to it; an export computes the balances of every line once (a window), then
 * filters.
 */
export function listOperations(
  db: Db,
  scope: Scope,
  f: OperationFilters,
  { sautDirect = SAUT_DIRECT }: { sautDirect?: number } = {},
): ListSource<OperationOut> {
  const l = ecritureLignes;
  const l2 = alias(ecritureLignes, 'l2');
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
  /**
   * A page's lines with the balance of each line's account from the page's first line (`k0`) up to it; the
   * balance before `k0`, per company and account, is added by `rows` (one sum per account of the page, not
   * one per line).
   */
  const base = (k0: { date_operation: string; ecriture_id: number; id: number }) =>
    scoped(db, scope)
      .select({
        ...colonnes,
        entreprise_id: l.entreprise_id,
        solde: sql<number>`(select coalesce(sum(${l2.debit} - ${l2.credit}), 0) from ${l} l2
          where ${l2.entreprise_id} = ${l.entreprise_id} and ${l2.compte} = ${l.compte}
            and ${l2.date_operation} >= ${k0.date_operation} and ${l2.date_operation} <= ${l.date_operation}
            and (${l2.date_operation}, ${l2.ecriture_id}, ${l2.id}) >= (${k0.date_operation}::date, ${k0.ecriture_id}::int, ${k0.id}::int)
            and (${l2.date_operation}, ${l2.ecriture_id}, ${l2.id}) <= (${l.date_operation}, ${l.ecriture_id}, ${l.id}))`.mapWith(
          Number,
        ),
      })
      .from(l)
      .innerJoin(ecritures, eq(ecritures.id, l.ecriture_id));
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
  // id) gives the period in the journals' order); the journal is the line's own copy of its entry's type.
  const prefixe = f.compte ? `${f.compte.replace(/[%_\\]/g, '')}%` : null;
  const filtresLignes = and(
    f.type ? eq(l.journal, f.type) : undefined,
    prefixe ? like(l.compte, prefixe) : undefined,
    dateRangeCondition(l.date_operation as never, f, 'date'),
  );
  const m = mouvementsMensuels;
  /** The monthly movements of the filter's journal and accounts (any date). */
  const filtresMois = and(
    f.type ? eq(m.journal, f.type) : undefined,
    prefixe ? like(m.compte, prefixe) : undefined,
  );
  /** The filter's lines of [debut, fin[, whatever the period (the partial months of the period). */
  const lignesEntre = (debut: string | null, fin: string | null) =>
    and(
      f.type ? eq(l.journal, f.type) : undefined,
      prefixe ? like(l.compte, prefixe) : undefined,
      debut ? gte(l.date_operation, debut) : undefined,
      fin ? lt(l.date_operation, fin) : undefined,
    );
  // The period as [x1, x2[ (x1 null: from the first line; x2 null: to the last), its first month m1 and the
  // month m2 of x2.
  const x1 = f.date_debut ?? null;
  const x2 = f.date_fin ? lendemain(f.date_fin) : null;
  const m1 = x1 ? debutDuMois(x1) : null;
  const m2 = x2 ? debutDuMois(x2) : null;
  const toOut = (r: Omit<OperationOut, 'compte_libelle' | 'montant'>) => ({
    ...r,
    compte_libelle: libelleCompte(r.compte),
    montant: r.debit - r.credit,
    solde: Number(r.solde),
  });
  /**
   * The first day of the month that holds the period's line number `offset` (0-based) and the number of the
   * period's lines before that day: the lines of x1's month from x1 (read, at most a month), then whole
   * months from their line counts.
   */
  async function moisDeLaPage(offset: number): Promise<{ depuis: string | null; saut: number }> {
    let saut = 0;
    let depuis: string | null = null;
    let premierMoisEntier = m1;
    if (x1 && m1 && m1 < x1) {
      const fin = moisSuivant(m1);
      const [row] = await scoped(db, scope)
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(l)
        .where(lignesEntre(x1, x2 && x2 < fin ? x2 : fin));
      const n = Number(row?.n ?? 0);
      if (offset < n) return { depuis: null, saut: 0 };
      saut = n;
      depuis = fin;
      premierMoisEntier = fin;
    }
    const mois = await scoped(db, scope)
      .select({ mois: m.mois, n: sql<number>`sum(${m.lignes})`.mapWith(Number) })
      .from(m)
      .where(
        and(
          filtresMois,
          premierMoisEntier ? gte(m.mois, premierMoisEntier) : undefined,
          m2 ? lt(m.mois, m2) : undefined,
        ),
      )
      .groupBy(m.mois)
      .orderBy(asc(m.mois));
    for (const r of mois) {
      if (saut + Number(r.n) > offset) return { depuis: r.mois, saut };
      saut += Number(r.n);
      depuis = moisSuivant(r.mois);
    }
    return { depuis, saut };
  }
  return {
    /**
     * The period's lines = N(x2) − N(x1), N(x) the filter's lines dated before x: the monthly movements'
     * line counts of the months m1 ≤ mois < m2, plus the lines of [m2, x2[, minus those of [m1, x1[ (at most
     * two partial months of lines, whatever the period's length).
     */
    async count() {
      const [[mois], [lignes]] = await Promise.all([
        scoped(db, scope)
          .select({ n: sql<number>`coalesce(sum(${m.lignes}), 0)`.mapWith(Number) })
          .from(m)
          .where(and(filtresMois, m1 ? gte(m.mois, m1) : undefined, m2 ? lt(m.mois, m2) : undefined)),
        m1 || m2
          ? scoped(db, scope)
              .select({
                n: sql<number>`count(*) filter (where ${m2 ? sql`${l.date_operation} >= ${m2}` : sql`false`})
                  - count(*) filter (where ${x1 ? sql`${l.date_operation} < ${x1}` : sql`false`})`.mapWith(
                  Number,
                ),
              })
              .from(l)
              .where(
                or(
                  m1 && x1 && m1 < x1 ? lignesEntre(m1, x1) : undefined,
                  m2 && x2 && m2 < x2 ? lignesEntre(m2, x2) : undefined,
                  sql`false`,
                ),
              )
          : [{ n: 0 }],
      ]);
      return Number(mois?.n ?? 0) + Number(lignes?.n ?? 0);
    },
    async rows(limit, offset) {
      if (limit <= PAGE_SOLDE_UNITAIRE) {
        // The page's keys first (an offset never computes the balances of the lines it skips), then the
        // balance of each account of the page before its first line (one index-only sum per account), then
        // each line's balance from the first line up to it (a short range of the same index).
        // A far page (the last of three years) starts at the month holding its first line, found from the
        // monthly line counts: the offset skips at most that month's lines, not the whole history.
        const { depuis, saut } = offset > sautDirect ? await moisDeLaPage(offset) : { depuis: null, saut: 0 };
        const keys = await scoped(db, scope)
          .select({
            id: l.id,
            entreprise_id: l.entreprise_id,
            compte: l.compte,
            date_operation: l.date_operation,
            ecriture_id: l.ecriture_id,
          })
          .from(l)
          .where(and(filtresLignes, depuis ? gte(l.date_operation, depuis) : undefined))
          .orderBy(asc(l.date_operation), asc(l.ecriture_id), asc(l.id))
          .limit(limit)
          .offset(offset - saut);
        const k0 = keys[0];
        if (!k0) return [];
        const cle = (e: number, compte: string) => `${e}:${compte}`;
        // The opening balance of each account of the page: its months before the page's first month (the
        // monthly movements, ≤ 36 rows per account on three years), plus its lines of that month before the
        // page's first line (an index-only range of one month, whatever the history's length).
        const mois = debutDuMois(k0.date_operation);
        const entreprises = [...new Set(keys.map((k) => k.entreprise_id))];
        const comptes = [...new Set(keys.map((k) => k.compte))];
        const m = mouvementsMensuels;
        const [moisAvant, lignesAvant, rows] = await Promise.all([
          scoped(db, scope)
            .select({
              entreprise_id: m.entreprise_id,
              compte: m.compte,
              s: sql<number>`coalesce(sum(${m.debit} - ${m.credit}), 0)`.mapWith(Number),
            })
            .from(m)
            .where(and(inArray(m.entreprise_id, entreprises), inArray(m.compte, comptes), lt(m.mois, mois)))
            .groupBy(m.entreprise_id, m.compte),
          scoped(db, scope)
            .select({
              entreprise_id: l.entreprise_id,
              compte: l.compte,
              s: sql<number>`coalesce(sum(${l.debit} - ${l.credit}), 0)`.mapWith(Number),
            })
            .from(l)
            .where(
              and(
                inArray(l.entreprise_id, entreprises),
                inArray(l.compte, comptes),
                gte(l.date_operation, mois),
                lte(l.date_operation, k0.date_operation),
                sql`(${l.date_operation}, ${l.ecriture_id}, ${l.id}) < (${k0.date_operation}::date, ${k0.ecriture_id}::int, ${k0.id}::int)`,
              ),
            )
            .groupBy(l.entreprise_id, l.compte),
          base(k0)
            .where(
              inArray(
                l.id,
                keys.map((k) => k.id),
              ),
            )
            .orderBy(asc(l.date_operation), asc(l.ecriture_id), asc(l.id)),
        ]);
        const avant = new Map<string, number>();
        for (const o of [...moisAvant, ...lignesAvant]) {
          const k = cle(o.entreprise_id, o.compte);
          avant.set(k, (avant.get(k) ?? 0) + Number(o.s));
        }
        return rows.map(({ entreprise_id, ...r }) =>
          toOut({ ...r, solde: Number(r.solde) + (avant.get(cle(entreprise_id, r.compte)) ?? 0) }),
        );
      }
      const withSolde = scoped(db, scope)
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
      const rows = await db
        .select()
        .from(withSolde)
        .where(filtres(withSolde as never))
        .orderBy(asc(withSolde.date_operation), asc(withSolde.ecriture_id), asc(withSolde.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toOut);
    },
  };
}

const LIENS: Record<string, string> = {
  facture: '/comptabilite/factures',
  achat: '/comptabilite/achats',
  piece_de_caisse: '/comptabilite/pieces-de-caisse',
  paiement: '/operations/paiements',
};

export async function getEcriture(db: Db, scope: Scope, id: number): Promise<EcritureOut> {
  const s = scoped(db, scope);
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
 * is the monthly movements of the months before x's month plus the lines of x's month before x, so the
 * statement reads ≤ 36 rows per account on three years and the lines of at most two partial months, not
 * every line of the company.
 */
export async function balanceGenerale(db: Db, scope: Scope, debut: string, fin: string): Promise<BalanceOut> {
  const l = ecritureLignes;
  const m = mouvementsMensuels;
  // x2 = the day after the period; x1 = its first day (or x2 if the period is reversed: nothing moves then).
  const x2 = lendemain(fin);
  const x1 = debut < x2 ? debut : x2;
  const m1 = debutDuMois(x1);
  const m2 = debutDuMois(x2);
  const [mois, lignes] = await Promise.all([
    // Whole months: before x1's month → opening; from x1's month to before x2's month → movements.
    scoped(db, scope)
      .select({
        compte: m.compte,
        ouverture:
          sql<number>`coalesce(sum(case when ${m.mois} < ${m1} then ${m.debit} - ${m.credit} else 0 end), 0)`.mapWith(
            Number,
          ),
        debit: sql<number>`coalesce(sum(case when ${m.mois} >= ${m1} then ${m.debit} else 0 end), 0)`.mapWith(
          Number,
        ),
        credit:
          sql<number>`coalesce(sum(case when ${m.mois} >= ${m1} then ${m.credit} else 0 end), 0)`.mapWith(
            Number,
          ),
      })
      .from(m)
      .where(lt(m.mois, m2))
      .groupBy(m.compte),
    // Partial months: the lines of x1's month before x1 (a: in the opening, not in the movements) and of x2's
    // month before x2 (b: in the movements).
    scoped(db, scope)
      .select({
        compte: l.compte,
        ouverture:
          sql<number>`coalesce(sum(case when ${l.date_operation} < ${x1} then ${l.debit} - ${l.credit} else 0 end), 0)`.mapWith(
            Number,
          ),
        debit: sql<number>`coalesce(sum(case when ${l.date_operation} >= ${m2} then ${l.debit} else 0 end), 0)
          - coalesce(sum(case when ${l.date_operation} < ${x1} then ${l.debit} else 0 end), 0)`.mapWith(
          Number,
        ),
        credit:
          sql<number>`coalesce(sum(case when ${l.date_operation} >= ${m2} then ${l.credit} else 0 end), 0)
          - coalesce(sum(case when ${l.date_operation} < ${x1} then ${l.credit} else 0 end), 0)`.mapWith(
            Number,
          ),
      })
      .from(l)
      .where(
        and(
          gte(l.date_operation, m1),
          lt(l.date_operation, x2),
          or(lt(l.date_operation, x1), gte(l.date_operation, m2)),
        ),
      )
      .groupBy(l.compte),
  ]);
  const parCompte = new Map<string, { ouverture: number; debit: number; credit: number }>();
  for (const r of [...mois, ...lignes]) {
    const t = parCompte.get(r.compte) ?? { ouverture: 0, debit: 0, credit: 0 };
    t.ouverture += Number(r.ouverture);
    t.debit += Number(r.debit);
    t.credit += Number(r.credit);
    parCompte.set(r.compte, t);
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

/** A CSV cell: quoted, and text that a spreadsheet would read as a formula is prefixed with a quote. */
export const csvCell = (v: string | number) => {
  const s = String(v);
  const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};
export const csvOf = (rows: Array<Array<string | number>>) =>
  `\uFEFF${rows.map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
