ALTER TABLE "courses" ADD COLUMN "date_chargement_reelle" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "date_depart_reelle" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "date_dechargement_reelle" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "date_panne" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "date_annulation" timestamp with time zone;