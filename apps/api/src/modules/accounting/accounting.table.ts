import type { DelaiPaiement } from '@yams/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { entrepriseId, timestamps, timestamptz } from '../../db/columns';
import { users } from '../../db/core.table';
import { courses } from '../operations/operations.table';
import { articles, fournisseurs } from '../reference/reference.table';
import type { ClientFige, EmetteurFige } from './facture.figee';

// Tables of the accounting domain. Totals are computed by the shared `totauxFacture` and stored; money is
// integer francs CFA. Journal entries are written in the transaction of the event that causes them.

const taux = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' }).notNull().default(0);

/** Invoices, pro formas and credit notes (type 'Avoir'). */
export const factures = pgTable(
  'factures',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    /** `FAC-2026-00042`, given at validation (gapless per company, series and year). */
    numero: varchar('numero', { length: 40 }),
    date_operation: date('date_operation').notNull(),
    expirable: boolean('expirable').notNull().default(false),
    date_expiration: date('date_expiration'),
    /** The payment term (`DELAIS_PAIEMENT` of packages/shared) and the due date it gives. */
    delai_paiement: varchar('delai_paiement', { length: 10 })
      .$type<DelaiPaiement>()
      .notNull()
      .default('comptant'),
    date_echeance: date('date_echeance').notNull(),
    client_id: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    utilisateur_id: integer('utilisateur_id').references(() => users.id, { onDelete: 'set null' }),
    appliquer_tva: boolean('appliquer_tva').notNull().default(false),
    taux_tva: taux('taux_tva'),
    appliquer_tps: boolean('appliquer_tps').notNull().default(false),
    taux_tps: taux('taux_tps'),
    appliquer_css: boolean('appliquer_css').notNull().default(false),
    taux_css: taux('taux_css'),
    appliquer_reduction: boolean('appliquer_reduction').notNull().default(false),
    /** The company's « remise déduite avant taxes » when the totals were computed (kept by a validated one). */
    remise_avant_taxes: boolean('remise_avant_taxes').notNull().default(false),
    total_ht: integer('total_ht').notNull().default(0),
    tva: integer('tva').notNull().default(0),
    tps: integer('tps').notNull().default(0),
    css: integer('css').notNull().default(0),
    reduction: integer('reduction').notNull().default(0),
    total_ttc: integer('total_ttc').notNull().default(0),
    net_a_payer: integer('net_a_payer').notNull().default(0),
    /** Settlements plus credit notes: what no longer remains due. */
    montant_regle: integer('montant_regle').notNull().default(0),
    est_valide: boolean('est_valide').notNull().default(false),
    statut: varchar('statut', { length: 20 }).notNull().default('Brouillon'),
    conditions: text('conditions'),
    mentions: text('mentions'),
    /** A definitive invoice's pro forma, or a credit note's invoice. */
    origine_id: integer('origine_id').references((): AnyPgColumn => factures.id, { onDelete: 'restrict' }),
    validee_le: timestamptz('validee_le'),
    /** The issuer block as validated (facture.figee.ts); null on a draft, which prints the current one. */
    emetteur: jsonb('emetteur').$type<EmetteurFige>(),
    /** The client block as validated; null on a draft. */
    client_fige: jsonb('client_fige').$type<ClientFige>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('factures_numero_unique').on(t.entreprise_id, t.numero),
    index('factures_entreprise_date_idx').on(t.entreprise_id, t.date_operation),
    index('factures_client_idx').on(t.client_id),
    index('factures_origine_idx').on(t.origine_id),
    // The balance âgée: a company's validated invoices by client.
    index('factures_entreprise_client_idx').on(t.entreprise_id, t.client_id, t.date_operation),
    // Today's balance âgée: the invoices with something left to pay (montant_regle counts settlements,
    // credit notes and advances set against the invoice).
    index('factures_ouvertes_idx')
      .on(t.entreprise_id, t.client_id)
      .where(sql`type = 'Normale' and est_valide and montant_regle < net_a_payer`),
    check('factures_net_positif', sql`${t.net_a_payer} >= 0`),
  ],
);

