import {
  type AgeMontants,
  type BalanceAgeeClientOut,
  type BalanceAgeeOut,
  type DelaiPaiement,
  ecartJours,
  TRANCHES_AGE,
  trancheAge,
} from '@yams/shared';
import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/core.table';
import type { Scoped } from '../../db/scoped';
import { ecritureLignes, ecritures, factures, reglements } from './accounting.table';
import { assertUneEntreprise } from './journal.repository';

// The balance âgée clients: what remains due on each validated definitive invoice on a given day (its net
// à payer minus the settlements, the credit notes and the advances set against it (`imputation_avance`
// entries) dated up to that day), sorted by days past its due date.

type Brut = Record<string, unknown>;

export const zeroAge = (): AgeMontants => ({
  non_echu: 0,
  j0_30: 0,
  j31_60: 0,
  j61_90: 0,
  plus_90: 0,
  total: 0,
});

/** `a += b` on each amount. */
function ajouter(a: AgeMontants, b: AgeMontants) {
  for (const { cle } of TRANCHES_AGE) a[cle] += b[cle];
  a.total += b.total;
}

/** The client's name as its invoices print it: the validated block, else the account's name. */
const nomClient = sql`coalesce(nullif(trim(concat_ws(' ', c.nom, c.prenom)), ''), c.name)`;

/**
 * On day `date`: per client (by name), the invoices with something left to pay, the amounts by age
 * (`trancheAge`) and their totals. One statement; `clientId` narrows it to one client (a relevé).
 */
export async function balanceAgee(s: Scoped, date: string, clientId?: number): Promise<BalanceAgeeOut> {
  assertUneEntreprise(s);
  const raw = s.raw();
  // The invoices' table is not aliased: its company condition (`own`) names it.
  const duClient: SQL = clientId ? sql` and factures.client_id = ${clientId}` : sql``;
  // `montant_regle` is what no longer remains due today (settlements, credit notes, advances set against
  // the invoice): an invoice none of whose settlements is dated after the day owes net_a_payer −
  // montant_regle on that day, and is open only if that is positive (the partial index of open
  // invoices). The invoices settled after the day (none, for today) are computed from their settlements.
  const apres = sql`array(
    select reglements.facture_id from ${reglements}
      where ${raw.own(reglements)} and reglements.date_operation > ${date} and reglements.facture_id is not null
    union select factures.origine_id from ${factures}
      where ${raw.own(factures)} and factures.date_operation > ${date}
        and factures.type = 'Avoir' and factures.est_valide and factures.origine_id is not null
    union select ecritures.source_id from ${ecritures}
      where ${raw.own(ecritures)} and ecritures.date_operation > ${date}
        and ecritures.source_type = 'imputation_avance')`;
  const rows = await raw.rows<Brut>(sql`
    with regles_apres as (select ${apres} as ids)
    select * from (
      select factures.id, factures.numero, factures.client_id, ${nomClient} as client_nom,
        factures.date_operation::text as date_operation, factures.date_echeance::text as date_echeance,
        factures.delai_paiement, factures.net_a_payer,
        case when factures.id <> all (regles_apres.ids) then factures.net_a_payer - factures.montant_regle
        else factures.net_a_payer
          - coalesce((select sum(r.montant) from ${reglements} r
              where r.facture_id = factures.id and r.date_operation <= ${date}), 0)
          - coalesce((select sum(a.net_a_payer) from ${factures} a
              where a.origine_id = factures.id and a.type = 'Avoir' and a.est_valide
                and a.date_operation <= ${date}), 0)
          - coalesce((select sum(l.credit - l.debit) from ${ecritures} e
              join ${ecritureLignes} l on l.ecriture_id = e.id
              where e.source_type = 'imputation_avance' and e.source_id = factures.id and l.compte like '411%'
                and e.date_operation <= ${date}), 0)
        end as reste
      from regles_apres, ${factures} join ${users} c on c.id = factures.client_id
      where ${raw.own(factures)} and factures.type = 'Normale' and factures.est_valide
        and factures.numero is not null and factures.date_operation <= ${date}${duClient}
        and ((factures.montant_regle < factures.net_a_payer) or factures.id = any (regles_apres.ids))
    ) t where reste > 0
    order by client_nom, client_id, date_echeance, id`);
  const parClient = new Map<number, BalanceAgeeClientOut>();
  const totaux = zeroAge();
  for (const r of rows) {
    const id = Number(r.client_id);
    let c = parClient.get(id);
    if (!c) {
      c = { client_id: id, client_nom: String(r.client_nom), ...zeroAge(), factures: [] };
      parClient.set(id, c);
    }
    const echeance = String(r.date_echeance);
    const reste = Number(r.reste);
    const tranche = trancheAge(echeance, date);
    const montants = { ...zeroAge(), [tranche]: reste, total: reste };
    ajouter(c, montants);
    ajouter(totaux, montants);
    c.factures.push({
      id: Number(r.id),
      numero: String(r.numero),
      date_operation: String(r.date_operation),
      date_echeance: echeance,
      delai_paiement: String(r.delai_paiement) as DelaiPaiement,
      net_a_payer: Number(r.net_a_payer),
      reste,
      retard: ecartJours(echeance, date),
      tranche,
    });
  }
  return { date, clients: [...parClient.values()], totaux };
}
