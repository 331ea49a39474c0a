ALTER TABLE "achat_lignes" ADD COLUMN "taux_tva" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "achats" ADD COLUMN "appliquer_css" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "achats" ADD COLUMN "taux_css" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "achats" ADD COLUMN "css" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ecriture_lignes" ADD COLUMN "tiers_id" integer;--> statement-breakpoint
ALTER TABLE "ecriture_lignes" ADD COLUMN "lettrage" integer;--> statement-breakpoint
ALTER TABLE "factures" ADD COLUMN "remise_avant_taxes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pieces_de_caisse" ADD COLUMN "nature" varchar(30) DEFAULT 'divers' NOT NULL;--> statement-breakpoint
ALTER TABLE "pieces_de_caisse" ADD COLUMN "tva" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD COLUMN "remise_avant_taxes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "ecriture_lignes_tiers_idx" ON "ecriture_lignes" USING btree ("entreprise_id","compte","tiers_id","lettrage");--> statement-breakpoint
-- Re-post (hand-written): the entries written before this migration are put the way the postings now write
-- them (docs/accounting.md, « Migration 0047 »). Each step is an UPDATE of the lines in place (or the
-- insert of a missing entry), so the monthly movements follow through their triggers. Reversible: the
-- statements of drizzle/down/0047_comptabilite_lettrage.sql put the entries back the old way, and running
-- this part again after them gives the same books (apps/api/test/accounting-repost.test.ts).
SELECT set_config('yams.audit', 'off', true);--> statement-breakpoint
-- 1. TPS withheld by clients: a claim on the State, 4478 → 4492 (invoices, credit notes, their reversals).
UPDATE "ecriture_lignes" l SET "compte" = '4492'
FROM "ecritures" e
WHERE e."id" = l."ecriture_id" AND e."source_type" = 'facture' AND l."compte" = '4478';--> statement-breakpoint
-- 2. Stock articles bought (spare parts, tyres, lubricants): matières consommables, 602 → 6041.
UPDATE "ecriture_lignes" l SET "compte" = '6041'
FROM "ecritures" e
WHERE e."id" = l."ecriture_id" AND e."source_type" = 'achat' AND l."compte" = '602';--> statement-breakpoint
-- 3. A nature for each cash voucher, read from its label (the others stay « divers »).
UPDATE "pieces_de_caisse" SET "nature" = CASE
    WHEN "libelle" ~* '(carburant|gasoil|gazole|essence)' THEN 'carburant'
    WHEN "libelle" ~* 'p[ée]age' THEN 'peage'
    WHEN "libelle" ~* '(mission|frais de route|h[ée]bergement|repas)' THEN 'frais_de_route'
    WHEN "libelle" ~* '(r[ée]paration|entretien|pneu|vidange)' THEN 'entretien'
    WHEN "libelle" ~* 'fourniture' THEN 'fournitures'
    ELSE 'divers' END
WHERE "nature" = 'divers';--> statement-breakpoint
-- 4. Each voucher's charge on its nature's account (658 stays for « divers »).
UPDATE "ecriture_lignes" l SET "compte" = CASE p."nature"
    WHEN 'carburant' THEN '6053' WHEN 'peage' THEN '618' WHEN 'frais_de_route' THEN '6181'
    WHEN 'entretien' THEN '6242' WHEN 'fournitures' THEN '6055' ELSE '658' END
FROM "ecritures" e, "pieces_de_caisse" p
WHERE e."id" = l."ecriture_id" AND e."source_type" = 'piece_de_caisse' AND p."id" = e."source_id"
  AND l."compte" = '658';--> statement-breakpoint
-- 5. The third party of every client and supplier line: the invoice's client, the payment's client, the
-- purchase's supplier.
UPDATE "ecriture_lignes" l SET "tiers_id" = f."client_id"
FROM "ecritures" e, "factures" f
WHERE e."id" = l."ecriture_id" AND e."source_type" IN ('facture', 'imputation_avance') AND f."id" = e."source_id"
  AND l."compte" IN ('411', '4191') AND l."tiers_id" IS NULL;--> statement-breakpoint
