-- Trigram matching for the searches (`?search=`: `ilike '%…%'`), whose GIN indexes come in the next
-- migration. Hand-written: drizzle-kit does not generate CREATE EXTENSION. pg_trgm is a trusted extension
-- (PostgreSQL 13+: the database owner may create it); on Debian it ships in the `postgresql` package's
-- contrib. PGlite loads it from `@electric-sql/pglite/contrib/pg_trgm` (PGLITE_EXTENSIONS in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
