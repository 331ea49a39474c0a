DROP INDEX "courses_entreprise_date_idx";--> statement-breakpoint
DROP INDEX "courses_entreprise_statut_idx";--> statement-breakpoint
DROP INDEX "courses_client_idx";--> statement-breakpoint
DROP INDEX "courses_chauffeur_idx";--> statement-breakpoint
DROP INDEX "courses_vehicule_idx";--> statement-breakpoint
CREATE INDEX "courses_entreprise_etat_idx" ON "courses" USING btree ("entreprise_id","etat","date_chargement");--> statement-breakpoint
CREATE INDEX "courses_entreprise_type_idx" ON "courses" USING btree ("entreprise_id","type_course","date_chargement");--> statement-breakpoint
CREATE INDEX "courses_entreprise_montant_idx" ON "courses" USING btree ("entreprise_id","montant");--> statement-breakpoint
CREATE INDEX "courses_entreprise_dechargement_idx" ON "courses" USING btree ("entreprise_id","date_dechargement");--> statement-breakpoint
CREATE INDEX "courses_date_idx" ON "courses" USING btree ("date_chargement","id");--> statement-breakpoint
CREATE INDEX "paiements_entreprise_montant_idx" ON "paiements" USING btree ("entreprise_id","montant");--> statement-breakpoint
CREATE INDEX "paiements_date_idx" ON "paiements" USING btree ("date_operation","id");--> statement-breakpoint
CREATE INDEX "courses_entreprise_date_idx" ON "courses" USING btree ("entreprise_id","date_chargement","id");--> statement-breakpoint
CREATE INDEX "courses_entreprise_statut_idx" ON "courses" USING btree ("entreprise_id","statut","date_chargement");--> statement-breakpoint
CREATE INDEX "courses_client_idx" ON "courses" USING btree ("client_id","date_chargement");--> statement-breakpoint
CREATE INDEX "courses_chauffeur_idx" ON "courses" USING btree ("chauffeur_id","date_chargement");--> statement-breakpoint
CREATE INDEX "courses_vehicule_idx" ON "courses" USING btree ("vehicule_id","date_chargement");