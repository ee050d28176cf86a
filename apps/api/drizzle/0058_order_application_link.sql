ALTER TABLE "orders" ADD COLUMN "application_id" text;--> statement-breakpoint
CREATE INDEX "orders_application_idx" ON "orders" USING btree ("application_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_application_ck" CHECK ("orders"."application_id" is null or "orders"."kind" = 'service_fee');--> statement-breakpoint
-- Backfill: the live fee order from its application's link, then a replaced one (staff-cancelled) from the note its first history row was written with ("Fee of application AP-…").
UPDATE "orders" o SET "application_id" = a."id" FROM "applications" a WHERE a."order_id" = o."id" AND o."kind" = 'service_fee';--> statement-breakpoint
UPDATE "orders" o SET "application_id" = a."id" FROM "order_events" e, "applications" a
  WHERE o."kind" = 'service_fee' AND o."application_id" IS NULL AND e."order_id" = o."id" AND e."from_status" IS NULL
    AND e."note" = 'Fee of application ' || a."application_no";