UPDATE "ecriture_lignes" l SET "tiers_id" = f."client_id"
FROM "ecritures" e, "reglements" r, "factures" f
WHERE e."id" = l."ecriture_id" AND e."source_type" = 'reglement' AND r."id" = e."source_id" AND f."id" = r."facture_id"
  AND l."compte" = '411' AND l."tiers_id" IS NULL;--> statement-breakpoint
UPDATE "ecriture_lignes" l SET "tiers_id" = a."fournisseur_id"
FROM "ecritures" e, "reglements" r, "achats" a
WHERE e."id" = l."ecriture_id" AND e."source_type" = 'reglement' AND r."id" = e."source_id" AND a."id" = r."achat_id"
  AND l."compte" = '401' AND l."tiers_id" IS NULL;--> statement-breakpoint
UPDATE "ecriture_lignes" l SET "tiers_id" = a."fournisseur_id"
FROM "ecritures" e, "achats" a
WHERE e."id" = l."ecriture_id" AND e."source_type" = 'achat' AND a."id" = e."source_id"
  AND l."compte" = '401' AND l."tiers_id" IS NULL;--> statement-breakpoint
UPDATE "ecriture_lignes" l SET "tiers_id" = p."client_id"
FROM "ecritures" e, "paiements" p
WHERE e."id" = l."ecriture_id" AND e."source_type" = 'paiement' AND p."id" = e."source_id"
  AND l."compte" IN ('411', '4191') AND l."tiers_id" IS NULL;--> statement-breakpoint
-- 6. Money received for a course before any invoice billed it is an advance: 411 → 4191. A payment posted
-- after the invoice of its course was validated (the payment's first entry written after the invoice's
-- validation) settles that invoice: it stays on 411 and the invoice's settled amount counts it (the old
-- postings did not).
CREATE FUNCTION "_apres_facture_0047"(p_id integer, p_course integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM "courses_facturees" cf JOIN "factures" f ON f."id" = cf."facture_id"
    WHERE cf."course_id" = p_course AND f."est_valide"
      AND coalesce(f."validee_le", f."date_operation"::timestamptz) <= (
        SELECT min(o."created_at") FROM "ecritures" o
        WHERE o."source_type" = 'paiement' AND o."source_id" = p_id AND o."contre_passation_de" IS NULL))
$$;--> statement-breakpoint
UPDATE "ecriture_lignes" l SET "compte" = '4191'
FROM "ecritures" e, "paiements" p
WHERE e."id" = l."ecriture_id" AND e."source_type" = 'paiement' AND p."id" = e."source_id" AND l."compte" = '411'
  AND NOT "_apres_facture_0047"(p."id", p."course_id");--> statement-breakpoint
UPDATE "factures" f SET
  "montant_regle" = f."montant_regle" + x."total",
  "statut" = CASE WHEN f."montant_regle" + x."total" >= f."net_a_payer" THEN 'Soldé' ELSE 'Validée' END
