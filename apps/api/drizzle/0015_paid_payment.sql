-- The payment that paid the order (markPaid sets it): a cancellation or an approved refund pays back that payment only.
ALTER TABLE "orders" ADD COLUMN "paid_payment_id" text;--> statement-breakpoint
-- Orders paid before this column: the captured payment of the order's own provider for its total, one still
-- holding money first (a duplicate was refunded), else the oldest.
UPDATE "orders" o SET "paid_payment_id" = (
	SELECT p."id" FROM "payments" p
	 WHERE p."order_id" = o."id" AND p."provider" = o."payment_method_code" AND p."status" IN ('paid', 'refunded')
	   AND p."amount_minor" = o."grand_total_minor" AND p."currency" = o."currency"
	 ORDER BY (p."status" = 'paid') DESC, p."created_at", p."id" LIMIT 1)
WHERE o."paid_at" IS NOT NULL AND o."paid_payment_id" IS NULL;--> statement-breakpoint
-- orders.refunded_minor counts refunds of the paying payment only: take back what refunds of money that never
-- paid the order (counts_for_order) added to it.
UPDATE "orders" o SET "refunded_minor" = greatest(0, o."refunded_minor" - r."amount")
  FROM (SELECT "order_id", sum("amount_minor")::int AS "amount" FROM "payment_refunds"
         WHERE "counts_for_order" AND "status" = 'done' GROUP BY "order_id") r
 WHERE r."order_id" = o."id";--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP COLUMN "counts_for_order";
