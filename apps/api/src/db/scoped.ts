import { DEMANDE_STATUT_DIFFUSEE, DEMANDE_STATUTS_OUVERTS } from '@yams/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/errors';
import type { Db } from './client';
import { users } from './core.table';
import { courses, demandes } from './schema';

/**
 * Tenancy by construction (docs/architecture.md, Tenancy). Every read, update and delete of a tenant table (a table
 * with `entreprise_id`) goes through `scoped(db, scope)`, which adds the company to the query; every insert
 * gets `entreprise_id` filled (a transporteur: its own; a superadmin: the one the values name, else a French
 * 422). A superadmin's scope has no restriction. Platform tables (villes, types…) have no `entreprise_id`
 * and are refused by the types here: read them with the plain `db`, explicitly.
 *
 *   const s = scoped(app.db, scope);
 *   await s.select(cols).from(courses).innerJoin(…).where(eq(courses.id, id));   // + entreprise_id = …
 *   await s.update(courses).set({ statut }).where(eq(courses.id, id)).returning(); // + entreprise_id = …
 *   await s.delete(courses).where(eq(courses.id, id));
 *   await s.insert(courses).values({ …, /* entreprise_id filled *\/ });
 *   await s.transaction(async (t) => { … t.select … });                             // same scope, one tx
 *   scoped(tx, { entrepriseId })  // a superadmin's write for company X checks X's rows only
 *
 * `.where()` may be called once, as with Drizzle; it is ANDed with the company. Joined tenant tables are
 * reached through the main one (their ids were checked when written); `s.own(table)` gives the condition
 * for a subquery. Tables whose visibility is not "my entreprise_id" (users: a company's own accounts;
 * demandes: the shared market) declare it in `POLICIES` below: `'visible'` is the default reach of selects,
 * `'own'` the stricter one of updates and deletes.
 */

export type TenantTable = PgTable & { entreprise_id: AnyPgColumn };
/** 'visible': what the company may read (the default of selects); 'own': what it may change (writes). */
export type Reach = 'visible' | 'own';
interface Policy {
  visible(entrepriseId: number): SQL;
  own(entrepriseId: number): SQL;
  /** Insert values for the company (default: `entreprise_id` set to it). */
  fill?(values: Record<string, unknown>, entrepriseId: number | null): Record<string, unknown>;
}

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

const POLICIES = new Map<PgTable, Policy>([
  [users, { visible: (e) => or(ownUsers(e), bookingClients(e))!, own: ownUsers }],
  [
    demandes,
    {
      visible: (e) => or(demandeAccesSql.proprietaire(e), demandeAccesSql.marche())!,
      // Recorded by the company and not taken by another one.
      own: (e) =>
        and(
          eq(demandes.cree_par_entreprise_id, e),
          or(isNull(demandes.entreprise_id), eq(demandes.entreprise_id, e)),
        )!,
      // `entreprise_id` of a demande is the company that accepts it: a new one is the recorder's.
      fill(values, e) {
        const creePar = e ?? (values.cree_par_entreprise_id as number | null | undefined);
        if (creePar == null) throw entrepriseObligatoire();
        return { ...values, cree_par_entreprise_id: creePar, entreprise_id: null };
      },
    },
  ],
]);

/** The `WHERE` of a tenant table for a company, or undefined for a superadmin. */
export function tenantCondition(
  table: TenantTable,
  entrepriseId: number | null,
  reach: Reach = 'visible',
): SQL | undefined {
  if (entrepriseId === null) return undefined;
  const policy = POLICIES.get(table);
  return policy ? policy[reach](entrepriseId) : eq(table.entreprise_id, entrepriseId);
}

type WhereArg = SQL | undefined;
/** Makes the builder's `.where(x)` mean `.where(base AND x)`, and applies `base` if it is never called. */
function restrict<Q extends { where(w: WhereArg): unknown }>(q: Q, base: WhereArg): Q {
  if (!base) return q;
  const original = q.where.bind(q);
  original(base);
  (q as { where(w: WhereArg): unknown }).where = (w: WhereArg) => original(and(base, w));
  return q;
}

