-- Dashboard aggregates by calendar year (issue 10: 'Cette année' at 1,000,000 courses). A year's distinct
-- clients and its top clients read twelve months of per-client rows (about 130,000 at 20,000 clients), which
-- took 70 ms per count on PostgreSQL; 'A' rows (one per company, year and client, driver or vehicle) make
-- a whole year one index range of at most one row per client. The statement-level triggers of migration 0004
-- now write the 'A' grain beside 'J' and 'M' (same transaction, same grouped upsert), and the existing rows
-- get their years from their months. Hand-written: drizzle-kit generates no functions.
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
           CASE g.grain WHEN 'J' THEN x.jour WHEN 'M' THEN date_trunc('month', x.jour::timestamp)::date
                          ELSE date_trunc('year', x.jour::timestamp)::date END,
           x.k, sum(x.s)::int, sum(x.s * x.montant)
    FROM x CROSS JOIN (VALUES ('J'), ('M'), ('A')) AS g(grain)
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
           CASE g.grain WHEN 'J' THEN x.jour WHEN 'M' THEN date_trunc('month', x.jour::timestamp)::date
                          ELSE date_trunc('year', x.jour::timestamp)::date END,
           x.k, sum(x.s)::int, sum(x.s * x.montant)
    FROM x CROSS JOIN (VALUES ('J'), ('M'), ('A')) AS g(grain)
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
           CASE g.grain WHEN 'J' THEN j.jour WHEN 'M' THEN date_trunc('month', j.jour::timestamp)::date
                          ELSE date_trunc('year', j.jour::timestamp)::date END,
           j.vehicule_id, sum(j.s * j.sec)
    FROM j CROSS JOIN (VALUES ('J'), ('M'), ('A')) AS g(grain)
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
INSERT INTO stats_courses_clients (entreprise_id, grain, debut, client_id, nb, montant)
SELECT entreprise_id, 'A', date_trunc('year', debut::timestamp)::date, client_id, sum(nb)::int, sum(montant)
FROM stats_courses_clients WHERE grain = 'M'
GROUP BY 1, 3, 4
ORDER BY 1, 3, 4
ON CONFLICT (entreprise_id, grain, debut, client_id) DO NOTHING;
--> statement-breakpoint
INSERT INTO stats_courses_chauffeurs (entreprise_id, grain, debut, chauffeur_id, nb, montant)
SELECT entreprise_id, 'A', date_trunc('year', debut::timestamp)::date, chauffeur_id, sum(nb)::int, sum(montant)
FROM stats_courses_chauffeurs WHERE grain = 'M'
GROUP BY 1, 3, 4
ORDER BY 1, 3, 4
ON CONFLICT (entreprise_id, grain, debut, chauffeur_id) DO NOTHING;
--> statement-breakpoint
INSERT INTO stats_flotte (entreprise_id, grain, debut, vehicule_id, secondes)
SELECT entreprise_id, 'A', date_trunc('year', debut::timestamp)::date, vehicule_id, sum(secondes)
FROM stats_flotte WHERE grain = 'M'
GROUP BY 1, 3, 4
ORDER BY 1, 3, 4
ON CONFLICT (entreprise_id, grain, debut, vehicule_id) DO NOTHING;
