import { DELAI_CODES, DELAI_PAIEMENT_DEFAUT, type DelaiPaiement, dateEcheance } from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { getParametres } from '../entreprise/parametres.repository';

// An invoice's payment term and due date: the term it names, else its client's, else its company's
// (Configurations → Entreprise), else payable on receipt.

const connu = (code: string | null | undefined): code is DelaiPaiement =>
  !!code && (DELAI_CODES as readonly string[]).includes(code);

/** The term an invoice of this client gets when it names none. */
export async function delaiParDefaut(tx: Db, entrepriseId: number, clientId: number): Promise<DelaiPaiement> {
  const [client] = await scoped(tx, { entrepriseId })
    .select({ delai: users.delai_paiement })
    .from(users)
    .where(eq(users.id, clientId))
    .limit(1);
  if (connu(client?.delai)) return client.delai;
  const societe = (await getParametres(tx, entrepriseId)).delai_paiement;
  return connu(societe) ? societe : DELAI_PAIEMENT_DEFAUT;
}

/** The columns of an invoice's term: the one given (or the default) and the due date from its date. */
export async function colonnesEcheance(
  tx: Db,
  f: { entreprise_id: number; client_id: number; date_operation: string; delai_paiement?: string | null },
): Promise<{ delai_paiement: DelaiPaiement; date_echeance: string }> {
  const delai = connu(f.delai_paiement)
    ? f.delai_paiement
    : await delaiParDefaut(tx, f.entreprise_id, f.client_id);
  return { delai_paiement: delai, date_echeance: dateEcheance(f.date_operation, delai) };
}
