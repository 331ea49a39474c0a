DROP INDEX "courses_entreprise_statut_idx";--> statement-breakpoint
DROP INDEX "courses_entreprise_type_idx";--> statement-breakpoint
DROP INDEX "courses_entreprise_montant_idx";--> statement-breakpoint
DROP INDEX "courses_entreprise_dechargement_idx";--> statement-breakpoint
DROP INDEX "paiements_entreprise_date_idx";--> statement-breakpoint
DROP INDEX "paiements_entreprise_montant_idx";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "tri_vehicule" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "tri_client" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "paiements" ADD COLUMN "tri_client" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "paiements" ADD COLUMN "tri_course" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_entreprise_dechargement_desc_idx" ON "courses" USING btree ("entreprise_id","date_dechargement" DESC NULLS LAST,"date_chargement" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_code_idx" ON "courses" USING btree ("code","date_chargement","id");--> statement-breakpoint
CREATE INDEX "courses_statut_idx" ON "courses" USING btree ("statut","date_chargement","id");--> statement-breakpoint
CREATE INDEX "courses_type_idx" ON "courses" USING btree ("type_course","date_chargement","id");--> statement-breakpoint
CREATE INDEX "courses_montant_idx" ON "courses" USING btree ("montant","date_chargement","id");--> statement-breakpoint
CREATE INDEX "courses_dechargement_idx" ON "courses" USING btree ("date_dechargement","date_chargement","id");--> statement-breakpoint
CREATE INDEX "courses_dechargement_desc_idx" ON "courses" USING btree ("date_dechargement" DESC NULLS LAST,"date_chargement" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "paiements_entreprise_statut_idx" ON "paiements" USING btree ("entreprise_id","statut","date_operation","id");--> statement-breakpoint
CREATE INDEX "paiements_entreprise_mode_idx" ON "paiements" USING btree ("entreprise_id","mode","date_operation","id");--> statement-breakpoint
CREATE INDEX "paiements_entreprise_libelle_idx" ON "paiements" USING btree ("entreprise_id","libelle","date_operation","id");--> statement-breakpoint
CREATE INDEX "paiements_montant_idx" ON "paiements" USING btree ("montant","date_operation","id");--> statement-breakpoint
CREATE INDEX "paiements_statut_idx" ON "paiements" USING btree ("statut","date_operation","id");--> statement-breakpoint
CREATE INDEX "paiements_mode_idx" ON "paiements" USING btree ("mode","date_operation","id");--> statement-breakpoint
CREATE INDEX "paiements_libelle_idx" ON "paiements" USING btree ("libelle","date_operation","id");--> statement-breakpoint
CREATE INDEX "courses_entreprise_statut_idx" ON "courses" USING btree ("entreprise_id","statut","date_chargement","id");--> statement-breakpoint
CREATE INDEX "courses_entreprise_type_idx" ON "courses" USING btree ("entreprise_id","type_course","date_chargement","id");--> statement-breakpoint
CREATE INDEX "courses_entreprise_montant_idx" ON "courses" USING btree ("entreprise_id","montant","date_chargement","id");--> statement-breakpoint
CREATE INDEX "courses_entreprise_dechargement_idx" ON "courses" USING btree ("entreprise_id","date_dechargement","date_chargement","id");--> statement-breakpoint
CREATE INDEX "paiements_entreprise_date_idx" ON "paiements" USING btree ("entreprise_id","date_operation","id");--> statement-breakpoint
CREATE INDEX "paiements_entreprise_montant_idx" ON "paiements" USING btree ("entreprise_id","montant","date_operation","id");