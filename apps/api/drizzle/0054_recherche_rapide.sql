CREATE INDEX "courses_code_prefix_idx" ON "courses" USING btree (upper("code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_noms_trgm_idx" ON "users" USING gin ((coalesce("nom", '') || ' ' || coalesce("prenom", '') || ' ' || "name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);