CREATE TABLE "stats_courses_chauffeurs" (
	"entreprise_id" integer NOT NULL,
	"grain" char(1) NOT NULL,
	"debut" date NOT NULL,
	"chauffeur_id" integer NOT NULL,
	"nb" integer DEFAULT 0 NOT NULL,
	"montant" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_courses_chauffeurs_entreprise_id_grain_debut_chauffeur_id_pk" PRIMARY KEY("entreprise_id","grain","debut","chauffeur_id")
);
--> statement-breakpoint
CREATE TABLE "stats_courses_clients" (
	"entreprise_id" integer NOT NULL,
	"grain" char(1) NOT NULL,
	"debut" date NOT NULL,
	"client_id" integer NOT NULL,
	"nb" integer DEFAULT 0 NOT NULL,
	"montant" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_courses_clients_entreprise_id_grain_debut_client_id_pk" PRIMARY KEY("entreprise_id","grain","debut","client_id")
);
--> statement-breakpoint
CREATE TABLE "stats_courses_jour" (
	"entreprise_id" integer NOT NULL,
	"jour" date NOT NULL,
	"statut" varchar(40) NOT NULL,
	"type_course" varchar(60) NOT NULL,
	"nb" integer DEFAULT 0 NOT NULL,
	"montant" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_courses_jour_entreprise_id_jour_statut_type_course_pk" PRIMARY KEY("entreprise_id","jour","statut","type_course")
);
--> statement-breakpoint
CREATE TABLE "stats_flotte" (
	"entreprise_id" integer NOT NULL,
	"grain" char(1) NOT NULL,
	"debut" date NOT NULL,
	"vehicule_id" integer NOT NULL,
	"secondes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_flotte_entreprise_id_grain_debut_vehicule_id_pk" PRIMARY KEY("entreprise_id","grain","debut","vehicule_id")
);
--> statement-breakpoint
CREATE TABLE "stats_paiements_jour" (
	"entreprise_id" integer NOT NULL,
	"jour" date NOT NULL,
	"mode" varchar(30) NOT NULL,
	"statut" varchar(20) NOT NULL,
	"nb" integer DEFAULT 0 NOT NULL,
	"montant" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_paiements_jour_entreprise_id_jour_mode_statut_pk" PRIMARY KEY("entreprise_id","jour","mode","statut")
);
--> statement-breakpoint
CREATE INDEX "stats_courses_chauffeurs_debut_idx" ON "stats_courses_chauffeurs" USING btree ("grain","debut");--> statement-breakpoint
CREATE INDEX "stats_courses_clients_debut_idx" ON "stats_courses_clients" USING btree ("grain","debut");--> statement-breakpoint
CREATE INDEX "stats_courses_jour_jour_idx" ON "stats_courses_jour" USING btree ("jour");--> statement-breakpoint
CREATE INDEX "stats_flotte_debut_idx" ON "stats_flotte" USING btree ("grain","debut");--> statement-breakpoint
CREATE INDEX "stats_paiements_jour_jour_idx" ON "stats_paiements_jour" USING btree ("jour");