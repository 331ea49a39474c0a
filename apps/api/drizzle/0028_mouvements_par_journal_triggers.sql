-- The journal on the lines and in the monthly movements (issue 13): a journal's count ("Vente" over three
-- years) summed every line with a semi-join on its entry. The lines now carry their entry's journal
-- (ecriture_lignes.journal, like date_operation) and mouvements_mensuels is kept per journal too, so a count
-- reads whole months there and the lines of at most two partial months. Hand-written: drizzle-kit generates
-- no functions or triggers; the columns and the new key come from the two previous migrations.

-- The movements' trigger function (0025) on the new key (entreprise_id, compte, mois, journal), rows still
-- upserted sorted by that key. (plpgsql plans only the branch that runs: each branch names the transition
-- tables its triggers declare.)
CREATE OR REPLACE FUNCTION mouvements_mensuels_maj() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO mouvements_mensuels AS m (entreprise_id, compte, mois, journal, debit, credit, lignes)
    SELECT n.entreprise_id, n.compte, date_trunc('month', n.date_operation)::date, n.journal,
           sum(n.debit), sum(n.credit), count(*)
    FROM mouvements_nouvelles n
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (entreprise_id, compte, mois, journal) DO UPDATE
      SET debit = m.debit + excluded.debit, credit = m.credit + excluded.credit, lignes = m.lignes + excluded.lignes;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO mouvements_mensuels AS m (entreprise_id, compte, mois, journal, debit, credit, lignes)
    SELECT o.entreprise_id, o.compte, date_trunc('month', o.date_operation)::date, o.journal,
           -sum(o.debit), -sum(o.credit), -count(*)
    FROM mouvements_anciennes o
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (entreprise_id, compte, mois, journal) DO UPDATE
      SET debit = m.debit + excluded.debit, credit = m.credit + excluded.credit, lignes = m.lignes + excluded.lignes;
  ELSE
    INSERT INTO mouvements_mensuels AS m (entreprise_id, compte, mois, journal, debit, credit, lignes)
    SELECT d.entreprise_id, d.compte, d.mois, d.journal, sum(d.debit), sum(d.credit), sum(d.lignes)
    FROM (
      SELECT n.entreprise_id, n.compte, date_trunc('month', n.date_operation)::date AS mois, n.journal,
             n.debit::bigint AS debit, n.credit::bigint AS credit, 1 AS lignes
      FROM mouvements_nouvelles n
      UNION ALL
      SELECT o.entreprise_id, o.compte, date_trunc('month', o.date_operation)::date, o.journal,
             -o.debit::bigint, -o.credit::bigint, -1
      FROM mouvements_anciennes o
    ) d
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (entreprise_id, compte, mois, journal) DO UPDATE
      SET debit = m.debit + excluded.debit, credit = m.credit + excluded.credit, lignes = m.lignes + excluded.lignes;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint

-- A line inserted without its journal (raw SQL: the demo seed, a script) gets its entry's.
CREATE OR REPLACE FUNCTION ecriture_lignes_journal() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.journal := coalesce((SELECT e.type FROM ecritures e WHERE e.id = NEW.ecriture_id), '');
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER ecriture_lignes_journal BEFORE INSERT ON ecriture_lignes
FOR EACH ROW WHEN (NEW.journal = '') EXECUTE FUNCTION ecriture_lignes_journal();
--> statement-breakpoint

-- Backfill: the lines get their entry's journal (the update trigger moves their movements from the journal
-- '' the previous migration gave every row to their journal), then the emptied '' rows go. Derived data:
-- the audit log is suspended for it (0020).
SELECT tri_audit_suspendu(true);
--> statement-breakpoint
UPDATE ecriture_lignes l SET journal = e.type FROM ecritures e WHERE e.id = l.ecriture_id AND l.journal = '';
--> statement-breakpoint
SELECT tri_audit_suspendu(false);
--> statement-breakpoint
DELETE FROM mouvements_mensuels WHERE journal = '' AND lignes = 0 AND debit = 0 AND credit = 0;
