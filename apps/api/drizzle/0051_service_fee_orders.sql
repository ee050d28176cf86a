ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'goods' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_ck" CHECK ("orders"."kind" in ('goods', 'service_fee'));