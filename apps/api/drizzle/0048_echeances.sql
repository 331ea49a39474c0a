ALTER TABLE "factures" ADD COLUMN "delai_paiement" varchar(10) DEFAULT 'comptant' NOT NULL;--> statement-breakpoint
ALTER TABLE "factures" ADD COLUMN "date_echeance" date;--> statement-breakpoint
-- Hand-written: the invoices made before payment terms existed were payable on receipt ('comptant'): their
-- due date is their date. Not recorded in the invoices' history: nobody changed them.
SELECT set_config('yams.audit', 'off', true);--> statement-breakpoint
UPDATE "factures" SET "date_echeance" = "date_operation";--> statement-breakpoint
SELECT set_config('yams.audit', '', true);--> statement-breakpoint
ALTER TABLE "factures" ALTER COLUMN "date_echeance" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "parametres_entreprise" ADD COLUMN "delai_paiement" varchar(10) DEFAULT 'comptant' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delai_paiement" varchar(10);--> statement-breakpoint
CREATE INDEX "factures_entreprise_client_idx" ON "factures" USING btree ("entreprise_id","client_id","date_operation");
