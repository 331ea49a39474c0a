-- The first day of activity of each month and year row of the per-client and per-driver aggregates (column
-- `premier`, migration 0032), for the dashboard's KPIs at 1,000,000 courses (issue 10): the distinct clients
-- of last year's 1 January → 23 November were 107,000 month rows and 11,000 day rows to de-duplicate (70 ms
-- of SQL); they are now the 20,000 year rows of last year whose `premier` is on or before 23 November, read
-- from an index (migration 0034) and counted without de-duplication.
-- The statement-level triggers of migration 0004 keep it in the same upsert as nb and montant: a course
-- added sets least(premier, its day); a course removed on or before `premier` (deleted, cancelled, moved to
-- another day or client) looks the first active day up again afterwards, from at most 12 month rows and 31
-- day rows read by primary key. Hand-written: drizzle-kit generates no functions.

-- The upserts of one per-person aggregate (clients or drivers) for a delta, then the look-up of `premier`
-- after removals, from the day rows of the month (a year's: of its first month with a course). Only a delta that
-- reads the old rows (`stats_ancien`: updates and deletes of stats_sync) removes anything: inserts and
-- stats_rebuild run the upsert alone.
CREATE OR REPLACE FUNCTION stats_personnes_sql(delta text, tbl text, cle text, filtre text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $fn$
SELECT ARRAY[
  format($q$
    WITH d AS (%1$s),
    x AS (
      SELECT entreprise_id, %3$I AS k, s, montant::bigint AS montant,
             ((date_chargement AT TIME ZONE 'UTC') + interval '1 hour')::date AS jour
      FROM d WHERE statut <> 'Annulé' %4$s
    )
    INSERT INTO %2$I AS t (entreprise_id, grain, debut, %3$I, nb, montant, premier)
    SELECT x.entreprise_id, g.grain,
           CASE g.grain WHEN 'J' THEN x.jour WHEN 'M' THEN date_trunc('month', x.jour::timestamp)::date
                          ELSE date_trunc('year', x.jour::timestamp)::date END,
           x.k, sum(x.s)::int, sum(x.s * x.montant),
           CASE WHEN g.grain <> 'J' THEN min(x.jour) FILTER (WHERE x.s > 0) END
    FROM x CROSS JOIN (VALUES ('J'), ('M'), ('A')) AS g(grain)
    GROUP BY 1, 2, 3, 4
    HAVING sum(x.s) <> 0 OR sum(x.s * x.montant) <> 0
        OR (g.grain <> 'J' AND min(x.jour) FILTER (WHERE x.s > 0) IS DISTINCT FROM min(x.jour) FILTER (WHERE x.s < 0))
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (entreprise_id, grain, debut, %3$I)
    DO UPDATE SET nb = t.nb + excluded.nb, montant = t.montant + excluded.montant,
                  premier = least(t.premier, excluded.premier)
  $q$, delta, tbl, cle, filtre)
] || CASE WHEN strpos(delta, 'stats_ancien') = 0 THEN ARRAY[]::text[] ELSE ARRAY[
  format($q$
    WITH d AS (%1$s),
    x AS (
      SELECT entreprise_id, %3$I AS k, ((date_chargement AT TIME ZONE 'UTC') + interval '1 hour')::date AS jour
      FROM d WHERE s < 0 AND statut <> 'Annulé' %4$s
    ),
    r AS (
      SELECT x.entreprise_id, x.k, g.grain,
             CASE g.grain WHEN 'M' THEN date_trunc('month', x.jour::timestamp) ELSE date_trunc('year', x.jour::timestamp) END::date AS debut,
             min(x.jour) AS jour
      FROM x CROSS JOIN (VALUES ('M'::bpchar), ('A'::bpchar)) AS g(grain)
      GROUP BY 1, 2, 3, 4
    )
    UPDATE %2$I AS t SET premier = (
      SELECT g.d::date
      FROM (SELECT CASE WHEN t.grain = 'M' THEN t.debut::timestamp ELSE (
              SELECT min(m.d) FROM generate_series(t.debut::timestamp, t.debut::timestamp + interval '11 months', interval '1 month') AS m(d)
              WHERE EXISTS (SELECT 1 FROM %2$I j WHERE j.entreprise_id = t.entreprise_id AND j.grain = 'M'
                              AND j.debut = m.d::date AND j.%3$I = t.%3$I AND j.nb > 0)) END AS mois) AS u,
           generate_series(u.mois, u.mois + interval '1 month' - interval '1 day', interval '1 day') AS g(d)
      WHERE EXISTS (SELECT 1 FROM %2$I j WHERE j.entreprise_id = t.entreprise_id AND j.grain = 'J'
                      AND j.debut = g.d::date AND j.%3$I = t.%3$I AND j.nb > 0)
      ORDER BY g.d LIMIT 1)
    FROM r
    WHERE t.entreprise_id = r.entreprise_id AND t.grain = r.grain AND t.debut = r.debut AND t.%3$I = r.k
      AND r.jour <= t.premier
  $q$, delta, tbl, cle, filtre)
] END
$fn$;
--> statement-breakpoint
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
  $q$, delta)
]
|| stats_personnes_sql(delta, 'stats_courses_clients', 'client_id', '')
|| stats_personnes_sql(delta, 'stats_courses_chauffeurs', 'chauffeur_id', 'AND chauffeur_id IS NOT NULL')
|| ARRAY[
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
-- The existing month and year rows get their first day from their day rows.
UPDATE stats_courses_clients AS t SET premier = f.premier
FROM (
  SELECT entreprise_id, g.grain, client_id, min(debut) AS premier,
         CASE g.grain WHEN 'M' THEN date_trunc('month', debut::timestamp) ELSE date_trunc('year', debut::timestamp) END::date AS unite
  FROM stats_courses_clients CROSS JOIN (VALUES ('M'), ('A')) AS g(grain)
  WHERE stats_courses_clients.grain = 'J' AND nb > 0
  GROUP BY 1, 2, 3, 5
) AS f
WHERE t.entreprise_id = f.entreprise_id AND t.grain = f.grain AND t.debut = f.unite AND t.client_id = f.client_id;
--> statement-breakpoint
UPDATE stats_courses_chauffeurs AS t SET premier = f.premier
FROM (
  SELECT entreprise_id, g.grain, chauffeur_id, min(debut) AS premier,
         CASE g.grain WHEN 'M' THEN date_trunc('month', debut::timestamp) ELSE date_trunc('year', debut::timestamp) END::date AS unite
  FROM stats_courses_chauffeurs CROSS JOIN (VALUES ('M'), ('A')) AS g(grain)
  WHERE stats_courses_chauffeurs.grain = 'J' AND nb > 0
  GROUP BY 1, 2, 3, 5
) AS f
WHERE t.entreprise_id = f.entreprise_id AND t.grain = f.grain AND t.debut = f.unite AND t.chauffeur_id = f.chauffeur_id;
