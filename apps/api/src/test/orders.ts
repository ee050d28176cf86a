import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { includedTax, type Address, type OrderStatus, type PaymentStatus } from '@shopfront/shared';
import { queryRows, type Db } from '../db/client.ts';
import { ORDER_REF_COOKIE, orderRefValue } from '../modules/orders/access.ts';
import { trackingHashFor } from '../lib/tracking-token.ts';

/** An Indian address snapshot (Bengaluru) as orders store it. */
export async function orderAddress(db: Db, type: 'Shipping' | 'Billing' = 'Shipping'): Promise<Address> {
  const [row] = await queryRows<{ country_id: number; country: string; state_id: number; state: string }>(
    db,
    sql`select c.id as country_id, c.name as country, s.id as state_id, s.name as state
          from countries c join states s on s.country_id = c.id where c.iso2 = 'IN' and s.code = 'KA'`,
  );
  return {
    id: 0,
    address_id: 0,
    default: false,
    address_type: type,
    first_name: 'Asha',
    last_name: 'Rao',
    phone: '9876543210',
    email: 'asha@example.test',
    address_line_1: '12 Residency Road',
    address_line_2: null,
    landmark: null,
    city: 'Bengaluru',
    postcode: '560025',
    country_id: row!.country_id,
    state_id: row!.state_id,
    country: { id: row!.country_id, name: row!.country },
    state: { id: row!.state_id, name: row!.state },
  };
}

export interface TestOrderOptions {
  customerId?: number | null;
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  paymentMethod?: string;
  /** Variants and quantities; default: two units of the first buyable variant with stock. */
  lines?: [variantId: string, quantity: number][];
  email?: string | null;
  phone?: string | null;
  /** Whether the order takes its lines' stock (default: yes, as place-order does). */
  takeStock?: boolean;
  shippingMinor?: number;
  codFeeMinor?: number;
  discountMinor?: number;
  /** Placed this long ago (default 0). */
  daysAgo?: number;
}

export interface TestOrder {
  id: string;
  orderNo: string;
  itemIds: number[];
  grandTotalMinor: number;
}

