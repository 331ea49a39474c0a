ALTER TABLE "courses" ADD COLUMN "tri_vehicule" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "tri_client" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "paiements" ADD COLUMN "tri_client" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "paiements" ADD COLUMN "tri_course" varchar(30) DEFAULT '' NOT NULL;