import { bornesDateComptable } from '@yams/shared';

/**
 * The days an accounting date's picker offers (invoice, credit note, purchase, voucher, entry, payment,
 * settlement): the API's one rule, `bornesDateComptable` (2000 … today + 7 days in Libreville).
 */
export const bornesComptables = (): { min: string; max: string } => bornesDateComptable();
