ALTER TABLE "pleins_carburant" ALTER COLUMN "chauffeur_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pleins_carburant" ALTER COLUMN "id_client" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pleins_carburant" ADD COLUMN "prix_litre" integer;--> statement-breakpoint
ALTER TABLE "pleins_carburant" ADD COLUMN "mode_paiement" varchar(12);--> statement-breakpoint
ALTER TABLE "pleins_carburant" ADD COLUMN "saisie" varchar(12) DEFAULT 'chauffeur' NOT NULL;--> statement-breakpoint
ALTER TABLE "pleins_carburant" ADD COLUMN "anomalies" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pleins_carburant" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD COLUMN "marge_anomalie_carburant" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "kilometrage" integer;--> statement-breakpoint
ALTER TABLE "vehicules" ADD COLUMN "capacite_reservoir" integer;--> statement-breakpoint
ALTER TABLE "vehicules" ADD COLUMN "consommation_reference" double precision;--> statement-breakpoint
CREATE INDEX "pleins_carburant_date_idx" ON "pleins_carburant" USING btree ("entreprise_id","date_plein");--> statement-breakpoint
ALTER TABLE "pleins_carburant" ADD CONSTRAINT "pleins_carburant_mode_check" CHECK ("pleins_carburant"."mode_paiement" in ('caisse', 'carte', 'avance', 'bon'));--> statement-breakpoint
ALTER TABLE "pleins_carburant" ADD CONSTRAINT "pleins_carburant_saisie_check" CHECK ("pleins_carburant"."saisie" in ('chauffeur', 'bureau', 'import'));--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD CONSTRAINT "parametres_marge_carburant_check" CHECK ("parametres_entreprise"."marge_anomalie_carburant" >= 0 and "parametres_entreprise"."marge_anomalie_carburant" <= 200);