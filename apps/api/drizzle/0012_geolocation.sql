CREATE TABLE "appareils" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"nom" varchar(120) NOT NULL,
	"identifiant" varchar(64) NOT NULL,
	"vehicule_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appareils_inconnus" (
	"identifiant" varchar(64) PRIMARY KEY NOT NULL,
	"vu_fois" integer DEFAULT 1 NOT NULL,
	"premiere_vue" timestamp with time zone DEFAULT now() NOT NULL,
	"derniere_vue" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_evenements" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"appareil_id" integer,
	"type" varchar(40) NOT NULL,
	"heure" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_evenements_type_check" CHECK ("course_evenements"."type" in ('Arrivé au chargement', 'Parti du chargement', 'Arrivé à destination', 'Parti de destination'))
);
--> statement-breakpoint
CREATE TABLE "liens_suivi" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"cree_par" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"appareil_id" integer NOT NULL,
	"entreprise_id" integer NOT NULL,
	"heure" timestamp with time zone NOT NULL,
	"recu_le" timestamp with time zone DEFAULT now() NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"vitesse" real,
	"cap" real,
	"altitude" real,
	"precision" real,
	"batterie" real,
	"en_charge" boolean,
	"attributs" jsonb,
	CONSTRAINT "positions_latitude_check" CHECK ("positions"."latitude" between -90 and 90),
	CONSTRAINT "positions_longitude_check" CHECK ("positions"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "chargement_lat" double precision;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "chargement_lng" double precision;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "dechargement_lat" double precision;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "dechargement_lng" double precision;--> statement-breakpoint
ALTER TABLE "demandes" ADD COLUMN "chargement_lat" double precision;--> statement-breakpoint
ALTER TABLE "demandes" ADD COLUMN "chargement_lng" double precision;--> statement-breakpoint
ALTER TABLE "demandes" ADD COLUMN "dechargement_lat" double precision;--> statement-breakpoint
ALTER TABLE "demandes" ADD COLUMN "dechargement_lng" double precision;--> statement-breakpoint
ALTER TABLE "appareils" ADD CONSTRAINT "appareils_vehicule_id_vehicules_id_fk" FOREIGN KEY ("vehicule_id") REFERENCES "public"."vehicules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_evenements" ADD CONSTRAINT "course_evenements_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_evenements" ADD CONSTRAINT "course_evenements_appareil_id_appareils_id_fk" FOREIGN KEY ("appareil_id") REFERENCES "public"."appareils"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liens_suivi" ADD CONSTRAINT "liens_suivi_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liens_suivi" ADD CONSTRAINT "liens_suivi_cree_par_users_id_fk" FOREIGN KEY ("cree_par") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_appareil_id_appareils_id_fk" FOREIGN KEY ("appareil_id") REFERENCES "public"."appareils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appareils_identifiant_unique" ON "appareils" USING btree ("identifiant");--> statement-breakpoint
CREATE INDEX "appareils_entreprise_idx" ON "appareils" USING btree ("entreprise_id","nom");--> statement-breakpoint
CREATE INDEX "appareils_vehicule_idx" ON "appareils" USING btree ("vehicule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_evenements_unique" ON "course_evenements" USING btree ("course_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "liens_suivi_token_unique" ON "liens_suivi" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "liens_suivi_course_idx" ON "liens_suivi" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_appareil_heure_unique" ON "positions" USING btree ("appareil_id","heure");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_chargement_lat_check" CHECK ("courses"."chargement_lat" between -90 and 90);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_chargement_lng_check" CHECK ("courses"."chargement_lng" between -180 and 180);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_chargement_paire_check" CHECK (("courses"."chargement_lat" is null) = ("courses"."chargement_lng" is null));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_dechargement_lat_check" CHECK ("courses"."dechargement_lat" between -90 and 90);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_dechargement_lng_check" CHECK ("courses"."dechargement_lng" between -180 and 180);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_dechargement_paire_check" CHECK (("courses"."dechargement_lat" is null) = ("courses"."dechargement_lng" is null));--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_chargement_lat_check" CHECK ("demandes"."chargement_lat" between -90 and 90);--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_chargement_lng_check" CHECK ("demandes"."chargement_lng" between -180 and 180);--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_chargement_paire_check" CHECK (("demandes"."chargement_lat" is null) = ("demandes"."chargement_lng" is null));--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_dechargement_lat_check" CHECK ("demandes"."dechargement_lat" between -90 and 90);--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_dechargement_lng_check" CHECK ("demandes"."dechargement_lng" between -180 and 180);--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_dechargement_paire_check" CHECK (("demandes"."dechargement_lat" is null) = ("demandes"."dechargement_lng" is null));