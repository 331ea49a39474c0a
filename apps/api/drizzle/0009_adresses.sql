CREATE TABLE "adresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer,
	"utilisateur_id" integer NOT NULL,
	"libelle" varchar(160) NOT NULL,
	"ville_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adresses_latitude_check" CHECK ("adresses"."latitude" between -90 and 90),
	CONSTRAINT "adresses_longitude_check" CHECK ("adresses"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "adresses" ADD CONSTRAINT "adresses_utilisateur_id_users_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adresses" ADD CONSTRAINT "adresses_ville_id_villes_id_fk" FOREIGN KEY ("ville_id") REFERENCES "public"."villes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adresses_utilisateur_idx" ON "adresses" USING btree ("utilisateur_id");