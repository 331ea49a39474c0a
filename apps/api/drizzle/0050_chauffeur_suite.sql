ALTER TABLE "incidents_route" ADD COLUMN "traite_le" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incidents_route" ADD COLUMN "traite_par" integer;--> statement-breakpoint
ALTER TABLE "incidents_route" ADD COLUMN "traitement" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "code_livraison" varchar(12);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "code_livraison_essais" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents_route" ADD CONSTRAINT "incidents_route_traite_par_users_id_fk" FOREIGN KEY ("traite_par") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;