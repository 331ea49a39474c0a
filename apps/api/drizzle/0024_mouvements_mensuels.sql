CREATE TABLE "mouvements_mensuels" (
	"entreprise_id" integer NOT NULL,
	"compte" varchar(10) NOT NULL,
	"mois" date NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"lignes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mouvements_mensuels_entreprise_id_compte_mois_pk" PRIMARY KEY("entreprise_id","compte","mois"),
	CONSTRAINT "mouvements_mensuels_premier_du_mois" CHECK (extract(day from "mouvements_mensuels"."mois") = 1)
);
