import { AVANCE_STATUTS, MODES_PAIEMENT, NATURES_PIECE } from '@yams/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { entrepriseId, enumCheck, timestamps, timestamptz } from '../../db/columns';
import { users } from '../../db/core.table';
import { courses } from '../operations/operations.table';

// Driver advances (« avances de frais de route »). The fills (`pleins_carburant`) and road expenses
// (`frais_route`) that justify one carry its id in `avance_id` (chauffeur.table.ts; the foreign key is in the
// migration, the driver's tables sitting below this module); what the office enters itself is an
// `avance_depenses` row.

/** Money given to a driver for a course or a period, justified, then settled (or cancelled). */
export const avances = pgTable(
  'avances',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    chauffeur_id: integer('chauffeur_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    course_id: integer('course_id').references(() => courses.id, { onDelete: 'restrict' }),
    /** A period advance: its first and last days (both, or neither). */
    date_debut: date('date_debut'),
    date_fin: date('date_fin'),
    /** Integer FCFA given. */
    montant: integer('montant').notNull(),
    /** MODES_PAIEMENT: the treasury it left (571 cash, 552 mobile money, 521 bank). */
    mode: varchar('mode', { length: 20 }).notNull(),
    /** The day it was given: its posting's date. */
    date_operation: date('date_operation').notNull(),
    reference: varchar('reference', { length: 100 }),
    note: text('note'),
    statut: varchar('statut', { length: 10 }).notNull().default('Ouverte'),
    /** The settlement: the rest to the franc, its direction ('rendu' by the driver, 'verse' to him). */
    solde_montant: integer('solde_montant'),
    solde_sens: varchar('solde_sens', { length: 6 }),
    solde_mode: varchar('solde_mode', { length: 20 }),
    solde_date: date('solde_date'),
    annule_le: timestamptz('annule_le'),
    annule_par: integer('annule_par').references(() => users.id, { onDelete: 'set null' }),
    motif_annulation: text('motif_annulation'),
    ...timestamps,
  },
  (t) => [
    index('avances_entreprise_date_idx').on(t.entreprise_id, t.date_operation),
    index('avances_chauffeur_idx').on(t.entreprise_id, t.chauffeur_id, t.statut),
    index('avances_course_idx').on(t.entreprise_id, t.course_id),
    check('avances_montant_check', sql`${t.montant} > 0`),
    check('avances_periode_check', sql`(${t.date_debut} is null) = (${t.date_fin} is null)`),
    enumCheck('avances_statut_check', t.statut, AVANCE_STATUTS),
    enumCheck('avances_mode_check', t.mode, MODES_PAIEMENT),
    enumCheck('avances_solde_mode_check', t.solde_mode, MODES_PAIEMENT),
    enumCheck('avances_solde_sens_check', t.solde_sens, ['rendu', 'verse']),
  ],
);

/** An expense entered at the office against an advance (a receipt the driver brought back). */
export const avanceDepenses = pgTable(
  'avance_depenses',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    avance_id: integer('avance_id')
      .notNull()
      .references(() => avances.id, { onDelete: 'cascade' }),
    /** NATURES_PIECE_DE_CAISSE: its charge account, and whether its TVA is recoverable. */
    nature: varchar('nature', { length: 30 }).notNull(),
    libelle: varchar('libelle', { length: 255 }).notNull(),
    montant: integer('montant').notNull(),
    /** The recoverable TVA included in `montant` (0 when the nature allows none). */
    tva: integer('tva').notNull().default(0),
    date_operation: date('date_operation').notNull(),
    ...timestamps,
  },
  (t) => [
    index('avance_depenses_avance_idx').on(t.entreprise_id, t.avance_id),
    check('avance_depenses_montant_check', sql`${t.montant} > 0`),
    enumCheck('avance_depenses_nature_check', t.nature, NATURES_PIECE),
  ],
);
