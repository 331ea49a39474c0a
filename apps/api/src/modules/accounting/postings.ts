import {
  COMPTES,
  type LigneEcriture,
  NATURES_PIECE_DE_CAISSE,
  type NaturePieceDeCaisse,
  numeroPieceDeCaisse,
  tresorerieDuMode,
} from '@yams/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { courses, paiements } from '../operations/operations.table';
import {
  type Achat,
  coursesFacturees,
  ecritureLignes,
  ecritures,
  type Facture,
  factures,
  type PieceDeCaisse,
} from './accounting.table';
import { contrePasserSource, passerEcriture } from './journal.service';
import { lettrerFacture } from './lettrage.service';

// What each event posts, in SYSCOHADA accounts (README, "Plan comptable"). Each function runs inside the
// transaction of its event.

/**
 * A validated definitive invoice (Vente): client 411 and the TPS withheld by the client 4492 at the debit;
 * sales 706 (net of the discount), TVA 4431 and CSS 4474 at the credit. A credit note posts the reverse.
 * The client's lines carry the client as third party (lettrage).
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
      { compte: COMPTES.clients, tiers_id: f.client_id, ...d(f.net_a_payer) },
      { compte: COMPTES.tpsRetenue, libelle: `TPS retenue ${f.numero}`, ...d(f.tps) },
      { compte: COMPTES.ventesTransport, ...c(f.total_ht - f.reduction) },
      { compte: COMPTES.tvaCollectee, libelle: `TVA ${f.numero}`, ...c(f.tva) },
      { compte: COMPTES.css, libelle: `CSS ${f.numero}`, ...c(f.css) },
    ],
  });
}

/**
 * Money received from a client (Banque or Caisse by mode): treasury at the debit; at the credit, the client
 * 411 when it settles an invoice, the client's advances 4191 when nothing is invoiced yet (a course paid
 * before its invoice).
 */
export function posterEncaissement(
  tx: Db,
  r: {
    entreprise_id: number;
    date_operation: string;
    mode: string;
    montant: number;
    libelle: string;
    piece: string | null;
    client_id: number;
    /** 4191: received before the invoice. */
    avance?: boolean;
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
      {
        compte: r.avance ? COMPTES.clientsAvances : COMPTES.clients,
        tiers_id: r.client_id,
        debit: 0,
        credit: r.montant,
      },
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
    fournisseur_id: number;
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
      { compte: COMPTES.fournisseurs, tiers_id: r.fournisseur_id, debit: r.montant, credit: 0 },
      { compte: t.compte, debit: 0, credit: r.montant },
    ],
  });
}

/**
 * A validated purchase (Achat): stock articles (spare parts, tyres, lubricants) 6041, other lines 605,
 * deductible TVA 4452 (each line at its rate), the supplier's CSS 4474 at the debit; supplier 401.
 */
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
      { compte: COMPTES.css, libelle: `CSS déductible ${piece}`, debit: a.css, credit: 0 },
      { compte: COMPTES.fournisseurs, tiers_id: a.fournisseur_id, debit: 0, credit: a.montant },
    ],
  });
}

/**
 * The debit lines of an expense of a cash-voucher nature: its charge account (less the recoverable TVA),
 * and the TVA on 4452/4454 where the nature allows it. A cash voucher and a driver's justified expense
 * (avances.postings.ts) post the same way; only the account credited differs.
 */
export function lignesDeCharge(
  nature: NaturePieceDeCaisse,
  e: { montant: number; tva: number; piece: string },
): LigneEcriture[] {
  const n = NATURES_PIECE_DE_CAISSE[nature] ?? NATURES_PIECE_DE_CAISSE.divers;
  const tva = n.compteTva ? e.tva : 0;
  return [
    { compte: n.compte, debit: e.montant - tva, credit: 0 },
    ...(n.compteTva
      ? [{ compte: n.compteTva, libelle: `TVA récupérable ${e.piece}`, debit: tva, credit: 0 }]
      : []),
  ];
}

