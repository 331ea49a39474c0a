import {
  COMPTE_LIBELLES,
  COMPTES,
  type DeclarationTvaOut,
  type DeclarationTvaQuery,
  formatDate,
  todayInGabon,
} from '@yams/shared';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { resolveEntreprise } from '../../db/tenancy';
import { AppError } from '../../lib/errors';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { ecritureLignes, ecritures } from './accounting.table';
import { passerEcriture } from './journal.service';

// The monthly TVA settlement: at the month's end, the collected TVA (4431, credit balance) is set against
// the recoverable TVA (4452 goods, 4454 services, debit balances); the entry clears them and leaves the
// difference on 4441 État, TVA due, or 4449 État, crédit de TVA à reporter. Proposed from the books, recorded
// once per month by the accountant.

/** The last day of `YYYY-MM`. */
function finDuMois(mois: string): string {
  const [y, m] = mois.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m, 0));
  return d.toISOString().slice(0, 10);
}

async function proposer(db: Db, entrepriseId: number, mois: string): Promise<DeclarationTvaOut> {
  const date = finDuMois(mois);
  const t = scoped(db, { entrepriseId });
  const comptes = [COMPTES.tvaCollectee, COMPTES.tvaDeductible, COMPTES.tvaDeductibleServices, COMPTES.css];
  const rows = await t
    .select({
      compte: ecritureLignes.compte,
      solde: sql<number>`coalesce(sum(${ecritureLignes.debit} - ${ecritureLignes.credit}), 0)`.mapWith(
        Number,
      ),
    })
    .from(ecritureLignes)
    .where(and(inArray(ecritureLignes.compte, comptes), lte(ecritureLignes.date_operation, date)))
    .groupBy(ecritureLignes.compte);
  const solde = (c: string) => rows.find((r) => r.compte === c)?.solde ?? 0;
  const collectee = Math.max(0, -solde(COMPTES.tvaCollectee));
  const biens = Math.max(0, solde(COMPTES.tvaDeductible));
  const services = Math.max(0, solde(COMPTES.tvaDeductibleServices));
  const difference = collectee - biens - services;
  const ligne = (compte: string, debit: number, credit: number) => ({
    compte,
    libelle: COMPTE_LIBELLES[compte] ?? compte,
    debit,
    credit,
  });
  const lignes = [
    ligne(COMPTES.tvaCollectee, collectee, 0),
    ligne(COMPTES.tvaDeductible, 0, biens),
    ligne(COMPTES.tvaDeductibleServices, 0, services),
    difference >= 0 ? ligne(COMPTES.tvaDue, 0, difference) : ligne(COMPTES.creditTva, -difference, 0),
  ].filter((l) => l.debit !== 0 || l.credit !== 0);
  const [deja] = await t
    .select({ id: ecritures.id })
    .from(ecritures)
    .where(and(eq(ecritures.source_type, 'declaration_tva'), eq(ecritures.date_operation, date)))
    .limit(1);
  return {
    mois,
    date_operation: date,
    tva_collectee: collectee,
    tva_recuperable: biens + services,
    solde: difference,
    css_due: Math.max(0, -solde(COMPTES.css)),
    lignes,
    ecriture_id: deja?.id ?? null,
  };
}

/** `GET /api/comptabilite/declaration-tva?mois=`: the settlement the books propose for the month. */
export function declarationTva(db: Db, scope: Scope, q: DeclarationTvaQuery): Promise<DeclarationTvaOut> {
  return proposer(db, resolveEntreprise(scope, q.entreprise), q.mois);
}

const refus = (message: string) => new AppError('accounting.declaration_tva', 409, [message]);

/** `POST …/declaration-tva?mois=`: records the proposal, once the month is over and only once. */
export function passerDeclarationTva(
  db: Db,
  scope: Scope,
  q: DeclarationTvaQuery,
): Promise<DeclarationTvaOut> {
  const entrepriseId = resolveEntreprise(scope, q.entreprise);
  return transaction(db, async (tx) => {
    // One settlement per month and company: the company's row lock orders two clicks.
    await tx.execute(sql`select pg_advisory_xact_lock(${entrepriseId}, 29)`);
    const p = await proposer(tx, entrepriseId, q.mois);
    if (p.date_operation >= todayInGabon()) {
      throw refus(
        `Le mois n'est pas terminé : la TVA se déclare à partir du ${formatDate(p.date_operation)}.`,
      );
    }
    if (p.ecriture_id) throw refus(`La TVA de ce mois est déjà déclarée (écriture n°${p.ecriture_id}).`);
    if (p.lignes.length < 2) throw refus("Aucune TVA à déclarer pour ce mois : l'écriture serait vide.");
    const id = await passerEcriture(tx, {
      entreprise_id: entrepriseId,
      date_operation: p.date_operation,
      type: 'Operation Diverse',
      libelle: `Déclaration de TVA de ${q.mois.slice(5)}/${q.mois.slice(0, 4)}`,
      piece: `TVA-${q.mois}`,
      source_type: 'declaration_tva',
      lignes: p.lignes.map(({ compte, debit, credit }) => ({ compte, debit, credit })),
    });
    return { ...p, ecriture_id: id };
  });
}
