import type { LigneReleveCompteOut, ReleveCompteOut } from '@yams/shared';
import { sql } from 'drizzle-orm';
import { users } from '../../db/core.table';
import type { Scoped } from '../../db/scoped';
import { AppError } from '../../lib/errors';
import { assertDateRange } from '../../lib/filters-dates';
import { ecritureLignes, ecritures, factures } from './accounting.table';
import { balanceAgee, zeroAge } from './balance-agee.repository';
import { assertUneEntreprise } from './journal.repository';
import { ecrituresDuTiers } from './tiers.sql';

// A client's statement of account (relevé de compte): its client accounts (41: 411, and 4191 for its
// advances) moved by each entry of its documents, from the opening balance to the closing one, and what its
// open invoices owe by age at the end. An entry that moves the client's money between its own accounts (an
// advance matched to an invoice) nets to nothing and is not shown.

type Brut = Record<string, unknown>;

export const clientInconnu = () =>
  new AppError('accounting.client_not_found', 404, ["Ce client n'existe pas."]);

export async function releveCompte(
  s: Scoped,
  clientId: number,
  periode: { date_debut: string; date_fin: string },
): Promise<ReleveCompteOut> {
  assertUneEntreprise(s);
  assertDateRange(periode);
  const raw = s.raw();
  const [client] = await raw.rows<Brut>(sql`
    select id, coalesce(nullif(trim(concat_ws(' ', nom, prenom)), ''), name) as nom_complet, adresse, bp,
      coalesce(telephone1, telephone2) as telephone, email
    from ${users} where id = ${clientId} and type = 'client' and ${raw.own(users)}`);
  if (!client) throw clientInconnu();
  const duClient = ecrituresDuTiers(raw, { type: 'client', id: clientId });
  // Per entry of the client: the net of its client-account lines; the period's, and the sum before it.
  const rows = await raw.rows<Brut>(sql`
    with mouvements as (
      select ecriture_id, min(date_operation) as date_operation, sum(debit) - sum(credit) as net
      from ${ecritureLignes}
      where ${raw.own(ecritureLignes)} and compte like '41%' and ecriture_id in (${duClient})
        and date_operation <= ${periode.date_fin}
      group by ecriture_id
    )
    select 0 as sorte, null::int as ecriture_id, null as date_operation, null as piece, null as libelle,
      null as date_echeance, coalesce(sum(net), 0) as net
    from mouvements where date_operation < ${periode.date_debut}
    union all
    select 1, m.ecriture_id, m.date_operation::text, e.piece, e.libelle,
      (select f.date_echeance::text from ${factures} f
        where e.source_type = 'facture' and f.id = e.source_id and f.type = 'Normale'),
      m.net
    from mouvements m join ${ecritures} e on e.id = m.ecriture_id
    where m.date_operation >= ${periode.date_debut} and m.net <> 0
    order by sorte, date_operation, ecriture_id`);
  const ouverture = Number(rows[0]?.net ?? 0);
  let solde = ouverture;
  const lignes: LigneReleveCompteOut[] = rows.slice(1).map((r) => {
    const net = Number(r.net);
    solde += net;
    return {
      ecriture_id: Number(r.ecriture_id),
      date_operation: String(r.date_operation),
      piece: r.piece === null ? null : String(r.piece),
      libelle: String(r.libelle),
      date_echeance: r.date_echeance === null ? null : String(r.date_echeance),
      debit: Math.max(net, 0),
      credit: Math.max(-net, 0),
      solde,
    };
  });
  const agee = await balanceAgee(s, periode.date_fin, clientId);
  const {
    factures: _,
    client_id: _c,
    client_nom: _n,
    ...age
  } = agee.clients[0] ?? {
    ...zeroAge(),
    factures: [],
    client_id: clientId,
    client_nom: '',
  };
  return {
    client: {
      id: Number(client.id),
      nom_complet: String(client.nom_complet),
      adresse: (client.adresse as string | null) ?? null,
      bp: (client.bp as string | null) ?? null,
      telephone: (client.telephone as string | null) ?? null,
      email: (client.email as string | null) ?? null,
    },
    date_debut: periode.date_debut,
    date_fin: periode.date_fin,
    solde_ouverture: ouverture,
    lignes,
    total_debit: lignes.reduce((n, l) => n + l.debit, 0),
    total_credit: lignes.reduce((n, l) => n + l.credit, 0),
    solde_cloture: solde,
    age,
    non_impute: solde - age.total,
  };
}