export const factureLignes = pgTable(
  'facture_lignes',
  {
    id: serial('id').primaryKey(),
    facture_id: integer('facture_id')
      .notNull()
      .references(() => factures.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    is_title: boolean('is_title').notNull().default(false),
    qte: integer('qte'),
    prix_unitaire: integer('prix_unitaire'),
    reduction: integer('reduction').notNull().default(0),
    net_a_payer: integer('net_a_payer').notNull().default(0),
    course_id: integer('course_id').references(() => courses.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('facture_lignes_facture_idx').on(t.facture_id),
    index('facture_lignes_course_idx').on(t.course_id),
  ],
);

/** A course on a validated definitive invoice: the primary key makes a second one impossible. */
export const coursesFacturees = pgTable('courses_facturees', {
  course_id: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  facture_id: integer('facture_id')
    .notNull()
    .references(() => factures.id, { onDelete: 'cascade' }),
});

export const achats = pgTable(
  'achats',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    date_operation: date('date_operation').notNull(),
    acheteur_id: integer('acheteur_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fournisseur_id: integer('fournisseur_id')
      .notNull()
      .references(() => fournisseurs.id, { onDelete: 'restrict' }),
    appliquer_tva: boolean('appliquer_tva').notNull().default(false),
    taux_tva: taux('taux_tva'),
    /** The CSS (1 %) the supplier invoiced on the HT total: deductible, on 4474 (docs/accounting.md). */
    appliquer_css: boolean('appliquer_css').notNull().default(false),
    taux_css: taux('taux_css'),
    montant_ht: integer('montant_ht').notNull().default(0),
    /** The TVA of the lines, each at its rate (the purchase's, or the line's own). */
    tva_deductible: integer('tva_deductible').notNull().default(0),
    css: integer('css').notNull().default(0),
    montant: integer('montant').notNull().default(0),
    montant_regle: integer('montant_regle').notNull().default(0),
    statut_reglement: varchar('statut_reglement', { length: 30 }).notNull().default('Non réglé'),
    statut: varchar('statut', { length: 20 }).notNull().default('Brouillon'),
    ...timestamps,
  },
  (t) => [index('achats_entreprise_date_idx').on(t.entreprise_id, t.date_operation)],
);

export const achatLignes = pgTable(
  'achat_lignes',
  {
    id: serial('id').primaryKey(),
    achat_id: integer('achat_id')
      .notNull()
      .references(() => achats.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    article_id: integer('article_id').references(() => articles.id, { onDelete: 'restrict' }),
    description: varchar('description', { length: 500 }),
    qte: integer('qte').notNull(),
    prix_unitaire: integer('prix_unitaire').notNull(),
    montant: integer('montant').notNull(),
    /** The line's TVA rate when not the purchase's (null: the purchase's). */
    taux_tva: numeric('taux_tva', { precision: 5, scale: 2, mode: 'number' }),
  },
  (t) => [index('achat_lignes_achat_idx').on(t.achat_id), index('achat_lignes_article_idx').on(t.article_id)],
);

/** Settlements of an invoice (received) or of a purchase (paid). */
export const reglements = pgTable(
  'reglements',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    facture_id: integer('facture_id').references(() => factures.id, { onDelete: 'restrict' }),
    achat_id: integer('achat_id').references(() => achats.id, { onDelete: 'restrict' }),
    date_operation: date('date_operation').notNull(),
    mode: varchar('mode', { length: 30 }).notNull(),
    montant: integer('montant').notNull(),
    reference: varchar('reference', { length: 100 }),
    ...timestamps,
  },
  (t) => [
    index('reglements_facture_idx').on(t.facture_id),
    index('reglements_achat_idx').on(t.achat_id),
    // The settlements dated after a day (a balance âgée of a past day).
    index('reglements_entreprise_date_idx').on(t.entreprise_id, t.date_operation),
  ],
);

export const piecesDeCaisse = pgTable(
  'pieces_de_caisse',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    date_operation: date('date_operation').notNull(),
    beneficiaire: varchar('beneficiaire', { length: 160 }).notNull(),
    decaisseur: varchar('decaisseur', { length: 160 }).notNull(),
    montant: integer('montant').notNull(),
    libelle: varchar('libelle', { length: 255 }).notNull(),
    /** Sanitised HTML. */
    motif: text('motif'),
    /** What it paid for (NATURES_PIECE_DE_CAISSE): its charge account. */
    nature: varchar('nature', { length: 30 }).notNull().default('divers'),
    /** The recoverable TVA included in `montant` (0 when the nature allows none). */
    tva: integer('tva').notNull().default(0),
    actif: boolean('actif').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('pieces_de_caisse_entreprise_date_idx').on(t.entreprise_id, t.date_operation)],
);

/** A journal entry: balanced lines (ecriture_lignes), with the document it comes from. */
export const ecritures = pgTable(
  'ecritures',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    date_operation: date('date_operation').notNull(),
    /** The journal: Achat, Vente, Operation Diverse, Banque, Caisse. */
    type: varchar('type', { length: 30 }).notNull(),
    libelle: varchar('libelle', { length: 255 }).notNull(),
    /** The document's number or code (FAC-2026-00001, CRS-…). */
    piece: varchar('piece', { length: 60 }),
    /**
     * facture, reglement, achat, paiement, piece_de_caisse, manuelle; imputation_avance (an invoice's
     * courses paid in advance: 4191 → 411, source_id the invoice), declaration_tva (the month's settlement),
     * cloture (an exercise's closing entry, source_id the year: etats-financiers.ts), a_nouveau (its report).
     */
    source_type: varchar('source_type', { length: 30 }),
    source_id: integer('source_id'),
    contre_passation_de: integer('contre_passation_de').references((): AnyPgColumn => ecritures.id, {
      onDelete: 'restrict',
    }),
    ...timestamps,
  },
  (t) => [
    index('ecritures_entreprise_date_idx').on(t.entreprise_id, t.date_operation),
    index('ecritures_source_idx').on(t.source_type, t.source_id),
  ],
);

