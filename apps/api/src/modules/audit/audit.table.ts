import { AUDIT_ACTION_CODES } from '@yams/shared';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, timestamptz } from '../../db/columns';

/**
 * The audit log: one row per created, changed or deleted business row, written by the database itself
 * (statement triggers of migration `drizzle/0018_audit_triggers.sql`) in the transaction of the write, so no write path
 * can skip it and a rolled-back write leaves nothing. `changes`: on an update only the changed fields, each
 * `[before, after]` (secrets masked); on a creation or a deletion the row itself, `{field: value}` (secrets
 * left out). `user_id` is the signed-in user of the request (`yams.user_id`, see db/audit-context.ts), null
 * for the system (seed, daily jobs, GPS). No foreign keys: the log outlives the rows and users it names.
 * No route writes it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    table_name: varchar('table_name', { length: 63 }).notNull(),
    record_id: bigint('record_id', { mode: 'number' }).notNull(),
    /** Lines (facture_lignes…): the row they belong to, so its history shows them. */
    parent_table: varchar('parent_table', { length: 63 }),
    parent_id: bigint('parent_id', { mode: 'number' }),
    /** The company owning the row (null: platform data). */
    entreprise_id: integer('entreprise_id'),
    action: varchar('action', { length: 20 }).notNull(),
    /** Update: `{field: [before, after]}`; creation, deletion: `{field: value}` (the row). */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    user_id: integer('user_id'),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('audit_log_record_idx').on(t.table_name, t.record_id),
    index('audit_log_parent_idx').on(t.parent_table, t.parent_id).where(sql`${t.parent_table} is not null`),
    index('audit_log_entreprise_idx').on(t.entreprise_id, t.id),
    enumCheck('audit_log_action_check', t.action, AUDIT_ACTION_CODES),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
