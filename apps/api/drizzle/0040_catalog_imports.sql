CREATE TABLE "catalog_imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_hash" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'checked' NOT NULL,
	"report" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"products_total" integer DEFAULT 0 NOT NULL,
	"products_done" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"staff_id" text,
	"staff_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalog_imports_status_ck" CHECK ("catalog_imports"."status" in ('checked', 'queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "catalog_imports_hash_idx" ON "catalog_imports" USING btree ("content_hash");