import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './core.table';

/**
 * One `Idempotency-Key` a user sent on a POST: claimed by the first request (row inserted, `status` null
 * while it runs), then holding its answer, replayed to every retry with the same key for 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cle: varchar('cle', { length: 255 }).notNull(),
    /** `POST /api/paiements` and a hash of the body: the same key on another request is refused. */
    requete: varchar('requete', { length: 600 }).notNull(),
    empreinte: varchar('empreinte', { length: 64 }).notNull(),
    status: integer('status'),
    reponse: text('reponse'),
    content_type: varchar('content_type', { length: 200 }),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.cle] }),
    index('idempotency_keys_created_idx').on(t.created_at),
  ],
);
