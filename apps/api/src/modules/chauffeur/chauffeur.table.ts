import {
  type AnomalieCarburant,
  FRAIS_TYPES,
  INCIDENT_TYPES,
  MODES_PAIEMENT_CARBURANT,
  SAISIES_CARBURANT,
} from '@yams/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { entrepriseId, enumCheck, timestamptz } from '../../db/columns';
import { users } from '../../db/core.table';
import { vehicules } from '../fleet/fleet.table';
import { courses } from '../operations/operations.table';

// What drivers record on the road. Each row carries the outbox id the phone gave it (`id_client`,
// unique per driver), so an action replayed after an offline day, even past the Idempotency-Key's 24 hours,
// finds its row instead of adding another; `date_*` is the phone's clock, `created_at` when the API received it.

const releve = () => ({
  id: serial('id').primaryKey(),
  entreprise_id: entrepriseId().notNull(),
  chauffeur_id: integer('chauffeur_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  id_client: uuid('id_client').notNull(),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  created_at: timestamptz('created_at').notNull().default(sql`now()`),
});

/** A step of a course recorded by its driver: the state it reached, when and where. */
export const courseEtapes = pgTable(
  'course_etapes',
  {
    ...releve(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    statut: varchar('statut', { length: 40 }).notNull(),
    statut_precedent: varchar('statut_precedent', { length: 40 }),
    /** false: the course had already moved past it; kept for the timeline, the course did not move. */
    appliquee: boolean('appliquee').notNull(),
    note: text('note'),
    precision_m: integer('precision_m'),
    date_etape: timestamptz('date_etape').notNull(),
  },
  (t) => [
    uniqueIndex('course_etapes_client_unique').on(t.chauffeur_id, t.id_client),
    index('course_etapes_course_idx').on(t.entreprise_id, t.course_id, t.date_etape),
  ],
);

/** The proof of delivery of a course: who received, the signature, photos (`photos_chauffeur`). */
export const livraisons = pgTable(
  'livraisons',
  {
    ...releve(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    receptionnaire: varchar('receptionnaire', { length: 255 }).notNull(),
    code_verifie: boolean('code_verifie').notNull().default(false),
    note: text('note'),
    date_livraison: timestamptz('date_livraison').notNull(),
  },
  (t) => [
    uniqueIndex('livraisons_client_unique').on(t.chauffeur_id, t.id_client),
    uniqueIndex('livraisons_course_unique').on(t.course_id),
    index('livraisons_entreprise_idx').on(t.entreprise_id, t.course_id),
  ],
);

/**
 * A fuel fill of a vehicle (and the course it was for), from the driver's app (`saisie` 'chauffeur', with its
 * outbox id), the office ('bureau': no driver needed) or a fuel-card import ('import'). `anomalies`: what the
 * rules (packages/shared carburant.rules.ts) found when it was recorded, kept so it is raised once.
 */
export const pleinsCarburant = pgTable(
  'pleins_carburant',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    chauffeur_id: integer('chauffeur_id').references(() => users.id, { onDelete: 'restrict' }),
    id_client: uuid('id_client'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    vehicule_id: integer('vehicule_id')
      .notNull()
      .references(() => vehicules.id, { onDelete: 'restrict' }),
    course_id: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    litres: doublePrecision('litres').notNull(),
    /** Integer FCFA. */
    prix_litre: integer('prix_litre'),
    /** Integer FCFA. */
    montant: integer('montant').notNull(),
    station: varchar('station', { length: 120 }),
    kilometrage: integer('kilometrage'),
    plein: boolean('plein').notNull().default(false),
    /** MODES_PAIEMENT_CARBURANT. */
    mode_paiement: varchar('mode_paiement', { length: 12 }),
    saisie: varchar('saisie', { length: 12 }).notNull().default('chauffeur'),
    /** The driver advance it justifies (module avances; foreign key in its migration), or null. */
    avance_id: integer('avance_id'),
    anomalies: jsonb('anomalies').$type<AnomalieCarburant[]>().notNull().default([]),
    date_plein: timestamptz('date_plein').notNull(),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
    updated_at: timestamptz('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('pleins_carburant_client_unique').on(t.chauffeur_id, t.id_client),
    index('pleins_carburant_vehicule_idx').on(t.entreprise_id, t.vehicule_id, t.date_plein),
    index('pleins_carburant_course_idx').on(t.entreprise_id, t.course_id),
    index('pleins_carburant_date_idx').on(t.entreprise_id, t.date_plein),
    index('pleins_carburant_avance_idx').on(t.entreprise_id, t.avance_id),
    check('pleins_carburant_litres_check', sql`${t.litres} > 0`),
    check('pleins_carburant_montant_check', sql`${t.montant} > 0`),
    enumCheck('pleins_carburant_mode_check', t.mode_paiement, MODES_PAIEMENT_CARBURANT),
    enumCheck('pleins_carburant_saisie_check', t.saisie, SAISIES_CARBURANT),
  ],
);

/** A road expense of a course (péage, pesage, checkpoints…). */
export const fraisRoute = pgTable(
  'frais_route',
  {
    ...releve(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    vehicule_id: integer('vehicule_id')
      .notNull()
      .references(() => vehicules.id, { onDelete: 'restrict' }),
    type: varchar('type', { length: 30 }).notNull(),
    /** Integer FCFA. */
    montant: integer('montant').notNull(),
    note: text('note'),
    date_frais: timestamptz('date_frais').notNull(),
    /** The driver advance it justifies (module avances; foreign key in its migration), or null. */
    avance_id: integer('avance_id'),
  },
  (t) => [
    uniqueIndex('frais_route_client_unique').on(t.chauffeur_id, t.id_client),
    index('frais_route_course_idx').on(t.entreprise_id, t.course_id),
    index('frais_route_avance_idx').on(t.entreprise_id, t.avance_id),
    enumCheck('frais_route_type_check', t.type, FRAIS_TYPES),
    check('frais_route_montant_check', sql`${t.montant} > 0`),
  ],
);

/** Something that happened on the road: the office is notified at once. */
export const incidentsRoute = pgTable(
  'incidents_route',
  {
    ...releve(),
    course_id: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    vehicule_id: integer('vehicule_id')
      .notNull()
      .references(() => vehicules.id, { onDelete: 'restrict' }),
    type: varchar('type', { length: 30 }).notNull(),
    note: text('note').notNull(),
    date_incident: timestamptz('date_incident').notNull(),
    /** Handled by the office: when, by whom, and what was done (the driver reads it in his app). */
    traite_le: timestamptz('traite_le'),
    traite_par: integer('traite_par').references(() => users.id, { onDelete: 'set null' }),
    traitement: text('traitement'),
  },
  (t) => [
    uniqueIndex('incidents_route_client_unique').on(t.chauffeur_id, t.id_client),
    index('incidents_route_course_idx').on(t.entreprise_id, t.course_id),
    index('incidents_route_vehicule_idx').on(t.entreprise_id, t.vehicule_id, t.date_incident),
    enumCheck('incidents_route_type_check', t.type, INCIDENT_TYPES),
  ],
);

/**
 * A photo or a signature of the road log, stored under DATA_DIR/uploads/chauffeur/{entreprise}/ and served
 * to the company only (`GET /api/photos-chauffeur/{id}`). `objet` and `objet_id`: the row it belongs to.
 */
export const photosChauffeur = pgTable(
  'photos_chauffeur',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    objet: varchar('objet', { length: 20 }).notNull(),
    objet_id: integer('objet_id').notNull(),
    chemin: varchar('chemin', { length: 500 }).notNull(),
    type: varchar('type', { length: 60 }).notNull(),
    taille: integer('taille').notNull(),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('photos_chauffeur_objet_idx').on(t.entreprise_id, t.objet, t.objet_id),
    enumCheck('photos_chauffeur_objet_check', t.objet, [
      'signature',
      'livraison',
      'carburant',
      'frais',
      'incident',
      // A receipt of an expense entered at the office against a driver advance (module avances).
      'depense',
    ]),
  ],
);
