import { COMPTES, numeroPieceDeCaisse, tresorerieDuMode } from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { courses, paiements } from '../operations/operations.table';
import type { Achat, Facture, PieceDeCaisse } from './accounting.table';
import { contrePasserSource, passerEcriture } from './journal.service';

// What each event posts, in SYSCOHADA accounts (README, "Plan comptable"). Each function runs inside the
// transaction of its event.

/**
 * A validated definitive invoice (Vente): client 411 and the TPS withheld by the client 4478 at the debit;
 * sales 706 (net of the discount), TVA 4431 and CSS 4474 at the credit. A credit note posts the reverse.
 */
export function posterFacture(tx: Db, f: Facture): Promise<number> {
  const avoir = f.type === 'Avoir';
  const d = (n: number) => (avoir ? { debit: 0, credit: n } : { debit: n, credit: 0 });
  const c = (n: number) => (avoir ? { debit: n, credit: 0 } : { debit: 0, credit: n });
  return passerEcriture(tx, {
    entreprise_id: f.entreprise_id,
    date_operation: f.date_operation,
    type: 'Vente',
    libelle: `${avoir ? 'Avoir' : 'Facture'} ${f.numero}`,
    piece: f.numero,
    source_type: 'facture',
    source_id: f.id,
    lignes: [
      { compte: COMPTES.clients, ...d(f.net_a_payer) },
      { compte: COMPTES.tpsRetenue, libelle: `TPS retenue ${f.numero}`, ...d(f.tps) },
      { compte: COMPTES.ventesTransport, ...c(f.total_ht - f.reduction) },
      { compte: COMPTES.tvaCollectee, libelle: `TVA ${f.numero}`, ...c(f.tva) },
      { compte: COMPTES.css, libelle: `CSS ${f.numero}`, ...c(f.css) },
    ],
  });
}

/** Money received from a client (Banque or Caisse by mode): treasury at the debit, client 411 at the credit. */
export function posterEncaissement(
  tx: Db,
  r: {
    entreprise_id: number;
    date_operation: string;
    mode: string;
    montant: number;
    libelle: string;
    piece: string | null;
  },
  source: { type: 'reglement' | 'paiement'; id: number },
): Promise<number> {
  const t = tresorerieDuMode(r.mode);
  return passerEcriture(tx, {
    entreprise_id: r.entreprise_id,
    date_operation: r.date_operation,
    type: t.journal,
    libelle: r.libelle,
    piece: r.piece,
    source_type: source.type,
    source_id: source.id,
    lignes: [
      { compte: t.compte, debit: r.montant, credit: 0 },
      { compte: COMPTES.clients, debit: 0, credit: r.montant },
    ],
  });
}

/** Money paid to a supplier: supplier 401 at the debit, treasury at the credit. */
export function posterDecaissementFournisseur(
  tx: Db,
  r: {
    entreprise_id: number;
    date_operation: string;
    mode: string;
    montant: number;
    libelle: string;
    piece: string | null;
  },
  reglementId: number,
): Promise<number> {
  const t = tresorerieDuMode(r.mode);
  return passerEcriture(tx, {
    entreprise_id: r.entreprise_id,
    date_operation: r.date_operation,
    type: t.journal,
    libelle: r.libelle,
    piece: r.piece,
    source_type: 'reglement',
    source_id: reglementId,
    lignes: [
      { compte: COMPTES.fournisseurs, debit: r.montant, credit: 0 },
      { compte: t.compte, debit: 0, credit: r.montant },
    ],
  });
}

/** A validated purchase (Achat): stock articles 602, other lines 605, deductible TVA 4452; supplier 401. */
export function posterAchat(tx: Db, a: Achat, stocke: number, fournisseur: string): Promise<number> {
  const piece = `ACH-${a.id}`;
  return passerEcriture(tx, {
    entreprise_id: a.entreprise_id,
    date_operation: a.date_operation,
    type: 'Achat',
    libelle: `Achat ${fournisseur}`,
    piece,
    source_type: 'achat',
    source_id: a.id,
    lignes: [
      { compte: COMPTES.achatsStockes, debit: stocke, credit: 0 },
      { compte: COMPTES.autresAchats, debit: a.montant_ht - stocke, credit: 0 },
      {
        compte: COMPTES.tvaDeductible,
        libelle: `TVA déductible ${piece}`,
        debit: a.tva_deductible,
        credit: 0,
      },
      { compte: COMPTES.fournisseurs, debit: 0, credit: a.montant },
    ],
  });
}

/** A cash voucher (Caisse): the charge 658 at the debit, cash 571 at the credit. */
export function posterPieceDeCaisse(tx: Db, p: PieceDeCaisse): Promise<number> {
  return passerEcriture(tx, {
    entreprise_id: p.entreprise_id,
    date_operation: p.date_operation,
    type: 'Caisse',
    libelle: `${p.libelle} — ${p.beneficiaire}`,
    piece: numeroPieceDeCaisse(p.id),
    source_type: 'piece_de_caisse',
    source_id: p.id,
    lignes: [
      { compte: COMPTES.chargesDiverses, debit: p.montant, credit: 0 },
      { compte: COMPTES.caisse, debit: 0, credit: p.montant },
    ],
  });
}

/**
 * A payment validated in Operations > Paiements: the money received, posted in Banque or Caisse. Called by
 * the payments service in its own transaction.
 */
export async function posterPaiement(tx: Db, entrepriseId: number, paiementId: number): Promise<void> {
  const [p] = await scoped(tx, { entrepriseId })
    .select({
      id: paiements.id,
      entreprise_id: paiements.entreprise_id,
      date_operation: paiements.date_operation,
      mode: paiements.mode,
      montant: paiements.montant,
      libelle: paiements.libelle,
      code: courses.code,
    })
    .from(paiements)
    .innerJoin(courses, eq(courses.id, paiements.course_id))
    .where(eq(paiements.id, paiementId));
  if (!p) return;
  await posterEncaissement(
    tx,
    { ...p, libelle: p.libelle.includes(p.code) ? p.libelle : `${p.libelle} (${p.code})`, piece: p.code },
    { type: 'paiement', id: p.id },
  );
}

/** A cancelled payment: its posting is reversed on the day of the cancellation. */
export function contrePasserPaiement(
  tx: Db,
  entrepriseId: number,
  paiementId: number,
  date: string,
): Promise<number> {
  return contrePasserSource(
    tx,
    entrepriseId,
    { type: 'paiement', id: paiementId },
    date,
    'Annulation du paiement',
  );
}
