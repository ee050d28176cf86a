import { sql, type SQL } from 'drizzle-orm';
import type { Cart } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { jobsDueNotifySql, queueJobsSql } from '../jobs/queue.ts';
import type { StaffAlert } from '../orders/staff-alerts.ts';

export interface OrderToWrite {
  cart: Cart;
  cartId: string;
  orderId: string;
  trackingHash: string;
  channelId: string;
  couponId: number | null;
  taxRate: number;
  /** How long an online payment holds the stock; null for an offline method. */
  reservationMinutes: number | null;
}

/**
 * Writes a placed order in one statement (issue 30: one round trip, not seven): the order with
 * snapshots of its lines, prices, tax, shipping and addresses; the cart closed; the customer's
 * orders counted (first-order coupons); the order's first history row; and the jobs that row sets
 * off. Those are recordOrderEvent's (orders/transition.ts) for a new order's status: a confirmed
 * one (an offline method) queues the shopper's message and the staff's new-order alert, one that
 * awaits payment queues nothing. The caller's transaction has taken the stock and counted the coupon.
 */
export async function writeOrder(tx: Db, o: OrderToWrite): Promise<void> {
  const { cart, orderId, taxRate: rate, reservationMinutes: minutes } = o;
  const online = minutes !== null;
  const status = online ? 'awaiting_payment' : 'confirmed';
  const t = cart.totals;
  const method = cart.shipping_method!;
  const shipping = {
    code: method.code,
    name: method.name,
    price_minor: method.price.amount,
    delivery_days_min: cart.delivery_estimate?.days_min ?? null,
    delivery_days_max: cart.delivery_estimate?.days_max ?? null,
  };
  const lines = cart.items.map((i) => {
    const discount = i.discount.amount;
    const total = i.line_total.amount - discount;
    return sql`(${orderId}, ${i.product.id}, ${i.product_id}, ${i.product.slug}, ${i.product.name}, ${i.variant.title},
      ${JSON.stringify(i.variant.options)}::jsonb, ${i.variant.sku}, ${i.product.image?.url ?? null},
      ${i.additonal_data?.custom_text ?? null}, ${i.additonal_data?.image_path ?? null}, ${i.quantity},
      ${i.unit_price.amount}, ${discount}, ${total}, ${i.tax.amount}, ${i.tax_rate_percent},
      (select hsn_code from products where id = ${i.product.id}))`;
  });
  const jobs = eventJobs(orderId, status);
  await queryRows(
    tx,
    sql`with closed as (update carts set status = 'ordered', updated_at = now() where id = ${o.cartId}),
        counted as (update customers set orders_count = orders_count + 1 where id = ${cart.customer_id}),
        placed as (
          insert into orders (id, order_no, cart_id, customer_id, channel_id, currency, status, payment_status,
            payment_method_code, email, phone, shipping_address, billing_address, shipping, note, buyer_gstin, buyer_business_name,
            coupon_id, coupon_code,
            subtotal_minor, discount_minor, shipping_minor, cod_fee_minor, tax_rate_percent, tax_minor, grand_total_minor,
            stock_reserved, reserved_until, tracking_token_hash)
          values (${orderId}, 'SF-' || nextval('order_number_seq'), ${o.cartId}, ${cart.customer_id}, ${o.channelId},
            ${cart.currency}, ${status}, ${online ? 'pending' : 'cod'},
            ${cart.cart_payment_method!.code}, ${cart.email ?? cart.shipping_address?.email ?? null},
            ${cart.phone ?? cart.shipping_address?.phone ?? null},
            ${JSON.stringify(cart.shipping_address)}::jsonb, ${JSON.stringify(cart.billing_address)}::jsonb,
            ${JSON.stringify(shipping)}::jsonb, ${cart.note}, ${cart.buyer_gstin}, ${cart.buyer_business_name}, ${o.couponId}, ${o.couponId ? cart.coupon!.code : null},
            ${t.subtotal.amount}, ${t.coupon_discount.amount}, ${t.shipping.amount}, ${t.cod_fee.amount}, ${rate},
            ${t.tax_included.amount}, ${t.grand_total.amount}, true,
            ${minutes !== null ? sql`now() + make_interval(mins => ${minutes})` : null}, ${o.trackingHash})
          returning id
        ),
        lines as (
          insert into order_items (order_id, product_id, variant_id, slug, name, variant_title, options, sku, image,
            custom_text, image_path, quantity, unit_price_minor, discount_minor, total_minor, tax_minor, tax_rate_percent,
            hsn_code)
          values ${sql.join(lines, sql`, `)}
        ),
        event as (
          insert into order_events (order_id, from_status, to_status, actor, note)
          values (${orderId}, null, ${status}, 'shopper', null) returning id
        )${jobs ? sql`, queued as (${queueJobsSql(jobs)}) select ${jobsDueNotifySql} from queued limit 1` : sql` select id from event`}`,
  );
}

/**
 * The jobs a new order's first history row queues, as a select over the `event` CTE (kind,
 * payload, dedupe_key), with the keys recordOrderEvent gives them; null when none.
 */
function eventJobs(orderId: string, status: 'confirmed' | 'awaiting_payment'): SQL | null {
  if (status === 'awaiting_payment') return null;
  const alert: StaffAlert = { kind: 'new_order', orderId, key: `order:${orderId}` };
  return sql`select 'order-message'::text, jsonb_build_object('eventId', event.id), 'order-event:' || event.id from event
    union all select 'staff-order-alert'::text, ${JSON.stringify(alert)}::jsonb, ${alert.key}::text`;
}
