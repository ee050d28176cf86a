ALTER TABLE "product_images" ADD COLUMN "focal_x" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "focal_y" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "upload_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_content_uq" ON "product_images" USING btree ("product_id","content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_upload_key_uq" ON "product_images" USING btree ("product_id","upload_key");