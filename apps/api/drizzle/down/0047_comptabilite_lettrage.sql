-- The way back of migration 0047's re-post (docs/accounting.md, « Migration 0047 »): the entries as the
-- postings wrote them before it. Run these statements (psql -f, or split on the breakpoints) in one
-- transaction, then deploy the code of before 0047; its columns (ecriture_lignes.tiers_id and lettrage,
-- pieces_de_caisse.nature and tva, achats' CSS, achat_lignes.taux_tva, the remise setting) can stay: the
-- old code ignores them. What the old postings could not express stays as written: a voucher's recoverable
-- TVA line, a purchase's CSS line (balanced lines on their own accounts). Tested with the re-post in
-- apps/api/test/accounting-repost.test.ts.
SELECT set_config('yams.audit', 'off', true);--> statement-breakpoint
-- 7. The advances imputed on invoices: the invoice's settled amount back down, the entries removed.
UPDATE "factures" f SET
  "montant_regle" = f."montant_regle" - x."montant",
  "statut" = CASE WHEN f."montant_regle" - x."montant" >= f."net_a_payer" THEN 'Soldé' ELSE 'Validée' END
FROM (
  SELECT e."source_id", sum(l."credit") AS "montant"
  FROM "ecritures" e JOIN "ecriture_lignes" l ON l."ecriture_id" = e."id" AND l."compte" = '411'
  WHERE e."source_type" = 'imputation_avance' GROUP BY e."source_id"
) x
WHERE f."id" = x."source_id";--> statement-breakpoint
DELETE FROM "ecritures" WHERE "source_type" = 'imputation_avance';--> statement-breakpoint
-- 6. Payments of invoiced courses posted on 411 no longer count in the invoice's settled amount; advances
-- 4191 → 411.
UPDATE "factures" f SET
  "montant_regle" = f."montant_regle" - x."total",
  "statut" = CASE WHEN f."montant_regle" - x."total" >= f."net_a_payer" THEN 'Soldé' ELSE 'Validée' END
FROM (
  SELECT cf."facture_id", sum(p."montant") AS "total"
  FROM "paiements" p
  JOIN "courses_facturees" cf ON cf."course_id" = p."course_id"
  WHERE p."statut" = 'Validé' AND p."reglement_id" IS NULL
    AND EXISTS (
      SELECT 1 FROM "ecritures" e JOIN "ecriture_lignes" l ON l."ecriture_id" = e."id"
      WHERE e."source_type" = 'paiement' AND e."source_id" = p."id" AND e."contre_passation_de" IS NULL
        AND l."compte" = '411')
  GROUP BY cf."facture_id"
) x
WHERE f."id" = x."facture_id";--> statement-breakpoint
UPDATE "ecriture_lignes" l SET "compte" = '411'
FROM "ecritures" e
WHERE e."id" = l."ecriture_id" AND e."source_type" = 'paiement' AND l."compte" = '4191';--> statement-breakpoint
-- 4. Every voucher's charge on 658.
UPDATE "ecriture_lignes" l SET "compte" = '658'
FROM "ecritures" e
WHERE e."id" = l."ecriture_id" AND e."source_type" = 'piece_de_caisse'
  AND l."compte" IN ('6053', '618', '6181', '6242', '6055');--> statement-breakpoint
-- 2. Stock articles on 602.
UPDATE "ecriture_lignes" l SET "compte" = '602'
FROM "ecritures" e
WHERE e."id" = l."ecriture_id" AND e."source_type" = 'achat' AND l."compte" = '6041';--> statement-breakpoint
-- 1. TPS withheld on 4478.
UPDATE "ecriture_lignes" l SET "compte" = '4478'
FROM "ecritures" e
WHERE e."id" = l."ecriture_id" AND e."source_type" = 'facture' AND l."compte" = '4492';--> statement-breakpoint
-- 5 and 8. No third party, no lettrage.
UPDATE "ecriture_lignes" SET "tiers_id" = NULL, "lettrage" = NULL
WHERE "tiers_id" IS NOT NULL OR "lettrage" IS NOT NULL;--> statement-breakpoint
DELETE FROM "compteurs" WHERE "serie" = 'lettrage';--> statement-breakpoint
SELECT set_config('yams.audit', '', true);
