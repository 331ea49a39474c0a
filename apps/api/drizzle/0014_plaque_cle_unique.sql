DROP INDEX "vehicules_plaque_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "vehicules_plaque_cle_unique" ON "vehicules" USING btree ("entreprise_id",replace("plaque", '-', ''));