CREATE TABLE "shop_analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"path" text NOT NULL,
	"visitor" text,
	"value" double precision,
	"currency" text,
	"items" integer,
	"order_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_analytics_events_event_ck" CHECK ("shop_analytics_events"."event" in ('page_view', 'view_item', 'add_to_cart', 'begin_checkout', 'purchase'))
);
--> statement-breakpoint
CREATE INDEX "shop_analytics_events_created_idx" ON "shop_analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_analytics_events_purchase_uq" ON "shop_analytics_events" USING btree ("order_no") WHERE "shop_analytics_events"."event" = 'purchase';