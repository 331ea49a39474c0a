CREATE TABLE "gps_evenements" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"appareil_id" integer NOT NULL,
	"vehicule_id" integer,
	"type" varchar(30) NOT NULL,
	"heure" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"lieu" varchar(255),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ref" integer DEFAULT 0 NOT NULL,
	"zone_id" integer,
	"course_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gps_evenements_unique" UNIQUE("appareil_id","type","heure","ref"),
	CONSTRAINT "gps_evenements_type_check" CHECK ("gps_evenements"."type" in ('Excès de vitesse', 'Arrêt prolongé', 'Ralenti moteur', 'Appareil silencieux', 'Entrée de zone', 'Sortie de zone'))
);
--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD COLUMN "vitesse_max_kmh" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD COLUMN "arret_alerte_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD COLUMN "ralenti_alerte_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD COLUMN "silence_alerte_heures" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicules" ADD COLUMN "vitesse_max_kmh" integer;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "alertes_app" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "alertes_email" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "gps_evenements" ADD CONSTRAINT "gps_evenements_appareil_id_appareils_id_fk" FOREIGN KEY ("appareil_id") REFERENCES "public"."appareils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_evenements" ADD CONSTRAINT "gps_evenements_vehicule_id_vehicules_id_fk" FOREIGN KEY ("vehicule_id") REFERENCES "public"."vehicules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_evenements" ADD CONSTRAINT "gps_evenements_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_evenements" ADD CONSTRAINT "gps_evenements_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gps_evenements_entreprise_heure_idx" ON "gps_evenements" USING btree ("entreprise_id","heure");--> statement-breakpoint
CREATE INDEX "gps_evenements_vehicule_idx" ON "gps_evenements" USING btree ("vehicule_id");--> statement-breakpoint
CREATE INDEX "gps_evenements_zone_idx" ON "gps_evenements" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "gps_evenements_course_idx" ON "gps_evenements" USING btree ("course_id");--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD CONSTRAINT "parametres_alertes_positives" CHECK ("parametres_entreprise"."vitesse_max_kmh" > 0 and "parametres_entreprise"."arret_alerte_minutes" > 0 and "parametres_entreprise"."ralenti_alerte_minutes" > 0 and "parametres_entreprise"."silence_alerte_heures" > 0);--> statement-breakpoint
-- GPS events are written by the ingest and the silent-device job, never edited by hand: not audited (as
-- course_evenements). Row-level security, as every tenant table has it (0043_rls.sql).
ALTER TABLE gps_evenements ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE gps_evenements FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY systeme ON gps_evenements USING (current_user <> 'yams_tenant') WITH CHECK (current_user <> 'yams_tenant');
--> statement-breakpoint
CREATE POLICY entreprise ON gps_evenements TO yams_tenant
  USING (entreprise_id = app_entreprise()) WITH CHECK (entreprise_id = app_entreprise());
