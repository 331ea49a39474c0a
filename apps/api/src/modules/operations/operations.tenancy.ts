import { DEMANDE_STATUT_DIFFUSEE, DEMANDE_STATUTS_OUVERTS } from '@yams/shared';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { users } from '../../db/core.table';
import { registerTenancy, resolveEntreprise } from '../../db/tenancy';
import { courses, demandes } from './operations.table';

// The two tenant tables of this domain that are not "my entreprise_id" (db/tenancy.ts): the demandes
// market, and the users a company sees (its own accounts, and the clients who booked with it).

/** The demande rule of packages/shared (`demandeAcces`) in SQL; a test checks both agree. */
export const demandeAccesSql = {
  proprietaire: (e: number) =>
    or(
      eq(demandes.entreprise_id, e),
      and(isNull(demandes.entreprise_id), eq(demandes.cree_par_entreprise_id, e)),
    )!,
  marche: () =>
    and(
      isNull(demandes.entreprise_id),
      inArray(demandes.statut, [...DEMANDE_STATUTS_OUVERTS]),
      or(isNull(demandes.cree_par_entreprise_id), eq(demandes.statut, DEMANDE_STATUT_DIFFUSEE)),
    )!,
};

/** A company's own accounts: itself and the accounts it created. */
const ownUsers = (e: number) => or(eq(users.entreprise_id, e), eq(users.id, e))!;
/** …plus the clients who booked a course with it (a client of the app belongs to no company). */
const bookingClients = (e: number) =>
  and(
    eq(users.type, 'client'),
    sql`exists (select 1 from ${courses} where ${courses.client_id} = ${users.id} and ${courses.entreprise_id} = ${e})`,
  )!;

registerTenancy(users, { visible: (e) => or(ownUsers(e), bookingClients(e))!, own: ownUsers });

registerTenancy(demandes, {
  visible: (e) => or(demandeAccesSql.proprietaire(e), demandeAccesSql.marche())!,
  // Recorded by the company and not taken by another one.
  own: (e) =>
    and(
      eq(demandes.cree_par_entreprise_id, e),
      or(isNull(demandes.entreprise_id), eq(demandes.entreprise_id, e)),
    )!,
  // Its history: the demandes it accepted, or recorded and not yet taken.
  history: demandeAccesSql.proprietaire,
  // `entreprise_id` of a demande is the company that accepts it: a new one is the recorder's.
  fill(values, e) {
    return {
      ...values,
      cree_par_entreprise_id: resolveEntreprise(
        { entrepriseId: e },
        values.cree_par_entreprise_id as number | null | undefined,
      ),
      entreprise_id: null,
    };
  },
});
