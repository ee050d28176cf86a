CREATE TABLE "deleted_product_images" (
	"id" integer PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"option_value" text,
	"path" text NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer NOT NULL,
	"focal_x" double precision NOT NULL,
	"focal_y" double precision NOT NULL,
	"content_hash" text,
	"upload_key" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deleted_product_images" ADD CONSTRAINT "deleted_product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_product_images_deleted_idx" ON "deleted_product_images" USING btree ("deleted_at");