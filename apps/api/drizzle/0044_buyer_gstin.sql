ALTER TABLE "carts" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "buyer_business_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_business_name" text;