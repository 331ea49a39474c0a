import {
  AUDIT_ACTIONS,
  AUDIT_ENTITES,
  type AuditAction,
  type AuditEntryOut,
  type AuditQuery,
  MSG,
} from '@yams/shared';
import { and, desc, eq, getTableName, isTable, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { type PlatformSql, platformSql, type RawSql, scoped } from '../../db/scoped';
import type { TenantTable } from '../../db/tenancy';
import { AppError } from '../../lib/errors';
import { dateRangeCondition } from '../../lib/filters-dates';
import { countsOf, type ListSource } from '../../lib/pagination';
import type { Scope } from '../../plugins/auth';
import { auditLog } from './audit.table';

// The audit log (written by the database: drizzle/0018_audit_triggers.sql) read, never written: the
// superadmins' whole log with filters, and each record's history for whoever can read the record.

const TABLES = new Map<string, PgTable>(
  (Object.values(schema) as unknown[])
    .filter((t): t is PgTable => isTable(t))
    .map((t) => [getTableName(t), t]),
);

/** Each audited table's reference columns → the table they point to (`chauffeur_id` → users). */
const REFERENCES = new Map<string, Map<string, string>>(
  [...TABLES.entries()].map(([name, table]) => {
    const refs = new Map<string, string>([
      ['entreprise_id', 'users'],
      ['cree_par_entreprise_id', 'users'],
    ]);
    for (const fk of getTableConfig(table).foreignKeys) {
      const ref = fk.reference();
      if (ref.columns.length === 1) refs.set(ref.columns[0]!.name, getTableName(ref.foreignTable));
    }
    return [name, refs];
  }),
);

/** How a referenced row is named: a person's full name, a plate, a libellé, a name, a number. */
function labelSql(tableName: string): SQL | null {
  if (tableName === 'users') {
    return sql`coalesce(nullif(trim(concat_ws(' ', nom, prenom)), ''), name)`;
  }
  const columns = getTableConfig(TABLES.get(tableName)!).columns.map((c) => c.name);
  const named = ['plaque', 'libelle', 'nom', 'numero', 'code', 'reference'].find((c) => columns.includes(c));
  return named ? sql`${sql.identifier(named)}` : null;
}

/**
 * Adds the names of the rows a changed reference points to (`Chauffeur : 13` → `Biyoghe Nadège`). Read over
 * every company on purpose (`PlatformSql`): an entry the scope may read can name another company's row (the
 * company that took a demande).
 */
async function withLabels(raw: PlatformSql, entries: AuditEntryOut[]): Promise<AuditEntryOut[]> {
  const wanted = new Map<string, Set<number>>();
  const target = (e: AuditEntryOut, champ: string) => REFERENCES.get(e.table)?.get(champ);
  for (const e of entries) {
    for (const c of e.changements) {
      const t = target(e, c.champ);
      if (!t) continue;
      for (const v of [c.avant, c.apres]) {
        if (typeof v === 'number') wanted.set(t, (wanted.get(t) ?? new Set()).add(v));
      }
    }
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted.entries()].map(async ([t, ids]) => {
      const label = labelSql(t);
      if (!label) return;
      const found = await raw.rows<{ id: number; label: string | null }>(
        sql`select id, ${label}::text as label from ${sql.identifier(t)} where id in ${[...ids]}`,
      );
      for (const r of found) if (r.label) names.set(`${t}:${r.id}`, r.label);
    }),
  );
  if (!names.size) return entries;
  return entries.map((e) => ({
    ...e,
    changements: e.changements.map((c) => {
      const t = target(e, c.champ);
      if (!t) return c;
      const name = (v: unknown) => (typeof v === 'number' ? (names.get(`${t}:${v}`) ?? null) : null);
      return { ...c, avant_libelle: name(c.avant), apres_libelle: name(c.apres) };
    }),
  }));
}

const pasDHistorique = () => new AppError('audit.not_found', 404, ["Cette fiche n'existe pas."]);
const reserve = () => new AppError('audit.forbidden', 403, [MSG.forbidden]);

