-- Sort keys copied onto courses and paiements (issue 8 item 5): `sort=vehicule` / `sort=client` / `sort=course`
-- sorted on a column of another table, so PostgreSQL read and sorted every course of the company (9-12 s at
-- 1 M courses) to keep 6. The plate, the client's whole name and the course code now live on the row, with
-- an index (next migration), kept up to date in the same transaction by the triggers below: the services
-- never write them. Hand-written (drizzle-kit generates no functions or triggers); the columns come from
-- the previous migration, the indexes from the next one, so the backfill here does not update them.

-- The client's whole name as the lists show it (nomCompletSql in operations.refs.ts).
CREATE OR REPLACE FUNCTION tri_nom_complet(nom text, prenom text, name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT coalesce(nullif(trim(concat_ws(' ', nom, prenom)), ''), name, '')
$fn$;
--> statement-breakpoint

-- The copies a rename spreads are derived data: the audit log (0018) records the rename itself, not the
-- same fact again on every course. Suspends it for those statements only (and restores what was set).
CREATE OR REPLACE FUNCTION tri_audit_suspendu(suspendre boolean) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF suspendre THEN
    PERFORM set_config('yams.audit_avant_tri', coalesce(current_setting('yams.audit', true), ''), true);
    PERFORM set_config('yams.audit', 'off', true);
  ELSE
    PERFORM set_config('yams.audit', coalesce(current_setting('yams.audit_avant_tri', true), ''), true);
  END IF;
END
$fn$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION courses_cles_de_tri() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.vehicule_id IS DISTINCT FROM OLD.vehicule_id THEN
    NEW.tri_vehicule := coalesce((SELECT v.plaque FROM vehicules v WHERE v.id = NEW.vehicule_id), '');
  END IF;
  IF TG_OP = 'INSERT' OR NEW.client_id IS DISTINCT FROM OLD.client_id THEN
    NEW.tri_client := coalesce((SELECT tri_nom_complet(u.nom, u.prenom, u.name) FROM users u
                                WHERE u.id = NEW.client_id), '');
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER courses_cles_de_tri BEFORE INSERT OR UPDATE OF vehicule_id, client_id ON courses
FOR EACH ROW EXECUTE FUNCTION courses_cles_de_tri();
--> statement-breakpoint

CREATE OR REPLACE FUNCTION paiements_cles_de_tri() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.client_id IS DISTINCT FROM OLD.client_id THEN
    NEW.tri_client := coalesce((SELECT tri_nom_complet(u.nom, u.prenom, u.name) FROM users u
                                WHERE u.id = NEW.client_id), '');
  END IF;
  IF TG_OP = 'INSERT' OR NEW.course_id IS DISTINCT FROM OLD.course_id THEN
    NEW.tri_course := coalesce((SELECT c.code FROM courses c WHERE c.id = NEW.course_id), '');
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER paiements_cles_de_tri BEFORE INSERT OR UPDATE OF client_id, course_id ON paiements
FOR EACH ROW EXECUTE FUNCTION paiements_cles_de_tri();
--> statement-breakpoint

-- A renamed client, a changed plate, a changed course code: every row that copies it follows.
CREATE OR REPLACE FUNCTION users_cles_de_tri() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cle text := tri_nom_complet(NEW.nom, NEW.prenom, NEW.name);
BEGIN
  IF cle IS DISTINCT FROM tri_nom_complet(OLD.nom, OLD.prenom, OLD.name) THEN
    PERFORM tri_audit_suspendu(true);
    UPDATE courses SET tri_client = cle WHERE client_id = NEW.id AND tri_client IS DISTINCT FROM cle;
    UPDATE paiements SET tri_client = cle WHERE client_id = NEW.id AND tri_client IS DISTINCT FROM cle;
    PERFORM tri_audit_suspendu(false);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER users_cles_de_tri AFTER UPDATE OF nom, prenom, name ON users
FOR EACH ROW EXECUTE FUNCTION users_cles_de_tri();
--> statement-breakpoint

CREATE OR REPLACE FUNCTION vehicules_cles_de_tri() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.plaque IS DISTINCT FROM OLD.plaque THEN
    PERFORM tri_audit_suspendu(true);
    UPDATE courses SET tri_vehicule = NEW.plaque WHERE vehicule_id = NEW.id;
    PERFORM tri_audit_suspendu(false);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER vehicules_cles_de_tri AFTER UPDATE OF plaque ON vehicules
FOR EACH ROW EXECUTE FUNCTION vehicules_cles_de_tri();
--> statement-breakpoint

CREATE OR REPLACE FUNCTION courses_code_de_tri() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.code IS DISTINCT FROM OLD.code THEN
    PERFORM tri_audit_suspendu(true);
    UPDATE paiements SET tri_course = NEW.code WHERE course_id = NEW.id;
    PERFORM tri_audit_suspendu(false);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER courses_code_de_tri AFTER UPDATE OF code ON courses
FOR EACH ROW EXECUTE FUNCTION courses_code_de_tri();
--> statement-breakpoint

-- The rows already there, in one pass per table (the dashboard's statement triggers of 0004 see a net
-- change of zero and write nothing; the audit log is off for it: nothing a user did).
SELECT tri_audit_suspendu(true);
--> statement-breakpoint
UPDATE courses c SET tri_vehicule = v.plaque, tri_client = tri_nom_complet(u.nom, u.prenom, u.name)
FROM vehicules v, users u WHERE v.id = c.vehicule_id AND u.id = c.client_id;
--> statement-breakpoint
UPDATE paiements p SET tri_client = tri_nom_complet(u.nom, u.prenom, u.name), tri_course = c.code
FROM users u, courses c WHERE u.id = p.client_id AND c.id = p.course_id;
--> statement-breakpoint
SELECT tri_audit_suspendu(false);
