import { type BalanceOut, type EcritureOut, libelleCompte, type OperationOut } from '@yams/shared';
import { and, asc, eq, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { type DateRange, dateRangeCondition } from '../../lib/filters-dates';
import type { ListSource } from '../../lib/pagination';
import type { Scope } from '../../plugins/auth';
import { ecritureNotFound } from './accounting.errors';
import { ecritureLignes, ecritures } from './accounting.table';

export interface OperationFilters extends DateRange {
  type?: string;
  compte?: string;
}

/**
 * The journal lines of the scope, oldest first, with `solde`: the running balance (debit − credit) of the
 * line's account over every line of the company up to this one, whatever the filters show.
 */
export function listOperations(db: Db, scope: Scope, f: OperationFilters): ListSource<OperationOut> {
  const withSolde = scoped(db, scope)
    .select({
      id: ecritureLignes.id,
      ecriture_id: ecritureLignes.ecriture_id,
      date_operation: ecritureLignes.date_operation,
      type: ecritures.type,
      compte: ecritureLignes.compte,
      libelle: ecritureLignes.libelle,
      debit: ecritureLignes.debit,
      credit: ecritureLignes.credit,
      piece: ecritures.piece,
      solde:
        sql<number>`sum(${ecritureLignes.debit} - ${ecritureLignes.credit}) over (partition by ${ecritureLignes.entreprise_id}, ${ecritureLignes.compte} order by ${ecritureLignes.date_operation}, ${ecritureLignes.ecriture_id}, ${ecritureLignes.id})`
          .mapWith(Number)
          .as('solde'),
    })
    .from(ecritureLignes)
    .innerJoin(ecritures, eq(ecritures.id, ecritureLignes.ecriture_id))
    .where(f.date_fin ? lte(ecritureLignes.date_operation, f.date_fin) : undefined)
    .as('t');
  const where = and(
    f.type ? eq(withSolde.type, f.type) : undefined,
    f.compte ? like(withSolde.compte, `${f.compte.replace(/[%_\\]/g, '')}%`) : undefined,
    dateRangeCondition(withSolde.date_operation as never, f, 'date'),
  );
  return {
    async count() {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(withSolde)
        .where(where);
      return row?.n ?? 0;
    },
    async rows(limit, offset) {
      const rows = await db
        .select()
        .from(withSolde)
        .where(where)
        .orderBy(asc(withSolde.date_operation), asc(withSolde.ecriture_id), asc(withSolde.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        ...r,
        compte_libelle: libelleCompte(r.compte),
        montant: r.debit - r.credit,
        solde: Number(r.solde),
      }));
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

/** Balance générale of a period: per account, opening balance, movements and closing balance. */
export async function balanceGenerale(db: Db, scope: Scope, debut: string, fin: string): Promise<BalanceOut> {
  const l = ecritureLignes;
  const rows = await scoped(db, scope)
    .select({
      compte: l.compte,
      ouverture:
        sql<number>`coalesce(sum(case when ${l.date_operation} < ${debut} then ${l.debit} - ${l.credit} else 0 end), 0)`.mapWith(
          Number,
        ),
      debit:
        sql<number>`coalesce(sum(case when ${l.date_operation} >= ${debut} then ${l.debit} else 0 end), 0)`.mapWith(
          Number,
        ),
      credit:
        sql<number>`coalesce(sum(case when ${l.date_operation} >= ${debut} then ${l.credit} else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(l)
    .where(lte(l.date_operation, fin))
    .groupBy(l.compte)
    .orderBy(asc(l.compte));
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
