import {
  COMPTES,
  COMPTES_LETTRABLES,
  type CompteLettrable,
  codeLettrage,
  formatMoney,
  type LettrageQuery,
  type LigneLettrageOut,
} from '@yams/shared';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { resolveEntreprise } from '../../db/tenancy';
import { AppError, fieldErrors } from '../../lib/errors';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { nomCompletSql } from '../operations/operations.refs';
import { paiements } from '../operations/operations.table';
import { nextNumero } from '../operations/sequence';
import { fournisseurs } from '../reference/reference.table';
import { ecritureLignes, ecritures, factureLignes, factures, reglements } from './accounting.table';

// Lettrage (matching): the lines of a third party on 411, 4191 or 401 whose debits equal their credits
// get one letter; every other line of these accounts is open. Automatic when a document is settled (an
// invoice and its settlements, credit notes and advances; a purchase and its settlements; a cancelled
// payment and its reversal), manual for the rest (`lettrer`), undone by `delettrer`. A letter is a
// number per company (the `compteurs` row 'lettrage', taken under its lock), written A, B… AA.

const LETTRAGE_SERIE = 'lettrage';

/** Gives the lines one new letter; the caller checked they are open, of one account and third party, balanced. */
async function nouvelleLettre(tx: Db, entrepriseId: number, ids: number[]): Promise<number> {
  const lettre = await nextNumero(tx, entrepriseId, LETTRAGE_SERIE, 0);
  await scoped(tx, { entrepriseId })
    .update(ecritureLignes)
    .set({ lettrage: lettre })
    .where(inArray(ecritureLignes.id, ids));
  return lettre;
}

/**
 * Letters the open lines of `compte` and `tiers` in these entries when they balance (debits = credits,
 * at least one of each); returns the letter, or null when they do not (a partial payment: all stay open).
 */
export async function lettrerSiEquilibre(
  tx: Db,
  entrepriseId: number,
  compte: CompteLettrable,
  tiers: number,
  ecritureIds: number[],
): Promise<number | null> {
  if (ecritureIds.length === 0) return null;
  const lignes = await scoped(tx, { entrepriseId })
    .select({ id: ecritureLignes.id, debit: ecritureLignes.debit, credit: ecritureLignes.credit })
    .from(ecritureLignes)
    .where(
      and(
        eq(ecritureLignes.compte, compte),
        eq(ecritureLignes.tiers_id, tiers),
        isNull(ecritureLignes.lettrage),
        inArray(ecritureLignes.ecriture_id, ecritureIds),
      ),
    )
    .for('update');
  const debit = lignes.reduce((s, l) => s + l.debit, 0);
  const credit = lignes.reduce((s, l) => s + l.credit, 0);
  if (debit === 0 || debit !== credit) return null;
  return nouvelleLettre(
    tx,
    entrepriseId,
    lignes.map((l) => l.id),
  );
}

/** The entries of these documents (source type and ids). */
async function ecrituresDe(
  tx: Db,
  entrepriseId: number,
  sources: Array<{ type: string; ids: number[] }>,
): Promise<number[]> {
  const conds = sources
    .filter((s) => s.ids.length > 0)
    .map((s) => and(eq(ecritures.source_type, s.type), inArray(ecritures.source_id, s.ids)));
  if (conds.length === 0) return [];
  const rows = await scoped(tx, { entrepriseId })
    .select({ id: ecritures.id })
    .from(ecritures)
    .where(or(...conds));
  return rows.map((r) => r.id);
}

/** The validated payments of an invoice's courses recorded in Paiements (not by one of its settlements). */
async function paiementsDesCourses(tx: Db, entrepriseId: number, factureId: number): Promise<number[]> {
  const rows = await scoped(tx, { entrepriseId })
    .select({ id: paiements.id })
    .from(paiements)
    .innerJoin(factureLignes, eq(factureLignes.course_id, paiements.course_id))
    .where(and(eq(factureLignes.facture_id, factureId), isNull(paiements.reglement_id)));
  return rows.map((r) => r.id);
}

/**
 * Letters an invoice's 411 lines with what settled it (settlements, credit notes, advances imputed,
 * payments of its courses after it) once they balance: a partial settlement leaves them all open.
 */
export async function lettrerFacture(
  tx: Db,
  f: { id: number; entreprise_id: number; client_id: number },
): Promise<number | null> {
  const t = scoped(tx, { entrepriseId: f.entreprise_id });
  const avoirs = await t
    .select({ id: factures.id })
    .from(factures)
    .where(and(eq(factures.origine_id, f.id), eq(factures.type, 'Avoir')));
  const regs = await t.select({ id: reglements.id }).from(reglements).where(eq(reglements.facture_id, f.id));
  const ids = await ecrituresDe(tx, f.entreprise_id, [
    { type: 'facture', ids: [f.id, ...avoirs.map((a) => a.id)] },
    { type: 'reglement', ids: regs.map((r) => r.id) },
    { type: 'imputation_avance', ids: [f.id] },
    { type: 'paiement', ids: await paiementsDesCourses(tx, f.entreprise_id, f.id) },
  ]);
  return lettrerSiEquilibre(tx, f.entreprise_id, COMPTES.clients, f.client_id, ids);
}

