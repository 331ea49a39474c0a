import {
  COURSE_ETATS,
  COURSE_STATUTS,
  DEMANDE_STATUTS,
  MODES_PAIEMENT,
  PAIEMENT_STATUTS,
  TYPES_COURSE,
} from '@yams/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { entrepriseId, enumCheck, timestamps, timestamptz } from '../../db/columns';
import { users } from '../../db/core.table';
import { vehicules } from '../fleet/fleet.table';
import { trajets, typesMarchandises, villes } from '../reference/reference.table';

// Tables of the operations domain (see src/db/schema.ts). Statuses follow packages/shared/src/operations.*.
// References are `restrict` (deleting a row still used is a French 409, lib/usages.ts), except a course's
// own payments (cascade) and the course ↔ demande links, which the operations lifecycle manages.

/** Pickup and drop-off coordinates: nullable pairs, both or neither, in range. */
const coordonnees = () => ({
  chargement_lat: doublePrecision('chargement_lat'),
  chargement_lng: doublePrecision('chargement_lng'),
  dechargement_lat: doublePrecision('dechargement_lat'),
  dechargement_lng: doublePrecision('dechargement_lng'),
});
type CoordonneesColumns = { [K in keyof ReturnType<typeof coordonnees>]: AnyPgColumn };
function coordonneesChecks(table: string, t: CoordonneesColumns) {
  return (['chargement', 'dechargement'] as const).flatMap((lieu) => {
    const lat = t[`${lieu}_lat`];
    const lng = t[`${lieu}_lng`];
    return [
      check(`${table}_${lieu}_lat_check`, sql`${lat} between -90 and 90`),
      check(`${table}_${lieu}_lng_check`, sql`${lng} between -180 and 180`),
      check(`${table}_${lieu}_paire_check`, sql`(${lat} is null) = (${lng} is null)`),
    ];
  });
}

