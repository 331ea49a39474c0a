import type { Db } from '../../db/client';
import type { Scope } from '../../plugins/auth';

/**
 * What the operations domain needs from accounting, without importing it (accounting imports operations:
 * its invoices bill courses). Accounting implements this interface (`accounting/operations-hooks.ts`) and
 * `modules/index.ts` wires it, so the module folders stay a hierarchy (`npm run cycles` checks it).
 */
export interface OperationsAccounting {
  /** Posts a validated payment in the journals, in the caller's transaction. */
  posterPaiement(tx: Db, entrepriseId: number, paiementId: number): Promise<void>;
  /** Reverses the posting of a payment that was validated (cancelled), dated `date`. */
  contrePasserPaiement(tx: Db, entrepriseId: number, paiementId: number, date: string): Promise<unknown>;
  /** The definitive (numbered) invoice that bills the course, if any. */
  factureDeCourse(db: Db, scope: Scope, courseId: number): Promise<{ id: number; numero: string } | null>;
}

let wired: OperationsAccounting | null = null;

/** Called once by `modules/index.ts`. */
export function wireOperationsAccounting(hooks: OperationsAccounting): void {
  wired = hooks;
}

/** The wired accounting; a payment never goes unposted silently. */
export function operationsAccounting(): OperationsAccounting {
  if (!wired) throw new Error('operations: la comptabilité n’est pas reliée (modules/index.ts).');
  return wired;
}
