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
ALTER TABLE "orders" ALTER COLUMN "tax_rate_percent" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_rate_percent" double precision;--> statement-breakpoint
-- The shop's one rate so far (the setup's tax_rate_percent) becomes the standard class; GST slabs beside it.
INSERT INTO "tax_rates" ("key", "label", "rate_percent", "position")
SELECT 'standard', 'Standard', coalesce((
  SELECT least(greatest((s.value #>> '{}')::double precision, 0), 100) FROM "store_settings" s
   WHERE s.key = 'tax_rate_percent' AND jsonb_typeof(s.value) = 'number'), 0), 0
UNION ALL SELECT 'gst_5', 'GST 5%', 5, 1
UNION ALL SELECT 'gst_12', 'GST 12%', 12, 2
UNION ALL SELECT 'gst_18', 'GST 18%', 18, 3
UNION ALL SELECT 'exempt', 'Exempt', 0, 4;--> statement-breakpoint
-- Classes products still use from the old fixed list ('reduced', 'zero', ...) keep a row: labelled from
-- the key, at the standard rate (what they were charged, the class deciding nothing then); the owner edits them on /tax.
INSERT INTO "tax_rates" ("key", "label", "rate_percent", "position")
SELECT u.tax_class, initcap(replace(u.tax_class, '_', ' ')),
       (SELECT r.rate_percent FROM "tax_rates" r WHERE r.key = 'standard'),
       4 + row_number() OVER (ORDER BY u.tax_class)
  FROM (SELECT DISTINCT p.tax_class FROM "products" p) u
 WHERE NOT EXISTS (SELECT 1 FROM "tax_rates" r WHERE r.key = u.tax_class);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_tax_rates_key_fk" FOREIGN KEY ("tax_class") REFERENCES "public"."tax_rates"("key") ON DELETE restrict ON UPDATE cascade;