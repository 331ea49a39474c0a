import { sql } from 'drizzle-orm';
import { date, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/core.table';

/** The notification kinds a user turned off (none: every kind is received). */
export const notificationPreferences = pgTable('notification_preferences', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  desactivees: jsonb('desactivees').$type<string[]>().notNull().default([]),
  /** The GPS alerts (ALERTES_GPS) chosen for the bell: none until chosen… */
  alertes_app: jsonb('alertes_app').$type<string[]>().notNull().default([]),
  /** …and by e-mail. */
  alertes_email: jsonb('alertes_email').$type<string[]>().notNull().default([]),
});

/**
 * One row per daily job and day: the process that inserts it runs the job, every other process finds
 * the row and skips (several API nodes, one run).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: varchar('job', { length: 60 }).notNull(),
    jour: date('jour').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.job, t.jour] })],
);
