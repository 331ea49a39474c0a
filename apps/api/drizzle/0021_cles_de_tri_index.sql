CREATE INDEX "courses_entreprise_tri_vehicule_idx" ON "courses" USING btree ("entreprise_id","tri_vehicule","date_chargement","id");--> statement-breakpoint
CREATE INDEX "courses_entreprise_tri_client_idx" ON "courses" USING btree ("entreprise_id","tri_client","date_chargement","id");--> statement-breakpoint
CREATE INDEX "courses_tri_vehicule_idx" ON "courses" USING btree ("tri_vehicule","date_chargement","id");--> statement-breakpoint
CREATE INDEX "courses_tri_client_idx" ON "courses" USING btree ("tri_client","date_chargement","id");--> statement-breakpoint
CREATE INDEX "paiements_entreprise_tri_client_idx" ON "paiements" USING btree ("entreprise_id","tri_client","date_operation","id");--> statement-breakpoint
CREATE INDEX "paiements_entreprise_tri_course_idx" ON "paiements" USING btree ("entreprise_id","tri_course","date_operation","id");--> statement-breakpoint
CREATE INDEX "paiements_tri_client_idx" ON "paiements" USING btree ("tri_client","date_operation","id");--> statement-breakpoint
CREATE INDEX "paiements_tri_course_idx" ON "paiements" USING btree ("tri_course","date_operation","id");