CREATE TABLE "job_runs" (
	"job" varchar(60) NOT NULL,
	"jour" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_job_jour_pk" PRIMARY KEY("job","jour")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"desactivees" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "lien" varchar(255);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "cle" varchar(120);--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_cle_unique" ON "notifications" USING btree ("user_id","cle");