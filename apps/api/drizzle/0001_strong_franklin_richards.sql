CREATE TABLE "parametres_entreprise" (
	"entreprise_id" integer PRIMARY KEY NOT NULL,
	"raison_sociale" varchar(255) NOT NULL,
	"adresse" varchar(255),
	"telephone" varchar(30),
	"email" varchar(255),
	"nif" varchar(50),
	"rccm" varchar(50),
	"logo" varchar(500),
	"prefixe_facture" varchar(10) DEFAULT 'FAC' NOT NULL,
	"objectif_mensuel" integer DEFAULT 0 NOT NULL,
	"delai_en_ligne_min" integer DEFAULT 5 NOT NULL,
	"rayon_arrivee_m" integer DEFAULT 300 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parametres_objectif_positif" CHECK ("parametres_entreprise"."objectif_mensuel" >= 0),
	CONSTRAINT "parametres_delai_positif" CHECK ("parametres_entreprise"."delai_en_ligne_min" > 0),
	CONSTRAINT "parametres_rayon_positif" CHECK ("parametres_entreprise"."rayon_arrivee_m" > 0)
);
--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD CONSTRAINT "parametres_entreprise_entreprise_id_users_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;