export const ecritureLignes = pgTable(
  'ecriture_lignes',
  {
    id: serial('id').primaryKey(),
    ecriture_id: integer('ecriture_id')
      .notNull()
      .references(() => ecritures.id, { onDelete: 'cascade' }),
    entreprise_id: entrepriseId().notNull(),
    /** Denormalised from the entry so the journals and running balances read one table. */
    date_operation: date('date_operation').notNull(),
    /**
     * The entry's journal (its `type`), denormalised like the date so a journal's count and pages filter the
     * lines alone. Written by passerEcriture; a raw insert that leaves it empty gets the entry's type from a
     * trigger (migration 0027).
     */
    journal: varchar('journal', { length: 30 }).notNull().default(''),
    compte: varchar('compte', { length: 10 }).notNull(),
    libelle: varchar('libelle', { length: 255 }).notNull(),
    debit: integer('debit').notNull().default(0),
    credit: integer('credit').notNull().default(0),
    /**
     * The third party of a line on a matched account (COMPTES_LETTRABLES): the client (users.id) on 411 and
     * 4191, the supplier (fournisseurs.id) on 401; null on the other accounts.
     */
    tiers_id: integer('tiers_id'),
    /**
     * The letter (lettrage) matching this line with others of its account and third party whose debits
     * equal their credits: a number per company (`codeLettrage` writes it A, B… AA); null while open.
     */
    lettrage: integer('lettrage'),
  },
  (t) => [
    // The lines of a third party on a matched account, open or by letter (the lettrage screen, the
    // automatic matching of a payment).
    index('ecriture_lignes_tiers_idx').on(t.entreprise_id, t.compte, t.tiers_id, t.lettrage),
    // A line's running balance sums its account's earlier lines: every column it reads is in this index
    // (an index-only scan, no heap fetch per line), in the order of the journals (date, entry, line).
    index('ecriture_lignes_compte_solde_idx').on(
      t.entreprise_id,
      t.compte,
      t.date_operation,
      t.ecriture_id,
      t.id,
      t.debit,
      t.credit,
    ),
    // The journals of a period, in their order: a page's keys and the count read an index range. The
    // columns after `id` (unique, so they never change the order) make the index cover what a page's keys,
    // the journal and account filters, the partial months of a count and of the balance générale read:
    // index-only scans, no heap fetch per line skipped or counted (drizzle-kit has no INCLUDE).
    index('ecriture_lignes_periode_idx').on(
      t.entreprise_id,
      t.date_operation,
      t.ecriture_id,
      t.id,
      t.compte,
      t.journal,
      t.debit,
      t.credit,
    ),
    index('ecriture_lignes_ecriture_idx').on(t.ecriture_id),
    check(
      'ecriture_lignes_sens',
      sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} = 0 or ${t.credit} = 0)`,
    ),
  ],
);

/**
 * The movements of each account per company, month and journal: the sums of its journal lines of that month
 * in that journal (debit, credit, number of lines). A running balance or a balance générale reads the months before its date here
 * (≤ 36 rows per account on three years) and only the lines of its own month, instead of the whole history.
 * The month's movement (not a balance) is stored, so a back-dated line changes its own month's row only.
 * Written by the database, never by the services: statement triggers on `ecriture_lignes` (migration
 * `0025_mouvements_mensuels_triggers.sql`, with the journal since `0027`) add every insert, update and delete in the same transaction,
 * whatever path writes the lines (postings, reversals, seeds, cascades, raw SQL), taking the rows in key
 * order so that two postings never wait on each other in a cycle.
 */
export const mouvementsMensuels = pgTable(
  'mouvements_mensuels',
  {
    entreprise_id: entrepriseId().notNull(),
    compte: varchar('compte', { length: 10 }).notNull(),
    /** The first day of the month. */
    mois: date('mois').notNull(),
    /** The journal of the lines (Vente, Achat, Banque, Caisse, Operation Diverse). */
    journal: varchar('journal', { length: 30 }).notNull().default(''),
    debit: bigint('debit', { mode: 'number' }).notNull().default(0),
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
    lignes: integer('lignes').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.entreprise_id, t.compte, t.mois, t.journal] }),
    check('mouvements_mensuels_premier_du_mois', sql`extract(day from ${t.mois}) = 1`),
  ],
);

export type Facture = typeof factures.$inferSelect;
export type Achat = typeof achats.$inferSelect;
export type PieceDeCaisse = typeof piecesDeCaisse.$inferSelect;

/**
 * An imported bank or mobile-money statement (issue 29 §6), reconciled with one treasury account (521, 552 or
 * a sub-account). Its lines are stored with their matches; nothing of a refused file is stored.
 */
export const rapprochements = pgTable(
  'rapprochements',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    compte: varchar('compte', { length: 10 }).notNull(),
    /** banque, airtel, moov; null when the user gave a column mapping. */
    preset: varchar('preset', { length: 20 }),
    fichier: varchar('fichier', { length: 255 }).notNull(),
    date_debut: date('date_debut').notNull(),
    date_fin: date('date_fin').notNull(),
    cree_par: integer('cree_par').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('rapprochements_entreprise_idx').on(t.entreprise_id, t.id)],
);

/**
 * A statement line: signed amount (a credit to the account positive), fees taken off, and what it is matched
 * to: a treasury movement (a journal line of the account, used by one statement line only), the fee entry it
 * caused, or the candidates proposed to the user.
 */
export const rapprochementLignes = pgTable(
  'rapprochement_lignes',
  {
    id: serial('id').primaryKey(),
    entreprise_id: entrepriseId().notNull(),
    rapprochement_id: integer('rapprochement_id')
      .notNull()
      .references(() => rapprochements.id, { onDelete: 'cascade' }),
    /** The line's number in the file (the header is line 1). */
    numero: integer('numero').notNull(),
    date_operation: date('date_operation').notNull(),
    libelle: varchar('libelle', { length: 255 }).notNull().default(''),
    reference: varchar('reference', { length: 100 }),
    telephone: varchar('telephone', { length: 30 }),
    montant: integer('montant').notNull(),
    frais: integer('frais').notNull().default(0),
    mouvement_id: integer('mouvement_id').references(() => ecritureLignes.id, { onDelete: 'set null' }),
    /** How it was matched: reference, montant (automatic), manuel, frais (its fee entry). */
    regle: varchar('regle', { length: 20 }),
    frais_ecriture_id: integer('frais_ecriture_id').references(() => ecritures.id, { onDelete: 'set null' }),
    /** The candidate movements (ecriture_lignes ids) proposed when no automatic match was sure. */
    propositions: jsonb('propositions').$type<number[]>().notNull().default([]),
  },
  (t) => [
    index('rapprochement_lignes_releve_idx').on(t.rapprochement_id, t.numero),
    // Each movement is matched once, across all the company's statements.
    uniqueIndex('rapprochement_lignes_mouvement_idx').on(t.entreprise_id, t.mouvement_id),
  ],
);

export type Rapprochement = typeof rapprochements.$inferSelect;
export type RapprochementLigne = typeof rapprochementLignes.$inferSelect;
