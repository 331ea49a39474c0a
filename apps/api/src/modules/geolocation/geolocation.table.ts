import {
  COURSE_EVENEMENTS,
  GPS_EVENEMENT_TYPES,
  type GpsEvenementType,
  ZONE_CATEGORIES,
  ZONE_TYPES,
  type ZoneCategorie,
  type ZoneType,
} from '@yams/shared';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { entrepriseId, enumCheck, timestamps, timestamptz } from '../../db/columns';
import { users } from '../../db/core.table';
import { vehicules } from '../fleet/fleet.table';
import { courses } from '../operations/operations.table';

// Tables of the geolocation domain (see src/db/schema.ts and packages/shared/src/geolocation.ts).

/** A GPS device (a phone with Traccar Client, a tracker speaking OsmAnd) of a company. */
export const appareils = pgTable(
  'appareils',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    nom: varchar('nom', { length: 120 }).notNull(),
    /** What the device sends as `id`/`deviceid`/`device_id`: unique on the whole platform. */
    identifiant: varchar('identifiant', { length: 64 }).notNull(),
    vehicule_id: integer('vehicule_id').references(() => vehicules.id, { onDelete: 'set null' }),
    /**
     * The device's secret, null for none: a device with one refuses every message that does
     * not carry it (`key` or the token of the path), answered like an unknown identifier. Shown to the
     * company to type into Traccar Client, so kept readable (it only lets one send this device's positions).
     */
    cle: varchar('cle', { length: 64 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('appareils_identifiant_unique').on(t.identifiant),
    index('appareils_entreprise_idx').on(t.entreprise_id, t.nom),
    index('appareils_vehicule_idx').on(t.vehicule_id),
  ],
);

/**
 * One fix of a device. `heure` is the device's fix time, `recu_le` the server's. The unique key (device,
 * fix time) stores the same fix sent twice once, and is the index a track is read from in time order.
 */
export const positions = pgTable(
  'positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appareil_id: integer('appareil_id')
      .notNull()
      .references(() => appareils.id, { onDelete: 'cascade' }),
    entreprise_id: entrepriseId().notNull(),
    heure: timestamptz('heure').notNull(),
    recu_le: timestamptz('recu_le').notNull().default(sql`now()`),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** km/h. */
    vitesse: real('vitesse'),
    /** Degrees from north. */
    cap: real('cap'),
    altitude: real('altitude'),
    /** Metres. */
    precision: real('precision'),
    /** Percent. */
    batterie: real('batterie'),
    en_charge: boolean('en_charge'),
    /** Any other parameter the device sent. */
    attributs: jsonb('attributs'),
  },
  (t) => [
    uniqueIndex('positions_appareil_heure_unique').on(t.appareil_id, t.heure),
    check('positions_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('positions_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

/** Identifiers that reported without being registered ('Appareil inconnu'). */
export const appareilsInconnus = pgTable('appareils_inconnus', {
  identifiant: varchar('identifiant', { length: 64 }).primaryKey(),
  vu_fois: integer('vu_fois').notNull().default(1),
  premiere_vue: timestamptz('premiere_vue').notNull().default(sql`now()`),
  derniere_vue: timestamptz('derniere_vue').notNull().default(sql`now()`),
});

/** 'Arrivé au chargement'…: raised once per course and type by the vehicle's positions. */
export const courseEvenements = pgTable(
  'course_evenements',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    appareil_id: integer('appareil_id').references(() => appareils.id, { onDelete: 'set null' }),
    type: varchar('type', { length: 40 }).notNull(),
    heure: timestamptz('heure').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('course_evenements_unique').on(t.course_id, t.type),
    enumCheck('course_evenements_type_check', t.type, COURSE_EVENEMENTS),
  ],
);

/** A public tracking link of a course: only the SHA-256 of its token is kept. */
export const liensSuivi = pgTable(
  'liens_suivi',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    cree_par: integer('cree_par').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
    revoked_at: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('liens_suivi_token_unique').on(t.token_hash),
    index('liens_suivi_course_idx').on(t.course_id),
  ],
);

export type Appareil = typeof appareils.$inferSelect;
export type Position = typeof positions.$inferSelect;

/**
 * A company's zone (géofence): a circle (centre and radius) or a polygon (its vertices), a depot, a client's
 * site, the port of Owendo, a weighbridge, a border post. A polygon's `latitude`/`longitude` is the mean of
 * its vertices (where the list's map centres it). Visits are computed from the positions by the reports.
 */
export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    nom: varchar('nom', { length: 120 }).notNull(),
    type: varchar('type', { length: 10 }).$type<ZoneType>().notNull(),
    categorie: varchar('categorie', { length: 30 }).$type<ZoneCategorie>().notNull().default('Autre'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Metres, a circle's. */
    rayon_m: integer('rayon_m'),
    /** A polygon's vertices `[[lat, lng], …]`. */
    points: jsonb('points').$type<[number, number][]>(),
    /** The client whose site it is (its visits are the client's in the time-on-site report). */
    client_id: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('zones_entreprise_nom_unique').on(t.entreprise_id, t.nom),
    index('zones_client_idx').on(t.client_id),
    enumCheck('zones_type_check', t.type, ZONE_TYPES),
    enumCheck('zones_categorie_check', t.categorie, ZONE_CATEGORIES),
    check('zones_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('zones_longitude_check', sql`${t.longitude} between -180 and 180`),
    check(
      'zones_forme_check',
      sql`(${t.type} = 'cercle' and ${t.rayon_m} > 0) or (${t.type} = 'polygone' and ${t.points} is not null)`,
    ),
  ],
);

/** What an alert measured (the report words it): the speed and its limit, a duration. */
export interface GpsEvenementDetails {
  vitesse_kmh?: number;
  limite_kmh?: number;
  duree_min?: number;
  heures?: number;
}

/**
 * A GPS alert, recorded once (alertes.ts): overspeed, a long stop outside the zones, the engine idling, a
 * silent device, entering or leaving a zone. `heure` is when the episode started (the first fix over the limit,
 * the stop's first fix, the device's last fix for a silence); with the device, the type and `ref` (the zone for
 * a zone's events, else 0) it is the unique key: the same episode seen again (a message sent twice, another
 * API node, a restart) is not recorded twice. `zone_id` is the zone while it exists; `lieu` names the place.
 */
export const gpsEvenements = pgTable(
  'gps_evenements',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    appareil_id: integer('appareil_id')
      .notNull()
      .references(() => appareils.id, { onDelete: 'cascade' }),
    vehicule_id: integer('vehicule_id').references(() => vehicules.id, { onDelete: 'set null' }),
    type: varchar('type', { length: 30 }).$type<GpsEvenementType>().notNull(),
    heure: timestamptz('heure').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    lieu: varchar('lieu', { length: 255 }),
    details: jsonb('details').$type<GpsEvenementDetails>().notNull().default({}),
    ref: integer('ref').notNull().default(0),
    zone_id: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    course_id: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    unique('gps_evenements_unique').on(t.appareil_id, t.type, t.heure, t.ref),
    index('gps_evenements_entreprise_heure_idx').on(t.entreprise_id, t.heure),
    index('gps_evenements_vehicule_idx').on(t.vehicule_id),
    index('gps_evenements_zone_idx').on(t.zone_id),
    index('gps_evenements_course_idx').on(t.course_id),
    enumCheck('gps_evenements_type_check', t.type, GPS_EVENEMENT_TYPES),
  ],
);
