-- GPS scale seed of `npm run bench -- --scale`: a year of positions for 50 devices of the
-- benchmarked company (direction@transgabon.ga), in SQL (generate_series), deterministic (setseed).
-- {{jours}} is the number of days (365 by default) and {{appareils}} the number of devices (50).
-- Each device rides one of the company's scale vehicles (plates BN-…-GA) and reports once a minute for ten
-- working hours a day (07:00–17:00 in Libreville), on a drive that goes back and forth along the N1 from
-- Libreville towards Kango at about 50 km/h: 600 fixes a device a day, 10,950,000 at full size.
-- Identifiers BENCH-GPS-nnn; positions are the only rows of those devices, so removing the devices
-- (cascade) removes them.
select setseed(0.13);

insert into appareils (entreprise_id, nom, identifiant, vehicule_id, created_at, updated_at)
select v.entreprise_id, 'Balise ' || v.plaque, 'BENCH-GPS-' || lpad(v.n::text, 3, '0'), v.id, now(), now()
from (select ve.*, row_number() over (order by ve.id) as n
      from vehicules ve join users u on u.id = ve.entreprise_id
      where lower(u.email) = 'direction@transgabon.ga' and ve.plaque like 'BN-%-GA'
      order by ve.id limit {{appareils}}) v;

-- Rows consistent by construction: no per-row foreign-key triggers (millions of them) for this session.
set session_replication_role = replica;

insert into positions (appareil_id, entreprise_id, heure, recu_le, latitude, longitude, vitesse, cap, altitude,
                       precision, batterie, en_charge, attributs)
select a.id, a.entreprise_id, t, t + interval '2 seconds',
       -- A point k minutes into the day along the road, the direction reversed every 90 minutes.
       0.3889 - s * 0.00011, 9.7611 + s * 0.00018,
       case when m % 90 in (0, 89) then 0 else 45 + (m % 11) end,
       case when (m / 90) % 2 = 0 then 121 else 301 end,
       30 + (m % 20),
       5 + (m % 4),
       greatest(15, 100 - (m / 6)),
       false,
       null
from appareils a
cross join generate_series(0, {{jours}} - 1) as d
cross join generate_series(0, 599) as m
cross join lateral (
  select (date_trunc('day', now() at time zone 'Africa/Libreville') - interval '1 day' * d
          + interval '7 hours' + interval '1 minute' * m) at time zone 'Africa/Libreville' as t,
         case when (m / 90) % 2 = 0 then m % 90 else 90 - m % 90 end + (a.id % 7) * 3 as s
) x
where a.identifiant like 'BENCH-GPS-%';

set session_replication_role = origin;
