CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_ck" CHECK ("jobs"."status" in ('pending', 'running', 'done', 'failed')),
	CONSTRAINT "jobs_attempts_ck" CHECK ("jobs"."max_attempts" >= 1 and "jobs"."attempts" between 0 and "jobs"."max_attempts")
);
--> statement-breakpoint
-- Messages still waiting for delivery move their retry state onto a deliver-message job (ADR 19).
INSERT INTO "jobs" ("kind", "payload", "run_at", "attempts", "max_attempts")
SELECT 'deliver-message', jsonb_build_object('messageId', "id"), "next_attempt_at", least("attempts", 4), 5
FROM "outbox_messages" WHERE "status" = 'pending';--> statement-breakpoint
DROP INDEX "outbox_pending_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_uq" ON "jobs" USING btree ("kind","dedupe_key") WHERE "jobs"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" in ('done', 'failed');--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP COLUMN "next_attempt_at";