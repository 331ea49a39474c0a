import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entrepriseId, timestamps } from '../../db/columns';

// Platform reference data: shared by every company, written only by superadmins (docs/architecture.md, Tenancy).

export const villes = pgTable(
  'villes',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 20 }).notNull(),
    libelle: varchar('libelle', { length: 120 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('villes_code_unique').on(t.code)],
);

export const typesMarchandises = pgTable('types_marchandises', {
  id: serial('id').primaryKey(),
  libelle: varchar('libelle', { length: 120 }).notNull(),
  ...timestamps,
});

export const typesVehicules = pgTable('types_vehicules', {
  id: serial('id').primaryKey(),
  libelle: varchar('libelle', { length: 120 }).notNull(),
  ...timestamps,
});

export const typesArticles = pgTable('types_articles', {
  id: serial('id').primaryKey(),
  libelle: varchar('libelle', { length: 120 }).notNull(),
  /** Default unit price in FCFA. */
  montant: integer('montant').notNull().default(0),
  ...timestamps,
});

// Company reference data: each row belongs to one transporteur.
// References are `restrict`: a row still used elsewhere is refused with a French 409 (lib/usages.ts).

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    reference: varchar('reference', { length: 60 }).notNull(),
    nom: varchar('nom', { length: 160 }).notNull(),
    /** Quantity in stock. */
    qte: integer('qte').notNull().default(0),
    /** Unit price in FCFA. */
    prix_unitaire: integer('prix_unitaire').notNull().default(0),
    type_article_id: integer('type_article_id').references(() => typesArticles.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('articles_entreprise_idx').on(t.entreprise_id),
    uniqueIndex('articles_reference_unique').on(t.entreprise_id, t.reference),
  ],
);

export const garages = pgTable(
  'garages',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    nom: varchar('nom', { length: 160 }).notNull(),
    adresse: varchar('adresse', { length: 255 }),
    ville_id: integer('ville_id').references(() => villes.id, { onDelete: 'restrict' }),
    telephone: varchar('telephone', { length: 30 }),
    ...timestamps,
  },
  (t) => [index('garages_entreprise_idx').on(t.entreprise_id)],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    libelle: varchar('libelle', { length: 160 }).notNull(),
    /** Default price in FCFA. */
    montant: integer('montant').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('services_entreprise_idx').on(t.entreprise_id)],
);

export const fournisseurs = pgTable(
  'fournisseurs',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    nom: varchar('nom', { length: 160 }).notNull(),
    telephone: varchar('telephone', { length: 30 }),
    ville_id: integer('ville_id').references(() => villes.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [index('fournisseurs_entreprise_idx').on(t.entreprise_id)],
);

export const trajets = pgTable(
  'trajets',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    libelle: varchar('libelle', { length: 200 }).notNull(),
    /** Usual price of the route in FCFA. */
    montant: integer('montant').notNull().default(0),
    ville_depart_id: integer('ville_depart_id').references(() => villes.id, { onDelete: 'restrict' }),
    ville_arrivee_id: integer('ville_arrivee_id').references(() => villes.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [index('trajets_entreprise_idx').on(t.entreprise_id)],
);