FROM (
  SELECT cf."facture_id", sum(p."montant") AS "total"
  FROM "paiements" p
  JOIN "courses_facturees" cf ON cf."course_id" = p."course_id"
  WHERE p."statut" = 'Validé' AND p."reglement_id" IS NULL AND "_apres_facture_0047"(p."id", p."course_id")
  GROUP BY cf."facture_id"
) x
WHERE f."id" = x."facture_id";--> statement-breakpoint
DROP FUNCTION "_apres_facture_0047"(integer, integer);--> statement-breakpoint
-- 7. An invoice of courses paid in advance: the advances still open move to 411 (up to what remains due),
-- one entry dated as the invoice, and the invoice's settled amount counts them.
WITH "av" AS (
  SELECT f."id" AS "facture_id", f."entreprise_id", f."client_id", f."numero", f."date_operation",
    least(sum(l."credit" - l."debit"), f."net_a_payer" - f."montant_regle") AS "montant"
  FROM "factures" f
  JOIN "courses_facturees" cf ON cf."facture_id" = f."id"
  JOIN "paiements" p ON p."course_id" = cf."course_id" AND p."reglement_id" IS NULL
  JOIN "ecritures" e ON e."source_type" = 'paiement' AND e."source_id" = p."id"
  JOIN "ecriture_lignes" l ON l."ecriture_id" = e."id" AND l."compte" = '4191' AND l."lettrage" IS NULL
  WHERE f."est_valide" AND f."type" = 'Normale'
    AND NOT EXISTS (SELECT 1 FROM "ecritures" i WHERE i."source_type" = 'imputation_avance' AND i."source_id" = f."id")
  GROUP BY f."id"
), "ins" AS (
  INSERT INTO "ecritures" ("entreprise_id", "date_operation", "type", "libelle", "piece", "source_type", "source_id")
  SELECT "entreprise_id", "date_operation", 'Operation Diverse', 'Imputation des avances sur la facture ' || "numero",
    "numero", 'imputation_avance', "facture_id"
  FROM "av" WHERE "montant" > 0
  RETURNING "id", "source_id"
), "lignes" AS (
  INSERT INTO "ecriture_lignes" ("ecriture_id", "entreprise_id", "date_operation", "journal", "compte", "libelle", "debit", "credit", "tiers_id")
  SELECT "ins"."id", "av"."entreprise_id", "av"."date_operation", 'Operation Diverse', x."compte",
    'Imputation des avances sur la facture ' || "av"."numero", x."debit", x."credit", "av"."client_id"
  FROM "ins" JOIN "av" ON "av"."facture_id" = "ins"."source_id"
  CROSS JOIN LATERAL (VALUES ('4191', "av"."montant", 0), ('411', 0, "av"."montant")) AS x("compte", "debit", "credit")
  RETURNING 1
)
UPDATE "factures" f SET
  "montant_regle" = f."montant_regle" + "av"."montant",
  "statut" = CASE WHEN f."montant_regle" + "av"."montant" >= f."net_a_payer" THEN 'Soldé' ELSE 'Validée' END
FROM "av"
WHERE f."id" = "av"."facture_id" AND "av"."montant" > 0;--> statement-breakpoint
-- 8. Lettrage. The groups of lines that settle one another (key per company): a reversed entry with its
-- reversal; an invoice with its settlements, credit notes, imputed advances and the payments of its
-- courses on 411; the advances of an invoice's courses with their imputation on 4191; a purchase with its
-- settlements on 401. A group whose open lines balance gets one letter, numbered after the company's last.
CREATE TABLE "_lettrage_0047" ("entreprise_id" integer NOT NULL, "cle" text NOT NULL, "ligne_id" integer NOT NULL);--> statement-breakpoint
INSERT INTO "_lettrage_0047"
SELECT l."entreprise_id", 'cp:' || o."id" || ':' || l."compte" || ':' || l."tiers_id", l."id"
FROM "ecritures" c
JOIN "ecritures" o ON o."id" = c."contre_passation_de"
JOIN "ecriture_lignes" l ON l."ecriture_id" IN (o."id", c."id")
WHERE l."compte" IN ('411', '4191', '401') AND l."tiers_id" IS NOT NULL;--> statement-breakpoint
WITH "groupes" AS (
  SELECT g."entreprise_id", g."cle" FROM "_lettrage_0047" g JOIN "ecriture_lignes" l ON l."id" = g."ligne_id"
  WHERE l."lettrage" IS NULL GROUP BY g."entreprise_id", g."cle"
  HAVING sum(l."debit") = sum(l."credit") AND sum(l."debit") > 0
), "lettres" AS (
  SELECT "entreprise_id", "cle", coalesce((SELECT c."dernier" FROM "compteurs" c
      WHERE c."entreprise_id" = "groupes"."entreprise_id" AND c."serie" = 'lettrage' AND c."annee" = 0), 0)
    + row_number() OVER (PARTITION BY "entreprise_id" ORDER BY "cle") AS "lettre"
  FROM "groupes"
)
UPDATE "ecriture_lignes" l SET "lettrage" = "lettres"."lettre"
FROM "_lettrage_0047" g JOIN "lettres" ON "lettres"."entreprise_id" = g."entreprise_id" AND "lettres"."cle" = g."cle"
WHERE l."id" = g."ligne_id" AND l."lettrage" IS NULL;--> statement-breakpoint
INSERT INTO "compteurs" ("entreprise_id", "serie", "annee", "dernier")
SELECT "entreprise_id", 'lettrage', 0, max("lettrage") FROM "ecriture_lignes" WHERE "lettrage" IS NOT NULL GROUP BY "entreprise_id"
ON CONFLICT ("entreprise_id", "serie", "annee") DO UPDATE SET "dernier" = greatest("compteurs"."dernier", excluded."dernier");--> statement-breakpoint
DELETE FROM "_lettrage_0047";--> statement-breakpoint
INSERT INTO "_lettrage_0047"
SELECT l."entreprise_id", 'f:' || f."id", l."id"
FROM "factures" f
JOIN "ecritures" e ON
  (e."source_type" = 'facture' AND (e."source_id" = f."id" OR e."source_id" IN (SELECT a."id" FROM "factures" a WHERE a."origine_id" = f."id" AND a."type" = 'Avoir')))
  OR (e."source_type" = 'reglement' AND e."source_id" IN (SELECT r."id" FROM "reglements" r WHERE r."facture_id" = f."id"))
  OR (e."source_type" = 'imputation_avance' AND e."source_id" = f."id")
  OR (e."source_type" = 'paiement' AND e."source_id" IN (
    SELECT p."id" FROM "paiements" p JOIN "facture_lignes" fl ON fl."course_id" = p."course_id"
    WHERE fl."facture_id" = f."id" AND p."reglement_id" IS NULL))