/**
 * Invoicing courses already paid: the advances still open on 4191 for them (their payments' lines) move
 * to 411 by one entry dated as the invoice (4191 at the debit, 411 at the credit, up to its net à payer),
 * matched on both accounts when it covers them. Returns the amount imputed (the invoice's settled part).
 */
export async function imputerAvances(
  tx: Db,
  f: {
    id: number;
    entreprise_id: number;
    client_id: number;
    numero: string | null;
    date_operation: string;
    net_a_payer: number;
  },
  passer: (
    lignes: Array<{ compte: string; tiers_id: number; debit: number; credit: number }>,
  ) => Promise<number>,
): Promise<number> {
  const paiementIds = await paiementsDesCourses(tx, f.entreprise_id, f.id);
  const ecrituresAvances = await ecrituresDe(tx, f.entreprise_id, [{ type: 'paiement', ids: paiementIds }]);
  if (ecrituresAvances.length === 0) return 0;
  const ouvertes = await scoped(tx, { entrepriseId: f.entreprise_id })
    .select({ id: ecritureLignes.id, debit: ecritureLignes.debit, credit: ecritureLignes.credit })
    .from(ecritureLignes)
    .where(
      and(
        eq(ecritureLignes.compte, COMPTES.clientsAvances),
        eq(ecritureLignes.tiers_id, f.client_id),
        isNull(ecritureLignes.lettrage),
        inArray(ecritureLignes.ecriture_id, ecrituresAvances),
      ),
    );
  const avance = ouvertes.reduce((s, l) => s + l.credit - l.debit, 0);
  const montant = Math.min(avance, f.net_a_payer);
  if (montant <= 0) return 0;
  const imputation = await passer([
    { compte: COMPTES.clientsAvances, tiers_id: f.client_id, debit: montant, credit: 0 },
    { compte: COMPTES.clients, tiers_id: f.client_id, debit: 0, credit: montant },
  ]);
  await lettrerSiEquilibre(tx, f.entreprise_id, COMPTES.clientsAvances, f.client_id, [
    ...ecrituresAvances,
    imputation,
  ]);
  return montant;
}

/** Letters a purchase's 401 lines with its settlements once they balance. */
export async function lettrerAchat(
  tx: Db,
  a: { id: number; entreprise_id: number; fournisseur_id: number },
): Promise<number | null> {
  const regs = await scoped(tx, { entrepriseId: a.entreprise_id })
    .select({ id: reglements.id })
    .from(reglements)
    .where(eq(reglements.achat_id, a.id));
  const ids = await ecrituresDe(tx, a.entreprise_id, [
    { type: 'achat', ids: [a.id] },
    { type: 'reglement', ids: regs.map((r) => r.id) },
  ]);
  return lettrerSiEquilibre(tx, a.entreprise_id, COMPTES.fournisseurs, a.fournisseur_id, ids);
}

/**
 * A reversed entry and its reversal cancel each other: on the matched accounts, the letters the original
 * lines had are undone (what they settled is open again) and each original line is matched with its
 * reversal.
 */
export async function lettrerContrePassation(
  tx: Db,
  entrepriseId: number,
  originale: number,
  contrePassation: number,
): Promise<void> {
  const t = scoped(tx, { entrepriseId });
  const lignes = await t
    .select()
    .from(ecritureLignes)
    .where(
      and(
        inArray(ecritureLignes.ecriture_id, [originale, contrePassation]),
        inArray(ecritureLignes.compte, [...COMPTES_LETTRABLES]),
        isNotNull(ecritureLignes.tiers_id),
      ),
    );
  const lettres = [...new Set(lignes.flatMap((l) => (l.lettrage !== null ? [l.lettrage] : [])))];
  if (lettres.length) {
    await t.update(ecritureLignes).set({ lettrage: null }).where(inArray(ecritureLignes.lettrage, lettres));
  }
  const groupes = new Map<string, number[]>();
  for (const l of lignes) {
    const key = `${l.compte}:${l.tiers_id}`;
    groupes.set(key, [...(groupes.get(key) ?? []), l.id]);
  }
  for (const [key] of groupes) {
    const [compte, tiers] = key.split(':');
    await lettrerSiEquilibre(tx, entrepriseId, compte as CompteLettrable, Number(tiers), [
      originale,
      contrePassation,
    ]);
  }
}

// ---------- The lettrage screen ----------

const lettrageRefuse = (message: string) => new AppError('accounting.lettrage', 409, [message]);

/** The third party's name of a line: the client on 411/4191, the supplier on 401. */
const tiersNom = sql<string | null>`case when ${ecritureLignes.compte} = ${COMPTES.fournisseurs}
  then (select ${fournisseurs.nom} from ${fournisseurs} where ${fournisseurs.id} = ${ecritureLignes.tiers_id})
  else (select ${nomCompletSql(users)} from ${users} where ${users.id} = ${ecritureLignes.tiers_id}) end`;

