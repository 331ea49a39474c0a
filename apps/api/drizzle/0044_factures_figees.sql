ALTER TABLE "factures" ADD COLUMN "emetteur" jsonb;--> statement-breakpoint
ALTER TABLE "factures" ADD COLUMN "client_fige" jsonb;--> statement-breakpoint
-- Hand-written: the invoices validated before this migration are frozen with the details of today (the
-- closest we know to those they were validated with); drafts stay null and follow the current details. Not
-- recorded in the invoices' history: nobody changed them.
SELECT set_config('yams.audit', 'off', true);--> statement-breakpoint
UPDATE "factures" f SET
  "emetteur" = jsonb_build_object(
    'raison_sociale', coalesce(nullif(p."raison_sociale", ''), nullif(trim(concat_ws(' ', e."nom", e."prenom")), ''), e."name"),
    'adresse', coalesce(p."adresse", e."adresse"),
    'telephone', coalesce(p."telephone", e."telephone1"),
    'email', coalesce(p."email", e."email"),
    'bp', e."bp",
    'nif', p."nif",
    'rccm', p."rccm",
    'logo', p."logo"
  ),
  "client_fige" = jsonb_build_object(
    'nom', c."nom",
    'prenom', c."prenom",
    'nom_complet', coalesce(nullif(trim(concat_ws(' ', c."nom", c."prenom")), ''), c."name"),
    'telephone1', c."telephone1",
    'telephone2', c."telephone2",
    'email', c."email",
    'adresse', c."adresse",
    'bp', c."bp"
  )
FROM "users" e
LEFT JOIN "parametres_entreprise" p ON p."entreprise_id" = e."id",
  "users" c
WHERE f."est_valide" AND f."emetteur" IS NULL AND e."id" = f."entreprise_id" AND c."id" = f."client_id";--> statement-breakpoint
SELECT set_config('yams.audit', '', true);
