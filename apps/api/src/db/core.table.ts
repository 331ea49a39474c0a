import { type DelaiPaiement, SOUS_TYPES, USER_TYPES } from '@yams/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { entrepriseId, enumCheck, timestamps, timestamptz } from './columns';

const ts = (name: string) => timestamptz(name);

/**
 * A person's nom, prénom and account name in one text, the expression of the trigram index
 * `users_noms_trgm_idx`: it contains every match of each name and of the whole name (« nom prénom »), which
 * the exact conditions of a search then keep.
 */
export const nomsRechercheSql = (t: { nom: AnyPgColumn; prenom: AnyPgColumn; name: AnyPgColumn }) =>
  sql<string>`(coalesce(${t.nom}, '') || ' ' || coalesce(${t.prenom}, '') || ' ' || ${t.name})`;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Identifiant shown in lists. */
    name: varchar('name', { length: 100 }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    sous_type: varchar('sous_type', { length: 20 }),
    nom: varchar('nom', { length: 255 }),
    prenom: varchar('prenom', { length: 255 }),
    adresse: varchar('adresse', { length: 255 }),
    photo: varchar('photo', { length: 500 }),
    telephone1: varchar('telephone1', { length: 30 }),
    telephone2: varchar('telephone2', { length: 30 }),
    // Null only for a client recorded with a phone alone (many customers have no email).
    email: varchar('email', { length: 255 }),
    bp: varchar('bp', { length: 50 }),
    /** A client's payment term (`DELAIS_PAIEMENT`), null: its company's. */
    delai_paiement: varchar('delai_paiement', { length: 10 }).$type<DelaiPaiement>(),
    commercial_id: integer('commercial_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    entreprise_id: entrepriseId().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    password: text('password'),
    email_verified_at: ts('email_verified_at'),
    bloque: boolean('bloque').notNull().default(false),
    last_seen_at: ts('last_seen_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_entreprise_idx').on(t.entreprise_id, t.type),
    // Searches by name (the people list, the courses by client name): trigrams of the three names in one
    // immutable expression (`nomsRechercheSql`), and of the email.
    index('users_noms_trgm_idx').using('gin', sql`${nomsRechercheSql(t)} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    enumCheck('users_type_check', t.type, USER_TYPES),
    enumCheck('users_sous_type_check', t.sous_type, SOUS_TYPES),
  ],
);

export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client that asked for it (the `source` of the login call). */
    name: varchar('name', { length: 100 }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    user_agent: varchar('user_agent', { length: 500 }),
    last_used_at: ts('last_used_at'),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    created_at: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('tokens_user_idx').on(t.user_id)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: ts('expires_at').notNull(),
    consumed_at: ts('consumed_at'),
    created_at: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('verification_codes_user_idx').on(t.user_id)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    created_at: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.token_hash)],
);

/**
 * A change of email waiting for its confirmation link: the address replaces the old one only once
 * the link sent to it is opened; a newer request replaces an older one.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    new_email: varchar('new_email', { length: 255 }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    created_at: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('email_changes_token_unique').on(t.token_hash)],
);

/** Failed sign-in, reset and verification attempts, for rate limiting across API nodes. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 300 }).notNull(),
    created_at: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('auth_attempts_key_idx').on(t.key, t.created_at)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entreprise_id: entrepriseId(),
    type: varchar('type', { length: 100 }).notNull(),
    titre: varchar('titre', { length: 255 }).notNull(),
    contenu: text('contenu'),
    data: jsonb('data'),
    /** The screen of the record it is about (`/operations/courses?id=12`). */
    lien: varchar('lien', { length: 255 }),
    /** Set for notifications a job may try twice (`document:12:J-7`): one per user and key. */
    cle: varchar('cle', { length: 120 }),
    read_at: ts('read_at'),
    created_at: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('notifications_user_idx').on(t.user_id, t.read_at),
    uniqueIndex('notifications_user_cle_unique').on(t.user_id, t.cle),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    sender_id: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    recipient_id: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entreprise_id: entrepriseId(),
    contenu: text('contenu').notNull(),
    read_at: ts('read_at'),
    created_at: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('messages_recipient_idx').on(t.recipient_id, t.read_at)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
