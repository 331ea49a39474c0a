import { CLOTURE, finExercice } from '@yams/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Scoped, scoped } from '../../db/scoped';
import { fieldErrors } from '../../lib/errors';
import { ecritures } from './accounting.table';

// Closed exercises (etats-financiers.ts closes them): a closed year is its closing entry (source `cloture`,
// source_id the year); no entry may be dated in it or before it.

/** The last closed exercise of a company, or null. */
export async function derniereCloture(s: Scoped): Promise<number | null> {
  const raw = s.raw();
  const [row] = await raw.rows<Record<string, unknown>>(sql`
    select max(source_id) as annee from ${ecritures}
    where ${raw.own(ecritures)} and source_type = 'cloture'`);
  return row?.annee == null ? null : Number(row.annee);
}

/** A posting dated in a closed exercise is a French 422 on its date (`passerEcriture` calls it). */
export async function assertExerciceOuvert(tx: Db, entrepriseId: number, jour: string): Promise<void> {
  const close = await derniereCloture(scoped(tx, { entrepriseId }));
  if (close !== null && jour <= finExercice(close)) {
    throw fieldErrors({ date_operation: CLOTURE.exerciceClos(Number(jour.slice(0, 4))) });
  }
}
