-- The audit log (src/modules/audit/audit.table.ts) written by the database in the transaction of every write
-- on a business table: one statement trigger per table and event, with transition tables, so a bulk insert
-- costs one INSERT … SELECT into audit_log and no write path (services, CRUD routes, seed, daily jobs, GPS,
-- raw SQL, code added later) can skip it. Hand-written: drizzle-kit generates no functions or triggers.
-- Who: `yams.user_id`, set by the API for the signed-in user of the request (src/db/audit-context.ts);
-- unset or empty means the system. `SET yams.audit = 'off'` (a restore of a backup) skips the recording.
-- Technical and high-volume tables (positions, tokens, codes, sessions, idempotency keys, notifications,
-- statistics, counters, job runs, GPS events and tracking links) are not audited.

-- A secret's value is never stored: '***' says it was set or changed.
CREATE OR REPLACE FUNCTION audit_masque(v jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE WHEN v IS NULL OR v = 'null'::jsonb THEN v ELSE '"***"'::jsonb END
$fn$;
--> statement-breakpoint

-- The company of a line (facture_lignes…) from the row it belongs to: still there, else as last logged
-- (a cascade deletes the lines before the parent's own trigger runs).
CREATE OR REPLACE FUNCTION audit_entreprise_parent(tab text, pid bigint) RETURNS integer LANGUAGE plpgsql STABLE AS $fn$
DECLARE
  e integer;
BEGIN
  IF tab IS NULL OR pid IS NULL THEN
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT entreprise_id FROM %I WHERE id = $1', tab) INTO e USING pid;
  IF e IS NULL THEN
    SELECT a.entreprise_id INTO e FROM audit_log a
    WHERE a.table_name = tab AND a.record_id = pid AND a.entreprise_id IS NOT NULL ORDER BY a.id DESC LIMIT 1;
  END IF;
  RETURN e;
END
$fn$;
--> statement-breakpoint

-- The company owning a row: its entreprise_id; a demande's recorder until a company takes it; a transporteur
-- account is its own company; a line: the company of the row it belongs to.
CREATE OR REPLACE FUNCTION audit_entreprise(t text, j jsonb, parent_tab text, parent_id bigint) RETURNS integer
LANGUAGE sql STABLE AS $fn$
  SELECT coalesce((j->>'entreprise_id')::integer, (j->>'cree_par_entreprise_id')::integer,
    CASE WHEN t = 'users' AND j->>'type' = 'transporteur' THEN (j->>'id')::integer END,
    CASE WHEN parent_tab IS NOT NULL THEN audit_entreprise_parent(parent_tab, parent_id) END)
$fn$;
--> statement-breakpoint

-- The changed fields of an updated row: {field: [before, after]}, null when nothing worth recording changed
-- (bookkeeping timestamps left out, secrets masked).
CREATE OR REPLACE FUNCTION audit_changes(oj jsonb, nj jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
  SELECT jsonb_object_agg(k, CASE WHEN k IN ('password', 'token_hash', 'code_hash')
                                  THEN jsonb_build_array(audit_masque(oj->k), audit_masque(nj->k))
                                  ELSE jsonb_build_array(oj->k, nj->k) END)
  FROM jsonb_object_keys(nj) k
  WHERE k NOT IN ('updated_at', 'last_seen_at') AND (oj->k) IS DISTINCT FROM (nj->k)
$fn$;
--> statement-breakpoint

-- TG_ARGV: [0] the key column (id), [1] and [2] for lines: the column and table of the row they belong to.
-- Static SQL: PL/pgSQL caches its plans per trigger, so a one-row write pays no planning.
CREATE OR REPLACE FUNCTION audit_ecrire() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cle text := TG_ARGV[0];
  parent_col text := nullif(TG_ARGV[1], '');
  parent_tab text := nullif(TG_ARGV[2], '');
  uid integer := nullif(current_setting('yams.user_id', true), '')::integer;
BEGIN
  IF current_setting('yams.audit', true) = 'off' THEN
    RETURN NULL;
  END IF;
  -- A creation keeps the filled fields, a deletion the last values: the row itself, as {field: value}.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audit_log (table_name, record_id, parent_table, parent_id, entreprise_id, action, changes, user_id)
    SELECT TG_TABLE_NAME, (j->>cle)::bigint, parent_tab, (j->>parent_col)::bigint,
           audit_entreprise(TG_TABLE_NAME, j, parent_tab, (j->>parent_col)::bigint), 'creation',
           j - ARRAY['id', 'created_at', 'updated_at', 'last_seen_at', 'password', 'token_hash', 'code_hash'], uid
    FROM (SELECT jsonb_strip_nulls(to_jsonb(n)) AS j FROM audit_nouvelles n) x;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audit_log (table_name, record_id, parent_table, parent_id, entreprise_id, action, changes, user_id)
    SELECT TG_TABLE_NAME, (j->>cle)::bigint, parent_tab, (j->>parent_col)::bigint,
           audit_entreprise(TG_TABLE_NAME, j, parent_tab, (j->>parent_col)::bigint), 'suppression',
           j - ARRAY['id', 'created_at', 'updated_at', 'last_seen_at', 'password', 'token_hash', 'code_hash'], uid
    FROM (SELECT jsonb_strip_nulls(to_jsonb(o)) AS j FROM audit_anciennes o) x;
  ELSE
    INSERT INTO audit_log (table_name, record_id, parent_table, parent_id, entreprise_id, action, changes, user_id)
    SELECT TG_TABLE_NAME, (r.j->>cle)::bigint, parent_tab, (r.j->>parent_col)::bigint,
           audit_entreprise(TG_TABLE_NAME, r.j, parent_tab, (r.j->>parent_col)::bigint),
           CASE WHEN r.c ?| array['statut', 'etat', 'est_valide', 'bloque'] THEN 'etat' ELSE 'modification' END,
           r.c, uid
    FROM (
      SELECT nj AS j, audit_changes(oj, nj) AS c
      FROM (SELECT to_jsonb(o) AS oj FROM audit_anciennes o) a
      JOIN (SELECT to_jsonb(n) AS nj FROM audit_nouvelles n) b ON a.oj->cle = b.nj->cle
    ) r
    WHERE r.c IS NOT NULL;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint

-- The log is append-only: no UPDATE or DELETE of its rows, whoever asks.
CREATE OR REPLACE FUNCTION audit_log_immuable() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'Le journal d''audit ne peut pas être modifié.' USING ERRCODE = 'insufficient_privilege';
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER audit_log_immuable BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_immuable();
--> statement-breakpoint

-- One INSERT, UPDATE and DELETE trigger per audited table (transition tables need one event per trigger).
CREATE OR REPLACE FUNCTION audit_suivre(t text, cle text DEFAULT 'id', parent_col text DEFAULT '',
                                        parent_tab text DEFAULT '') RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('CREATE TRIGGER audit_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS audit_nouvelles
    FOR EACH STATEMENT EXECUTE FUNCTION audit_ecrire(%2$L, %3$L, %4$L)', t, cle, parent_col, parent_tab);
  EXECUTE format('CREATE TRIGGER audit_update AFTER UPDATE ON %1$I
    REFERENCING OLD TABLE AS audit_anciennes NEW TABLE AS audit_nouvelles
    FOR EACH STATEMENT EXECUTE FUNCTION audit_ecrire(%2$L, %3$L, %4$L)', t, cle, parent_col, parent_tab);
  EXECUTE format('CREATE TRIGGER audit_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS audit_anciennes
    FOR EACH STATEMENT EXECUTE FUNCTION audit_ecrire(%2$L, %3$L, %4$L)', t, cle, parent_col, parent_tab);
END
$fn$;
--> statement-breakpoint

SELECT audit_suivre(t) FROM unnest(ARRAY[
  'users', 'vehicules', 'documents', 'interventions', 'demandes', 'courses', 'paiements', 'adresses',
  'factures', 'achats', 'reglements', 'pieces_de_caisse', 'ecritures', 'appareils',
  'villes', 'types_marchandises', 'types_vehicules', 'types_articles',
  'articles', 'garages', 'services', 'fournisseurs', 'trajets'
]) AS t;
--> statement-breakpoint
SELECT audit_suivre('parametres_entreprise', 'entreprise_id');
--> statement-breakpoint
SELECT audit_suivre('intervention_lignes', 'id', 'intervention_id', 'interventions');
--> statement-breakpoint
SELECT audit_suivre('facture_lignes', 'id', 'facture_id', 'factures');
--> statement-breakpoint
SELECT audit_suivre('achat_lignes', 'id', 'achat_id', 'achats');
--> statement-breakpoint
SELECT audit_suivre('ecriture_lignes', 'id', 'ecriture_id', 'ecritures');
