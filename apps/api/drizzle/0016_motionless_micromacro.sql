DROP INDEX "ecriture_lignes_compte_idx";--> statement-breakpoint
CREATE INDEX "ecriture_lignes_compte_solde_idx" ON "ecriture_lignes" USING btree ("entreprise_id","compte","date_operation","ecriture_id","id","debit","credit");--> statement-breakpoint
CREATE INDEX "ecriture_lignes_periode_idx" ON "ecriture_lignes" USING btree ("entreprise_id","date_operation","ecriture_id","id");