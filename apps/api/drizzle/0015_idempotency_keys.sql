CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"cle" varchar(255) NOT NULL,
	"requete" varchar(600) NOT NULL,
	"empreinte" varchar(64) NOT NULL,
	"status" integer,
	"reponse" text,
	"content_type" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_cle_pk" PRIMARY KEY("user_id","cle")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");