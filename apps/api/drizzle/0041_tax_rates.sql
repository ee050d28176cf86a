CREATE TABLE "tax_rates" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"rate_percent" double precision NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_percent" >= 0 and "tax_rates"."rate_percent" <= 100)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_rate_percent" double precision;--> statement-breakpoint
-- The shop's one rate so far (the setup's tax_rate_percent) becomes the standard class; GST slabs beside it.
INSERT INTO "tax_rates" ("key", "label", "rate_percent", "position")
SELECT 'standard', 'Standard', coalesce((
  SELECT least(greatest((s.value #>> '{}')::double precision, 0), 100) FROM "store_settings" s
   WHERE s.key = 'tax_rate_percent' AND jsonb_typeof(s.value) = 'number'), 0), 0
UNION ALL SELECT 'gst_5', 'GST 5%', 5, 1
UNION ALL SELECT 'gst_12', 'GST 12%', 12, 2
UNION ALL SELECT 'gst_18', 'GST 18%', 18, 3
UNION ALL SELECT 'exempt', 'Exempt', 0, 4;
