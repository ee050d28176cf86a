-- A deleted channel's id is never given again (admin/channels/service.ts): a shopper's channel
-- cookie, a bookmark or an audit row naming it must not come to mean a new channel. The channels
-- deleted before this migration are known from the audit log.
CREATE TABLE "retired_channel_ids" (
	"id" text PRIMARY KEY NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "retired_channel_ids" ("id")
SELECT DISTINCT substr(a."target", 9) FROM "audit_log" a
 WHERE a."action" = 'channel.delete' AND a."target" LIKE 'channel:%'
   AND NOT EXISTS (SELECT 1 FROM "channels" c WHERE c."id" = substr(a."target", 9))
ON CONFLICT DO NOTHING;