const entrepriseObligatoire = () =>
  new AppError('validation', 422, ["L'entreprise est obligatoire."], {
    fields: { entreprise_id: "L'entreprise est obligatoire." },
  });

/** Insert values of a tenant table, `entreprise_id` optional (filled from the scope). */
export type TenantValues<T extends TenantTable> = Omit<T['$inferInsert'], 'entreprise_id'> & {
  entreprise_id?: number | null;
};

export function scoped(db: Db, scope: { entrepriseId: number | null }): Scoped {
  return new Scoped(db, scope.entrepriseId);
}

export class Scoped {
  constructor(
    readonly db: Db,
    /** null for a superadmin: no restriction. */
    readonly entrepriseId: number | null,
  ) {}

  /** The company condition of a table (for a subquery or a joined tenant table). */
  own(table: TenantTable, reach: Reach = 'visible'): SQL | undefined {
    return tenantCondition(table, this.entrepriseId, reach);
  }

  select(): { from<T extends TenantTable>(table: T, reach?: Reach): ReturnType<typeof dynamicFromAll<T>> };
  select<F extends SelectedFields>(
    fields: F,
  ): { from<T extends TenantTable>(table: T, reach?: Reach): ReturnType<typeof dynamicFrom<F, T>> };
  select(fields?: SelectedFields): { from(table: TenantTable, reach?: Reach): unknown } {
    return {
      from: (table: TenantTable, reach: Reach = 'visible') => {
        const q = (fields ? this.db.select(fields) : this.db.select()).from(table).$dynamic();
        return restrict(q, this.own(table, reach));
      },
    };
  }

  update<T extends TenantTable>(table: T, reach: Reach = 'own') {
    return {
      set: (values: PgUpdateSetSource<T>) => {
        const v = values as { entreprise_id?: number | null };
        if (this.entrepriseId !== null && v.entreprise_id != null && v.entreprise_id !== this.entrepriseId) {
          throw new Error(`scoped: déplacement vers l'entreprise ${v.entreprise_id} interdit.`);
        }
        const q = this.db
          .update(table)
          .set(values as never)
          .$dynamic();
        return restrict(q, this.own(table, reach));
      },
    };
  }

  delete<T extends TenantTable>(table: T, reach: Reach = 'own') {
    return restrict(this.db.delete(table).$dynamic(), this.own(table, reach));
  }

  insert<T extends TenantTable>(table: T) {
    return {
      values: (values: TenantValues<T> | TenantValues<T>[]) => {
        const fill = (v: TenantValues<T>) => {
          const policy = POLICIES.get(table)?.fill;
          return policy ? policy(v as Record<string, unknown>, this.entrepriseId) : this.fill(v);
        };
        const rows = Array.isArray(values) ? values.map(fill) : fill(values);
        return this.db.insert(table).values(rows as never);
      },
    };
  }

  /** The same scope inside one transaction. */
  transaction<R>(fn: (t: Scoped) => Promise<R>): Promise<R> {
    return this.db.transaction((tx) => fn(new Scoped(tx as unknown as Db, this.entrepriseId)));
  }

  private fill<V extends { entreprise_id?: number | null }>(v: V): V & { entreprise_id: number } {
    const e = this.entrepriseId;
    if (e !== null) {
      if (v.entreprise_id != null && v.entreprise_id !== e) {
        throw new Error(`scoped: écriture pour l'entreprise ${v.entreprise_id} dans le périmètre ${e}.`);
      }
      return { ...v, entreprise_id: e };
    }
    if (v.entreprise_id == null) throw entrepriseObligatoire();
    return v as V & { entreprise_id: number };
  }
}

// Type helpers only: what Drizzle's own builders return for a generic table.
function dynamicFrom<F extends SelectedFields, T extends TenantTable>(db: Db, f: F, t: T) {
  return db
    .select(f)
    .from<T>(t as never)
    .$dynamic();
}
function dynamicFromAll<T extends TenantTable>(db: Db, t: T) {
  return db
    .select()
    .from<T>(t as never)
    .$dynamic();
}
