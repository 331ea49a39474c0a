CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"nom" varchar(120) NOT NULL,
	"type" varchar(10) NOT NULL,
	"categorie" varchar(30) DEFAULT 'Autre' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"rayon_m" integer,
	"points" jsonb,
	"client_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zones_type_check" CHECK ("zones"."type" in ('cercle', 'polygone')),
	CONSTRAINT "zones_categorie_check" CHECK ("zones"."categorie" in ('Dépôt', 'Site client', 'Port', 'Pont-bascule', 'Poste frontière', 'Chargement', 'Déchargement', 'Autre')),
	CONSTRAINT "zones_latitude_check" CHECK ("zones"."latitude" between -90 and 90),
	CONSTRAINT "zones_longitude_check" CHECK ("zones"."longitude" between -180 and 180),
	CONSTRAINT "zones_forme_check" CHECK (("zones"."type" = 'cercle' and "zones"."rayon_m" > 0) or ("zones"."type" = 'polygone' and "zones"."points" is not null))
);
--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD COLUMN "arret_min_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD COLUMN "trajet_distance_min_m" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD COLUMN "vitesse_mouvement_kmh" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "zones_entreprise_nom_unique" ON "zones" USING btree ("entreprise_id","nom");--> statement-breakpoint
CREATE INDEX "zones_client_idx" ON "zones" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD CONSTRAINT "parametres_arret_positif" CHECK ("parametres_entreprise"."arret_min_minutes" > 0);--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD CONSTRAINT "parametres_trajet_positif" CHECK ("parametres_entreprise"."trajet_distance_min_m" >= 0);--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD CONSTRAINT "parametres_vitesse_positive" CHECK ("parametres_entreprise"."vitesse_mouvement_kmh" > 0);--> statement-breakpoint
-- Zones are business data: audited like the others (the function is in 0018_audit_triggers).
SELECT audit_suivre('zones');
--> statement-breakpoint
-- Row-level security, as every tenant table has it (0043_rls.sql).
ALTER TABLE zones ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE zones FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY systeme ON zones USING (current_user <> 'yams_tenant') WITH CHECK (current_user <> 'yams_tenant');
--> statement-breakpoint
CREATE POLICY entreprise ON zones TO yams_tenant
  USING (entreprise_id = app_entreprise()) WITH CHECK (entreprise_id = app_entreprise());
