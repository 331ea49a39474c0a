CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"table_name" varchar(63) NOT NULL,
	"record_id" bigint NOT NULL,
	"parent_table" varchar(63),
	"parent_id" bigint,
	"entreprise_id" integer,
	"action" varchar(20) NOT NULL,
	"changes" jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('creation', 'modification', 'etat', 'suppression'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("table_name","record_id");--> statement-breakpoint
CREATE INDEX "audit_log_parent_idx" ON "audit_log" USING btree ("parent_table","parent_id") WHERE "audit_log"."parent_table" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_entreprise_idx" ON "audit_log" USING btree ("entreprise_id","id");