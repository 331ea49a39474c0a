-- The look-up of `premier` after a removal (migration 0033) ran after every update of a course, including
-- the most frequent ones (a status moving along, a new amount), where no course leaves a client's or a
-- driver's day: two more statements planned for nothing on each write. stats_sync now tells the upserts
-- whether a course left a (company, client, driver, day) or became cancelled (deletes always do), and only
-- then adds the look-ups. Hand-written: drizzle-kit generates no functions.
CREATE FUNCTION stats_personnes_sql(delta text, tbl text, cle text, filtre text, retraits boolean) RETURNS text[]
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
] || CASE WHEN NOT retraits THEN ARRAY[]::text[] ELSE ARRAY[
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
CREATE OR REPLACE FUNCTION stats_courses_sql(delta text, retraits boolean) RETURNS text[] LANGUAGE sql IMMUTABLE AS $fn$
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
|| stats_personnes_sql(delta, 'stats_courses_clients', 'client_id', '', retraits)
|| stats_personnes_sql(delta, 'stats_courses_chauffeurs', 'chauffeur_id', 'AND chauffeur_id IS NOT NULL', retraits)
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
-- The one-argument form (stats_rebuild: every course added, nothing removed).
CREATE OR REPLACE FUNCTION stats_courses_sql(delta text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $fn$
SELECT stats_courses_sql(delta, false)
$fn$;
--> statement-breakpoint
DROP FUNCTION stats_personnes_sql(text, text, text, text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  delta text;
  unchanged boolean;
  retraits boolean := TG_OP = 'DELETE';
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
    -- Whether a counted course leaves its client's or driver's day (cancelled, moved, given to another).
    EXECUTE $q$
      SELECT EXISTS (
        SELECT 1 FROM stats_ancien o LEFT JOIN stats_nouveau n ON n.id = o.id
        WHERE o.statut <> 'Annulé'
          AND (n.id IS NULL OR n.statut = 'Annulé'
               OR (n.entreprise_id, n.client_id, n.chauffeur_id, n.date_chargement)
                  IS DISTINCT FROM (o.entreprise_id, o.client_id, o.chauffeur_id, o.date_chargement)))
    $q$ INTO retraits;
  END IF;
  delta := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS s FROM stats_nouveau n'
    WHEN 'DELETE' THEN 'SELECT o.*, -1 AS s FROM stats_ancien o'
    ELSE 'SELECT n.*, 1 AS s FROM stats_nouveau n UNION ALL SELECT o.*, -1 AS s FROM stats_ancien o'
  END;
  FOREACH q IN ARRAY (
    CASE TG_TABLE_NAME WHEN 'courses' THEN stats_courses_sql(delta, retraits) ELSE stats_paiements_sql(delta) END
  ) LOOP
    EXECUTE q;
  END LOOP;
  RETURN NULL;
END
$fn$;
