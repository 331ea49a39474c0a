import {
  anneePrecedente,
  BILAN_ACTIF,
  BILAN_PASSIF,
  bilan,
  CLOTURE,
  type ClotureBody,
  type ClotureOut,
  type CloturesOut,
  COMPTE_DE_RESULTAT,
  COMPTES_RESULTAT,
  compteDeResultat,
  debutExercice,
  type EtatsFinanciersOut,
  finExercice,
  type LigneEcriture,
  lendemainDeCloture,
  type SoldeCompte,
  todayInGabon,
} from '@yams/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import { type Scoped, scoped } from '../../db/scoped';
import { resolveEntreprise } from '../../db/tenancy';
import { fieldErrors } from '../../lib/errors';
import { assertDateRange } from '../../lib/filters-dates';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { ecritureLignes, ecritures } from './accounting.table';
import { derniereCloture } from './exercices';
import { assertUneEntreprise, balanceGenerale } from './journal.repository';
import { passerEcriture } from './journal.service';

// The financial statements (bilan, compte de résultat) of a period and the clôture of an exercise
// (docs/etats-comptables.md). An exercise is the calendar year. Closing it posts, on 31/12, the entry that
// empties the accounts of classes 6 to 8 into 13 (131 bénéfice, 139 perte), then on 01/01 the report à
// nouveau (13 → 121 or 129); from then on no entry may be dated in it (`assertExerciceOuvert`, called by
// every posting). The closing entry is the record of the clôture (source `cloture`, source_id the year).

type Brut = Record<string, unknown>;
const annee = (jour: string) => Number(jour.slice(0, 4));

/** The year of a company's first entry, or null. */
async function premiereAnnee(s: Scoped): Promise<number | null> {
  const [row] = await s.raw().rows<Brut>(sql`
    select min(date_operation)::text as jour from ${ecritures} where ${s.raw().own(ecritures)}`);
  return row?.jour ? annee(String(row.jour)) : null;
}

/** Net movements (debit − credit) of the closing entries dated in a period, per account. */
async function mouvementsDeCloture(s: Scoped, debut: string, fin: string): Promise<Map<string, number>> {
  const raw = s.raw();
  const rows = await raw.rows<Brut>(sql`
    select l.compte, coalesce(sum(l.debit - l.credit), 0) as net
    from ${ecritures} join ${ecritureLignes} l on l.ecriture_id = ecritures.id
    where ${raw.own(ecritures)} and ecritures.source_type = 'cloture'
      and ecritures.date_operation >= ${debut} and ecritures.date_operation <= ${fin}
    group by l.compte`);
  return new Map(rows.map((r) => [String(r.compte), Number(r.net)]));
}

/** The balances at the period's end and the result's movements of the period (closing entries left out). */
async function soldesEtMouvements(s: Scoped, debut: string, fin: string) {
  const [balance, cloture] = [await balanceGenerale(s, debut, fin), await mouvementsDeCloture(s, debut, fin)];
  const soldes: SoldeCompte[] = balance.comptes.map((c) => ({ compte: c.compte, solde: c.solde_cloture }));
  const mouvements: SoldeCompte[] = balance.comptes
    .filter((c) => COMPTES_RESULTAT.test(c.compte))
    .map((c) => ({ compte: c.compte, solde: c.debit - c.credit - (cloture.get(c.compte) ?? 0) }));
  return { soldes, mouvements };
}

export async function etatsFinanciers(
  s: Scoped,
  periode: { date_debut: string; date_fin: string },
): Promise<EtatsFinanciersOut> {
  assertUneEntreprise(s);
  assertDateRange(periode);
  const { date_debut, date_fin } = periode;
  const precedent = { date_debut: anneePrecedente(date_debut), date_fin: anneePrecedente(date_fin) };
  const n = await soldesEtMouvements(s, date_debut, date_fin);
  const n1 = await soldesEtMouvements(s, precedent.date_debut, precedent.date_fin);
  const [bilanN, bilanN1] = [bilan(n.soldes), bilan(n1.soldes)];
  const [crN, crN1] = [compteDeResultat(n.mouvements), compteDeResultat(n1.mouvements)];
  const total = (x: { somme?: string[] }) => Boolean(x.somme);
  const derniere = await derniereCloture(s);
  const premiere = await premiereAnnee(s);
  const exercices_non_clotures: number[] = [];
  if (premiere !== null) {
    for (let a = Math.max(premiere, (derniere ?? 0) + 1); a < annee(date_fin); a++) {
      exercices_non_clotures.push(a);
    }
  }
  const totalActif = bilanN.actif.get('BZ')!.net;
  const totalPassif = bilanN.passif.get('DZ')!;
  return {
    date_debut,
    date_fin,
    precedent,
    bilan: {
      actif: BILAN_ACTIF.map((x) => ({
        ref: x.ref,
        libelle: x.libelle,
        total: total(x),
        ...bilanN.actif.get(x.ref)!,
        net_precedent: bilanN1.actif.get(x.ref)!.net,
      })),
      passif: BILAN_PASSIF.map((x) => ({
        ref: x.ref,
        libelle: x.libelle,
        total: total(x),
        montant: bilanN.passif.get(x.ref)!,
        montant_precedent: bilanN1.passif.get(x.ref)!,
      })),
      total_actif: totalActif,
      total_passif: totalPassif,
      equilibre: totalActif === totalPassif,
    },
    compte_de_resultat: COMPTE_DE_RESULTAT.map((x) => ({
      ref: x.ref,
      libelle: x.libelle,
      total: total(x),
      montant: crN.get(x.ref)!,
      montant_precedent: crN1.get(x.ref)!,
    })),
    resultat_net: crN.get('XI')!,
    chiffre_affaires: crN.get('XB')!,
    exercices_non_clotures,
    dernier_exercice_clos: derniere,
  };
}

