ALTER TABLE "paiements" ADD COLUMN "annule_par" integer;--> statement-breakpoint
ALTER TABLE "paiements" ADD COLUMN "annule_le" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "paiements" ADD CONSTRAINT "paiements_annule_par_users_id_fk" FOREIGN KEY ("annule_par") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;