const auteur = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${schema.users.nom}, ${schema.users.prenom})), ''), ${schema.users.name})`;

const columns = {
  id: auditLog.id,
  table: auditLog.table_name,
  record_id: auditLog.record_id,
  parent_table: auditLog.parent_table,
  parent_id: auditLog.parent_id,
  entreprise_id: auditLog.entreprise_id,
  action: auditLog.action,
  changes: auditLog.changes,
  user_id: auditLog.user_id,
  auteur,
  created_at: auditLog.created_at,
};
type Raw = {
  [K in keyof typeof columns]: K extends 'auteur'
    ? string | null
    : (typeof auditLog.$inferSelect)[Exclude<K, 'table' | 'auteur'> & keyof typeof auditLog.$inferSelect];
} & { table: string };

function toOut(r: Raw): AuditEntryOut {
  return {
    id: r.id,
    table: r.table,
    entite: AUDIT_ENTITES[r.table] ?? r.table,
    record_id: r.record_id,
    parent_table: r.parent_table,
    parent_id: r.parent_id,
    entreprise_id: r.entreprise_id,
    action: r.action,
    action_libelle: AUDIT_ACTIONS[r.action as AuditAction] ?? r.action,
    // `tri_*`: sort keys copied by triggers from another table (operations.table.ts), not a user's data.
    changements: Object.keys(r.changes ?? {})
      .filter((champ) => !champ.startsWith('tri_'))
      .sort()
      .map((champ) => {
        const v = r.changes[champ];
        if (r.action === 'creation') return { champ, avant: null, apres: v ?? null };
        if (r.action === 'suppression') return { champ, avant: v ?? null, apres: null };
        const [avant, apres] = Array.isArray(v) ? v : [null, null];
        return { champ, avant: avant ?? null, apres: apres ?? null };
      }),
    user_id: r.user_id,
    utilisateur: r.user_id === null ? 'Système' : (r.auteur ?? `Utilisateur n° ${r.user_id}`),
    created_at: r.created_at,
  };
}

function select(db: Db) {
  return db.select(columns).from(auditLog).leftJoin(schema.users, eq(schema.users.id, auditLog.user_id));
}

/** Is the row `id` of `table` one the scope may read? (A company: its own rows; platform data: everyone.) */
async function readable(raw: RawSql, tableName: string, id: number): Promise<boolean> {
  const table = TABLES.get(tableName) as
    | (PgTable & { id: AnyPgColumn; entreprise_id?: AnyPgColumn })
    | undefined;
  if (!table) return false;
  const company = table.entreprise_id ? raw.own(table as TenantTable, 'history') : sql`true`;
  const found = await raw.rows(sql`select 1 from ${table} where ${table.id} = ${id} and ${company} limit 1`);
  return found.length > 0;
}

const HISTORY_CAP = 500;

/**
 * The history of one record (its lines' too), newest first. A company reads the entries of its own company
 * on a row it may read, or on a row since deleted; another company's id answers what a missing one does.
 */
export async function historique(
  db: Db,
  scope: Scope,
  tableName: string,
  id: number,
): Promise<AuditEntryOut[]> {
  const table = TABLES.get(tableName) as (PgTable & { entreprise_id?: AnyPgColumn }) | undefined;
  const tenantOwned = Boolean(table?.entreprise_id) || tableName === 'users';
  const visible = await readable(scoped(db, scope).raw(), tableName, id);
  const ofRecord = or(
    and(eq(auditLog.table_name, tableName), eq(auditLog.record_id, id)),
    and(eq(auditLog.parent_table, tableName), eq(auditLog.parent_id, id)),
  );
  const company =
    scope.entrepriseId !== null && tenantOwned ? eq(auditLog.entreprise_id, scope.entrepriseId) : undefined;
  const rows = (await select(db)
    .where(and(ofRecord, company))
    .orderBy(desc(auditLog.id))
    .limit(HISTORY_CAP)) as Raw[];
  if (!visible) {
    // A deleted row: its history stays readable by its company (and the superadmins).
    const deleted = rows.some((r) => r.table === tableName && r.action === 'suppression');
    if (!deleted) throw pasDHistorique();
  }
  return withLabels(platformSql(db), rows.map(toOut));
}

/** The platform's whole log, for superadmins only, newest first. */
export function listAudit(db: Db, scope: Scope, q: z.output<typeof AuditQuery>): ListSource<AuditEntryOut> {
  if (scope.user.type !== 'superadmin') throw reserve();
  const where = and(
    q.entreprise ? eq(auditLog.entreprise_id, q.entreprise) : undefined,
    q.table ? eq(auditLog.table_name, q.table) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.utilisateur ? eq(auditLog.user_id, q.utilisateur) : undefined,
    q.record
      ? or(
          eq(auditLog.record_id, q.record),
          q.table ? and(eq(auditLog.parent_table, q.table), eq(auditLog.parent_id, q.record)) : undefined,
        )
      : undefined,
    dateRangeCondition(auditLog.created_at, q, 'timestamp'),
  );
  return {
    ...countsOf(db, () => db.select({ one: sql`1` }).from(auditLog).where(where)),
    rows: async (limit, offset) =>
      ((await select(db).where(where).orderBy(desc(auditLog.id)).limit(limit).offset(offset)) as Raw[]).map(
        toOut,
      ),
  };
}

/** One entry of the log (superadmins), its references named. */
export async function getAuditEntry(db: Db, scope: Scope, id: number): Promise<AuditEntryOut> {
  if (scope.user.type !== 'superadmin') throw reserve();
  const [row] = (await select(db).where(eq(auditLog.id, id)).limit(1)) as Raw[];
  if (!row) throw new AppError('audit.not_found', 404, ["Cette entrée du journal n'existe pas."]);
  return (await withLabels(platformSql(db), [toOut(row)]))[0]!;
}

/**
 * Who last wrote a row (or one of its lines) and when, from the log: the author named in a 409 when an edit
 * was based on an older version (lib/versions.ts). Null when the log has nothing for it.
 */
export async function derniereModification(
  db: Db,
  tableName: string,
  id: number,
): Promise<{ utilisateur: string; created_at: string } | null> {
  const ofRecord = or(
    and(eq(auditLog.table_name, tableName), eq(auditLog.record_id, id)),
    and(eq(auditLog.parent_table, tableName), eq(auditLog.parent_id, id)),
  );
  const [row] = (await select(db).where(ofRecord).orderBy(desc(auditLog.id)).limit(1)) as Raw[];
  return row ? { utilisateur: toOut(row).utilisateur, created_at: row.created_at } : null;
}
