CREATE TABLE "achat_lignes" (
	"id" serial PRIMARY KEY NOT NULL,
	"achat_id" integer NOT NULL,
	"position" integer NOT NULL,
	"article_id" integer,
	"description" varchar(500),
	"qte" integer NOT NULL,
	"prix_unitaire" integer NOT NULL,
	"montant" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "achats" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"date_operation" date NOT NULL,
	"acheteur_id" integer NOT NULL,
	"fournisseur_id" integer NOT NULL,
	"appliquer_tva" boolean DEFAULT false NOT NULL,
	"taux_tva" numeric(5, 2) DEFAULT 0 NOT NULL,
	"montant_ht" integer DEFAULT 0 NOT NULL,
	"tva_deductible" integer DEFAULT 0 NOT NULL,
	"montant" integer DEFAULT 0 NOT NULL,
	"montant_regle" integer DEFAULT 0 NOT NULL,
	"statut_reglement" varchar(30) DEFAULT 'Non réglé' NOT NULL,
	"statut" varchar(20) DEFAULT 'Brouillon' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses_facturees" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"facture_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecriture_lignes" (
	"id" serial PRIMARY KEY NOT NULL,
	"ecriture_id" integer NOT NULL,
	"entreprise_id" integer NOT NULL,
	"date_operation" date NOT NULL,
	"compte" varchar(10) NOT NULL,
	"libelle" varchar(255) NOT NULL,
	"debit" integer DEFAULT 0 NOT NULL,
	"credit" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ecriture_lignes_sens" CHECK ("ecriture_lignes"."debit" >= 0 and "ecriture_lignes"."credit" >= 0 and ("ecriture_lignes"."debit" = 0 or "ecriture_lignes"."credit" = 0))
);
--> statement-breakpoint
CREATE TABLE "ecritures" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"date_operation" date NOT NULL,
	"type" varchar(30) NOT NULL,
	"libelle" varchar(255) NOT NULL,
	"piece" varchar(60),
	"source_type" varchar(30),
	"source_id" integer,
	"contre_passation_de" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facture_lignes" (
	"id" serial PRIMARY KEY NOT NULL,
	"facture_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" varchar(500) NOT NULL,
	"is_title" boolean DEFAULT false NOT NULL,
	"qte" integer,
	"prix_unitaire" integer,
	"reduction" integer DEFAULT 0 NOT NULL,
	"net_a_payer" integer DEFAULT 0 NOT NULL,
	"course_id" integer
);
--> statement-breakpoint
CREATE TABLE "factures" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"numero" varchar(40),
	"date_operation" date NOT NULL,
	"expirable" boolean DEFAULT false NOT NULL,
	"date_expiration" date,
	"client_id" integer NOT NULL,
	"utilisateur_id" integer,
	"appliquer_tva" boolean DEFAULT false NOT NULL,
	"taux_tva" numeric(5, 2) DEFAULT 0 NOT NULL,
	"appliquer_tps" boolean DEFAULT false NOT NULL,
	"taux_tps" numeric(5, 2) DEFAULT 0 NOT NULL,
	"appliquer_css" boolean DEFAULT false NOT NULL,
	"taux_css" numeric(5, 2) DEFAULT 0 NOT NULL,
	"appliquer_reduction" boolean DEFAULT false NOT NULL,
	"total_ht" integer DEFAULT 0 NOT NULL,
	"tva" integer DEFAULT 0 NOT NULL,
	"tps" integer DEFAULT 0 NOT NULL,
	"css" integer DEFAULT 0 NOT NULL,
	"reduction" integer DEFAULT 0 NOT NULL,
	"total_ttc" integer DEFAULT 0 NOT NULL,
	"net_a_payer" integer DEFAULT 0 NOT NULL,
	"montant_regle" integer DEFAULT 0 NOT NULL,
	"est_valide" boolean DEFAULT false NOT NULL,
	"statut" varchar(20) DEFAULT 'Brouillon' NOT NULL,
	"conditions" text,
	"mentions" text,
	"origine_id" integer,
	"validee_le" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "factures_net_positif" CHECK ("factures"."net_a_payer" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pieces_de_caisse" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"date_operation" date NOT NULL,
	"beneficiaire" varchar(160) NOT NULL,
	"decaisseur" varchar(160) NOT NULL,
	"montant" integer NOT NULL,
	"libelle" varchar(255) NOT NULL,
	"motif" text,
	"actif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reglements" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"facture_id" integer,
	"achat_id" integer,
	"date_operation" date NOT NULL,
	"mode" varchar(30) NOT NULL,
	"montant" integer NOT NULL,
	"reference" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "achat_lignes" ADD CONSTRAINT "achat_lignes_achat_id_achats_id_fk" FOREIGN KEY ("achat_id") REFERENCES "public"."achats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achat_lignes" ADD CONSTRAINT "achat_lignes_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achats" ADD CONSTRAINT "achats_acheteur_id_users_id_fk" FOREIGN KEY ("acheteur_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achats" ADD CONSTRAINT "achats_fournisseur_id_fournisseurs_id_fk" FOREIGN KEY ("fournisseur_id") REFERENCES "public"."fournisseurs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_facturees" ADD CONSTRAINT "courses_facturees_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_facturees" ADD CONSTRAINT "courses_facturees_facture_id_factures_id_fk" FOREIGN KEY ("facture_id") REFERENCES "public"."factures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecriture_lignes" ADD CONSTRAINT "ecriture_lignes_ecriture_id_ecritures_id_fk" FOREIGN KEY ("ecriture_id") REFERENCES "public"."ecritures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecritures" ADD CONSTRAINT "ecritures_contre_passation_de_ecritures_id_fk" FOREIGN KEY ("contre_passation_de") REFERENCES "public"."ecritures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facture_lignes" ADD CONSTRAINT "facture_lignes_facture_id_factures_id_fk" FOREIGN KEY ("facture_id") REFERENCES "public"."factures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facture_lignes" ADD CONSTRAINT "facture_lignes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factures" ADD CONSTRAINT "factures_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factures" ADD CONSTRAINT "factures_utilisateur_id_users_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factures" ADD CONSTRAINT "factures_origine_id_factures_id_fk" FOREIGN KEY ("origine_id") REFERENCES "public"."factures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglements" ADD CONSTRAINT "reglements_facture_id_factures_id_fk" FOREIGN KEY ("facture_id") REFERENCES "public"."factures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglements" ADD CONSTRAINT "reglements_achat_id_achats_id_fk" FOREIGN KEY ("achat_id") REFERENCES "public"."achats"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "achat_lignes_achat_idx" ON "achat_lignes" USING btree ("achat_id");--> statement-breakpoint
CREATE INDEX "achat_lignes_article_idx" ON "achat_lignes" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "achats_entreprise_date_idx" ON "achats" USING btree ("entreprise_id","date_operation");--> statement-breakpoint
CREATE INDEX "ecriture_lignes_compte_idx" ON "ecriture_lignes" USING btree ("entreprise_id","compte","date_operation","id");--> statement-breakpoint
CREATE INDEX "ecriture_lignes_ecriture_idx" ON "ecriture_lignes" USING btree ("ecriture_id");--> statement-breakpoint
CREATE INDEX "ecritures_entreprise_date_idx" ON "ecritures" USING btree ("entreprise_id","date_operation");--> statement-breakpoint
CREATE INDEX "ecritures_source_idx" ON "ecritures" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "facture_lignes_facture_idx" ON "facture_lignes" USING btree ("facture_id");--> statement-breakpoint
CREATE INDEX "facture_lignes_course_idx" ON "facture_lignes" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "factures_numero_unique" ON "factures" USING btree ("entreprise_id","numero");--> statement-breakpoint
CREATE INDEX "factures_entreprise_date_idx" ON "factures" USING btree ("entreprise_id","date_operation");--> statement-breakpoint
CREATE INDEX "factures_client_idx" ON "factures" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "factures_origine_idx" ON "factures" USING btree ("origine_id");--> statement-breakpoint
CREATE INDEX "pieces_de_caisse_entreprise_date_idx" ON "pieces_de_caisse" USING btree ("entreprise_id","date_operation");--> statement-breakpoint
CREATE INDEX "reglements_facture_idx" ON "reglements" USING btree ("facture_id");--> statement-breakpoint
CREATE INDEX "reglements_achat_idx" ON "reglements" USING btree ("achat_id");