CREATE TABLE "content_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" jsonb NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_versions_kind_check" CHECK ("content_versions"."kind" in ('theme', 'page', 'post', 'menu'))
);
--> statement-breakpoint
CREATE INDEX "content_versions_subject_idx" ON "content_versions" USING btree ("kind","subject","id" DESC NULLS LAST);