JOIN "ecriture_lignes" l ON l."ecriture_id" = e."id" AND l."compte" = '411' AND l."tiers_id" = f."client_id"
WHERE f."type" = 'Normale' AND f."est_valide"
UNION ALL
SELECT l."entreprise_id", 'a:' || f."id", l."id"
FROM "factures" f
JOIN "ecritures" e ON
  (e."source_type" = 'imputation_avance' AND e."source_id" = f."id")
  OR (e."source_type" = 'paiement' AND e."source_id" IN (
    SELECT p."id" FROM "paiements" p JOIN "facture_lignes" fl ON fl."course_id" = p."course_id"
    WHERE fl."facture_id" = f."id" AND p."reglement_id" IS NULL))
JOIN "ecriture_lignes" l ON l."ecriture_id" = e."id" AND l."compte" = '4191' AND l."tiers_id" = f."client_id"
WHERE f."type" = 'Normale' AND f."est_valide"
UNION ALL
SELECT l."entreprise_id", 'h:' || a."id", l."id"
FROM "achats" a
JOIN "ecritures" e ON (e."source_type" = 'achat' AND e."source_id" = a."id")
  OR (e."source_type" = 'reglement' AND e."source_id" IN (SELECT r."id" FROM "reglements" r WHERE r."achat_id" = a."id"))
JOIN "ecriture_lignes" l ON l."ecriture_id" = e."id" AND l."compte" = '401' AND l."tiers_id" = a."fournisseur_id";--> statement-breakpoint
WITH "groupes" AS (
  SELECT g."entreprise_id", g."cle" FROM "_lettrage_0047" g JOIN "ecriture_lignes" l ON l."id" = g."ligne_id"
  WHERE l."lettrage" IS NULL GROUP BY g."entreprise_id", g."cle"
  HAVING sum(l."debit") = sum(l."credit") AND sum(l."debit") > 0
), "lettres" AS (
  SELECT "entreprise_id", "cle", coalesce((SELECT c."dernier" FROM "compteurs" c
      WHERE c."entreprise_id" = "groupes"."entreprise_id" AND c."serie" = 'lettrage' AND c."annee" = 0), 0)
    + row_number() OVER (PARTITION BY "entreprise_id" ORDER BY "cle") AS "lettre"
  FROM "groupes"
)
UPDATE "ecriture_lignes" l SET "lettrage" = "lettres"."lettre"
FROM "_lettrage_0047" g JOIN "lettres" ON "lettres"."entreprise_id" = g."entreprise_id" AND "lettres"."cle" = g."cle"
WHERE l."id" = g."ligne_id" AND l."lettrage" IS NULL;--> statement-breakpoint
INSERT INTO "compteurs" ("entreprise_id", "serie", "annee", "dernier")
SELECT "entreprise_id", 'lettrage', 0, max("lettrage") FROM "ecriture_lignes" WHERE "lettrage" IS NOT NULL GROUP BY "entreprise_id"
ON CONFLICT ("entreprise_id", "serie", "annee") DO UPDATE SET "dernier" = greatest("compteurs"."dernier", excluded."dernier");--> statement-breakpoint
DROP TABLE "_lettrage_0047";--> statement-breakpoint
SELECT set_config('yams.audit', '', true);