/** `GET /api/comptabilite/lettrage`: the lines of the matched accounts, by account and third party. */
export async function listLettrage(db: Db, scope: Scope, q: LettrageQuery): Promise<LigneLettrageOut[]> {
  const entrepriseId = resolveEntreprise(scope, q.entreprise);
  const rows = await scoped(db, { entrepriseId })
    .select({
      id: ecritureLignes.id,
      ecriture_id: ecritureLignes.ecriture_id,
      date_operation: ecritureLignes.date_operation,
      journal: ecritureLignes.journal,
      piece: ecritures.piece,
      compte: ecritureLignes.compte,
      tiers_id: ecritureLignes.tiers_id,
      tiers: tiersNom,
      libelle: ecritureLignes.libelle,
      debit: ecritureLignes.debit,
      credit: ecritureLignes.credit,
      lettrage: ecritureLignes.lettrage,
    })
    .from(ecritureLignes)
    .innerJoin(ecritures, eq(ecritures.id, ecritureLignes.ecriture_id))
    .where(
      and(
        q.compte
          ? eq(ecritureLignes.compte, q.compte)
          : inArray(ecritureLignes.compte, [...COMPTES_LETTRABLES]),
        q.tiers ? eq(ecritureLignes.tiers_id, q.tiers) : undefined,
        q.etat === 'ouvertes' ? isNull(ecritureLignes.lettrage) : undefined,
        q.etat === 'lettrees' ? isNotNull(ecritureLignes.lettrage) : undefined,
      ),
    )
    .orderBy(
      asc(ecritureLignes.compte),
      asc(ecritureLignes.tiers_id),
      asc(ecritureLignes.date_operation),
      asc(ecritureLignes.id),
    )
    .limit(5_000);
  return rows.map((r) => ({ ...r, code: r.lettrage === null ? null : codeLettrage(r.lettrage) }));
}

/**
 * Manual lettrage: lines of the company, all open, of one matched account and one third party, whose
 * debits equal their credits, get one letter. Anything else is refused in French, naming why.
 */
export function lettrer(db: Db, scope: Scope, ids: number[], entreprise?: number): Promise<string> {
  const entrepriseId = resolveEntreprise(scope, entreprise);
  return transaction(db, async (tx) => {
    const uniques = [...new Set(ids)];
    const lignes = await scoped(tx, { entrepriseId })
      .select()
      .from(ecritureLignes)
      .where(inArray(ecritureLignes.id, uniques))
      .orderBy(asc(ecritureLignes.id))
      .for('update');
    if (lignes.length !== uniques.length) {
      throw fieldErrors({ lignes: "Une des lignes choisies n'existe pas." });
    }
    const comptes = new Set(lignes.map((l) => l.compte));
    const tiers = new Set(lignes.map((l) => l.tiers_id));
    const compte = [...comptes][0]!;
    if (comptes.size > 1 || !(COMPTES_LETTRABLES as readonly string[]).includes(compte)) {
      throw fieldErrors({
        lignes: 'Les lignes à lettrer sont toutes du même compte : 411, 4191 ou 401.',
      });
    }
    if (tiers.size > 1 || [...tiers][0] === null) {
      throw fieldErrors({ lignes: 'Les lignes à lettrer sont toutes du même tiers.' });
    }
    if (lignes.some((l) => l.lettrage !== null)) {
      throw lettrageRefuse('Une des lignes est déjà lettrée : délettrez-la d’abord.');
    }
    const debit = lignes.reduce((s, l) => s + l.debit, 0);
    const credit = lignes.reduce((s, l) => s + l.credit, 0);
    if (debit !== credit) {
      throw fieldErrors({
        lignes: `Les lignes ne s'équilibrent pas : ${formatMoney(debit)} au débit, ${formatMoney(credit)} au crédit.`,
      });
    }
    const lettre = await nouvelleLettre(
      tx,
      entrepriseId,
      lignes.map((l) => l.id),
    );
    return `Les ${lignes.length} lignes sont lettrées « ${codeLettrage(lettre)} » (${formatMoney(debit)}).`;
  });
}

/** Unmatching: every line of the letter is open again. */
export function delettrer(db: Db, scope: Scope, lettre: number, entreprise?: number): Promise<string> {
  const entrepriseId = resolveEntreprise(scope, entreprise);
  return transaction(db, async (tx) => {
    const rows = await scoped(tx, { entrepriseId })
      .update(ecritureLignes)
      .set({ lettrage: null })
      .where(eq(ecritureLignes.lettrage, lettre))
      .returning({ id: ecritureLignes.id });
    if (rows.length === 0) {
      throw new AppError('accounting.lettrage_not_found', 404, [
        `Le lettrage « ${codeLettrage(lettre)} » n'existe pas.`,
      ]);
    }
    return `Le lettrage « ${codeLettrage(lettre)} » est défait : ${rows.length} lignes sont de nouveau ouvertes.`;
  });
}
