ALTER TABLE "shipping_methods" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_zones" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;