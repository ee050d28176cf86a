-- A customer deleted takes their carts with them (carts.customer_id cascades); an order of such a cart keeps its snapshots
-- and loses only the link (cart_id set null), as it loses its customer (customer_id set null). RESTRICT made both impossible.
ALTER TABLE "orders" DROP CONSTRAINT "orders_cart_id_carts_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "cart_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;