import { COMPTES, type JustificatifOut, numeroAvance, tresorerieDuMode } from '@yams/shared';
import type { Db } from '../../db/client';
import { passerEcriture, type SourceType } from '../accounting/journal.service';
import { lignesDeCharge } from '../accounting/postings';

// What each step of an advance posts (docs/accounting.md, « Avances de frais de route »), in the transaction
// of the step. The driver's debt is on 4211 (Personnel, avances et acomptes): debited when he is given the
// money, credited by each justified expense and by the remainder he returns, debited by the shortfall paid
// to him — nothing is left on it once the advance is settled.

interface Avance {
  id: number;
  entreprise_id: number;
  montant: number;
  mode: string;
  date_operation: string;
}

/** The source of a justifying line's posting (reversed when the line is detached). */
export const sourceDuJustificatif = (
  type: JustificatifOut['type'],
  id: number,
): { type: SourceType; id: number } => ({
  type: `avance_${type}`,
  id,
});

/** Given: 4211 at the debit, the treasury it left (571 cash, 552 mobile money, 521 bank) at the credit. */
export function posterRemise(tx: Db, a: Avance, chauffeur: string): Promise<number> {
  const t = tresorerieDuMode(a.mode);
  return passerEcriture(tx, {
    entreprise_id: a.entreprise_id,
    date_operation: a.date_operation,
    type: t.journal,
    libelle: `Avance de frais de route ${numeroAvance(a.id)} — ${chauffeur}`,
    piece: numeroAvance(a.id),
    source_type: 'avance',
    source_id: a.id,
    lignes: [
      { compte: COMPTES.personnelAvances, debit: a.montant, credit: 0 },
      { compte: t.compte, debit: 0, credit: a.montant },
    ],
  });
}

/**
 * A justified expense (Operation Diverse, on the day it was spent): the charge account of its nature (the
 * cash vouchers' mapping) less its recoverable TVA where the nature allows it, the TVA on 4452/4454; 4211 at
 * the credit.
 */
export function posterJustificatif(tx: Db, a: { id: number; entreprise_id: number }, l: JustificatifOut) {
  return passerEcriture(tx, {
    entreprise_id: a.entreprise_id,
    date_operation: l.date,
    type: 'Operation Diverse',
    libelle: `Justificatif ${numeroAvance(a.id)} — ${l.libelle}`,
    piece: numeroAvance(a.id),
    source_type: sourceDuJustificatif(l.type, l.id).type,
    source_id: l.id,
    lignes: [
      ...lignesDeCharge(l.nature, { ...l, piece: numeroAvance(a.id) }),
      { compte: COMPTES.personnelAvances, debit: 0, credit: l.montant },
    ],
  });
}

/**
 * The settlement, to the franc: a remainder returned (reste > 0) is treasury at the debit, 4211 at the
 * credit; a shortfall paid to the driver (reste < 0) the other way round. Nothing to post when reste is 0.
 */
export async function posterSolde(
  tx: Db,
  a: Avance,
  s: { reste: number; mode: string; date_operation: string; chauffeur: string },
): Promise<void> {
  if (s.reste === 0) return;
  const t = tresorerieDuMode(s.mode);
  const n = Math.abs(s.reste);
  const rendu = s.reste > 0;
  await passerEcriture(tx, {
    entreprise_id: a.entreprise_id,
    date_operation: s.date_operation,
    type: t.journal,
    libelle: `${rendu ? 'Reste rendu' : 'Complément versé'} — avance ${numeroAvance(a.id)} — ${s.chauffeur}`,
    piece: numeroAvance(a.id),
    source_type: 'avance',
    source_id: a.id,
    lignes: rendu
      ? [
          { compte: t.compte, debit: n, credit: 0 },
          { compte: COMPTES.personnelAvances, debit: 0, credit: n },
        ]
      : [
          { compte: COMPTES.personnelAvances, debit: n, credit: 0 },
          { compte: t.compte, debit: 0, credit: n },
        ],
  });
}
