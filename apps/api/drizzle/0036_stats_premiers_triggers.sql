-- The per-day counts of first courses (stats_premiers, migration 0035) kept by row triggers on the month and
-- year rows of stats_courses_clients and stats_courses_chauffeurs (issue 10, KPIs at 1,000,000 courses): a
-- month or year row that becomes active, stops being active or changes its `premier` moves one unit between
-- two days. The usual write (another course of a client already active earlier in the month) changes neither
-- and the triggers' WHEN clause skips it without calling the function. Hand-written: drizzle-kit generates
-- no functions or triggers.
CREATE OR REPLACE FUNCTION stats_premiers_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  personne text := CASE TG_TABLE_NAME WHEN 'stats_courses_clients' THEN 'client' ELSE 'chauffeur' END;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.grain <> 'J' AND OLD.nb > 0 AND OLD.premier IS NOT NULL THEN
    INSERT INTO stats_premiers AS t (entreprise_id, qui, grain, debut, jour, nb)
    VALUES (OLD.entreprise_id, personne, OLD.grain, OLD.debut, OLD.premier, -1)
    ON CONFLICT (entreprise_id, qui, grain, debut, jour) DO UPDATE SET nb = t.nb - 1;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.grain <> 'J' AND NEW.nb > 0 AND NEW.premier IS NOT NULL THEN
    INSERT INTO stats_premiers AS t (entreprise_id, qui, grain, debut, jour, nb)
    VALUES (NEW.entreprise_id, personne, NEW.grain, NEW.debut, NEW.premier, 1)
    ON CONFLICT (entreprise_id, qui, grain, debut, jour) DO UPDATE SET nb = t.nb + 1;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER stats_premiers_clients_insert AFTER INSERT ON stats_courses_clients FOR EACH ROW
  WHEN (NEW.grain <> 'J' AND NEW.nb > 0 AND NEW.premier IS NOT NULL) EXECUTE FUNCTION stats_premiers_sync();
--> statement-breakpoint
CREATE TRIGGER stats_premiers_clients_update AFTER UPDATE ON stats_courses_clients FOR EACH ROW
  WHEN (NEW.grain <> 'J' AND (OLD.premier IS DISTINCT FROM NEW.premier OR (OLD.nb > 0) <> (NEW.nb > 0)))
  EXECUTE FUNCTION stats_premiers_sync();
--> statement-breakpoint
CREATE TRIGGER stats_premiers_clients_delete AFTER DELETE ON stats_courses_clients FOR EACH ROW
  WHEN (OLD.grain <> 'J' AND OLD.nb > 0 AND OLD.premier IS NOT NULL) EXECUTE FUNCTION stats_premiers_sync();
--> statement-breakpoint
CREATE TRIGGER stats_premiers_chauffeurs_insert AFTER INSERT ON stats_courses_chauffeurs FOR EACH ROW
  WHEN (NEW.grain <> 'J' AND NEW.nb > 0 AND NEW.premier IS NOT NULL) EXECUTE FUNCTION stats_premiers_sync();
--> statement-breakpoint
CREATE TRIGGER stats_premiers_chauffeurs_update AFTER UPDATE ON stats_courses_chauffeurs FOR EACH ROW
  WHEN (NEW.grain <> 'J' AND (OLD.premier IS DISTINCT FROM NEW.premier OR (OLD.nb > 0) <> (NEW.nb > 0)))
  EXECUTE FUNCTION stats_premiers_sync();
--> statement-breakpoint
CREATE TRIGGER stats_premiers_chauffeurs_delete AFTER DELETE ON stats_courses_chauffeurs FOR EACH ROW
  WHEN (OLD.grain <> 'J' AND OLD.nb > 0 AND OLD.premier IS NOT NULL) EXECUTE FUNCTION stats_premiers_sync();
--> statement-breakpoint
-- Truncating the courses (or rebuilding) empties the counts with the rows they count (migration 0004).
CREATE OR REPLACE FUNCTION stats_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_TABLE_NAME = 'courses' THEN
    TRUNCATE stats_courses_jour, stats_courses_clients, stats_courses_chauffeurs, stats_flotte, stats_premiers;
  ELSE
    TRUNCATE stats_paiements_jour;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  q text;
BEGIN
  LOCK TABLE courses, paiements IN SHARE MODE;
  TRUNCATE stats_courses_jour, stats_courses_clients, stats_courses_chauffeurs, stats_flotte, stats_paiements_jour,
           stats_premiers;
  FOREACH q IN ARRAY stats_courses_sql('SELECT c.*, 1 AS s FROM courses c') LOOP
    EXECUTE q;
  END LOOP;
  FOREACH q IN ARRAY stats_paiements_sql('SELECT p.*, 1 AS s FROM paiements p') LOOP
    EXECUTE q;
  END LOOP;
END
$fn$;
--> statement-breakpoint
INSERT INTO stats_premiers (entreprise_id, qui, grain, debut, jour, nb)
SELECT entreprise_id, 'client', grain, debut, premier, count(*)::int FROM stats_courses_clients
WHERE grain <> 'J' AND nb > 0 AND premier IS NOT NULL
GROUP BY 1, 3, 4, 5;
--> statement-breakpoint
INSERT INTO stats_premiers (entreprise_id, qui, grain, debut, jour, nb)
SELECT entreprise_id, 'chauffeur', grain, debut, premier, count(*)::int FROM stats_courses_chauffeurs
WHERE grain <> 'J' AND nb > 0 AND premier IS NOT NULL
GROUP BY 1, 3, 4, 5;
