ALTER TABLE "forms" ADD COLUMN "notify_emails" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;