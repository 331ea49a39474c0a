import {
  type CompteGrandLivreOut,
  type GrandLivreOut,
  type LigneGrandLivreOut,
  libelleCompte,
} from '@yams/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { RawSql, Scoped } from '../../db/scoped';
import { fieldErrors } from '../../lib/errors';
import { assertDateRange } from '../../lib/filters-dates';
import { ecritureLignes, ecritures } from './accounting.table';
import { assertUneEntreprise, balanceGenerale } from './journal.repository';
import { COMPTE_DE_TIERS, ecrituresDuTiers, lireTiers, nomDuTiers, tiersLateral } from './tiers.sql';

// The grand livre of a period: each account's opening balance, its lines with their running balance, its
// period totals and closing balance. Per account (`compte`: the account or the accounts under it), its
// openings and totals are the balance générale's (monthly movements); per third party (`tiers`), the lines
// of its client or supplier accounts (40, 41).

type Brut = Record<string, unknown>;

/** Lines one answer may hold on screen or in a PDF; the Excel file holds up to `LIGNES_MAX_FICHIER`. */
export const LIGNES_MAX_ECRAN = 20_000;
export const LIGNES_MAX_FICHIER = 200_000;

export interface GrandLivreFiltres {
  date_debut: string;
  date_fin: string;
  compte?: string;
  tiers?: string;
}

const prefixe = (compte?: string) => (compte ? `${compte}%` : '%');

/** The period's lines of the filter, in the grand livre's order, at most `max` (+1 to tell it is more). */
async function lignesPeriode(raw: RawSql, f: GrandLivreFiltres, max: number, duTiers?: SQL) {
  // The lines' table is not aliased: its company condition (`own`) names it.
  const rows = await raw.rows<Brut>(sql`
    select ecriture_lignes.id, ecriture_id, ecriture_lignes.date_operation::text as date_operation, journal,
      compte, ecriture_lignes.libelle, debit, credit, e.piece, t.tiers_nom
    from ${ecritureLignes}
    join ${ecritures} e on e.id = ecriture_lignes.ecriture_id
    ${tiersLateral('ecriture_lignes', 'e')}
    where ${raw.own(ecritureLignes)}
      and ecriture_lignes.date_operation >= ${f.date_debut} and ecriture_lignes.date_operation <= ${f.date_fin}
      and ecriture_lignes.compte like ${prefixe(f.compte)}
      ${duTiers ? sql`and ${COMPTE_DE_TIERS} and ecriture_lignes.ecriture_id in (${duTiers})` : sql``}
    order by compte, ecriture_lignes.date_operation, ecriture_id, ecriture_lignes.id
    limit ${max + 1}`);
  if (rows.length > max) {
    throw fieldErrors({
      date_fin: `Le grand livre de cette sélection dépasse ${max.toLocaleString('de-DE')} lignes : choisissez un compte, un tiers ou une période plus courte.`,
    });
  }
  return rows;
}

/** Opening balances of a third party's accounts: its lines dated before the period. */
async function ouverturesDuTiers(raw: RawSql, f: GrandLivreFiltres, duTiers: SQL) {
  const rows = await raw.rows<Brut>(sql`
    select compte, coalesce(sum(debit - credit), 0) as solde from ${ecritureLignes}
    where ${raw.own(ecritureLignes)} and date_operation < ${f.date_debut} and compte like ${prefixe(f.compte)}
      and ${COMPTE_DE_TIERS} and ecriture_id in (${duTiers})
    group by compte`);
  return new Map(rows.map((r) => [String(r.compte), Number(r.solde)]));
}

export async function grandLivre(
  s: Scoped,
  f: GrandLivreFiltres,
  { max = LIGNES_MAX_ECRAN }: { max?: number } = {},
): Promise<GrandLivreOut> {
  assertUneEntreprise(s);
  assertDateRange(f);
  const raw = s.raw();
  const tiersRef = f.tiers ? lireTiers(f.tiers) : null;
  let tiers: GrandLivreOut['tiers'] = null;
  let ouvertures: Map<string, number>;
  let duTiers: SQL | undefined;
  if (tiersRef) {
    const nom = await nomDuTiers(raw, tiersRef);
    if (nom === null) {
      throw fieldErrors({
        tiers: tiersRef.type === 'client' ? "Ce client n'existe pas." : "Ce fournisseur n'existe pas.",
      });
    }
    tiers = { ...tiersRef, nom };
    duTiers = ecrituresDuTiers(raw, tiersRef);
    ouvertures = await ouverturesDuTiers(raw, f, duTiers);
  } else {
    const balance = await balanceGenerale(s, f.date_debut, f.date_fin);
    ouvertures = new Map(
      balance.comptes
        .filter((c) => !f.compte || c.compte.startsWith(f.compte))
        .map((c) => [c.compte, c.solde_ouverture]),
    );
  }
  const rows = await lignesPeriode(raw, f, max, duTiers);
  const parCompte = new Map<string, LigneGrandLivreOut[]>();
  for (const r of rows) {
    const compte = String(r.compte);
    const lignes = parCompte.get(compte) ?? [];
    parCompte.set(compte, lignes);
    lignes.push({
      id: Number(r.id),
      ecriture_id: Number(r.ecriture_id),
      date_operation: String(r.date_operation),
      journal: String(r.journal),
      piece: r.piece === null ? null : String(r.piece),
      libelle: String(r.libelle),
      tiers: r.tiers_nom === null || r.tiers_nom === undefined ? null : String(r.tiers_nom),
      debit: Number(r.debit),
      credit: Number(r.credit),
      solde: 0,
    });
  }
  const comptes: CompteGrandLivreOut[] = [...new Set([...ouvertures.keys(), ...parCompte.keys()])]
    .sort()
    .map((compte) => {
      const ouverture = ouvertures.get(compte) ?? 0;
      const lignes = parCompte.get(compte) ?? [];
      let solde = ouverture;
      for (const l of lignes) {
        solde += l.debit - l.credit;
        l.solde = solde;
      }
      return {
        compte,
        libelle: libelleCompte(compte),
        solde_ouverture: ouverture,
        lignes,
        total_debit: lignes.reduce((n, l) => n + l.debit, 0),
        total_credit: lignes.reduce((n, l) => n + l.credit, 0),
        solde_cloture: solde,
      };
    })
    .filter((c) => c.solde_ouverture !== 0 || c.lignes.length > 0);
  const somme = (k: 'solde_ouverture' | 'total_debit' | 'total_credit' | 'solde_cloture') =>
    comptes.reduce((n, c) => n + c[k], 0);
  return {
    date_debut: f.date_debut,
    date_fin: f.date_fin,
    compte: f.compte ?? null,
    tiers,
    comptes,
    totaux: {
      solde_ouverture: somme('solde_ouverture'),
      debit: somme('total_debit'),
      credit: somme('total_credit'),
      solde_cloture: somme('solde_cloture'),
    },
  };
}
