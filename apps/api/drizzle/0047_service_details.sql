CREATE TABLE "service_details" (
	"product_id" text PRIMARY KEY NOT NULL,
	"fee_kind" text NOT NULL,
	"includes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"turnaround_days" integer,
	"documents_needed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stages" jsonb NOT NULL,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_details" ADD CONSTRAINT "service_details_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER shopfront_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_details
  FOR EACH STATEMENT EXECUTE FUNCTION shopfront_content_changed();
