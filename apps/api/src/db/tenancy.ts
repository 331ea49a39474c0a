import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { fieldErrors } from '../lib/errors';
import type { Db } from './client';
import { users } from './core.table';

/**
 * Tenancy's vocabulary, shared by the ORM access (`scoped.ts`) and raw SQL: which rows of a tenant table a
 * company reaches, and which company a request acts for. Knows no domain: a module whose table is not
 * "my `entreprise_id`" (the demandes market, the users a company sees) registers its policy with
 * `registerTenancy` when it loads.
 */

export type TenantTable = PgTable & { entreprise_id: AnyPgColumn };
/**
 * 'visible': what the company may read (the default of selects); 'own': what it may change (writes);
 * 'history': the rows whose audit history it reads (default: 'own').
 */
export type Reach = 'visible' | 'own' | 'history';

export interface TenancyPolicy {
  visible(entrepriseId: number): SQL;
  own(entrepriseId: number): SQL;
  history?(entrepriseId: number): SQL;
  /** Insert values for the company (default: `entreprise_id` set to it; null: the superadmin's insert). */
  fill?(values: Record<string, unknown>, entrepriseId: number | null): Record<string, unknown>;
}

const POLICIES = new Map<PgTable, TenancyPolicy>();

/** A module declares how a table of its own is shared (called once, when the module loads). */
export function registerTenancy(table: TenantTable, policy: TenancyPolicy): void {
  POLICIES.set(table, policy);
}

export function tenancyPolicy(table: PgTable): TenancyPolicy | undefined {
  return POLICIES.get(table);
}

/** The `WHERE` of a tenant table for one company (never empty: a company always has a condition). */
export function companyCondition(table: TenantTable, entrepriseId: number, reach: Reach = 'visible'): SQL {
  const policy = POLICIES.get(table);
  if (!policy) return eq(table.entreprise_id, entrepriseId);
  if (reach === 'history') return (policy.history ?? policy.own)(entrepriseId);
  return policy[reach](entrepriseId);
}

/** The one French 422 of a company that must be named and is not. */
export const entrepriseObligatoire = (field = 'entreprise_id') =>
  fieldErrors({ [field]: "L'entreprise est obligatoire." });
const entrepriseInconnue = (field: string) => fieldErrors({ [field]: "Cette entreprise n'existe pas." });

/** The companies of the platform: transporteur accounts that are their own company. */
export const estEntreprise = and(
  eq(users.type, 'transporteur'),
  sql`coalesce(${users.entreprise_id}, ${users.id}) = ${users.id}`,
)!;

/** A request's scope as tenancy sees it: a company's, or the superadmin's (narrowed to one company or not). */
export interface TenantScope {
  entrepriseId: number | null;
  user?: { type: string };
}
/** A company's own scope (a superadmin narrowed by `?entreprise=` is not one: it still names companies). */
const compagnie = (scope: TenantScope) => (scope.user?.type === 'superadmin' ? null : scope.entrepriseId);

interface ResolveOptions {
  /** The field the 422 names (`entreprise_id` of a body, `entreprise` of a query). */
  field?: string;
}

/**
 * Which company this is for — the one answer of the API. A company's scope: its own, whatever it names.
 * The superadmin's: the company it names (`requested`), else the French 422 on `field`.
 */
export function resolveEntreprise(
  scope: TenantScope,
  requested: number | null | undefined,
  { field = 'entreprise_id' }: ResolveOptions = {},
): number {
  const own = compagnie(scope);
  if (own !== null) return own;
  if (!requested) throw entrepriseObligatoire(field);
  return requested;
}

/**
 * `resolveEntreprise`, the superadmin's company checked to exist (a 422 on `field` otherwise). With
 * `optional`, a superadmin who names none gets null: every company.
 */
export async function resolveEntrepriseExistante(
  db: Db,
  scope: TenantScope,
  requested: number | null | undefined,
  options?: ResolveOptions & { optional?: false },
): Promise<number>;
export async function resolveEntrepriseExistante(
  db: Db,
  scope: TenantScope,
  requested: number | null | undefined,
  options: ResolveOptions & { optional: true },
): Promise<number | null>;
export async function resolveEntrepriseExistante(
  db: Db,
  scope: TenantScope,
  requested: number | null | undefined,
  { field = 'entreprise_id', optional = false }: ResolveOptions & { optional?: boolean } = {},
): Promise<number | null> {
  const own = compagnie(scope);
  if (own !== null) return own;
  if (!requested && optional) return null;
  const id = resolveEntreprise(scope, requested, { field });
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), estEntreprise))
    .limit(1);
  if (!found) throw entrepriseInconnue(field);
  return id;
}
