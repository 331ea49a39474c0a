CREATE TABLE "course_etapes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"chauffeur_id" integer NOT NULL,
	"id_client" uuid NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"course_id" integer NOT NULL,
	"statut" varchar(40) NOT NULL,
	"statut_precedent" varchar(40),
	"appliquee" boolean NOT NULL,
	"note" text,
	"precision_m" integer,
	"date_etape" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frais_route" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"chauffeur_id" integer NOT NULL,
	"id_client" uuid NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"course_id" integer NOT NULL,
	"vehicule_id" integer NOT NULL,
	"type" varchar(30) NOT NULL,
	"montant" integer NOT NULL,
	"note" text,
	"date_frais" timestamp with time zone NOT NULL,
	CONSTRAINT "frais_route_type_check" CHECK ("frais_route"."type" in ('Péage', 'Pesage', 'Police', 'Gendarmerie', 'Douane', 'Parking', 'Réparation', 'Per diem', 'Autre')),
	CONSTRAINT "frais_route_montant_check" CHECK ("frais_route"."montant" > 0)
);
--> statement-breakpoint
CREATE TABLE "incidents_route" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"chauffeur_id" integer NOT NULL,
	"id_client" uuid NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"course_id" integer,
	"vehicule_id" integer NOT NULL,
	"type" varchar(30) NOT NULL,
	"note" text NOT NULL,
	"date_incident" timestamp with time zone NOT NULL,
	CONSTRAINT "incidents_route_type_check" CHECK ("incidents_route"."type" in ('Panne', 'Accident', 'Retard', 'Contrôle'))
);
--> statement-breakpoint
CREATE TABLE "livraisons" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"chauffeur_id" integer NOT NULL,
	"id_client" uuid NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"course_id" integer NOT NULL,
	"receptionnaire" varchar(255) NOT NULL,
	"code_verifie" boolean DEFAULT false NOT NULL,
	"note" text,
	"date_livraison" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos_chauffeur" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"objet" varchar(20) NOT NULL,
	"objet_id" integer NOT NULL,
	"chemin" varchar(500) NOT NULL,
	"type" varchar(60) NOT NULL,
	"taille" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_chauffeur_objet_check" CHECK ("photos_chauffeur"."objet" in ('signature', 'livraison', 'carburant', 'frais', 'incident'))
);
--> statement-breakpoint
CREATE TABLE "pleins_carburant" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"chauffeur_id" integer NOT NULL,
	"id_client" uuid NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicule_id" integer NOT NULL,
	"course_id" integer,
	"litres" double precision NOT NULL,
	"montant" integer NOT NULL,
	"station" varchar(120),
	"kilometrage" integer,
	"plein" boolean DEFAULT false NOT NULL,
	"date_plein" timestamp with time zone NOT NULL,
	CONSTRAINT "pleins_carburant_litres_check" CHECK ("pleins_carburant"."litres" > 0),
	CONSTRAINT "pleins_carburant_montant_check" CHECK ("pleins_carburant"."montant" > 0)
);
--> statement-breakpoint
ALTER TABLE "course_etapes" ADD CONSTRAINT "course_etapes_chauffeur_id_users_id_fk" FOREIGN KEY ("chauffeur_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_etapes" ADD CONSTRAINT "course_etapes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frais_route" ADD CONSTRAINT "frais_route_chauffeur_id_users_id_fk" FOREIGN KEY ("chauffeur_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frais_route" ADD CONSTRAINT "frais_route_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frais_route" ADD CONSTRAINT "frais_route_vehicule_id_vehicules_id_fk" FOREIGN KEY ("vehicule_id") REFERENCES "public"."vehicules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents_route" ADD CONSTRAINT "incidents_route_chauffeur_id_users_id_fk" FOREIGN KEY ("chauffeur_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents_route" ADD CONSTRAINT "incidents_route_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents_route" ADD CONSTRAINT "incidents_route_vehicule_id_vehicules_id_fk" FOREIGN KEY ("vehicule_id") REFERENCES "public"."vehicules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livraisons" ADD CONSTRAINT "livraisons_chauffeur_id_users_id_fk" FOREIGN KEY ("chauffeur_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livraisons" ADD CONSTRAINT "livraisons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pleins_carburant" ADD CONSTRAINT "pleins_carburant_chauffeur_id_users_id_fk" FOREIGN KEY ("chauffeur_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pleins_carburant" ADD CONSTRAINT "pleins_carburant_vehicule_id_vehicules_id_fk" FOREIGN KEY ("vehicule_id") REFERENCES "public"."vehicules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pleins_carburant" ADD CONSTRAINT "pleins_carburant_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_etapes_client_unique" ON "course_etapes" USING btree ("chauffeur_id","id_client");--> statement-breakpoint
CREATE INDEX "course_etapes_course_idx" ON "course_etapes" USING btree ("entreprise_id","course_id","date_etape");--> statement-breakpoint
CREATE UNIQUE INDEX "frais_route_client_unique" ON "frais_route" USING btree ("chauffeur_id","id_client");--> statement-breakpoint
CREATE INDEX "frais_route_course_idx" ON "frais_route" USING btree ("entreprise_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_route_client_unique" ON "incidents_route" USING btree ("chauffeur_id","id_client");--> statement-breakpoint
CREATE INDEX "incidents_route_course_idx" ON "incidents_route" USING btree ("entreprise_id","course_id");--> statement-breakpoint
CREATE INDEX "incidents_route_vehicule_idx" ON "incidents_route" USING btree ("entreprise_id","vehicule_id","date_incident");--> statement-breakpoint
CREATE UNIQUE INDEX "livraisons_client_unique" ON "livraisons" USING btree ("chauffeur_id","id_client");--> statement-breakpoint
CREATE UNIQUE INDEX "livraisons_course_unique" ON "livraisons" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "livraisons_entreprise_idx" ON "livraisons" USING btree ("entreprise_id","course_id");--> statement-breakpoint
CREATE INDEX "photos_chauffeur_objet_idx" ON "photos_chauffeur" USING btree ("entreprise_id","objet","objet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pleins_carburant_client_unique" ON "pleins_carburant" USING btree ("chauffeur_id","id_client");--> statement-breakpoint
CREATE INDEX "pleins_carburant_vehicule_idx" ON "pleins_carburant" USING btree ("entreprise_id","vehicule_id","date_plein");--> statement-breakpoint
CREATE INDEX "pleins_carburant_course_idx" ON "pleins_carburant" USING btree ("entreprise_id","course_id");--> statement-breakpoint
-- Hand-written (drizzle-kit generates no functions): the national digits of a phone number, the rule of
-- `telephoneNational` (packages/shared enums.ts), so the driver's app signs in with `+241 077 12 34 56`,
-- `077123456` or `77 12 34 56` alike; indexed for the drivers, who are looked up by it.
CREATE OR REPLACE FUNCTION telephone_national(raw text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE WHEN length(n) >= 6 THEN n ELSE '' END FROM (
    SELECT ltrim(CASE WHEN d LIKE '241%' AND length(d) >= 11 THEN substr(d, 4) ELSE d END, '0') AS n
    FROM (SELECT regexp_replace(regexp_replace(coalesce(raw, ''), '\D', '', 'g'), '^00', '') AS d) a
  ) b
$fn$;
--> statement-breakpoint
CREATE INDEX "users_telephone_national_idx" ON "users" (telephone_national("telephone1"))
  WHERE "type" IN ('camionneur', 'coursier', 'transporteur');
--> statement-breakpoint
-- The road log is business data (money spent, proofs of delivery): audited like the rest (0018).
SELECT audit_suivre(t) FROM unnest(ARRAY['course_etapes', 'livraisons', 'pleins_carburant', 'frais_route',
  'incidents_route']) AS t;
