-- Monthly movements per company and account (mouvements_mensuels, previous migration; issue 13, "journals and
-- balance générale on three years of postings"): a running balance or a balance générale reads the months
-- before its date there instead of summing the account's whole history. Kept by the database in the
-- transaction of every write on ecriture_lignes: one statement trigger per event, with transition tables, so
-- no write path (passerEcriture and the reversals, the demo seed's raw SQL, a cascade from ecritures, code
-- added later) can skip it. Hand-written: drizzle-kit generates no functions or triggers.
-- Lock order: a statement's rows are aggregated and upserted sorted by (entreprise_id, compte, mois), so two
-- postings touching the same accounts and months take the rows in the same order. These rows are taken
-- last, after the course, invoice or voucher row the posting's transaction locked first.
-- The rows are not audited (derived data) and a row that falls back to zero stays (harmless).
-- Caveat: `session_replication_role = replica` skips triggers; bench/scale-accounting.sql rebuilds its
-- company's rows at its end.

CREATE OR REPLACE FUNCTION mouvements_mensuels_maj() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO mouvements_mensuels AS m (entreprise_id, compte, mois, debit, credit, lignes)
    SELECT n.entreprise_id, n.compte, date_trunc('month', n.date_operation)::date,
           sum(n.debit), sum(n.credit), count(*)
    FROM mouvements_nouvelles n
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (entreprise_id, compte, mois) DO UPDATE
      SET debit = m.debit + excluded.debit, credit = m.credit + excluded.credit, lignes = m.lignes + excluded.lignes;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO mouvements_mensuels AS m (entreprise_id, compte, mois, debit, credit, lignes)
    SELECT o.entreprise_id, o.compte, date_trunc('month', o.date_operation)::date,
           -sum(o.debit), -sum(o.credit), -count(*)
    FROM mouvements_anciennes o
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (entreprise_id, compte, mois) DO UPDATE
      SET debit = m.debit + excluded.debit, credit = m.credit + excluded.credit, lignes = m.lignes + excluded.lignes;
  ELSE
    -- An update (none of the services changes a line; raw SQL might): the new lines added, the old removed.
    INSERT INTO mouvements_mensuels AS m (entreprise_id, compte, mois, debit, credit, lignes)
    SELECT d.entreprise_id, d.compte, d.mois, sum(d.debit), sum(d.credit), sum(d.lignes)
    FROM (
      SELECT n.entreprise_id, n.compte, date_trunc('month', n.date_operation)::date AS mois,
             n.debit::bigint AS debit, n.credit::bigint AS credit, 1 AS lignes
      FROM mouvements_nouvelles n
      UNION ALL
      SELECT o.entreprise_id, o.compte, date_trunc('month', o.date_operation)::date,
             -o.debit::bigint, -o.credit::bigint, -1
      FROM mouvements_anciennes o
    ) d
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (entreprise_id, compte, mois) DO UPDATE
      SET debit = m.debit + excluded.debit, credit = m.credit + excluded.credit, lignes = m.lignes + excluded.lignes;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER mouvements_mensuels_insert AFTER INSERT ON ecriture_lignes
REFERENCING NEW TABLE AS mouvements_nouvelles
FOR EACH STATEMENT EXECUTE FUNCTION mouvements_mensuels_maj();
--> statement-breakpoint
CREATE TRIGGER mouvements_mensuels_update AFTER UPDATE ON ecriture_lignes
REFERENCING OLD TABLE AS mouvements_anciennes NEW TABLE AS mouvements_nouvelles
FOR EACH STATEMENT EXECUTE FUNCTION mouvements_mensuels_maj();
--> statement-breakpoint
CREATE TRIGGER mouvements_mensuels_delete AFTER DELETE ON ecriture_lignes
REFERENCING OLD TABLE AS mouvements_anciennes
FOR EACH STATEMENT EXECUTE FUNCTION mouvements_mensuels_maj();
--> statement-breakpoint

-- Backfill: the movements of every line already posted.
INSERT INTO mouvements_mensuels (entreprise_id, compte, mois, debit, credit, lignes)
SELECT entreprise_id, compte, date_trunc('month', date_operation)::date, sum(debit), sum(credit), count(*)
FROM ecriture_lignes
GROUP BY 1, 2, 3
ON CONFLICT (entreprise_id, compte, mois) DO UPDATE
  SET debit = excluded.debit, credit = excluded.credit, lignes = excluded.lignes;
