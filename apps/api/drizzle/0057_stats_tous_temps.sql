-- One more grain in the per-client and per-driver aggregates: 'T', all time (debut 1970-01-01), one row per
-- person, kept by the same statement-level triggers as the day, month and year rows. The top clients of a
-- range of several years read the clients in the order of their all-time amount (the index
-- stats_courses_clients_montant_idx) and stop as soon as no client further down can enter the top ten:
-- an amount over a range is never above the all-time amount (statistics.repository.ts, topClients).
-- `premier` stays null on these rows (only month and year rows answer "distinct people by a day").
-- Reversible: DELETE the rows of grain 'T', re-create the function of 0037_stats_retraits, drop the index.
CREATE OR REPLACE FUNCTION stats_personnes_sql(delta text, tbl text, cle text, filtre text, retraits boolean) RETURNS text[]
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
                        WHEN 'T' THEN DATE '1970-01-01' ELSE date_trunc('year', x.jour::timestamp)::date END,
           x.k, sum(x.s)::int, sum(x.s * x.montant),
           CASE WHEN g.grain IN ('M', 'A') THEN min(x.jour) FILTER (WHERE x.s > 0) END
    FROM x CROSS JOIN (VALUES ('J'), ('M'), ('A'), ('T')) AS g(grain)
    GROUP BY 1, 2, 3, 4
    HAVING sum(x.s) <> 0 OR sum(x.s * x.montant) <> 0
        OR (g.grain IN ('M', 'A') AND min(x.jour) FILTER (WHERE x.s > 0) IS DISTINCT FROM min(x.jour) FILTER (WHERE x.s < 0))
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
INSERT INTO stats_courses_clients (entreprise_id, grain, debut, client_id, nb, montant)
SELECT entreprise_id, 'T', DATE '1970-01-01', client_id, sum(nb), sum(montant)
FROM stats_courses_clients WHERE grain = 'A'
GROUP BY entreprise_id, client_id
HAVING sum(nb) <> 0 OR sum(montant) <> 0;
--> statement-breakpoint
INSERT INTO stats_courses_chauffeurs (entreprise_id, grain, debut, chauffeur_id, nb, montant)
SELECT entreprise_id, 'T', DATE '1970-01-01', chauffeur_id, sum(nb), sum(montant)
FROM stats_courses_chauffeurs WHERE grain = 'A'
GROUP BY entreprise_id, chauffeur_id
HAVING sum(nb) <> 0 OR sum(montant) <> 0;
--> statement-breakpoint
CREATE INDEX "stats_courses_clients_client_idx" ON "stats_courses_clients" USING btree ("entreprise_id","client_id","grain","debut","montant","nb");