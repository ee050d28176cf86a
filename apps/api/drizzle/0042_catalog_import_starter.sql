ALTER TABLE "catalog_imports" ADD COLUMN "started_by_id" text;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "started_by_email" text;