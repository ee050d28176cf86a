ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "access_logs_created_idx" ON "access_logs" USING btree ("created_at");--> statement-breakpoint
UPDATE "outbox_messages" SET "subject" = '', "body" = '(delivered; text removed)' WHERE "status" = 'sent';