/** Variants that can be bought in the default channel (published, not customisable) with at least `minStock` units. */
export async function buyableVariants(db: Db, minStock: number, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select v.id from variants v join variant_channels vc on vc.variant_id = v.id and vc.is_available
          and vc.channel_id = (select channel_id from storefronts where is_default)
          join products p on p.id = v.product_id and p.is_published and not p.is_customisation_enabled
         where v.stock >= ${minStock} order by v.id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** @deprecated The old name of buyableVariants, for test files not yet moved to it. */
export const stockedVariants = buyableVariants;

export const stockOf = async (db: Db, variantId: string) =>
  (await queryRows<{ stock: number }>(db, sql`select stock from variants where id = ${variantId}`))[0]!.stock;

/**
 * Writes an order as place-order would leave it (before its lead's place-order existed, tests
 * made their orders here; it stays useful for orders in any state): an 'ordered' cart, the order
 * with snapshots and tax, its lines at the channel's prices, its first history row, and the
 * stock taken (conditionally: it fails when a variant lacks stock).
 */
export async function createTestOrder(db: Db, opts: TestOrderOptions = {}): Promise<TestOrder> {
  const lines = opts.lines ?? [[(await buyableVariants(db, 5, 1))[0]!, 2]];
  const status = opts.status ?? 'confirmed';
  const method = opts.paymentMethod ?? 'cod';
  const paymentStatus =
    opts.paymentStatus ?? (method === 'cod' ? 'cod' : status === 'awaiting_payment' ? 'pending' : 'paid');
  const id = `ord_${randomBytes(16).toString('base64url')}`;
  const cartId = `cart_${randomBytes(12).toString('base64url')}`;
  const [shop] = await queryRows<{ channel_id: string; currency: string; rate: number | null }>(
    db,
    sql`select c.id as channel_id, c.currency_code as currency,
          (select (value #>> '{}')::int from store_settings where key = 'tax_rate_percent') as rate
          from storefronts s join channels c on c.id = s.channel_id order by s.is_default desc limit 1`,
  );
  const rate = shop!.rate ?? 0;
  const priced = await Promise.all(
    lines.map(async ([variantId, quantity]) => {
      const [v] = await queryRows<{
        product_id: string;
        slug: string;
        name: string;
        title: string;
        options: Record<string, string>;
        sku: string;
        price: number;
        image: string | null;
      }>(
        db,
        sql`select p.id as product_id, p.slug, p.name, v.title, v.options, vc.sku, vc.selling_price_minor as price,
              p.image_path as image
              from variants v join products p on p.id = v.product_id
              join variant_channels vc on vc.variant_id = v.id and vc.channel_id = ${shop!.channel_id}
             where v.id = ${variantId}`,
      );
      return { variantId, quantity, ...v! };
    }),
  );
  const discount = opts.discountMinor ?? 0;
  const subtotal = priced.reduce((n, l) => n + l.price * l.quantity, 0);
  const shippingMinor = opts.shippingMinor ?? 0;
  const codFee = opts.codFeeMinor ?? 0;
  const goods = subtotal - discount;
  const grandTotal = goods + shippingMinor + codFee;
  const address = await orderAddress(db);
  const billing = await orderAddress(db, 'Billing');
  const trackingHash = await trackingHashFor(db, id);
  const reserved = opts.takeStock !== false;
  const email = opts.email === undefined ? 'asha@example.test' : opts.email;
  const phone = opts.phone === undefined ? '9876543210' : opts.phone;
  const daysAgo = opts.daysAgo ?? 0;

  return db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`insert into carts (id, customer_id, channel_id, status) values (${cartId}, ${opts.customerId ?? null}, ${shop!.channel_id}, 'ordered')`,
    );
    const [row] = await queryRows<{ order_no: string }>(
      tx,
      sql`insert into orders (id, order_no, cart_id, customer_id, channel_id, currency, status, payment_status,
            payment_method_code, email, phone, shipping_address, billing_address, shipping, subtotal_minor, discount_minor,
            shipping_minor, cod_fee_minor, tax_rate_percent, tax_minor, grand_total_minor, stock_reserved, reserved_until,
            tracking_token_hash, paid_at, created_at, updated_at)
          values (${id}, 'SF-' || nextval('order_number_seq'), ${cartId}, ${opts.customerId ?? null}, ${shop!.channel_id},
            ${shop!.currency}, ${status}, ${paymentStatus}, ${method}, ${email}, ${phone},
            ${JSON.stringify(address)}::jsonb, ${JSON.stringify(billing)}::jsonb,
            ${JSON.stringify({ code: 'standard', name: 'Standard delivery', price_minor: shippingMinor, delivery_days_min: 3, delivery_days_max: 6 })}::jsonb,
            ${subtotal}, ${discount}, ${shippingMinor}, ${codFee}, ${rate}, ${includedTax(grandTotal, rate)}, ${grandTotal},
            ${reserved}, ${status === 'awaiting_payment' ? sql`now() + interval '15 minutes'` : null}, ${trackingHash},
            ${paymentStatus === 'paid' ? sql`now() - make_interval(days => ${daysAgo})` : null},
            now() - make_interval(days => ${daysAgo}), now() - make_interval(days => ${daysAgo}))
          returning order_no`,
    );
    // Discount spread over lines by value (the last line takes the rest).
    let left = discount;
    const items: number[] = [];
    for (const [i, l] of priced.entries()) {
      const lineGross = l.price * l.quantity;
      const lineDiscount = i === priced.length - 1 ? left : Math.floor((discount * lineGross) / subtotal);
      left -= lineDiscount;
      const total = lineGross - lineDiscount;
      const [item] = await queryRows<{ id: number }>(
        tx,
        sql`insert into order_items (order_id, product_id, variant_id, slug, name, variant_title, options, sku, image,
                quantity, unit_price_minor, discount_minor, total_minor, tax_minor)
              values (${id}, ${l.product_id}, ${l.variantId}, ${l.slug}, ${l.name}, ${l.title},
                ${JSON.stringify(l.options)}::jsonb, ${l.sku ?? ''}, ${l.image}, ${l.quantity}, ${l.price},
                ${lineDiscount}, ${total}, ${includedTax(total, rate)})
              returning id`,
      );
      items.push(item!.id);
    }
    await queryRows(
      tx,
      sql`insert into order_events (order_id, from_status, to_status, actor, created_at)
          values (${id}, null, ${status}, 'shopper', now() - make_interval(days => ${daysAgo}))`,
    );
    if (reserved) {
      for (const [variantId, quantity] of lines) {
        const taken = await queryRows(
          tx,
          sql`update variants set stock = stock - ${quantity} where id = ${variantId} and stock >= ${quantity} returning id`,
        );
        if (taken.length === 0) throw new Error(`createTestOrder: variant ${variantId} lacks stock`);
      }
    }
    // An order paid online was paid by a captured payment (markPaid records it as paid_payment_id).
    if (paymentStatus === 'paid') {
      const paymentId = `pmt_${randomBytes(16).toString('base64url')}`;
      await queryRows(
        tx,
        sql`with payment as (
              insert into payments (id, order_id, provider, provider_ref, provider_payment_id, amount_minor, currency, status)
              select ${paymentId}, ${id}, pm.code, ${`test_ref_${randomBytes(8).toString('hex')}`},
                     ${`test_pay_${randomBytes(8).toString('hex')}`}, ${grandTotal}, ${shop!.currency}, 'paid'
                from payment_methods pm where pm.code = ${method} and pm.kind = 'online'
              returning id)
            update orders set paid_payment_id = payment.id from payment where orders.id = ${id}`,
      );
    }
    return { id, orderNo: row!.order_no, itemIds: items, grandTotalMinor: grandTotal };
  });
}

/** The `order_ref=…` cookie pair of a guest who placed `orderId` in this browser. */
export async function guestOrderCookie(db: Db, orderId: string): Promise<string> {
  return `${ORDER_REF_COOKIE}=${await orderRefValue(db, orderId)}`;
}

/** Sets one store setting (tests switch cancel/refund/mandatory contacts on and off). */
export async function setStoreSetting(db: Db, key: string, value: unknown): Promise<void> {
  await queryRows(
    db,
    sql`insert into store_settings (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
        on conflict (key) do update set value = excluded.value, updated_at = now()`,
  );
}
