CREATE TABLE "payment_methods" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_methods_kind_ck" CHECK ("payment_methods"."kind" in ('offline', 'online'))
);
--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "delivery_days_min" integer;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "delivery_days_max" integer;--> statement-breakpoint
-- Every shop can take Cash on Delivery and the two gateways; each online one is offered only while its provider is configured (ADR 0023).
INSERT INTO "payment_methods" ("code", "name", "description", "kind", "position") VALUES
	('cod', 'Cash on Delivery', 'Pay in cash or by UPI when your order arrives', 'offline', 0),
	('sandbox', 'Pay online', 'Card, UPI or net banking on our test payment page', 'online', 1),
	('razorpay', 'Razorpay', 'Cards, UPI, net banking and wallets, secured by Razorpay', 'online', 2)
ON CONFLICT ("code") DO NOTHING;
