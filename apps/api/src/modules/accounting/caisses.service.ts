import {
  formatMoney,
  numeroPieceDeCaisse,
  type PieceDeCaisseBody,
  type PieceDeCaisseOut,
  type PieceDeCaisseUpdateBody,
  pieceDeCaisseCan,
  pieceTvaRefus,
  todayInGabon,
} from '@yams/shared';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { resolveEntreprise } from '../../db/tenancy';
import { AppError, fieldErrors } from '../../lib/errors';
import { type DateRange, dateRangeCondition } from '../../lib/filters-dates';
import type { ListSource } from '../../lib/pagination';
import { sanitizeRichText } from '../../lib/sanitize';
import { orderFor, type Sortable } from '../../lib/sorting';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { pieceNotFound } from './accounting.errors';
import { type PieceDeCaisse, piecesDeCaisse } from './accounting.table';
import { contrePasserSource } from './journal.service';
import { posterPieceDeCaisse } from './postings';

// Cash vouchers: each active voucher is posted in the Caisse journal in the transaction that writes it; a
// disabled, edited or deleted one has its posting reversed (and an edited or re-activated one posted anew).

const toOut = (p: PieceDeCaisse): PieceDeCaisseOut => ({
  id: p.id,
  numero: numeroPieceDeCaisse(p.id),
  entreprise_id: p.entreprise_id,
  date_operation: p.date_operation,
  beneficiaire: p.beneficiaire,
  decaisseur: p.decaisseur,
  montant: p.montant,
  libelle: p.libelle,
  motif: p.motif,
  nature: p.nature,
  tva: p.tva,
  actif: p.actif,
  statut: p.actif ? 'Active' : 'Désactivée',
  can: pieceDeCaisseCan(p),
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
      // `PC-{id}`: its order is the id's.
      numero: piecesDeCaisse.id,
      date_operation: piecesDeCaisse.date_operation,
      libelle: piecesDeCaisse.libelle,
      beneficiaire: piecesDeCaisse.beneficiaire,
      decaisseur: piecesDeCaisse.decaisseur,
      montant: piecesDeCaisse.montant,
    },
    { desc: [piecesDeCaisse.date_operation, piecesDeCaisse.id] },
  );
  const where = and(
    f.actif === undefined ? undefined : eq(piecesDeCaisse.actif, f.actif),
    dateRangeCondition(piecesDeCaisse.date_operation, f, 'date'),
  );
  return {
    async count() {
      const [row] = await scoped(db, scope).select({ n: count() }).from(piecesDeCaisse).where(where);
      return row?.n ?? 0;
    },
    async rows(limit, offset) {
      const rows = await scoped(db, scope)
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

/** Writes on a voucher already found in the scope stay within its company. */
const deLaPiece = (tx: Db, p: PieceDeCaisse) => scoped(tx, { entrepriseId: p.entreprise_id });

async function lockPiece(tx: Db, scope: Scope, id: number): Promise<PieceDeCaisse> {
  const [row] = await scoped(tx, scope)
    .select()
    .from(piecesDeCaisse)
    .where(eq(piecesDeCaisse.id, id))
    .for('update');
  if (!row) throw pieceNotFound();
  return row;
}

export async function getPiece(db: Db, scope: Scope, id: number): Promise<PieceDeCaisseOut> {
  const [row] = await scoped(db, scope)
    .select()
    .from(piecesDeCaisse)
    .where(eq(piecesDeCaisse.id, id))
    .limit(1);
  if (!row) throw pieceNotFound();
  return toOut(row);
}

export function createPiece(db: Db, scope: Scope, body: PieceDeCaisseBody): Promise<number> {
  return transaction(db, async (tx) => {
    const [row] = await scoped(tx, scope)
      .insert(piecesDeCaisse)
      .values({
        entreprise_id: resolveEntreprise(scope, body.entreprise_id),
        date_operation: body.date_operation,
        beneficiaire: body.beneficiaire,
        decaisseur: body.decaisseur,
        montant: body.montant,
        libelle: body.libelle,
        motif: sanitizeRichText(body.motif),
        nature: body.nature,
        tva: body.tva,
      })
      .returning();
    await posterPieceDeCaisse(tx, row!);
    return row!.id;
  });
}

/** Changes only the fields sent (a missing one stays; `motif: null` clears the motif). */
export function updatePiece(db: Db, scope: Scope, id: number, body: PieceDeCaisseUpdateBody): Promise<void> {
  return transaction(db, async (tx) => {
    const before = await lockPiece(tx, scope, id);
    // The TVA against the nature and the amount as they will be (sent or kept).
    const refus = pieceTvaRefus({
      nature: body.nature ?? before.nature,
      tva: body.tva ?? before.tva,
      montant: body.montant ?? before.montant,
    });
    if (refus) throw fieldErrors({ tva: refus });
    const [after] = await deLaPiece(tx, before)
      .update(piecesDeCaisse)
      .set({
        date_operation: body.date_operation,
        beneficiaire: body.beneficiaire,
        decaisseur: body.decaisseur,
        montant: body.montant,
        libelle: body.libelle,
        motif: body.motif === undefined ? undefined : sanitizeRichText(body.motif),
        nature: body.nature,
        tva: body.tva,
      })
      .where(eq(piecesDeCaisse.id, id))
      .returning();
    const posted = ['date_operation', 'beneficiaire', 'montant', 'libelle', 'nature', 'tva'] as const;
    if (before.actif && posted.some((k) => before[k] !== after![k])) {
      await contrePasserSource(
        tx,
        before.entreprise_id,
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
    // Refused like the row's `can` says (pieceDeCaisseCan), so a screen and the API agree.
    if (p.actif === actif) {
      throw new AppError('accounting.piece_state', 409, [
        actif
          ? `La pièce de caisse « ${p.libelle} » est déjà active.`
          : `La pièce de caisse « ${p.libelle} » est déjà désactivée.`,
      ]);
    }
    const [after] = await deLaPiece(tx, p)
      .update(piecesDeCaisse)
      .set({ actif })
      .where(eq(piecesDeCaisse.id, id))
      .returning();
    if (actif) await posterPieceDeCaisse(tx, after!);
    else
      await contrePasserSource(
        tx,
        p.entreprise_id,
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
        p.entreprise_id,
        { type: 'piece_de_caisse', id },
        todayInGabon(),
        'Suppression de la pièce',
      );
    }
    await deLaPiece(tx, p).delete(piecesDeCaisse).where(eq(piecesDeCaisse.id, id));
    return `La pièce de caisse « ${p.libelle} » a été supprimée.`;
  });
}
