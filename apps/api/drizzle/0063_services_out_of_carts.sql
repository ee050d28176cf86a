-- In services mode a service is applied for, never carted (issue 27, ADR 37): lines of services in
-- active carts, added before add-item refused them, go; saving a product's service details
-- removes its lines too. A shop in products mode sells them as products: nothing changes there.
DELETE FROM "cart_items" ci USING "carts" c
 WHERE c."id" = ci."cart_id" AND c."status" = 'active'
   AND EXISTS (SELECT 1 FROM "service_details" sd WHERE sd."product_id" = ci."product_id")
   AND (SELECT "value" #>> '{}' FROM "store_settings" WHERE "key" = 'store_mode') = 'services';
