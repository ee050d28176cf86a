CREATE TABLE "collection_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_redirects" ADD CONSTRAINT "collection_redirects_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_redirects_collection_idx" ON "collection_redirects" USING btree ("collection_id");--> statement-breakpoint
CREATE TRIGGER shopfront_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON collection_redirects
  FOR EACH STATEMENT EXECUTE FUNCTION shopfront_content_changed();
