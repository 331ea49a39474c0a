CREATE TABLE "rapprochement_lignes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"rapprochement_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"date_operation" date NOT NULL,
	"libelle" varchar(255) DEFAULT '' NOT NULL,
	"reference" varchar(100),
	"telephone" varchar(30),
	"montant" integer NOT NULL,
	"frais" integer DEFAULT 0 NOT NULL,
	"mouvement_id" integer,
	"regle" varchar(20),
	"frais_ecriture_id" integer,
	"propositions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rapprochements" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"compte" varchar(10) NOT NULL,
	"preset" varchar(20),
	"fichier" varchar(255) NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"cree_par" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rapprochement_lignes" ADD CONSTRAINT "rapprochement_lignes_rapprochement_id_rapprochements_id_fk" FOREIGN KEY ("rapprochement_id") REFERENCES "public"."rapprochements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapprochement_lignes" ADD CONSTRAINT "rapprochement_lignes_mouvement_id_ecriture_lignes_id_fk" FOREIGN KEY ("mouvement_id") REFERENCES "public"."ecriture_lignes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapprochement_lignes" ADD CONSTRAINT "rapprochement_lignes_frais_ecriture_id_ecritures_id_fk" FOREIGN KEY ("frais_ecriture_id") REFERENCES "public"."ecritures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapprochements" ADD CONSTRAINT "rapprochements_cree_par_users_id_fk" FOREIGN KEY ("cree_par") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rapprochement_lignes_releve_idx" ON "rapprochement_lignes" USING btree ("rapprochement_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "rapprochement_lignes_mouvement_idx" ON "rapprochement_lignes" USING btree ("entreprise_id","mouvement_id");--> statement-breakpoint
CREATE INDEX "rapprochements_entreprise_idx" ON "rapprochements" USING btree ("entreprise_id","id");--> statement-breakpoint
-- The statements and their lines are business data: audited like the others (0018_audit_triggers).
SELECT audit_suivre('rapprochements');--> statement-breakpoint
SELECT audit_suivre('rapprochement_lignes');--> statement-breakpoint
-- Row-level security, as every tenant table has it (0043_rls.sql).
ALTER TABLE rapprochements ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE rapprochements FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY systeme ON rapprochements USING (current_user <> 'yams_tenant') WITH CHECK (current_user <> 'yams_tenant');--> statement-breakpoint
CREATE POLICY entreprise ON rapprochements TO yams_tenant
  USING (entreprise_id = app_entreprise()) WITH CHECK (entreprise_id = app_entreprise());--> statement-breakpoint
ALTER TABLE rapprochement_lignes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE rapprochement_lignes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY systeme ON rapprochement_lignes USING (current_user <> 'yams_tenant') WITH CHECK (current_user <> 'yams_tenant');--> statement-breakpoint
CREATE POLICY entreprise ON rapprochement_lignes TO yams_tenant
  USING (entreprise_id = app_entreprise()) WITH CHECK (entreprise_id = app_entreprise());
