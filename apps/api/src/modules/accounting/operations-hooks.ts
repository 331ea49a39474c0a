import { and, eq, isNotNull } from 'drizzle-orm';
import { scoped } from '../../db/scoped';
import type { OperationsAccounting } from '../operations/operations.accounting';
import { coursesFacturees, factures } from './accounting.table';
import { contrePasserPaiement, posterPaiement } from './postings';

/** Accounting's side of the operations domain's interface (wired by `modules/index.ts`). */
export const operationsHooks: OperationsAccounting = {
  posterPaiement,
  contrePasserPaiement,
  async factureDeCourse(db, scope, courseId) {
    const [facture] = await scoped(db, scope)
      .select({ id: factures.id, numero: factures.numero })
      .from(factures)
      .innerJoin(coursesFacturees, eq(coursesFacturees.facture_id, factures.id))
      .where(and(eq(coursesFacturees.course_id, courseId), isNotNull(factures.numero)))
      .limit(1);
    return facture ? { id: facture.id, numero: facture.numero! } : null;
  },
};
