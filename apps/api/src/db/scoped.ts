import { and, type SQL, type Subquery, sql } from 'drizzle-orm';
import type { PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { asCompany } from './rls';
import { companyCondition, type Reach, resolveEntreprise, type TenantTable, tenancyPolicy } from './tenancy';

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
 *   await s.raw().rows(sql`select … from ${t} where ${r.own(t)} …`)             // raw SQL: below
 *
 * `.where()` may be called once, as with Drizzle; it is ANDed with the company. Joined tenant tables are
 * reached through the main one (their ids were checked when written); `s.own(table)` gives the condition
 * for a subquery. Tables whose visibility is not "my entreprise_id" (users: a company's own accounts;
 * demandes: the shared market) have their policy registered by their module (`registerTenancy`,
 * db/tenancy.ts): `'visible'` is the default reach of selects, `'own'` the stricter one of updates and
 * deletes. Raw SQL goes through `s.raw()` only: a `CompanySql` (or, for the superadmin's unrestricted scope,
 * a `PlatformSql`), never a database handle — `Scoped` keeps its own private.
 */

export type { Reach, TenantTable } from './tenancy';

/** The `WHERE` of a tenant table for a company, or undefined for a superadmin (ORM `and()` drops it). */
export function tenantCondition(
  table: TenantTable,
  entrepriseId: number | null,
  reach: Reach = 'visible',
): SQL | undefined {
  return entrepriseId === null ? undefined : companyCondition(table, entrepriseId, reach);
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

/** Insert values of a tenant table, `entreprise_id` optional (filled from the scope). */
export type TenantValues<T extends TenantTable> = Omit<T['$inferInsert'], 'entreprise_id'> & {
  entreprise_id?: number | null;
};

export function scoped(db: Db, scope: { entrepriseId: number | null }): Scoped {
  return new Scoped(db, scope.entrepriseId);
}

async function run<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Raw SQL for one company: the only way a repository writes SQL by hand on tenant tables. `own(table)` is
 * the company's condition of a table (the same policies as the ORM's, never empty); `rows` runs a statement.
 * There is no database handle in reach, and the statements run under row-level security as the company
 * (db/rls.ts): a condition forgotten in the text returns no other company's rows.
 */
export class CompanySql {
  readonly kind = 'company';
  readonly #db: Db;
  constructor(
    db: Db,
    readonly entrepriseId: number,
  ) {
    this.#db = db;
  }
  own(table: TenantTable, reach: Reach = 'visible'): SQL {
    return companyCondition(table, this.entrepriseId, reach);
  }
  /** Runs `query` under row-level security as the company (db/rls.ts). */
  rows<T>(query: SQL): Promise<T[]> {
    return asCompany(this.#db, this.entrepriseId, (tx) => run<T>(tx, query));
  }
}

/**
 * Raw SQL over every company: the superadmin's platform figures, a type of its own asked for by name
 * (`Scoped.raw()` of an unrestricted scope, or `platformSql`), never what a company's request gets.
 * `own(table)` is `true`.
 */
export class PlatformSql {
  readonly kind = 'platform';
  readonly entrepriseId = null;
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }
  own(_table: TenantTable, _reach?: Reach): SQL {
    return sql`true`;
  }
  rows<T>(query: SQL): Promise<T[]> {
    return run<T>(this.#db, query);
  }
}

/** What a raw repository receives: one company's SQL, or (the superadmin's) the platform's. */
export type RawSql = CompanySql | PlatformSql;

/** Raw SQL over every company, for the superadmin's views and the system's jobs. */
export function platformSql(db: Db): PlatformSql {
  return new PlatformSql(db);
}

export class Scoped {
  readonly #db: Db;
  constructor(
    db: Db,
    /** null for a superadmin: no restriction. */
    readonly entrepriseId: number | null,
  ) {
    this.#db = db;
  }

  /** The company condition of a table (for a subquery or a joined tenant table); none for a superadmin. */
  own(table: TenantTable, reach: Reach = 'visible'): SQL | undefined {
    return tenantCondition(table, this.entrepriseId, reach);
  }

  /** The raw-SQL entry of this scope: the company's (`CompanySql`), or the platform's for a superadmin. */
  raw(): RawSql {
    return this.entrepriseId === null
      ? new PlatformSql(this.#db)
      : new CompanySql(this.#db, this.entrepriseId);
  }

  select(): { from<T extends TenantTable>(table: T, reach?: Reach): ReturnType<typeof dynamicFromAll<T>> };
  select<F extends SelectedFields>(
    fields: F,
  ): { from<T extends TenantTable>(table: T, reach?: Reach): ReturnType<typeof dynamicFrom<F, T>> };
  select(fields?: SelectedFields): { from(table: TenantTable, reach?: Reach): unknown } {
    return {
      from: (table: TenantTable, reach: Reach = 'visible') => {
        const q = (fields ? this.#db.select(fields) : this.#db.select()).from(table).$dynamic();
        return restrict(q, this.own(table, reach));
      },
    };
  }

  /** Reads a subquery built through this scope (its tenant tables already hold the company's condition). */
  selectFrom<S extends Subquery>(sub: S) {
    return this.#db
      .select()
      .from(sub as never)
      .$dynamic();
  }

  update<T extends TenantTable>(table: T, reach: Reach = 'own') {
    return {
      set: (values: PgUpdateSetSource<T>) => {
        const v = values as { entreprise_id?: number | null };
        if (this.entrepriseId !== null && v.entreprise_id != null && v.entreprise_id !== this.entrepriseId) {
          throw new Error(`scoped: déplacement vers l'entreprise ${v.entreprise_id} interdit.`);
        }
        const q = this.#db
          .update(table)
          .set(values as never)
          .$dynamic();
        return restrict(q, this.own(table, reach));
      },
    };
  }

  delete<T extends TenantTable>(table: T, reach: Reach = 'own') {
    return restrict(this.#db.delete(table).$dynamic(), this.own(table, reach));
  }

  insert<T extends TenantTable>(table: T) {
    return {
      values: (values: TenantValues<T> | TenantValues<T>[]) => {
        const fill = (v: TenantValues<T>) => {
          const policy = tenancyPolicy(table)?.fill;
          return policy ? policy(v as Record<string, unknown>, this.entrepriseId) : this.fill(v);
        };
        const rows = Array.isArray(values) ? values.map(fill) : fill(values);
        return this.#db.insert(table).values(rows as never);
      },
    };
  }

  /**
   * The same scope inside one transaction; `tx` is the transaction itself, for the platform tables and
   * the helpers that take a database (a tenant table's rows still go through `t`).
   */
  transaction<R>(fn: (t: Scoped, tx: Db) => Promise<R>): Promise<R> {
    return this.#db.transaction((tx) =>
      fn(new Scoped(tx as unknown as Db, this.entrepriseId), tx as unknown as Db),
    );
  }

  private fill<V extends { entreprise_id?: number | null }>(v: V): V & { entreprise_id: number } {
    const e = this.entrepriseId;
    if (e !== null && v.entreprise_id != null && v.entreprise_id !== e) {
      throw new Error(`scoped: écriture pour l'entreprise ${v.entreprise_id} dans le périmètre ${e}.`);
    }
    return { ...v, entreprise_id: resolveEntreprise(this, v.entreprise_id) };
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
