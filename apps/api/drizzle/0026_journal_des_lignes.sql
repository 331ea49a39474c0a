ALTER TABLE "ecriture_lignes" ADD COLUMN "journal" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mouvements_mensuels" ADD COLUMN "journal" varchar(30) DEFAULT '' NOT NULL;