// ---------- Clôture ----------

/** The closed exercises, with their result, and the next one that may be closed. */
export async function listClotures(s: Scoped): Promise<CloturesOut> {
  assertUneEntreprise(s);
  const raw = s.raw();
  const rows = await raw.rows<Brut>(sql`
    select ecritures.id, ecritures.source_id as annee, ecritures.date_operation::text as date,
      ecritures.created_at,
      coalesce(sum(case when l.compte in ('131', '139') then l.credit - l.debit else 0 end), 0) as resultat
    from ${ecritures} left join ${ecritureLignes} l on l.ecriture_id = ecritures.id
    where ${raw.own(ecritures)} and ecritures.source_type = 'cloture'
    group by ecritures.id order by ecritures.source_id`);
  const clotures = rows.map((r) => ({
    annee: Number(r.annee),
    date: String(r.date),
    resultat: Number(r.resultat),
    ecriture_id: Number(r.id),
    cloture_le: new Date(r.created_at as string).toISOString(),
  }));
  const derniere = clotures.at(-1)?.annee ?? null;
  const premiere = await premiereAnnee(s);
  const candidate = derniere !== null ? derniere + 1 : premiere;
  const prochaine =
    candidate !== null && finExercice(candidate) < todayInGabon() && (premiere ?? Infinity) <= candidate
      ? candidate
      : null;
  return { clotures, prochaine };
}

/**
 * Closes an exercise: it must be over, the one before it closed (or the company's first), itself not closed.
 * One transaction with the company's row locked, so two clôtures never run at once.
 */
export async function cloturerExercice(db: Db, scope: Scope, body: ClotureBody): Promise<ClotureOut> {
  const entrepriseId = resolveEntreprise(scope, body.entreprise_id);
  const a = body.annee;
  return transaction(db, async (tx) => {
    const s = scoped(tx, { entrepriseId });
    await s.select({ id: users.id }).from(users, 'own').where(eq(users.id, entrepriseId)).for('update');
    const derniere = await derniereCloture(s);
    if (derniere !== null && a === derniere) throw fieldErrors({ annee: CLOTURE.dejaClos(a) });
    if (derniere !== null && a < derniere) throw fieldErrors({ annee: CLOTURE.avantDerniere(a, derniere) });
    if (finExercice(a) >= todayInGabon()) throw fieldErrors({ annee: CLOTURE.pasFini(a) });
    const premiere = await premiereAnnee(s);
    const attendue = derniere !== null ? derniere + 1 : premiere;
    if (attendue !== null && a > attendue) throw fieldErrors({ annee: CLOTURE.precedentOuvert(attendue) });

    const balance = await balanceGenerale(s, debutExercice(a), finExercice(a));
    const lignes: LigneEcriture[] = [];
    let resultat = 0;
    for (const c of balance.comptes) {
      if (!COMPTES_RESULTAT.test(c.compte) || c.solde_cloture === 0) continue;
      resultat -= c.solde_cloture;
      lignes.push({
        compte: c.compte,
        libelle: `Clôture ${a} — ${c.libelle}`,
        debit: c.solde_cloture < 0 ? -c.solde_cloture : 0,
        credit: c.solde_cloture > 0 ? c.solde_cloture : 0,
      });
    }
    lignes.push(
      resultat >= 0
        ? { compte: '131', libelle: `Résultat ${a} : bénéfice`, debit: 0, credit: resultat }
        : { compte: '139', libelle: `Résultat ${a} : perte`, debit: -resultat, credit: 0 },
    );
    const ecritureId = await passerEcriture(tx, {
      entreprise_id: entrepriseId,
      date_operation: finExercice(a),
      type: 'Operation Diverse',
      libelle: `Clôture de l'exercice ${a}`,
      piece: `CLOTURE-${a}`,
      source_type: 'cloture',
      source_id: a,
      lignes,
    });
    if (resultat !== 0) {
      const montant = Math.abs(resultat);
      await passerEcriture(tx, {
        entreprise_id: entrepriseId,
        date_operation: lendemainDeCloture(a),
        type: 'Operation Diverse',
        libelle: `Report à nouveau du résultat ${a}`,
        piece: `AN-${a + 1}`,
        source_type: 'a_nouveau',
        source_id: a,
        lignes:
          resultat > 0
            ? [
                { compte: '131', debit: montant, credit: 0 },
                { compte: '121', debit: 0, credit: montant },
              ]
            : [
                { compte: '129', debit: montant, credit: 0 },
                { compte: '139', debit: 0, credit: montant },
              ],
      });
    }
    return {
      annee: a,
      date: finExercice(a),
      resultat,
      ecriture_id: ecritureId,
      cloture_le: new Date().toISOString(),
    };
  });
}
