CREATE TABLE "plans_entretien" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"libelle" varchar(120) NOT NULL,
	"vehicule_id" integer,
	"type_vehicule_id" integer,
	"intervalle_km" integer,
	"intervalle_mois" integer,
	"service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"article_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"actif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "plan_entretien_id" integer;--> statement-breakpoint
ALTER TABLE "plans_entretien" ADD CONSTRAINT "plans_entretien_vehicule_id_vehicules_id_fk" FOREIGN KEY ("vehicule_id") REFERENCES "public"."vehicules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans_entretien" ADD CONSTRAINT "plans_entretien_type_vehicule_id_types_vehicules_id_fk" FOREIGN KEY ("type_vehicule_id") REFERENCES "public"."types_vehicules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plans_entretien_entreprise_idx" ON "plans_entretien" USING btree ("entreprise_id","libelle");--> statement-breakpoint
CREATE INDEX "plans_entretien_vehicule_idx" ON "plans_entretien" USING btree ("vehicule_id");--> statement-breakpoint
CREATE INDEX "plans_entretien_type_idx" ON "plans_entretien" USING btree ("type_vehicule_id");--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_plan_entretien_id_plans_entretien_id_fk" FOREIGN KEY ("plan_entretien_id") REFERENCES "public"."plans_entretien"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interventions_plan_idx" ON "interventions" USING btree ("plan_entretien_id","vehicule_id");--> statement-breakpoint
-- The maintenance plans are business data: audited like the others (the function is in 0018_audit_triggers).
SELECT audit_suivre('plans_entretien');
--> statement-breakpoint
-- Row-level security, as every tenant table has it (0043_rls.sql).
ALTER TABLE plans_entretien ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE plans_entretien FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY systeme ON plans_entretien USING (current_user <> 'yams_tenant') WITH CHECK (current_user <> 'yams_tenant');
--> statement-breakpoint
CREATE POLICY entreprise ON plans_entretien TO yams_tenant
  USING (entreprise_id = app_entreprise()) WITH CHECK (entreprise_id = app_entreprise());
