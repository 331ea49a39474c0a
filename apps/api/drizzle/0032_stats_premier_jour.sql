ALTER TABLE "stats_courses_chauffeurs" ADD COLUMN "premier" date;--> statement-breakpoint
ALTER TABLE "stats_courses_clients" ADD COLUMN "premier" date;