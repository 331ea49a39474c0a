import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { entrepriseId, timestamps } from '../../db/columns';
import { users } from '../../db/core.table';
import { villes } from '../reference/reference.table';

/** A user's own places (depots, customers' sites), offered as pickup and drop-off points. */
export const adresses = pgTable(
  'adresses',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId(),
    utilisateur_id: integer('utilisateur_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    libelle: varchar('libelle', { length: 160 }).notNull(),
    ville_id: integer('ville_id')
      .notNull()
      .references(() => villes.id, { onDelete: 'restrict' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    ...timestamps,
  },
  (t) => [
    index('adresses_utilisateur_idx').on(t.utilisateur_id),
    check('adresses_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('adresses_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);
export type Adresse = typeof adresses.$inferSelect;
