import { formatMoney, type PieceDeCaisseBody, type PieceDeCaisseOut, todayInGabon } from '@yams/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type DateRange, dateRangeCondition } from '../../lib/filters-dates';
import type { ListSource } from '../../lib/pagination';
import { sanitizeRichText } from '../../lib/sanitize';
import { orderFor, type Sortable } from '../../lib/sorting';
import { transaction } from '../../lib/transaction';
import { entrepriseForCreate, type Scope, tenantFilter } from '../../plugins/auth';
import { pieceNotFound } from './accounting.errors';
import { type PieceDeCaisse, piecesDeCaisse } from './accounting.table';
import { contrePasserSource } from './journal.service';
import { posterPieceDeCaisse } from './postings';

// Cash vouchers: each active voucher is posted in the Caisse journal in the transaction that writes it; a
// disabled, edited or deleted one has its posting reversed (and an edited or re-activated one posted anew).

const toOut = (p: PieceDeCaisse): PieceDeCaisseOut => ({
  id: p.id,
  entreprise_id: p.entreprise_id,
  date_operation: p.date_operation,
  beneficiaire: p.beneficiaire,
  decaisseur: p.decaisseur,
  montant: p.montant,
  libelle: p.libelle,
  motif: p.motif,
  actif: p.actif,
  statut: p.actif ? 'Active' : 'Désactivée',
  created_at: p.created_at,
  updated_at: p.updated_at,
});

export interface PieceFilters extends DateRange, Sortable {
  actif?: boolean;
}

export function listPieces(db: Db, scope: Scope, f: PieceFilters): ListSource<PieceDeCaisseOut> {
  const order = orderFor(
    f.sort,
    {
      date_operation: piecesDeCaisse.date_operation,
      libelle: piecesDeCaisse.libelle,
      beneficiaire: piecesDeCaisse.beneficiaire,
      decaisseur: piecesDeCaisse.decaisseur,
      montant: piecesDeCaisse.montant,
    },
    [desc(piecesDeCaisse.date_operation), desc(piecesDeCaisse.id)],
  );
  const where = and(
    tenantFilter(scope, piecesDeCaisse.entreprise_id),
    f.actif === undefined ? undefined : eq(piecesDeCaisse.actif, f.actif),
    dateRangeCondition(piecesDeCaisse.date_operation, f, 'date'),
  );
  return {
    async count() {
      const [row] = await db.select({ n: count() }).from(piecesDeCaisse).where(where);
      return row?.n ?? 0;
    },
    async rows(limit, offset) {
      const rows = await db
        .select()
        .from(piecesDeCaisse)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return rows.map(toOut);
    },
  };
}

async function lockPiece(tx: Db, scope: Scope, id: number): Promise<PieceDeCaisse> {
  const [row] = await tx
    .select()
    .from(piecesDeCaisse)
    .where(and(eq(piecesDeCaisse.id, id), tenantFilter(scope, piecesDeCaisse.entreprise_id)))
    .for('update');
  if (!row) throw pieceNotFound();
  return row;
}

export async function getPiece(db: Db, scope: Scope, id: number): Promise<PieceDeCaisseOut> {
  const [row] = await db
    .select()
    .from(piecesDeCaisse)
    .where(and(eq(piecesDeCaisse.id, id), tenantFilter(scope, piecesDeCaisse.entreprise_id)))
    .limit(1);
  if (!row) throw pieceNotFound();
  return toOut(row);
}

export function createPiece(db: Db, scope: Scope, body: PieceDeCaisseBody): Promise<number> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(piecesDeCaisse)
      .values({
        entreprise_id: entrepriseForCreate(scope, body.entreprise_id),
        date_operation: body.date_operation,
        beneficiaire: body.beneficiaire,
        decaisseur: body.decaisseur,
        montant: body.montant,
        libelle: body.libelle,
        motif: sanitizeRichText(body.motif),
      })
      .returning();
    await posterPieceDeCaisse(tx, row!);
    return row!.id;
  });
}

export function updatePiece(db: Db, scope: Scope, id: number, body: PieceDeCaisseBody): Promise<void> {
  return transaction(db, async (tx) => {
    const before = await lockPiece(tx, scope, id);
    const [after] = await tx
      .update(piecesDeCaisse)
      .set({
        date_operation: body.date_operation,
        beneficiaire: body.beneficiaire,
        decaisseur: body.decaisseur,
        montant: body.montant,
        libelle: body.libelle,
        motif: sanitizeRichText(body.motif),
      })
      .where(eq(piecesDeCaisse.id, id))
      .returning();
    const posted = ['date_operation', 'beneficiaire', 'montant', 'libelle'] as const;
    if (before.actif && posted.some((k) => before[k] !== after![k])) {
      await contrePasserSource(
        tx,
        { type: 'piece_de_caisse', id },
        todayInGabon(),
        'Modification de la pièce',
      );
      await posterPieceDeCaisse(tx, after!);
    }
  });
}

export function setPieceActive(db: Db, scope: Scope, id: number, actif: boolean): Promise<string> {
  return transaction(db, async (tx) => {
    const p = await lockPiece(tx, scope, id);
    if (p.actif === actif) {
      return actif
        ? `La pièce de caisse « ${p.libelle} » est déjà active.`
        : `La pièce de caisse « ${p.libelle} » est déjà désactivée.`;
    }
    const [after] = await tx
      .update(piecesDeCaisse)
      .set({ actif })
      .where(eq(piecesDeCaisse.id, id))
      .returning();
    if (actif) await posterPieceDeCaisse(tx, after!);
    else
      await contrePasserSource(
        tx,
        { type: 'piece_de_caisse', id },
        todayInGabon(),
        'Désactivation de la pièce',
      );
    return actif
      ? `La pièce de caisse « ${p.libelle} » (${formatMoney(p.montant)}) a été activée.`
      : `La pièce de caisse « ${p.libelle} » (${formatMoney(p.montant)}) a été désactivée : son écriture est contre-passée.`;
  });
}

export function destroyPiece(db: Db, scope: Scope, id: number): Promise<string> {
  return transaction(db, async (tx) => {
    const p = await lockPiece(tx, scope, id);
    if (p.actif) {
      await contrePasserSource(
        tx,
        { type: 'piece_de_caisse', id },
        todayInGabon(),
        'Suppression de la pièce',
      );
    }
    await tx.delete(piecesDeCaisse).where(eq(piecesDeCaisse.id, id));
    return `La pièce de caisse « ${p.libelle} » a été supprimée.`;
  });
}
