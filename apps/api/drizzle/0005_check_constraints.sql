ALTER TABLE "intervention_lignes" ADD CONSTRAINT "intervention_lignes_kind_check" CHECK ("intervention_lignes"."kind" in ('service', 'article'));--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_type_check" CHECK ("interventions"."type" in ('Entretien', 'Réparation'));--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_statut_check" CHECK ("interventions"."statut" in ('Brouillon', 'Confirmé'));--> statement-breakpoint
ALTER TABLE "vehicules" ADD CONSTRAINT "vehicules_statut_check" CHECK ("vehicules"."statut" in ('Nouveau', 'Disponible', 'En course', 'En intervention', 'Indisponible'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_type_course_check" CHECK ("courses"."type_course" in ('Transport de marchandises', 'Livraison', 'Déménagement', 'Location avec chauffeur'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_etat_check" CHECK ("courses"."etat" in ('Payé', 'Non payé', 'Acompte'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_statut_check" CHECK ("courses"."statut" in ('Chargement en attente', 'Chargement terminé', 'Transport en cours', 'Terminé', 'Problemes mécaniques', 'Annulé'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_statut_avant_probleme_check" CHECK ("courses"."statut_avant_probleme" in ('Chargement en attente', 'Chargement terminé', 'Transport en cours', 'Terminé', 'Problemes mécaniques', 'Annulé'));--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_type_course_check" CHECK ("demandes"."type_course" in ('Transport de marchandises', 'Livraison', 'Déménagement', 'Location avec chauffeur'));--> statement-breakpoint
ALTER TABLE "demandes" ADD CONSTRAINT "demandes_statut_check" CHECK ("demandes"."statut" in ('En attente', 'Recherche en cours', 'Accepté', 'Annulé'));--> statement-breakpoint
ALTER TABLE "paiements" ADD CONSTRAINT "paiements_mode_check" CHECK ("paiements"."mode" in ('Espèces', 'Airtel Money', 'Moov Money', 'Virement', 'Chèque'));--> statement-breakpoint
ALTER TABLE "paiements" ADD CONSTRAINT "paiements_statut_check" CHECK ("paiements"."statut" in ('En attente', 'Validé', 'Annulé'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_type_check" CHECK ("users"."type" in ('client', 'transporteur', 'superadmin', 'camionneur', 'coursier', 'agent'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sous_type_check" CHECK ("users"."sous_type" in ('entreprise', 'camionneur', 'coursier'));