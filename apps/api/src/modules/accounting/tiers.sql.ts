import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/core.table';
import type { RawSql } from '../../db/scoped';
import { paiements } from '../operations/operations.table';
import { fournisseurs } from '../reference/reference.table';
import { achats, ecritures, factures, reglements } from './accounting.table';

// The third party (client or supplier) of a journal line, read from the document its entry comes from: an
// invoice's (its advances' imputation too) or a course payment's client, a purchase's supplier, a settlement's invoice's client or
// purchase's supplier. The one place that knows it (grand livre, relevé, export): when the lines carry
// their third party themselves, only this file changes.

export type TiersType = 'client' | 'fournisseur';
export interface TiersRef {
  type: TiersType;
  id: number;
}

/** `client:12` → { type, id } (the query's format is checked by `GrandLivreQuery`). */
export function lireTiers(v: string): TiersRef {
  const [type, id] = v.split(':') as [TiersType, string];
  return { type, id: Number(id) };
}

/** Accounts that carry a third party: suppliers (40) and clients (41). */
export const COMPTE_DE_TIERS = sql`(compte like '40%' or compte like '41%')`;

const nomUser = sql`coalesce(nullif(trim(concat_ws(' ', u.nom, u.prenom)), ''), u.name)`;

/**
 * A lateral subquery giving `tiers_cle` (`client:12`) and `tiers_nom` for the line `l` of the entry `e`
 * (both aliases of the outer query), on third-party accounts only (null elsewhere, nothing read).
 */
export function tiersLateral(l: string, e: string): SQL {
  const L = sql.raw(l);
  const E = sql.raw(e);
  const deTiers = sql`(${L}.compte like '40%' or ${L}.compte like '41%')`;
  // The account's condition inside the subquery: nothing is read for the other lines.
  return sql`left join lateral (
    select 'client:' || u.id as tiers_cle, ${nomUser} as tiers_nom from ${users} u where ${deTiers} and u.id = (
      case ${E}.source_type
        when 'facture' then (select x.client_id from ${factures} x where x.id = ${E}.source_id)
        when 'imputation_avance' then (select x.client_id from ${factures} x where x.id = ${E}.source_id)
        when 'paiement' then (select x.client_id from ${paiements} x where x.id = ${E}.source_id)
        when 'reglement' then (select x.client_id from ${reglements} r join ${factures} x on x.id = r.facture_id
          where r.id = ${E}.source_id)
      end)
    union all
    select 'fournisseur:' || fo.id, fo.nom from ${fournisseurs} fo where ${deTiers} and fo.id = (
      case ${E}.source_type
        when 'achat' then (select x.fournisseur_id from ${achats} x where x.id = ${E}.source_id)
        when 'reglement' then (select x.fournisseur_id from ${reglements} r join ${achats} x on x.id = r.achat_id
          where r.id = ${E}.source_id)
      end)
    limit 1
  ) t on true`;
}

/**
 * The ids of the entries of a third party (a subquery): the postings of its documents (invoices, credit
 * notes, settlements, course payments; purchases and their settlements), reversals included.
 */
export function ecrituresDuTiers(raw: RawSql, t: TiersRef): SQL {
  const de = (type: string, ids: SQL) =>
    sql`select id from ${ecritures} where ${raw.own(ecritures)} and source_type = ${type} and source_id in (${ids})`;
  const parts =
    t.type === 'client'
      ? [
          de('facture', sql`select x.id from ${factures} x where x.client_id = ${t.id}`),
          // Advances (4191) set against an invoice of the client: the entry names the invoice.
          de('imputation_avance', sql`select x.id from ${factures} x where x.client_id = ${t.id}`),
          de(
            'reglement',
            sql`select r.id from ${reglements} r join ${factures} x on x.id = r.facture_id where x.client_id = ${t.id}`,
          ),
          de('paiement', sql`select x.id from ${paiements} x where x.client_id = ${t.id}`),
        ]
      : [
          de('achat', sql`select x.id from ${achats} x where x.fournisseur_id = ${t.id}`),
          de(
            'reglement',
            sql`select r.id from ${reglements} r join ${achats} x on x.id = r.achat_id where x.fournisseur_id = ${t.id}`,
          ),
        ];
  return sql.join(parts, sql` union all `);
}

/** The third party's name, or null when the company has no such client or supplier. */
export async function nomDuTiers(raw: RawSql, t: TiersRef): Promise<string | null> {
  const [row] = await raw.rows<{ nom: string }>(
    t.type === 'client'
      ? sql`select coalesce(nullif(trim(concat_ws(' ', nom, prenom)), ''), name) as nom from ${users}
          where id = ${t.id} and type = 'client' and ${raw.own(users)}`
      : sql`select nom from ${fournisseurs} where id = ${t.id} and ${raw.own(fournisseurs)}`,
  );
  return row?.nom ?? null;
}