/** A cash voucher (Caisse): `lignesDeCharge` at the debit, cash 571 at the credit. */
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
      ...lignesDeCharge(p.nature as NaturePieceDeCaisse, { ...p, piece: numeroPieceDeCaisse(p.id) }),
      { compte: COMPTES.caisse, debit: 0, credit: p.montant },
    ],
  });
}

/**
 * A payment validated in Operations > Paiements: the money received, posted in Banque or Caisse. A course
 * not invoiced yet: an advance on 4191. A course on a validated invoice: it settles the invoice (411, its
 * settled amount goes up, matched when nothing remains). Called by the payments service in its own
 * transaction, the course locked.
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
      client_id: paiements.client_id,
      course_id: paiements.course_id,
      code: courses.code,
    })
    .from(paiements)
    .innerJoin(courses, eq(courses.id, paiements.course_id))
    .where(eq(paiements.id, paiementId));
  if (!p) return;
  const facture = await factureValideeDeCourse(tx, entrepriseId, p.course_id);
  await posterEncaissement(
    tx,
    {
      ...p,
      libelle: p.libelle.includes(p.code) ? p.libelle : `${p.libelle} (${p.code})`,
      piece: p.code,
      avance: !facture,
    },
    { type: 'paiement', id: p.id },
  );
  if (facture) {
    await majRegleFacture(tx, facture, p.montant);
    await lettrerFacture(tx, facture);
  }
}

/** The validated definitive invoice that bills a course, if any. */
async function factureValideeDeCourse(tx: Db, entrepriseId: number, courseId: number) {
  const [f] = await scoped(tx, { entrepriseId })
    .select({
      id: factures.id,
      entreprise_id: factures.entreprise_id,
      client_id: factures.client_id,
      net_a_payer: factures.net_a_payer,
    })
    .from(factures)
    .innerJoin(coursesFacturees, eq(coursesFacturees.facture_id, factures.id))
    .where(and(eq(coursesFacturees.course_id, courseId), eq(factures.est_valide, true)))
    .limit(1);
  return f ?? null;
}

/** What no longer remains due on an invoice moves by `montant`; 'Soldé' when nothing remains. */
export async function majRegleFacture(
  tx: Db,
  f: { id: number; entreprise_id: number; net_a_payer: number },
  montant: number,
): Promise<void> {
  await scoped(tx, { entrepriseId: f.entreprise_id })
    .update(factures)
    .set({
      montant_regle: sql`${factures.montant_regle} + ${montant}`,
      statut: sql`case when ${factures.montant_regle} + ${montant} >= ${f.net_a_payer} then 'Soldé' else 'Validée' end`,
    })
    .where(eq(factures.id, f.id));
}

/**
 * A cancelled payment: its posting is reversed on the day of the cancellation (and matched with it); when
 * it had settled an invoice (posted on 411), the invoice's settled amount goes back down.
 */
export async function contrePasserPaiement(
  tx: Db,
  entrepriseId: number,
  paiementId: number,
  date: string,
): Promise<number> {
  const t = scoped(tx, { entrepriseId });
  const [p] = await t
    .select({ montant: paiements.montant, course_id: paiements.course_id })
    .from(paiements)
    .where(eq(paiements.id, paiementId));
  const [sur411] = await t
    .select({ id: ecritureLignes.id })
    .from(ecritureLignes)
    .innerJoin(ecritures, eq(ecritures.id, ecritureLignes.ecriture_id))
    .where(
      and(
        eq(ecritures.source_type, 'paiement'),
        eq(ecritures.source_id, paiementId),
        isNull(ecritures.contre_passation_de),
        eq(ecritureLignes.compte, COMPTES.clients),
      ),
    )
    .limit(1);
  const n = await contrePasserSource(
    tx,
    entrepriseId,
    { type: 'paiement', id: paiementId },
    date,
    'Annulation du paiement',
  );
  if (n > 0 && sur411 && p) {
    const facture = await factureValideeDeCourse(tx, entrepriseId, p.course_id);
    if (facture) await majRegleFacture(tx, facture, -p.montant);
  }
  return n;
}
