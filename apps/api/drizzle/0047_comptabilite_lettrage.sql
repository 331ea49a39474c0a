ALTER TABLE "achat_lignes" ADD COLUMN "taux_tva" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "achats" ADD COLUMN "appliquer_css" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "achats" ADD COLUMN "taux_css" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "achats" ADD COLUMN "css" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ecriture_lignes" ADD COLUMN "tiers_id" integer;--> statement-breakpoint
ALTER TABLE "ecriture_lignes" ADD COLUMN "lettrage" integer;--> statement-breakpoint
ALTER TABLE "factures" ADD COLUMN "remise_avant_taxes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pieces_de_caisse" ADD COLUMN "nature" varchar(30) DEFAULT 'divers' NOT NULL;--> statement-breakpoint
ALTER TABLE "pieces_de_caisse" ADD COLUMN "tva" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD COLUMN "remise_avant_taxes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "ecriture_lignes_tiers_idx" ON "ecriture_lignes" USING btree ("entreprise_id","compte","tiers_id","lettrage");