-- Channels can be deleted from the panel (issue 28): what points at a channel now says so, so a
-- delete meets a cart or order made at the same moment (it waits on the key, then fails: 409) and
-- takes its prices with it. Prices of a channel that does not exist sold nowhere: dropped first.
DELETE FROM "variant_channels" vc WHERE NOT EXISTS (SELECT 1 FROM "channels" c WHERE c."id" = vc."channel_id");--> statement-breakpoint
ALTER TABLE "variant_channels" ADD CONSTRAINT "variant_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- NOT VALID: a shop whose old carts or orders name a channel removed by hand still starts; new rows
-- and every delete of a channel are checked all the same.
ALTER TABLE "carts" ADD CONSTRAINT "carts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action NOT VALID;
