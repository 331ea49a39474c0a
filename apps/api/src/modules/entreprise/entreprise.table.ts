import type { DelaiPaiement } from '@yams/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../../db/core.table';

/** One row per company (transporteur account), created on its first save; defaults until then. */
export const parametresEntreprise = pgTable(
  'parametres_entreprise',
  {
    entreprise_id: integer('entreprise_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    raison_sociale: varchar('raison_sociale', { length: 255 }).notNull(),
    adresse: varchar('adresse', { length: 255 }),
    telephone: varchar('telephone', { length: 30 }),
    email: varchar('email', { length: 255 }),
    nif: varchar('nif', { length: 50 }),
    rccm: varchar('rccm', { length: 50 }),
    /** Relative to DATA_DIR/uploads. */
    logo: varchar('logo', { length: 500 }),
    prefixe_facture: varchar('prefixe_facture', { length: 10 }).notNull().default('FAC'),
    /** Monthly revenue target in FCFA. */
    objectif_mensuel: integer('objectif_mensuel').notNull().default(0),
    /** A GPS device silent for longer is shown offline. */
    delai_en_ligne_min: integer('delai_en_ligne_min').notNull().default(5),
    /** A vehicle this close to a course's destination has arrived. */
    rayon_arrivee_m: integer('rayon_arrivee_m').notNull().default(300),
    /** Tracking reports (trips, stops, summary): a stop lasts at least this many minutes… */
    arret_min_minutes: integer('arret_min_minutes').notNull().default(5),
    /** …a trip covers at least this many metres… */
    trajet_distance_min_m: integer('trajet_distance_min_m').notNull().default(500),
    /** …and a vehicle at this speed or more is moving. */
    vitesse_mouvement_kmh: integer('vitesse_mouvement_kmh').notNull().default(5),
    /** « Remise déduite avant taxes »: the invoice discount before TVA/CSS/TPS (default: after). */
    remise_avant_taxes: boolean('remise_avant_taxes').notNull().default(false),
    /** The payment term of its invoices when the client has none of its own (`DELAIS_PAIEMENT`). */
    delai_paiement: varchar('delai_paiement', { length: 10 })
      .$type<DelaiPaiement>()
      .notNull()
      .default('comptant'),
    /** A fill whose consumption passes the vehicle's reference by more than this (%) is flagged. */
    marge_anomalie_carburant: integer('marge_anomalie_carburant').notNull().default(20),
    /** GPS alerts (ALERTES_DEFAUTS): the speed limit unless the vehicle has its own… */
    vitesse_max_kmh: integer('vitesse_max_kmh').notNull().default(90),
    /** …a stop outside every zone longer than this… */
    arret_alerte_minutes: integer('arret_alerte_minutes').notNull().default(30),
    /** …the engine idling longer than this… */
    ralenti_alerte_minutes: integer('ralenti_alerte_minutes').notNull().default(10),
    /** …a device silent longer than this. */
    silence_alerte_heures: integer('silence_alerte_heures').notNull().default(12),
    ...timestamps,
  },
  (t) => [
    check('parametres_objectif_positif', sql`${t.objectif_mensuel} >= 0`),
    check('parametres_delai_positif', sql`${t.delai_en_ligne_min} > 0`),
    check('parametres_rayon_positif', sql`${t.rayon_arrivee_m} > 0`),
    check('parametres_arret_positif', sql`${t.arret_min_minutes} > 0`),
    check('parametres_trajet_positif', sql`${t.trajet_distance_min_m} >= 0`),
    check('parametres_vitesse_positive', sql`${t.vitesse_mouvement_kmh} > 0`),
    check(
      'parametres_alertes_positives',
      sql`${t.vitesse_max_kmh} > 0 and ${t.arret_alerte_minutes} > 0 and ${t.ralenti_alerte_minutes} > 0 and ${t.silence_alerte_heures} > 0`,
    ),
    check(
      'parametres_marge_carburant_check',
      sql`${t.marge_anomalie_carburant} >= 0 and ${t.marge_anomalie_carburant} <= 200`,
    ),
  ],
);

export type ParametresEntrepriseRow = typeof parametresEntreprise.$inferSelect;
