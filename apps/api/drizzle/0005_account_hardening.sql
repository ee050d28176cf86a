-- Sessions get an absolute lifetime of 90 days from sign-in (ADR 0011); rows that sliding kept
-- alive beyond it end now, like every later one will.
UPDATE "sessions" SET "expires_at" = least("expires_at", "created_at" + interval '90 days');--> statement-breakpoint
DELETE FROM "sessions" WHERE "expires_at" <= now();
