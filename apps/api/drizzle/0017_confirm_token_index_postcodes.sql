ALTER TABLE "countries" ADD COLUMN "has_postcodes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "email_subscribers_confirm_token_uq" ON "email_subscribers" USING btree ("confirm_token_hash") WHERE "email_subscribers"."confirm_token_hash" is not null;--> statement-breakpoint
-- Addresses in the UAE carry no postcode.
UPDATE "countries" SET "has_postcodes" = false WHERE "iso2" = 'AE';