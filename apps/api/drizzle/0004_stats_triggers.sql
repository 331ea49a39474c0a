-- Dashboard aggregates (src/modules/statistics/statistics.table.ts) kept up to date in the transaction of
-- every write on courses and paiements by statement-level triggers with transition tables: a bulk insert of
-- a million courses costs one grouped upsert per aggregate, a single update a few small ones.
-- Hand-written (drizzle-kit generates no functions or triggers). Days are Libreville days (UTC+1, no DST).

-- The upserts of the course aggregates for a delta: a query of course rows with `s` = +1 (new) or -1 (old).
CREATE OR REPLACE FUNCTION stats_courses_sql(delta text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $fn$
SELECT ARRAY[
  format($q$
    WITH d AS (%s)
    INSERT INTO stats_courses_jour AS t (entreprise_id, jour, statut, type_course, nb, montant)
    SELECT entreprise_id, ((date_chargement AT TIME ZONE 'UTC') + interval '1 hour')::date, statut, type_course,
           sum(s)::int, sum(s * montant::bigint)
    FROM d
    GROUP BY 1, 2, 3, 4
    HAVING sum(s) <> 0 OR sum(s * montant::bigint) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (entreprise_id, jour, statut, type_course)
    DO UPDATE SET nb = t.nb + excluded.nb, montant = t.montant + excluded.montant
  $q$, delta),
  format($q$
    WITH d AS (%s),
    x AS (
      SELECT entreprise_id, client_id AS k, s, montant::bigint AS montant,
             ((date_chargement AT TIME ZONE 'UTC') + interval '1 hour')::date AS jour
      FROM d WHERE statut <> 'Annulé'
    )
    INSERT INTO stats_courses_clients AS t (entreprise_id, grain, debut, client_id, nb, montant)
    SELECT x.entreprise_id, g.grain,
           CASE g.grain WHEN 'J' THEN x.jour ELSE date_trunc('month', x.jour::timestamp)::date END,
           x.k, sum(x.s)::int, sum(x.s * x.montant)
    FROM x CROSS JOIN (VALUES ('J'), ('M')) AS g(grain)
    GROUP BY 1, 2, 3, 4
    HAVING sum(x.s) <> 0 OR sum(x.s * x.montant) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (entreprise_id, grain, debut, client_id)
    DO UPDATE SET nb = t.nb + excluded.nb, montant = t.montant + excluded.montant
  $q$, delta),
  format($q$
    WITH d AS (%s),
    x AS (
      SELECT entreprise_id, chauffeur_id AS k, s, montant::bigint AS montant,
             ((date_chargement AT TIME ZONE 'UTC') + interval '1 hour')::date AS jour
      FROM d WHERE statut <> 'Annulé' AND chauffeur_id IS NOT NULL
    )
    INSERT INTO stats_courses_chauffeurs AS t (entreprise_id, grain, debut, chauffeur_id, nb, montant)
    SELECT x.entreprise_id, g.grain,
           CASE g.grain WHEN 'J' THEN x.jour ELSE date_trunc('month', x.jour::timestamp)::date END,
           x.k, sum(x.s)::int, sum(x.s * x.montant)
    FROM x CROSS JOIN (VALUES ('J'), ('M')) AS g(grain)
    GROUP BY 1, 2, 3, 4
    HAVING sum(x.s) <> 0 OR sum(x.s * x.montant) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (entreprise_id, grain, debut, chauffeur_id)
    DO UPDATE SET nb = t.nb + excluded.nb, montant = t.montant + excluded.montant
  $q$, delta),
  format($q$
    WITH d AS (%s),
    x AS (
      SELECT entreprise_id, vehicule_id, s,
             (date_chargement AT TIME ZONE 'UTC') + interval '1 hour' AS a,
             least((date_dechargement AT TIME ZONE 'UTC') + interval '1 hour',
                   (date_chargement AT TIME ZONE 'UTC') + interval '1 hour' + interval '400 days') AS b
      FROM d WHERE statut <> 'Annulé' AND date_dechargement > date_chargement
    ),
    j AS (
      SELECT x.entreprise_id, x.vehicule_id, x.s, day::date AS jour,
             extract(epoch FROM least(x.b, day + interval '1 day') - greatest(x.a, day))::bigint AS sec
      FROM x CROSS JOIN LATERAL generate_series(date_trunc('day', x.a), date_trunc('day', x.b), interval '1 day') AS day
    )
    INSERT INTO stats_flotte AS t (entreprise_id, grain, debut, vehicule_id, secondes)
    SELECT j.entreprise_id, g.grain,
           CASE g.grain WHEN 'J' THEN j.jour ELSE date_trunc('month', j.jour::timestamp)::date END,
           j.vehicule_id, sum(j.s * j.sec)
    FROM j CROSS JOIN (VALUES ('J'), ('M')) AS g(grain)
    WHERE j.sec > 0
    GROUP BY 1, 2, 3, 4
    HAVING sum(j.s * j.sec) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (entreprise_id, grain, debut, vehicule_id)
    DO UPDATE SET secondes = t.secondes + excluded.secondes
  $q$, delta)
]
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_paiements_sql(delta text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $fn$
SELECT ARRAY[
  format($q$
    WITH d AS (%s)
    INSERT INTO stats_paiements_jour AS t (entreprise_id, jour, mode, statut, nb, montant)
    SELECT entreprise_id, date_operation, mode, statut, sum(s)::int, sum(s * montant::bigint)
    FROM d
    GROUP BY 1, 2, 3, 4
    HAVING sum(s) <> 0 OR sum(s * montant::bigint) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (entreprise_id, jour, mode, statut)
    DO UPDATE SET nb = t.nb + excluded.nb, montant = t.montant + excluded.montant
  $q$, delta)
]
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  delta text;
  unchanged boolean;
  q text;
BEGIN
  IF TG_TABLE_NAME = 'courses' AND TG_OP = 'UPDATE' THEN
    -- Payments rewrite montant_paye and etat of a course: nothing the dashboard reads.
    EXECUTE $q$
      SELECT NOT EXISTS (
        SELECT 1 FROM stats_nouveau n FULL JOIN stats_ancien o ON o.id = n.id
        WHERE o.id IS NULL OR n.id IS NULL
           OR (n.entreprise_id, n.client_id, n.chauffeur_id, n.vehicule_id, n.type_course, n.statut,
               n.date_chargement, n.date_dechargement, n.montant)
              IS DISTINCT FROM
              (o.entreprise_id, o.client_id, o.chauffeur_id, o.vehicule_id, o.type_course, o.statut,
               o.date_chargement, o.date_dechargement, o.montant))
    $q$ INTO unchanged;
    IF unchanged THEN RETURN NULL; END IF;
  END IF;
  delta := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS s FROM stats_nouveau n'
    WHEN 'DELETE' THEN 'SELECT o.*, -1 AS s FROM stats_ancien o'
    ELSE 'SELECT n.*, 1 AS s FROM stats_nouveau n UNION ALL SELECT o.*, -1 AS s FROM stats_ancien o'
  END;
  FOREACH q IN ARRAY (
    CASE TG_TABLE_NAME WHEN 'courses' THEN stats_courses_sql(delta) ELSE stats_paiements_sql(delta) END
  ) LOOP
    EXECUTE q;
  END LOOP;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_TABLE_NAME = 'courses' THEN
    TRUNCATE stats_courses_jour, stats_courses_clients, stats_courses_chauffeurs, stats_flotte;
  ELSE
    TRUNCATE stats_paiements_jour;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Recomputes every aggregate from the rows (after a restore, or to check them); writes wait meanwhile.
CREATE OR REPLACE FUNCTION stats_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  q text;
BEGIN
  LOCK TABLE courses, paiements IN SHARE MODE;
  TRUNCATE stats_courses_jour, stats_courses_clients, stats_courses_chauffeurs, stats_flotte, stats_paiements_jour;
  FOREACH q IN ARRAY stats_courses_sql('SELECT c.*, 1 AS s FROM courses c') LOOP
    EXECUTE q;
  END LOOP;
  FOREACH q IN ARRAY stats_paiements_sql('SELECT p.*, 1 AS s FROM paiements p') LOOP
    EXECUTE q;
  END LOOP;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER stats_courses_insert AFTER INSERT ON courses
  REFERENCING NEW TABLE AS stats_nouveau FOR EACH STATEMENT EXECUTE FUNCTION stats_sync();
--> statement-breakpoint
CREATE TRIGGER stats_courses_update AFTER UPDATE ON courses
  REFERENCING OLD TABLE AS stats_ancien NEW TABLE AS stats_nouveau FOR EACH STATEMENT EXECUTE FUNCTION stats_sync();
--> statement-breakpoint
CREATE TRIGGER stats_courses_delete AFTER DELETE ON courses
  REFERENCING OLD TABLE AS stats_ancien FOR EACH STATEMENT EXECUTE FUNCTION stats_sync();
--> statement-breakpoint
CREATE TRIGGER stats_courses_truncate AFTER TRUNCATE ON courses FOR EACH STATEMENT EXECUTE FUNCTION stats_truncate();
--> statement-breakpoint
CREATE TRIGGER stats_paiements_insert AFTER INSERT ON paiements
  REFERENCING NEW TABLE AS stats_nouveau FOR EACH STATEMENT EXECUTE FUNCTION stats_sync();
--> statement-breakpoint
CREATE TRIGGER stats_paiements_update AFTER UPDATE ON paiements
  REFERENCING OLD TABLE AS stats_ancien NEW TABLE AS stats_nouveau FOR EACH STATEMENT EXECUTE FUNCTION stats_sync();
--> statement-breakpoint
CREATE TRIGGER stats_paiements_delete AFTER DELETE ON paiements
  REFERENCING OLD TABLE AS stats_ancien FOR EACH STATEMENT EXECUTE FUNCTION stats_sync();
--> statement-breakpoint
CREATE TRIGGER stats_paiements_truncate AFTER TRUNCATE ON paiements FOR EACH STATEMENT EXECUTE FUNCTION stats_truncate();
--> statement-breakpoint
SELECT stats_rebuild();
