import { date, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entrepriseId, timestamps } from '../../db/columns';
import { users } from '../../db/core.table';
import { typesVehicules } from '../reference/reference.table';

/** A company's vehicle. `statut` follows VEHICULE_STATUTS in packages/shared (fleet.ts). */
export const vehicules = pgTable(
  'vehicules',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    /** Upper case, no stray spaces; unique per company. */
    plaque: varchar('plaque', { length: 20 }).notNull(),
    marque: varchar('marque', { length: 80 }).notNull(),
    modele: varchar('modele', { length: 80 }),
    type_vehicule_id: integer('type_vehicule_id').references(() => typesVehicules.id, {
      onDelete: 'set null',
    }),
    /** Payload in kilograms (a 10 t truck: 10000); shown in tonnes. */
    tonnage_kg: integer('tonnage_kg'),
    /** The transporteur that owns it (a company or an independent camionneur/coursier). */
    proprietaire_id: integer('proprietaire_id').references(() => users.id, { onDelete: 'set null' }),
    /** Usual driver (a user of type camionneur or coursier). */
    chauffeur_id: integer('chauffeur_id').references(() => users.id, { onDelete: 'set null' }),
    statut: varchar('statut', { length: 30 }).notNull().default('Nouveau'),
    annee: integer('annee'),
    date_mise_en_service: date('date_mise_en_service'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('vehicules_plaque_unique').on(t.entreprise_id, t.plaque),
    index('vehicules_entreprise_idx').on(t.entreprise_id, t.statut),
  ],
);
