import {
  INTERVENTION_LIGNE_KINDS,
  INTERVENTION_STATUTS,
  INTERVENTION_TYPES,
  VEHICULE_STATUTS,
} from '@yams/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { entrepriseId, enumCheck, timestamps, timestamptz } from '../../db/columns';
import { users } from '../../db/core.table';
import { articles, garages, services, typesVehicules } from '../reference/reference.table';

// References to another row are `restrict`: deleting a row still in use is answered 409 in French
// (lib/usages.ts). Only a vehicle's own documents and an intervention's own lines go with it.

/** A company's vehicle. `statut` follows VEHICULE_STATUTS in packages/shared (fleet.rules.ts). */
export const vehicules = pgTable(
  'vehicules',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    /** Canonical (normalisePlaque: `GA-175-RX`); unique per company compared without dashes (plaqueCle). */
    plaque: varchar('plaque', { length: 20 }).notNull(),
    marque: varchar('marque', { length: 80 }).notNull(),
    modele: varchar('modele', { length: 80 }),
    type_vehicule_id: integer('type_vehicule_id').references(() => typesVehicules.id, {
      onDelete: 'restrict',
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
    /** Tank capacity in litres: a fill above it is flagged. */
    capacite_reservoir: integer('capacite_reservoir'),
    /** Reference consumption in L/100 km: a stretch above it by the company's margin is flagged. */
    consommation_reference: doublePrecision('consommation_reference'),
    /** Its own speed limit (km/h) for the overspeed alert; null: the company's (`vitesse_max_kmh`). */
    vitesse_max_kmh: integer('vitesse_max_kmh'),
    ...timestamps,
  },
  (t) => [
    // `GA-175-RX`, `GA175RX`: one vehicle (plaqueCle in packages/shared, the same expression).
    uniqueIndex('vehicules_plaque_cle_unique').on(t.entreprise_id, sql`replace(${t.plaque}, '-', '')`),
    index('vehicules_entreprise_idx').on(t.entreprise_id, t.statut),
    enumCheck('vehicules_statut_check', t.statut, VEHICULE_STATUTS),
  ],
);

/** A vehicle's paper (carte grise, assurance, visite technique…) with its expiry and an optional file. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    libelle: varchar('libelle', { length: 160 }).notNull(),
    association: varchar('association', { length: 20 }).notNull().default('vehicule'),
    camion_id: integer('camion_id').references(() => vehicules.id, { onDelete: 'cascade' }),
    /** Who recorded it. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    date_expiration: date('date_expiration'),
    /** Path under DATA_DIR/uploads, never shown as such. */
    fichier: varchar('fichier', { length: 500 }),
    fichier_nom: varchar('fichier_nom', { length: 255 }),
    fichier_type: varchar('fichier_type', { length: 100 }),
    fichier_taille: integer('fichier_taille'),
    ...timestamps,
  },
  (t) => [
    index('documents_entreprise_idx').on(t.entreprise_id, t.date_expiration),
    index('documents_camion_idx').on(t.camion_id),
  ],
);

/**
 * A maintenance plan (plan d'entretien): every `intervalle_km` and/or `intervalle_mois`, for one vehicle or
 * every vehicle of a type; its usual services and articles prefill the intervention made from it.
 */
export const plansEntretien = pgTable(
  'plans_entretien',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    libelle: varchar('libelle', { length: 120 }).notNull(),
    vehicule_id: integer('vehicule_id').references(() => vehicules.id, { onDelete: 'cascade' }),
    type_vehicule_id: integer('type_vehicule_id').references(() => typesVehicules.id, {
      onDelete: 'restrict',
    }),
    intervalle_km: integer('intervalle_km'),
    intervalle_mois: integer('intervalle_mois'),
    /** Ids of the company's services and articles (checked on write, unknown ones dropped on read). */
    service_ids: integer('service_ids').array().notNull().default(sql`'{}'::integer[]`),
    article_ids: integer('article_ids').array().notNull().default(sql`'{}'::integer[]`),
    actif: boolean('actif').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('plans_entretien_entreprise_idx').on(t.entreprise_id, t.libelle),
    index('plans_entretien_vehicule_idx').on(t.vehicule_id),
    index('plans_entretien_type_idx').on(t.type_vehicule_id),
  ],
);

/** Maintenance or repair of a vehicle in a garage; `montant` is the sum of its lines, computed by the API. */
export const interventions = pgTable(
  'interventions',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    vehicule_id: integer('vehicule_id')
      .notNull()
      .references(() => vehicules.id, { onDelete: 'restrict' }),
    garage_id: integer('garage_id')
      .notNull()
      .references(() => garages.id, { onDelete: 'restrict' }),
    /** INTERVENTION_TYPES: Entretien, Réparation. */
    type: varchar('type', { length: 20 }).notNull(),
    date_debut: date('date_debut').notNull(),
    date_fin: date('date_fin'),
    /** INTERVENTION_STATUTS: Brouillon, then Confirmé (final). */
    statut: varchar('statut', { length: 20 }).notNull().default('Brouillon'),
    description: text('description'),
    montant: integer('montant').notNull().default(0),
    /** The odometer read at the garage (one of the vehicle's odometer entries). */
    kilometrage: integer('kilometrage'),
    /** The maintenance plan it carries out: the plan's cycle restarts from it. */
    plan_entretien_id: integer('plan_entretien_id').references(() => plansEntretien.id, {
      onDelete: 'set null',
    }),
    confirmed_at: timestamptz('confirmed_at'),
    ...timestamps,
  },
  (t) => [
    index('interventions_entreprise_idx').on(t.entreprise_id, t.date_debut),
    index('interventions_vehicule_idx').on(t.vehicule_id, t.statut),
    index('interventions_garage_idx').on(t.garage_id),
    index('interventions_plan_idx').on(t.plan_entretien_id, t.vehicule_id),
    enumCheck('interventions_type_check', t.type, INTERVENTION_TYPES),
    enumCheck('interventions_statut_check', t.statut, INTERVENTION_STATUTS),
  ],
);

/** A service or an article used by an intervention, priced at the time it was written. */
export const interventionLignes = pgTable(
  'intervention_lignes',
  {
    id: serial('id').primaryKey(),
    intervention_id: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** INTERVENTION_LIGNE_KINDS: service, article. */
    kind: varchar('kind', { length: 10 }).notNull(),
    service_id: integer('service_id').references(() => services.id, { onDelete: 'restrict' }),
    article_id: integer('article_id').references(() => articles.id, { onDelete: 'restrict' }),
    libelle: varchar('libelle', { length: 200 }).notNull(),
    qte: integer('qte').notNull(),
    prix_unitaire: integer('prix_unitaire').notNull(),
    montant: integer('montant').notNull(),
  },
  (t) => [
    index('intervention_lignes_intervention_idx').on(t.intervention_id),
    index('intervention_lignes_article_idx').on(t.article_id),
    index('intervention_lignes_service_idx').on(t.service_id),
    enumCheck('intervention_lignes_kind_check', t.kind, INTERVENTION_LIGNE_KINDS),
  ],
);

export type Vehicule = typeof vehicules.$inferSelect;
export type Document = typeof documents.$inferSelect;
export type Intervention = typeof interventions.$inferSelect;
export type PlanEntretien = typeof plansEntretien.$inferSelect;
export type InterventionLigne = typeof interventionLignes.$inferSelect;
