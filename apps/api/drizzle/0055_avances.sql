CREATE TABLE "avance_depenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"avance_id" integer NOT NULL,
	"nature" varchar(30) NOT NULL,
	"libelle" varchar(255) NOT NULL,
	"montant" integer NOT NULL,
	"tva" integer DEFAULT 0 NOT NULL,
	"date_operation" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avance_depenses_montant_check" CHECK ("avance_depenses"."montant" > 0),
	CONSTRAINT "avance_depenses_nature_check" CHECK ("avance_depenses"."nature" in ('carburant', 'peage', 'frais_de_route', 'entretien', 'fournitures', 'divers'))
);
--> statement-breakpoint
CREATE TABLE "avances" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"chauffeur_id" integer NOT NULL,
	"course_id" integer,
	"date_debut" date,
	"date_fin" date,
	"montant" integer NOT NULL,
	"mode" varchar(20) NOT NULL,
	"date_operation" date NOT NULL,
	"reference" varchar(100),
	"note" text,
	"statut" varchar(10) DEFAULT 'Ouverte' NOT NULL,
	"solde_montant" integer,
	"solde_sens" varchar(6),
	"solde_mode" varchar(20),
	"solde_date" date,
	"annule_le" timestamp with time zone,
	"annule_par" integer,
	"motif_annulation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avances_montant_check" CHECK ("avances"."montant" > 0),
	CONSTRAINT "avances_periode_check" CHECK (("avances"."date_debut" is null) = ("avances"."date_fin" is null)),
	CONSTRAINT "avances_statut_check" CHECK ("avances"."statut" in ('Ouverte', 'Soldée', 'Annulée')),
	CONSTRAINT "avances_mode_check" CHECK ("avances"."mode" in ('Espèces', 'Airtel Money', 'Moov Money', 'Virement', 'Chèque')),
	CONSTRAINT "avances_solde_mode_check" CHECK ("avances"."solde_mode" in ('Espèces', 'Airtel Money', 'Moov Money', 'Virement', 'Chèque')),
	CONSTRAINT "avances_solde_sens_check" CHECK ("avances"."solde_sens" in ('rendu', 'verse'))
);
--> statement-breakpoint
ALTER TABLE "photos_chauffeur" DROP CONSTRAINT "photos_chauffeur_objet_check";--> statement-breakpoint
ALTER TABLE "frais_route" ADD COLUMN "avance_id" integer;--> statement-breakpoint
ALTER TABLE "pleins_carburant" ADD COLUMN "avance_id" integer;--> statement-breakpoint
ALTER TABLE "avance_depenses" ADD CONSTRAINT "avance_depenses_avance_id_avances_id_fk" FOREIGN KEY ("avance_id") REFERENCES "public"."avances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avances" ADD CONSTRAINT "avances_chauffeur_id_users_id_fk" FOREIGN KEY ("chauffeur_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avances" ADD CONSTRAINT "avances_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avances" ADD CONSTRAINT "avances_annule_par_users_id_fk" FOREIGN KEY ("annule_par") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avance_depenses_avance_idx" ON "avance_depenses" USING btree ("entreprise_id","avance_id");--> statement-breakpoint
CREATE INDEX "avances_entreprise_date_idx" ON "avances" USING btree ("entreprise_id","date_operation");--> statement-breakpoint
CREATE INDEX "avances_chauffeur_idx" ON "avances" USING btree ("entreprise_id","chauffeur_id","statut");--> statement-breakpoint
CREATE INDEX "avances_course_idx" ON "avances" USING btree ("entreprise_id","course_id");--> statement-breakpoint
CREATE INDEX "frais_route_avance_idx" ON "frais_route" USING btree ("entreprise_id","avance_id");--> statement-breakpoint
CREATE INDEX "pleins_carburant_avance_idx" ON "pleins_carburant" USING btree ("entreprise_id","avance_id");--> statement-breakpoint
ALTER TABLE "photos_chauffeur" ADD CONSTRAINT "photos_chauffeur_objet_check" CHECK ("photos_chauffeur"."objet" in ('signature', 'livraison', 'carburant', 'frais', 'incident', 'depense'));;--> statement-breakpoint
-- Hand-written. The fills and road expenses that justify an advance point at it; their tables sit in the
-- driver's module, below this one, so the foreign key is declared here (an advance is never deleted, only
-- cancelled, which detaches them first).
ALTER TABLE "pleins_carburant" ADD CONSTRAINT "pleins_carburant_avance_id_avances_id_fk" FOREIGN KEY ("avance_id") REFERENCES "public"."avances"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "frais_route" ADD CONSTRAINT "frais_route_avance_id_avances_id_fk" FOREIGN KEY ("avance_id") REFERENCES "public"."avances"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The driver advances are business data (money given): audited like the others (the function is in 0018_audit_triggers).
SELECT audit_suivre('avances');
--> statement-breakpoint
-- Row-level security, as every tenant table has it (0043_rls.sql).
ALTER TABLE avances ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE avances FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY systeme ON avances USING (current_user <> 'yams_tenant') WITH CHECK (current_user <> 'yams_tenant');
--> statement-breakpoint
CREATE POLICY entreprise ON avances TO yams_tenant
  USING (entreprise_id = app_entreprise()) WITH CHECK (entreprise_id = app_entreprise());
--> statement-breakpoint
-- The driver advances are business data (money given): audited like the others (the function is in 0018_audit_triggers).
SELECT audit_suivre('avance_depenses');
--> statement-breakpoint
-- Row-level security, as every tenant table has it (0043_rls.sql).
ALTER TABLE avance_depenses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE avance_depenses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY systeme ON avance_depenses USING (current_user <> 'yams_tenant') WITH CHECK (current_user <> 'yams_tenant');
--> statement-breakpoint
CREATE POLICY entreprise ON avance_depenses TO yams_tenant
  USING (entreprise_id = app_entreprise()) WITH CHECK (entreprise_id = app_entreprise());
