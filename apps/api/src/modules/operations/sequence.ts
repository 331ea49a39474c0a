import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { compteurs } from './operations.table';

/**
 * The next number of a series for a company and a year. Call it inside the transaction that stores the
 * number: the counter row stays locked until commit, and a rollback gives the number back (gapless).
 */
export async function nextNumero(
  tx: Db,
  entrepriseId: number,
  serie: string,
  annee: number,
): Promise<number> {
  const [row] = await scoped(tx, { entrepriseId })
    .insert(compteurs)
    .values({ serie, annee, dernier: 1 })
    .onConflictDoUpdate({
      target: [compteurs.entreprise_id, compteurs.serie, compteurs.annee],
      set: { dernier: sql`${compteurs.dernier} + 1` },
    })
    .returning({ dernier: compteurs.dernier });
  return row!.dernier;
}