/** A transport job of a company. `etat` and `montant_paye` are derived from its validated payments. */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    /** `CRS-2026-00042`, gapless per company and year (see `compteurs`). */
    code: varchar('code', { length: 30 }).notNull(),
    client_id: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    vehicule_id: integer('vehicule_id')
      .notNull()
      .references(() => vehicules.id, { onDelete: 'restrict' }),
    chauffeur_id: integer('chauffeur_id').references(() => users.id, { onDelete: 'restrict' }),
    demande_id: integer('demande_id').references((): AnyPgColumn => demandes.id, { onDelete: 'set null' }),
    type_course: varchar('type_course', { length: 60 }).notNull(),
    type_marchandise_id: integer('type_marchandise_id').references(() => typesMarchandises.id, {
      onDelete: 'restrict',
    }),
    trajet_id: integer('trajet_id').references(() => trajets.id, { onDelete: 'restrict' }),
    ville_depart_id: integer('ville_depart_id')
      .notNull()
      .references(() => villes.id, { onDelete: 'restrict' }),
    ville_arrivee_id: integer('ville_arrivee_id')
      .notNull()
      .references(() => villes.id, { onDelete: 'restrict' }),
    adresse_chargement: varchar('adresse_chargement', { length: 255 }),
    adresse_dechargement: varchar('adresse_dechargement', { length: 255 }),
    ...coordonnees(),
    date_chargement: timestamptz('date_chargement').notNull(),
    date_dechargement: timestamptz('date_dechargement'),
    // What actually happened, stamped by the lifecycle (COURSE_DATES_REELLES in packages/shared).
    date_chargement_reelle: timestamptz('date_chargement_reelle'),
    date_depart_reelle: timestamptz('date_depart_reelle'),
    date_dechargement_reelle: timestamptz('date_dechargement_reelle'),
    date_panne: timestamptz('date_panne'),
    date_annulation: timestamptz('date_annulation'),
    poids_kg: integer('poids_kg'),
    description: text('description'),
    /**
     * The delivery code the office asked for (6 digits), given to the client with the tracking link; the
     * driver's proof of delivery must carry it (checked by the API). Null: no code asked.
     */
    code_livraison: varchar('code_livraison', { length: 12 }),
    /** Wrong delivery codes typed since the code was given (capped: a 6-digit code is not guessed). */
    code_livraison_essais: integer('code_livraison_essais').notNull().default(0),
    /** Integer FCFA. */
    montant: integer('montant').notNull(),
    /** Sum of validated payments, recomputed with `etat` in the transaction that changes them. */
    montant_paye: integer('montant_paye').notNull().default(0),
    etat: varchar('etat', { length: 20 }).notNull().default('Non payé'),
    statut: varchar('statut', { length: 40 }).notNull().default('Chargement en attente'),
    /** The state a course in 'Problemes mécaniques' returns to. */
    statut_avant_probleme: varchar('statut_avant_probleme', { length: 40 }),
    /**
     * Sort keys of `sort=vehicule` and `sort=client`: the vehicle's plate and the client's whole name,
     * copied here so an index serves those sorts (sorting on the other table read every course of the
     * company). Written by triggers in the same transaction (drizzle/0020_cles_de_tri.sql), never by the
     * services: on insert and when the course changes vehicle or client, and when a plate or a name changes.
     */
    tri_vehicule: varchar('tri_vehicule', { length: 20 }).notNull().default(''),
    tri_client: text('tri_client').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    // Lists must not grow with history: within a company, each sortable column and each filter has an
    // index that yields the page in order (the default order is date_chargement desc, id desc), so page 1
    // reads a few index entries whatever the number of courses. The superadmin's all-company view too.
    uniqueIndex('courses_code_unique').on(t.entreprise_id, t.code),
    // `?search=` finds a code anywhere in it (`ilike '%…%'`): trigrams (pg_trgm, drizzle/0022).
    index('courses_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
    // A search typed like a code (`CRS-2026-00`) is its prefix (courses.repository.ts `codePrefix`): the
    // trigrams of `CRS-` are in every code, a prefix is a range of this index.
    index('courses_code_prefix_idx').using('btree', sql`upper(${t.code}) text_pattern_ops`),
    index('courses_entreprise_date_idx').on(t.entreprise_id, t.date_chargement, t.id),
    // A sort's tie-break follows its direction (lib/sorting.ts orderFor), so `(…, col, date_chargement, id)`
    // serves `sort=col` read forwards and `sort=-col` read backwards. A nullable column sorted descending
    // (`desc nulls last`, empty values last both ways) needs its own index in that order.
    index('courses_entreprise_statut_idx').on(t.entreprise_id, t.statut, t.date_chargement, t.id),
    index('courses_entreprise_etat_idx').on(t.entreprise_id, t.etat, t.date_chargement),
    index('courses_entreprise_type_idx').on(t.entreprise_id, t.type_course, t.date_chargement, t.id),
    index('courses_entreprise_montant_idx').on(t.entreprise_id, t.montant, t.date_chargement, t.id),
    index('courses_entreprise_dechargement_idx').on(
      t.entreprise_id,
      t.date_dechargement,
      t.date_chargement,
      t.id,
    ),
    index('courses_entreprise_dechargement_desc_idx').on(
      t.entreprise_id,
      t.date_dechargement.desc().nullsLast(),
      t.date_chargement.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('courses_date_idx').on(t.date_chargement, t.id),
    index('courses_entreprise_tri_vehicule_idx').on(t.entreprise_id, t.tri_vehicule, t.date_chargement, t.id),
    index('courses_entreprise_tri_client_idx').on(t.entreprise_id, t.tri_client, t.date_chargement, t.id),
    // The superadmin's all-company view: the same sorts without the company.
    index('courses_tri_vehicule_idx').on(t.tri_vehicule, t.date_chargement, t.id),
    index('courses_tri_client_idx').on(t.tri_client, t.date_chargement, t.id),
    index('courses_code_idx').on(t.code, t.date_chargement, t.id),
    index('courses_statut_idx').on(t.statut, t.date_chargement, t.id),
    index('courses_type_idx').on(t.type_course, t.date_chargement, t.id),
    index('courses_montant_idx').on(t.montant, t.date_chargement, t.id),
    index('courses_dechargement_idx').on(t.date_dechargement, t.date_chargement, t.id),
    index('courses_dechargement_desc_idx').on(
      t.date_dechargement.desc().nullsLast(),
      t.date_chargement.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('courses_client_idx').on(t.client_id, t.date_chargement),
    index('courses_chauffeur_idx').on(t.chauffeur_id, t.date_chargement),
    // A vehicle is never held by two open courses, even under concurrent writes.
    uniqueIndex('courses_vehicule_ouverte_unique')
      .on(t.vehicule_id)
      .where(sql`statut not in ('Terminé', 'Annulé')`),
    index('courses_vehicule_idx').on(t.vehicule_id, t.date_chargement),
    enumCheck('courses_type_course_check', t.type_course, TYPES_COURSE),
    enumCheck('courses_etat_check', t.etat, COURSE_ETATS),
    enumCheck('courses_statut_check', t.statut, COURSE_STATUTS),
    enumCheck('courses_statut_avant_probleme_check', t.statut_avant_probleme, COURSE_STATUTS),
    ...coordonneesChecks('courses', t),
  ],
);

export const paiements = pgTable(
  'paiements',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    client_id: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    date_operation: date('date_operation').notNull(),
    libelle: varchar('libelle', { length: 255 }).notNull(),
    mode: varchar('mode', { length: 30 }).notNull(),
    reference: varchar('reference', { length: 100 }),
    montant: integer('montant').notNull(),
    statut: varchar('statut', { length: 20 }).notNull().default('En attente'),
    /** Who cancelled the payment and when: a cancelled payment is kept, never deleted. */
    annule_par: integer('annule_par').references(() => users.id, { onDelete: 'set null' }),
    annule_le: timestamptz('annule_le'),
    /**
     * The invoice settlement this payment is part of (`reglements.id`, accounting): it was posted with the
     * settlement, so it cannot be cancelled from Paiements (the journals and the invoice would not follow).
     * No foreign key: the accounting tables reference the operations tables, not the reverse.
     */
    reglement_id: integer('reglement_id'),
    /** Sort keys of `sort=client` and `sort=course`, kept by triggers like the courses' (drizzle/0020). */
    tri_client: text('tri_client').notNull().default(''),
    tri_course: varchar('tri_course', { length: 30 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    // Each sort within a company and for the superadmin, tie-break (date_operation, id) in the sort's direction.
    index('paiements_entreprise_date_idx').on(t.entreprise_id, t.date_operation, t.id),
    index('paiements_entreprise_montant_idx').on(t.entreprise_id, t.montant, t.date_operation, t.id),
    index('paiements_entreprise_statut_idx').on(t.entreprise_id, t.statut, t.date_operation, t.id),
    index('paiements_entreprise_mode_idx').on(t.entreprise_id, t.mode, t.date_operation, t.id),
    index('paiements_entreprise_libelle_idx').on(t.entreprise_id, t.libelle, t.date_operation, t.id),
    index('paiements_entreprise_tri_client_idx').on(t.entreprise_id, t.tri_client, t.date_operation, t.id),
    index('paiements_entreprise_tri_course_idx').on(t.entreprise_id, t.tri_course, t.date_operation, t.id),
    index('paiements_date_idx').on(t.date_operation, t.id),
    index('paiements_tri_client_idx').on(t.tri_client, t.date_operation, t.id),
    index('paiements_tri_course_idx').on(t.tri_course, t.date_operation, t.id),
    index('paiements_montant_idx').on(t.montant, t.date_operation, t.id),
    index('paiements_statut_idx').on(t.statut, t.date_operation, t.id),
    index('paiements_mode_idx').on(t.mode, t.date_operation, t.id),
    index('paiements_libelle_idx').on(t.libelle, t.date_operation, t.id),
    index('paiements_course_idx').on(t.course_id, t.statut),
    index('paiements_client_idx').on(t.client_id),
    enumCheck('paiements_mode_check', t.mode, MODES_PAIEMENT),
    enumCheck('paiements_statut_check', t.statut, PAIEMENT_STATUTS),
  ],
);

/** A client's booking request; `entreprise_id` is the transporteur that accepted it. */
export const demandes = pgTable(
  'demandes',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    entreprise_id: entrepriseId(),
    /** The company whose back-office recorded it; null when the client asked from the mobile app. */
    cree_par_entreprise_id: integer('cree_par_entreprise_id'),
    type_course: varchar('type_course', { length: 60 }).notNull(),
    type_marchandise_id: integer('type_marchandise_id').references(() => typesMarchandises.id, {
      onDelete: 'restrict',
    }),
    ville_depart_id: integer('ville_depart_id')
      .notNull()
      .references(() => villes.id, { onDelete: 'restrict' }),
    ville_arrivee_id: integer('ville_arrivee_id')
      .notNull()
      .references(() => villes.id, { onDelete: 'restrict' }),
    adresse_chargement: varchar('adresse_chargement', { length: 255 }),
    adresse_dechargement: varchar('adresse_dechargement', { length: 255 }),
    ...coordonnees(),
    date_souhaitee: date('date_souhaitee').notNull(),
    poids_kg: integer('poids_kg'),
    description: text('description'),
    budget: integer('budget'),
    statut: varchar('statut', { length: 30 }).notNull().default('En attente'),
    course_id: integer('course_id').references((): AnyPgColumn => courses.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('demandes_statut_idx').on(t.statut, t.date_souhaitee),
    index('demandes_entreprise_idx').on(t.entreprise_id),
    index('demandes_client_idx').on(t.client_id),
    enumCheck('demandes_type_course_check', t.type_course, TYPES_COURSE),
    enumCheck('demandes_statut_check', t.statut, DEMANDE_STATUTS),
    ...coordonneesChecks('demandes', t),
  ],
);

/**
 * Gapless numbering: one row per company, series and year, incremented inside the transaction that
 * uses the number (a rollback gives it back). Series 'course' here; invoices may use their own series.
 */
export const compteurs = pgTable(
  'compteurs',
  {
    entreprise_id: integer('entreprise_id').notNull(),
    serie: varchar('serie', { length: 30 }).notNull(),
    annee: integer('annee').notNull(),
    dernier: integer('dernier').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entreprise_id, t.serie, t.annee] })],
);

export type Course = typeof courses.$inferSelect;
export type NewCourse = typeof courses.$inferInsert;
export type Paiement = typeof paiements.$inferSelect;
export type Demande = typeof demandes.$inferSelect;
