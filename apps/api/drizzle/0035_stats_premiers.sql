CREATE TABLE "stats_premiers" (
	"entreprise_id" integer NOT NULL,
	"qui" varchar(10) NOT NULL,
	"grain" char(1) NOT NULL,
	"debut" date NOT NULL,
	"jour" date NOT NULL,
	"nb" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_premiers_entreprise_id_qui_grain_debut_jour_pk" PRIMARY KEY("entreprise_id","qui","grain","debut","jour")
);
