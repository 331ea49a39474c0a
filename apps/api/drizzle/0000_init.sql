CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"libelle" varchar(160) NOT NULL,
	"association" varchar(20) DEFAULT 'vehicule' NOT NULL,
	"camion_id" integer,
	"user_id" integer,
	"date_expiration" date,
	"fichier" varchar(500),
	"fichier_nom" varchar(255),
	"fichier_type" varchar(100),
	"fichier_taille" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intervention_lignes" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" varchar(10) NOT NULL,
	"service_id" integer,
	"article_id" integer,
	"libelle" varchar(200) NOT NULL,
	"qte" integer NOT NULL,
	"prix_unitaire" integer NOT NULL,
	"montant" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interventions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"vehicule_id" integer NOT NULL,
	"garage_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date,
	"statut" varchar(20) DEFAULT 'Brouillon' NOT NULL,
	"description" text,
	"montant" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicules" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"plaque" varchar(20) NOT NULL,
	"marque" varchar(80) NOT NULL,
	"modele" varchar(80),
	"type_vehicule_id" integer,
	"tonnage_kg" integer,
	"proprietaire_id" integer,
	"chauffeur_id" integer,
	"statut" varchar(30) DEFAULT 'Nouveau' NOT NULL,
	"annee" integer,
	"date_mise_en_service" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compteurs" (
	"entreprise_id" integer NOT NULL,
	"serie" varchar(30) NOT NULL,
	"annee" integer NOT NULL,
	"dernier" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "compteurs_entreprise_id_serie_annee_pk" PRIMARY KEY("entreprise_id","serie","annee")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"code" varchar(30) NOT NULL,
	"client_id" integer NOT NULL,
	"vehicule_id" integer NOT NULL,
	"chauffeur_id" integer,
	"demande_id" integer,
	"type_course" varchar(60) NOT NULL,
	"type_marchandise_id" integer,
	"trajet_id" integer,
	"ville_depart_id" integer NOT NULL,
	"ville_arrivee_id" integer NOT NULL,
	"adresse_chargement" varchar(255),
	"adresse_dechargement" varchar(255),
	"date_chargement" timestamp with time zone NOT NULL,
	"date_dechargement" timestamp with time zone,
	"poids_kg" integer,
	"description" text,
	"montant" integer NOT NULL,
	"montant_paye" integer DEFAULT 0 NOT NULL,
	"etat" varchar(20) DEFAULT 'Non payé' NOT NULL,
	"statut" varchar(40) DEFAULT 'Chargement en attente' NOT NULL,
	"statut_avant_probleme" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demandes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"entreprise_id" integer,
	"cree_par_entreprise_id" integer,
	"type_course" varchar(60) NOT NULL,
	"type_marchandise_id" integer,
	"ville_depart_id" integer NOT NULL,
	"ville_arrivee_id" integer NOT NULL,
	"adresse_chargement" varchar(255),
	"adresse_dechargement" varchar(255),
	"date_souhaitee" date NOT NULL,
	"poids_kg" integer,
	"description" text,
	"budget" integer,
	"statut" varchar(30) DEFAULT 'En attente' NOT NULL,
	"course_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paiements" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"date_operation" date NOT NULL,
	"libelle" varchar(255) NOT NULL,
	"mode" varchar(30) NOT NULL,
	"reference" varchar(100),
	"montant" integer NOT NULL,
	"statut" varchar(20) DEFAULT 'En attente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"reference" varchar(60) NOT NULL,
	"nom" varchar(160) NOT NULL,
	"qte" integer DEFAULT 0 NOT NULL,
	"prix_unitaire" integer DEFAULT 0 NOT NULL,
	"type_article_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fournisseurs" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"nom" varchar(160) NOT NULL,
	"telephone" varchar(30),
	"ville_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "garages" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"nom" varchar(160) NOT NULL,
	"adresse" varchar(255),
	"ville_id" integer,
	"telephone" varchar(30),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"libelle" varchar(160) NOT NULL,
	"montant" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trajets" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"libelle" varchar(200) NOT NULL,
	"montant" integer DEFAULT 0 NOT NULL,
	"ville_depart_id" integer,
	"ville_arrivee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "types_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"libelle" varchar(120) NOT NULL,
	"montant" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "types_marchandises" (
	"id" serial PRIMARY KEY NOT NULL,
	"libelle" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "types_vehicules" (
	"id" serial PRIMARY KEY NOT NULL,
	"libelle" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "villes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"libelle" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(300) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_id" integer,
	"recipient_id" integer NOT NULL,
	"entreprise_id" integer,
	"contenu" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"entreprise_id" integer,
	"type" varchar(100) NOT NULL,
	"titre" varchar(255) NOT NULL,
	"contenu" text,
	"data" jsonb,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(500),
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" varchar(20) NOT NULL,
	"sous_type" varchar(20),
	"nom" varchar(255),
	"prenom" varchar(255),
	"adresse" varchar(255),
	"photo" varchar(500),
	"telephone1" varchar(30),
	"telephone2" varchar(30),
	"email" varchar(255) NOT NULL,
	"bp" varchar(50),
	"commercial_id" integer,
	"entreprise_id" integer,
	"password" text,
	"email_verified_at" timestamp with time zone,
	"bloque" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_camion_id_vehicules_id_fk" FOREIGN KEY ("camion_id") REFERENCES "public"."vehicules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention_lignes" ADD CONSTRAINT "intervention_lignes_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention_lignes" ADD CONSTRAINT "intervention_lignes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention_lignes" ADD CONSTRAINT "intervention_lignes_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_vehicule_id_vehicules_id_fk" FOREIGN KEY ("vehicule_id") REFERENCES "public"."vehicules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_garage_id_garages_id_fk" FOREIGN KEY ("garage_id") REFERENCES "public"."garages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicules" ADD CONSTRAINT "vehicules_type_vehicule_id_types_vehicules_id_fk" FOREIGN KEY ("type_vehicule_id") REFERENCES "public"."types_vehicules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicules" ADD CONSTRAINT "vehicules_proprietaire_id_users_id_fk" FOREIGN KEY ("proprietaire_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicules" ADD CONSTRAINT "vehicules_chauffeur_id_users_id_fk" FOREIGN KEY ("chauffeur_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_vehicule_id_vehicules_id_fk" FOREIGN KEY ("vehicule_id") REFERENCES "public"."vehicules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_chauffeur_id_users_id_fk" FOREIGN KEY ("chauffeur_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_demande_id_demandes_id_fk" FOREIGN KEY ("demande_id") REFERENCES "public"."demandes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_type_marchandise_id_types_marchandises_id_fk" FOREIGN KEY ("type_marchandise_id") REFERENCES "public"."types_marchandises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_trajet_id_trajets_id_fk" FOREIGN KEY ("trajet_id") REFERENCES "public"."trajets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_ville_depart_id_villes_id_fk" FOREIGN KEY ("ville_depart_id") REFERENCES "public"."villes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_ville_arrivee_id_villes_id_fk" FOREIGN KEY ("ville_arrivee_id") REFERENCES "public"."villes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_type_marchandise_id_types_marchandises_id_fk" FOREIGN KEY ("type_marchandise_id") REFERENCES "public"."types_marchandises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_ville_depart_id_villes_id_fk" FOREIGN KEY ("ville_depart_id") REFERENCES "public"."villes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_ville_arrivee_id_villes_id_fk" FOREIGN KEY ("ville_arrivee_id") REFERENCES "public"."villes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paiements" ADD CONSTRAINT "paiements_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paiements" ADD CONSTRAINT "paiements_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_type_article_id_types_articles_id_fk" FOREIGN KEY ("type_article_id") REFERENCES "public"."types_articles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fournisseurs" ADD CONSTRAINT "fournisseurs_ville_id_villes_id_fk" FOREIGN KEY ("ville_id") REFERENCES "public"."villes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garages" ADD CONSTRAINT "garages_ville_id_villes_id_fk" FOREIGN KEY ("ville_id") REFERENCES "public"."villes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trajets" ADD CONSTRAINT "trajets_ville_depart_id_villes_id_fk" FOREIGN KEY ("ville_depart_id") REFERENCES "public"."villes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trajets" ADD CONSTRAINT "trajets_ville_arrivee_id_villes_id_fk" FOREIGN KEY ("ville_arrivee_id") REFERENCES "public"."villes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD CONSTRAINT "personal_access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_commercial_id_users_id_fk" FOREIGN KEY ("commercial_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_entreprise_id_users_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_entreprise_idx" ON "documents" USING btree ("entreprise_id","date_expiration");--> statement-breakpoint
CREATE INDEX "documents_camion_idx" ON "documents" USING btree ("camion_id");--> statement-breakpoint
CREATE INDEX "intervention_lignes_intervention_idx" ON "intervention_lignes" USING btree ("intervention_id");--> statement-breakpoint
CREATE INDEX "intervention_lignes_article_idx" ON "intervention_lignes" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "intervention_lignes_service_idx" ON "intervention_lignes" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "interventions_entreprise_idx" ON "interventions" USING btree ("entreprise_id","date_debut");--> statement-breakpoint
CREATE INDEX "interventions_vehicule_idx" ON "interventions" USING btree ("vehicule_id","statut");--> statement-breakpoint
CREATE INDEX "interventions_garage_idx" ON "interventions" USING btree ("garage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicules_plaque_unique" ON "vehicules" USING btree ("entreprise_id","plaque");--> statement-breakpoint
CREATE INDEX "vehicules_entreprise_idx" ON "vehicules" USING btree ("entreprise_id","statut");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_code_unique" ON "courses" USING btree ("entreprise_id","code");--> statement-breakpoint
CREATE INDEX "courses_entreprise_date_idx" ON "courses" USING btree ("entreprise_id","date_chargement");--> statement-breakpoint
CREATE INDEX "courses_entreprise_statut_idx" ON "courses" USING btree ("entreprise_id","statut");--> statement-breakpoint
CREATE INDEX "courses_client_idx" ON "courses" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "courses_chauffeur_idx" ON "courses" USING btree ("chauffeur_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_vehicule_ouverte_unique" ON "courses" USING btree ("vehicule_id") WHERE statut not in ('Terminé', 'Annulé');--> statement-breakpoint
CREATE INDEX "courses_vehicule_idx" ON "courses" USING btree ("vehicule_id");--> statement-breakpoint
CREATE INDEX "demandes_statut_idx" ON "demandes" USING btree ("statut","date_souhaitee");--> statement-breakpoint
CREATE INDEX "demandes_entreprise_idx" ON "demandes" USING btree ("entreprise_id");--> statement-breakpoint
CREATE INDEX "demandes_client_idx" ON "demandes" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "paiements_entreprise_date_idx" ON "paiements" USING btree ("entreprise_id","date_operation");--> statement-breakpoint
CREATE INDEX "paiements_course_idx" ON "paiements" USING btree ("course_id","statut");--> statement-breakpoint
CREATE INDEX "paiements_client_idx" ON "paiements" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "articles_entreprise_idx" ON "articles" USING btree ("entreprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_reference_unique" ON "articles" USING btree ("entreprise_id","reference");--> statement-breakpoint
CREATE INDEX "fournisseurs_entreprise_idx" ON "fournisseurs" USING btree ("entreprise_id");--> statement-breakpoint
CREATE INDEX "garages_entreprise_idx" ON "garages" USING btree ("entreprise_id");--> statement-breakpoint
CREATE INDEX "services_entreprise_idx" ON "services" USING btree ("entreprise_id");--> statement-breakpoint
CREATE INDEX "trajets_entreprise_idx" ON "trajets" USING btree ("entreprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "villes_code_unique" ON "villes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "auth_attempts_key_idx" ON "auth_attempts" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient_id","read_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_unique" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tokens_user_idx" ON "personal_access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_entreprise_idx" ON "users" USING btree ("entreprise_id","type");--> statement-breakpoint
CREATE INDEX "verification_codes_user_idx" ON "verification_codes" USING btree ("user_id");