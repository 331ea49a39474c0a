-- Plates in their one canonical form (normalisePlaque in packages/shared fleet.rules.ts, issue 7 item 3):
-- upper case, every run of spaces or dashes one dash, a national plate typed without separators dashed
-- (`GA 175 RX`, `ga175rx` → `GA-175-RX`). Hand-written: drizzle-kit generates no data updates.
-- Rows of one company that turn out to be the same plate (compared without dashes, as the next migration's
-- unique index does) are all kept: the first (the one already written canonically, else the oldest) takes the
-- plate, the others get `-DOUBLON-<id>` so the office sees them and merges them; nothing is deleted.
WITH g AS (
  SELECT id, entreprise_id, plaque,
         regexp_replace(regexp_replace(upper(plaque), '[[:space:]-]+', '-', 'g'), '^-+|-+$', '', 'g') AS groupes
  FROM vehicules
), c AS (
  SELECT id, entreprise_id, plaque,
         CASE WHEN replace(groupes, '-', '') ~ '^[A-Z]{2}[0-9]{3}[A-Z]{2}$'
              THEN regexp_replace(replace(groupes, '-', ''), '^(..)(...)(..)$', '\1-\2-\3')
              ELSE groupes END AS canon
  FROM g
), r AS (
  SELECT id, plaque, canon,
         row_number() OVER (PARTITION BY entreprise_id, replace(canon, '-', '')
                            ORDER BY (plaque = canon) DESC, id) AS rang
  FROM c
)
UPDATE vehicules v
SET plaque = CASE WHEN r.rang = 1 THEN r.canon
                  ELSE rtrim(left(r.canon, 20 - length('-DOUBLON-' || v.id)), '-') || '-DOUBLON-' || v.id END
FROM r
WHERE v.id = r.id AND v.plaque IS DISTINCT FROM (CASE WHEN r.rang = 1 THEN r.canon
                  ELSE rtrim(left(r.canon, 20 - length('-DOUBLON-' || v.id)), '-') || '-DOUBLON-' || v.id END);
