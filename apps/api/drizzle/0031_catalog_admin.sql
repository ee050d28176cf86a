CREATE TABLE "product_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"from_stock" integer NOT NULL,
	"to_stock" integer NOT NULL,
	"reason" text NOT NULL,
	"ref" text,
	"actor" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_blocks" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_redirects" ADD CONSTRAINT "product_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_redirects_product_idx" ON "product_redirects" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("variant_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_admin_order_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_publish_at_idx" ON "products" USING btree ("publish_at") WHERE "products"."publish_at" is not null;--> statement-breakpoint
-- Every change of a variant's stock is recorded. The writer names why, the order and the member
-- (set_config('shopfront.stock_reason' | 'shopfront.stock_ref' | 'shopfront.stock_actor' | 'shopfront.stock_note', ..., true));
-- a change naming no reason is the order code's: stock taken is a sale, stock given back a cancel.
CREATE OR REPLACE FUNCTION shopfront_stock_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movements (variant_id, product_id, from_stock, to_stock, reason, ref, actor, note)
  VALUES (NEW.id, NEW.product_id, OLD.stock, NEW.stock,
    coalesce(nullif(current_setting('shopfront.stock_reason', true), ''),
             CASE WHEN NEW.stock < OLD.stock THEN 'sale' ELSE 'cancel' END),
    nullif(current_setting('shopfront.stock_ref', true), ''),
    nullif(current_setting('shopfront.stock_actor', true), ''),
    nullif(current_setting('shopfront.stock_note', true), ''));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shopfront_stock_moved AFTER UPDATE OF stock ON variants
  FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock) EXECUTE FUNCTION shopfront_stock_moved();--> statement-breakpoint
CREATE TRIGGER shopfront_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_redirects
  FOR EACH STATEMENT EXECUTE FUNCTION shopfront_content_changed();
