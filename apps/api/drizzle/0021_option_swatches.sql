CREATE TABLE "option_swatches" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_name" text NOT NULL,
	"value" text NOT NULL,
	"colour" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "option_swatches_colour_ck" CHECK ("option_swatches"."colour" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "option_swatches_option_value_uq" ON "option_swatches" USING btree (lower("option_name"),lower("value"));--> statement-breakpoint
-- Listings, filters and product pages show swatches, and anonymous pages are cached whole
-- (ADR 28): a change notifies every process once per statement, as for the tables of 0018.
CREATE TRIGGER shopfront_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON option_swatches
  FOR EACH STATEMENT EXECUTE FUNCTION shopfront_content_changed();
