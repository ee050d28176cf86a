CREATE TABLE "category_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_redirects" ADD CONSTRAINT "category_redirects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_redirects_category_idx" ON "category_redirects" USING btree ("category_id");--> statement-breakpoint
CREATE TRIGGER shopfront_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category_redirects
  FOR EACH STATEMENT EXECUTE FUNCTION shopfront_content_changed();
