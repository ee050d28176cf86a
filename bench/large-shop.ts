import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/api/src/db/client.ts';

/** The size of a busy small shop (bench/admin-orders.ts, bench/backup.ts). */
export const ORDERS = 10_000;
export const CUSTOMERS = 2_000;

/** 2,000 customers and 10,000 orders over the last year, in four statements. */
export async function seedLargeShop(db: Database['db']): Promise<void> {
  await queryRows(
    db,
    sql`insert into customers (first_name, last_name, email, phone)
        select (array['Asha','Ravi','Meera','Arjun','Kavya','Rohan','Isha','Vikram','Neha','Sanjay'])[1 + g % 10],
               'Bench' || g, 'bench' || g || '@example.test', (9000000000 + g)::text
          from generate_series(1, ${CUSTOMERS}) g`,
  );
  await queryRows(
    db,
    sql`with shop as (select c.id as channel_id, c.currency_code as currency from storefronts s
                        join channels c on c.id = s.channel_id where s.is_default),
             cust as (select id, first_name, last_name, email, phone, row_number() over (order by id) as n
                        from customers where email like 'bench%'),
             -- A real address snapshot of a demo order, renamed for each customer.
             addr as (select shipping_address as a from orders order by created_at limit 1)
        insert into orders (id, order_no, customer_id, channel_id, currency, status, payment_status, payment_method_code,
            email, phone, shipping_address, billing_address, shipping, subtotal_minor, grand_total_minor,
            tracking_token_hash, created_at, updated_at, stock_reserved)
        select 'ord_bench_' || g, 'SF-' || nextval('order_number_seq'), cust.id, shop.channel_id, shop.currency,
            (array['confirmed','packed','shipped','out_for_delivery','delivered','delivered','delivered','cancelled',
                   'refund_requested','awaiting_payment'])[1 + g % 10],
            case when g % 3 = 0 then 'cod' else 'paid' end, case when g % 3 = 0 then 'cod' else 'sandbox' end,
            cust.email, cust.phone,
            addr.a || jsonb_build_object('first_name', cust.first_name, 'last_name', cust.last_name, 'phone', cust.phone,
              'email', cust.email, 'address_line_1', g || ' MG Road'),
            addr.a || jsonb_build_object('first_name', cust.first_name, 'last_name', cust.last_name),
            '{"code":"standard","name":"Standard delivery","price_minor":0,"delivery_days_min":3,"delivery_days_max":6}'::jsonb,
            150000, 150000, md5('bench' || g), now() - make_interval(mins => g * 50), now(), false
          from generate_series(1, ${ORDERS}) g, shop, addr, cust where cust.n = 1 + g % ${CUSTOMERS}`,
  );
  await queryRows(
    db,
    sql`insert into order_items (order_id, product_id, variant_id, slug, name, variant_title, sku, image, quantity,
            unit_price_minor, total_minor)
        select o.id, v.product_id, v.id, p.slug, p.name, v.title, 'SKU-' || l, p.image_path, 1, 50000, 50000
          from orders o cross join generate_series(1, 3) l
          join lateral (select id, product_id, title from variants order by id offset l limit 1) v on true
          join products p on p.id = v.product_id
         where o.id like 'ord_bench_%'`,
  );
  await queryRows(
    db,
    sql`insert into order_events (order_id, from_status, to_status, actor, created_at)
        select id, null, status, 'shopper', created_at from orders where id like 'ord_bench_%'`,
  );
  await queryRows(db, sql`analyze`);
}
