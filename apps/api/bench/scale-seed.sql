-- Scale seed of `npm run bench -- --scale`: gives ONE company (direction@transgabon.ga) 1,000,000 courses
-- with payments, vehicles, drivers and clients in proportion, on top of the demo data, all in SQL
-- (generate_series), deterministic (setseed). {{n}} is the number of courses (a placeholder
-- replaced by the bench before sending).
-- Proportions of a company of a few hundred trucks over five years: 300 vehicles, 300 drivers,
-- 20,000 clients; 60 % of courses paid, 15 % with a deposit, 25 % unpaid; one payment per paid or
-- part-paid course. Every generated course is finished or cancelled (a vehicle holds at most one open
-- course), dates spread over the last five years.
select setseed(0.42);
-- The rows are consistent by construction: skip the per-row foreign-key triggers (several million of
-- them) for this session only; the bench runs as the server's superuser.
set session_replication_role = replica;

create temporary table bench_company as
  select id from users where lower(email) = 'direction@transgabon.ga';

insert into users (name, type, nom, prenom, email, telephone1, entreprise_id, email_verified_at, created_at, updated_at)
select 'bench.client.' || g, 'client',
       (array['Mba','Nzé','Obame','Ondo','Moussavou','Nguema','Ella','Mintsa','Boussougou','Koumba'])[1 + (g % 10)],
       (array['Paul','Marie','Jean','Aline','Serge','Brice','Nadège','Yves','Sandrine','Landry'])[1 + ((g / 10) % 10)],
       'bench.client.' || g || '@bench.ga', '+241 06 ' || lpad((g % 1000000)::text, 6, '0'),
       (select id from bench_company), now(), now() - (g % 1500) * interval '1 day', now()
from generate_series(1, greatest(200, {{n}} / 50)) g;

insert into users (name, type, nom, prenom, email, entreprise_id, email_verified_at, created_at, updated_at)
select 'bench.chauffeur.' || g, 'camionneur', 'Chauffeur', 'N°' || g, 'bench.chauffeur.' || g || '@bench.ga',
       (select id from bench_company), now(), now(), now()
from generate_series(1, greatest(10, {{n}} / 3333)) g;

insert into vehicules (entreprise_id, plaque, marque, modele, tonnage_kg, proprietaire_id, statut, annee, created_at, updated_at)
select (select id from bench_company), 'BN-' || lpad(g::text, 5, '0') || '-GA',
       (array['Renault','Mercedes','Volvo','Scania','Isuzu','Toyota'])[1 + (g % 6)], 'Série ' || (g % 9),
       (5 + g % 30) * 1000, (select id from bench_company), 'Disponible', 2015 + g % 10, now(), now()
from generate_series(1, greatest(10, {{n}} / 3333)) g;

create temporary table bench_ids as
select array(select id from users where email like 'bench.client.%@bench.ga' order by id) as clients,
       array(select id from users where email like 'bench.chauffeur.%@bench.ga' order by id) as chauffeurs,
       array(select id from vehicules where plaque like 'BN-%-GA' order by id) as vehicules,
       array(select id from villes order by id) as villes,
       array(select id from types_marchandises order by id) as marchandises;

insert into courses (entreprise_id, code, client_id, vehicule_id, chauffeur_id, type_course, type_marchandise_id,
                     ville_depart_id, ville_arrivee_id, adresse_chargement, date_chargement, date_dechargement,
                     poids_kg, montant, montant_paye, etat, statut, created_at, updated_at)
select (select id from bench_company),
       'CRS-B' || lpad(g::text, 7, '0'),
       b.clients[1 + floor(random() * cardinality(b.clients))::int],
       b.vehicules[1 + floor(random() * cardinality(b.vehicules))::int],
       case when random() < 0.8 then b.chauffeurs[1 + floor(random() * cardinality(b.chauffeurs))::int] end,
       (array['Transport de marchandises','Livraison','Déménagement'])[1 + floor(random() * 3)::int],
       b.marchandises[1 + floor(random() * cardinality(b.marchandises))::int],
       b.villes[1 + floor(random() * cardinality(b.villes))::int],
       b.villes[1 + floor(random() * cardinality(b.villes))::int],
       'Quartier ' || (g % 97),
       d, d + interval '1 day' * (1 + g % 4),
       1000 * (1 + g % 40),
       m, case when p < 0.60 then m when p < 0.75 then m / 2 else 0 end,
       case when p < 0.60 then 'Payé' when p < 0.75 then 'Acompte' else 'Non payé' end,
       case when g % 10 = 0 then 'Annulé' else 'Terminé' end,
       d, d
from bench_ids b,
     lateral (select g, random() as p,
                     now() - interval '1 minute' * floor(random() * 5 * 365 * 24 * 60) as d,
                     5000 * (10 + floor(random() * 400)::int) as m
              from generate_series(1, {{n}}) g) x;

insert into paiements (entreprise_id, course_id, client_id, date_operation, libelle, mode, montant, statut, created_at, updated_at)
select c.entreprise_id, c.id, c.client_id, c.date_chargement::date, 'Règlement ' || c.code,
       (array['Espèces','Airtel Money','Moov Money','Virement','Chèque'])[1 + c.id % 5],
       c.montant_paye, 'Validé', c.date_chargement, c.date_chargement
from courses c
where c.code like 'CRS-B%' and c.entreprise_id = (select id from bench_company) and c.montant_paye > 0;

-- The sort keys (courses/paiements tri_*) are written by row triggers, which replica mode skips: one pass.
update courses c set tri_vehicule = v.plaque, tri_client = tri_nom_complet(u.nom, u.prenom, u.name)
from vehicules v, users u
where c.code like 'CRS-B%' and c.entreprise_id = (select id from bench_company)
  and v.id = c.vehicule_id and u.id = c.client_id;
update paiements p set tri_client = tri_nom_complet(u.nom, u.prenom, u.name), tri_course = c.code
from users u, courses c
where p.entreprise_id = (select id from bench_company) and p.tri_course = ''
  and u.id = p.client_id and c.id = p.course_id;

reset session_replication_role;

-- The statistics aggregates (stats_*, migration 0004) are kept by row triggers, which replica mode skipped:
-- recompute them from the rows, as after a restore.
select stats_rebuild();
