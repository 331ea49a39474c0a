-- Row-level security on every tenant table (a table with `entreprise_id`): the database's own backstop
-- behind db/scoped.ts. Hand-written: drizzle-kit generates no roles or policies.
--
-- Who is restricted: the role `yams_tenant`, which a company's statements enter for their transaction
-- (`set_config('role', 'yams_tenant', true)` with the company in `app.entreprise_id`, db/rls.ts). It sees
-- and writes the rows of that company only; no company set, no rows. Who is not: every other role — the
-- API's own connection role (migrations, seed, daily jobs, sign-in, the superadmin's scope), bound by the
-- policy `systeme`. FORCE applies the policies to the tables' owner too (a superuser bypasses them anyway,
-- as PGlite's `postgres` does: the restriction comes from entering `yams_tenant`, not from the login).
-- Platform tables (no `entreprise_id`: villes, types, tokens…) are left as they are. A test checks that
-- every table with `entreprise_id` has both policies (test/tenancy-rls.test.ts): a new tenant table adds
-- its lines in its own migration.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'yams_tenant') THEN
    CREATE ROLE yams_tenant NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
-- The API's role may enter it (a superuser may anyway; a role that may not grant it must be a member already).
DO $$
BEGIN
  EXECUTE format('GRANT yams_tenant TO %I', current_user);
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'yams_tenant : membre non accordé à %', current_user;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO yams_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO yams_tenant;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO yams_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO yams_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO yams_tenant;
--> statement-breakpoint
-- The company of the transaction, or null (no rows).
CREATE OR REPLACE FUNCTION app_entreprise() RETURNS integer LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.entreprise_id', true), '')::integer $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables b ON b.table_schema = c.table_schema AND b.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'entreprise_id' AND b.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY systeme ON %I USING (current_user <> ''yams_tenant'') WITH CHECK (current_user <> ''yams_tenant'')',
      t);
    -- users and demandes: their own rules below.
    IF t NOT IN ('users', 'demandes', 'audit_log') THEN
      EXECUTE format(
        'CREATE POLICY entreprise ON %I TO yams_tenant USING (entreprise_id = app_entreprise()) WITH CHECK (entreprise_id = app_entreprise())',
        t);
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The audit log: a company reads its own entries; the triggers write the entries of its writes (a
-- demande's before a company takes it names its recorder, 0018_audit_triggers.sql).
CREATE POLICY entreprise ON audit_log TO yams_tenant USING (entreprise_id = app_entreprise()) WITH CHECK (true);
--> statement-breakpoint
-- The users a company sees (modules/operations/operations.tenancy.ts): its own accounts, and the clients
-- who booked a course with it; it writes its own accounts only.
CREATE POLICY entreprise ON users TO yams_tenant
  USING (
    entreprise_id = app_entreprise() OR id = app_entreprise()
    OR (type = 'client' AND EXISTS (
      SELECT 1 FROM courses c WHERE c.client_id = users.id AND c.entreprise_id = app_entreprise())))
  WITH CHECK (entreprise_id = app_entreprise() OR id = app_entreprise());
--> statement-breakpoint
-- The demandes market (packages/shared `demandeAcces`, operations.tenancy.ts; a test checks they agree):
-- a company reads the demandes it took or recorded and not yet taken, and the open ones of the market;
-- it records its own, takes one from the market, deletes one it recorded and nobody took.
CREATE POLICY entreprise_lecture ON demandes FOR SELECT TO yams_tenant USING (
  entreprise_id = app_entreprise()
  OR (entreprise_id IS NULL AND cree_par_entreprise_id = app_entreprise())
  OR (entreprise_id IS NULL AND statut IN ('En attente', 'Recherche en cours')
      AND (cree_par_entreprise_id IS NULL OR statut = 'Recherche en cours')));
--> statement-breakpoint
CREATE POLICY entreprise_ajout ON demandes FOR INSERT TO yams_tenant WITH CHECK (
  entreprise_id IS NULL AND cree_par_entreprise_id = app_entreprise());
--> statement-breakpoint
CREATE POLICY entreprise_modification ON demandes FOR UPDATE TO yams_tenant
  USING (
    entreprise_id = app_entreprise()
    OR (entreprise_id IS NULL AND cree_par_entreprise_id = app_entreprise())
    OR (entreprise_id IS NULL AND statut IN ('En attente', 'Recherche en cours')
        AND (cree_par_entreprise_id IS NULL OR statut = 'Recherche en cours')))
  WITH CHECK (
    entreprise_id = app_entreprise()
    OR (entreprise_id IS NULL AND cree_par_entreprise_id = app_entreprise()));
--> statement-breakpoint
CREATE POLICY entreprise_suppression ON demandes FOR DELETE TO yams_tenant USING (
  cree_par_entreprise_id = app_entreprise() AND (entreprise_id IS NULL OR entreprise_id = app_entreprise()));
