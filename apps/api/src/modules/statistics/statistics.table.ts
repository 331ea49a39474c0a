import { sql } from 'drizzle-orm';
import { bigint, char, date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

// Aggregates of the dashboard, kept up to date by statement-level triggers on courses and paiements in the
// same transaction as the writes (migration `stats_triggers`), so a statistic never scans a company's
// history: a month reads at most a few thousand aggregate rows whatever the number of courses.
// `grain` 'J' rows hold one Libreville day, 'M' rows one calendar month, 'A' rows one calendar year (debut =
// its first day): a period is read as its whole years, then its whole months, then the days at its edges.
// Rows whose counts fall back to 0 are kept.

const montant = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
/**
 * On a month or year row, the first day of that month or year with a course of the client or driver (null on
 * day rows, and once nb is back to 0): the distinct clients of 1 January → 23 November are the year rows
 * whose `premier` is on or before 23 November, one row each, with no de-duplication.
 */
const premier = () => date('premier');

/** Courses per company, loading day (Libreville), status and type: counts, series and breakdowns. */
export const statsCoursesJour = pgTable(
  'stats_courses_jour',
  {
    entreprise_id: integer('entreprise_id').notNull(),
    jour: date('jour').notNull(),
    statut: varchar('statut', { length: 40 }).notNull(),
    type_course: varchar('type_course', { length: 60 }).notNull(),
    nb: integer('nb').notNull().default(0),
    montant: montant('montant'),
  },
  (t) => [
    primaryKey({ columns: [t.entreprise_id, t.jour, t.statut, t.type_course] }),
    index('stats_courses_jour_jour_idx').on(t.jour),
  ],
);

/** Courses other than Annulé per client (distinct clients, top clients). */
export const statsCoursesClients = pgTable(
  'stats_courses_clients',
  {
    entreprise_id: integer('entreprise_id').notNull(),
    grain: char('grain', { length: 1 }).notNull(),
    debut: date('debut').notNull(),
    client_id: integer('client_id').notNull(),
    nb: integer('nb').notNull().default(0),
    montant: montant('montant'),
    premier: premier(),
  },
  (t) => [
    primaryKey({ columns: [t.entreprise_id, t.grain, t.debut, t.client_id] }),
    index('stats_courses_clients_debut_idx').on(t.grain, t.debut),
    // The top clients of one day, month or year: its first rows in this order, no aggregation.
    index('stats_courses_clients_montant_idx').on(
      t.entreprise_id,
      t.grain,
      t.debut,
      t.montant.desc(),
      t.client_id,
    ),
    // One client's rows of a range, read from the index alone (the top clients of several years,
    // statistics.repository.ts topParBorne).
    index('stats_courses_clients_client_idx').on(
      t.entreprise_id,
      t.client_id,
      t.grain,
      t.debut,
      t.montant,
      t.nb,
    ),
    // Distinct clients: a unit's rows active on or before a day, or a day range's, read from the index alone.
    index('stats_courses_clients_premier_idx')
      .on(t.entreprise_id, t.grain, t.debut, t.premier, t.client_id)
      .where(sql`nb > 0`),
  ],
);

/** Courses other than Annulé per driver (distinct drivers, top drivers). */
export const statsCoursesChauffeurs = pgTable(
  'stats_courses_chauffeurs',
  {
    entreprise_id: integer('entreprise_id').notNull(),
    grain: char('grain', { length: 1 }).notNull(),
    debut: date('debut').notNull(),
    chauffeur_id: integer('chauffeur_id').notNull(),
    nb: integer('nb').notNull().default(0),
    montant: montant('montant'),
    premier: premier(),
  },
  (t) => [
    primaryKey({ columns: [t.entreprise_id, t.grain, t.debut, t.chauffeur_id] }),
    index('stats_courses_chauffeurs_debut_idx').on(t.grain, t.debut),
    index('stats_courses_chauffeurs_premier_idx')
      .on(t.entreprise_id, t.grain, t.debut, t.premier, t.chauffeur_id)
      .where(sql`nb > 0`),
  ],
);

/**
 * Seconds each vehicle spent in a course (loading to unloading, Annulé excluded) per day or month. A course
 * without an unloading time is counted live from its loading to now while it is open (at most one per vehicle).
 */
export const statsFlotte = pgTable(
  'stats_flotte',
  {
    entreprise_id: integer('entreprise_id').notNull(),
    grain: char('grain', { length: 1 }).notNull(),
    debut: date('debut').notNull(),
    vehicule_id: integer('vehicule_id').notNull(),
    secondes: montant('secondes'),
  },
  (t) => [
    primaryKey({ columns: [t.entreprise_id, t.grain, t.debut, t.vehicule_id] }),
    index('stats_flotte_debut_idx').on(t.grain, t.debut),
  ],
);

/** Payments per company, operation day, mode and status. */
export const statsPaiementsJour = pgTable(
  'stats_paiements_jour',
  {
    entreprise_id: integer('entreprise_id').notNull(),
    jour: date('jour').notNull(),
    mode: varchar('mode', { length: 30 }).notNull(),
    statut: varchar('statut', { length: 20 }).notNull(),
    nb: integer('nb').notNull().default(0),
    montant: montant('montant'),
  },
  (t) => [
    primaryKey({ columns: [t.entreprise_id, t.jour, t.mode, t.statut] }),
    index('stats_paiements_jour_jour_idx').on(t.jour),
  ],
);

/**
 * How many clients (`qui` 'client') or drivers ('chauffeur') had their first course of a month ('M') or year
 * ('A') on each day: the `premier` of the month and year rows above with nb > 0, counted per day, kept by a
 * row trigger on those tables (migration `stats_premiers_triggers`). The distinct clients of a month, or of
 * 1 January → 23 November, are a sum of at most 366 rows, whatever the number of clients.
 */
export const statsPremiers = pgTable(
  'stats_premiers',
  {
    entreprise_id: integer('entreprise_id').notNull(),
    qui: varchar('qui', { length: 10 }).notNull(),
    grain: char('grain', { length: 1 }).notNull(),
    debut: date('debut').notNull(),
    jour: date('jour').notNull(),
    nb: integer('nb').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entreprise_id, t.qui, t.grain, t.debut, t.jour] })],
);
