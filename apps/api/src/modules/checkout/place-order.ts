import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { messages, orderMessages, type Cart } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http.ts';
import type { CartOwner } from '../../lib/cart-owner.ts';
import { recordCouponUse } from '../coupons/service.ts';
import { refreshOnStockCrossing } from '../catalog/summary.ts';
import { loadCart, ownedCartId } from '../cart/load.ts';
import type { CartContext } from '../cart/pricing.ts';
import { checkoutRules, validateCheckout, verdictError } from './validate.ts';
import { recordOrderEvent } from '../orders/transition.ts';
import { activePaymentMethod, offlineMethodSql } from '../../db/payment-methods.ts';
import { assertOpenPaymentsBelowCap, reservationMinutes } from '../payments/service.ts';
import { standardTaxRate } from '../admin/tax/rates.ts';
import { trackingHashFor } from '../../lib/tracking-token.ts';

/** A double click or a retry that finds its cart just ordered answers that order (this long after). */
const REPLAY_WINDOW = '15 minutes';

export interface PlaceOrderInput {
  /** The grand total (minor units) the shopper confirmed; compared, never used as a price. */
  confirmedTotal: number;
  acceptTerms: boolean;
}

export interface PlacedOrder {
  orderId: string;
  /** False when this answers an order placed a moment ago from the same cart. */
  created: boolean;
  online: boolean;
  /** The order's channel and payment method (what the metrics count it by). */
  channel: string;
  paymentMethod: string;
}

const refused = (status: number, message: string, field?: string) =>
  new HttpError(status, message, field ? { [field]: [message] } : undefined);

/**
 * Places the owner's cart as an order (ARCHITECTURE: one transaction; ADR 25). The terms are
 * checked first; then the cart row is locked, so two tabs or a double click run one after the
 * other and the second finds the cart already ordered, and with it the cart's coupon (see
 * lockCartAndCoupon), so the coupon the cart is priced with is the one the order uses. Under the
 * locks the cart is priced again from current prices and refused, in this order: empty, a line
 * sold out, its coupon no longer applicable, a total that differs from the confirmed one (with
 * the new total), a checkout step of spec section 5 not ready, its payment method no longer
 * available. Stock is taken with one conditional update that never goes below zero, the
 * coupon's use is counted within its limits, and the order is written with snapshots of lines,
 * prices, tax, shipping and addresses. An
 * offline method's order (Cash on Delivery) is confirmed at once; an online one awaits payment
 * holding its stock for the reservation time. Nothing outside the database is called here.
 */
export async function placeOrder(
  db: Db,
  owner: CartOwner,
  input: PlaceOrderInput,
  ctx: CartContext,
): Promise<PlacedOrder> {
  const orderId = `ord_${randomBytes(16).toString('base64url')}`;
  // The shop's rules and the order's own values are read before the transaction: it stays
  // short, and on PGlite's one connection nothing may be read beside it.
  const [rules, trackingHash, minutes] = await Promise.all([
    checkoutRules(db),
    trackingHashFor(db, orderId),
    reservationMinutes(db),
  ]);
  if (rules.settings.allow_tnc_checkout === true && !input.acceptTerms) {
    throw refused(422, orderMessages.termsRequired, 'accept_terms');
  }
  return db.transaction(async (tx) => {
    const locked = await lockCartAndCoupon(tx, owner);
    if (!locked) {
      const recent = await recentlyOrdered(tx, owner);
      if (recent) return recent;
      throw refused(409, orderMessages.cartOrdered);
    }
    // Held until the order is written: the cart below is priced at the rate the order records.
    const taxRate = await standardTaxRate(tx, { lock: true });
    const cart = await loadCart(tx, locked.id, ctx);
    if (!cart || cart.items.length === 0) throw refused(422, messages.cartEmpty);
    // Sold out since the cart was filled: say so (its total would have changed too, misleadingly).
    if (!cart.stock_valid) throw refused(409, orderMessages.stockGone);
    // A coupon that stopped applying (used up by others meanwhile, expired): say that, not just a new total.
    if (cart.coupon && !cart.coupon.applicable) throw refused(409, orderMessages.couponGone);

    if (cart.grand_total.amount !== input.confirmedTotal) {
      throw refused(409, orderMessages.totalChanged(cart.grand_total.formatted), 'confirmed_total');
    }
    const verdict = await validateCheckout(tx, cart, 'payment', rules);
    // Under the field the shopper fixes (the storefront shows it there), not the step's name.
    if (!verdict.valid) throw verdictError(verdict);

    const method = await activePaymentMethod(tx, cart.cart_payment_method!.code);
    if (!method) throw refused(422, orderMessages.paymentMethodUnavailable, 'payment_method');
    const online = method.kind === 'online';
    // Each unpaid online order holds stock: a shopper may have only so many at once.
    if (online) await assertOpenPaymentsBelowCap(tx, owner);
    await takeStock(tx, cart, orderId);
    const couponId = await countCouponUse(tx, cart, locked.coupon_id, orderId);
    await writeOrder(tx, {
      cart,
      cartId: locked.id,
      orderId,
      trackingHash,
      channelId: locked.channel_id,
      couponId,
      taxRate,
      reservationMinutes: online ? minutes : null,
    });
    await recordOrderEvent(tx, {
      orderId,
      from: null,
      to: online ? 'awaiting_payment' : 'confirmed',
      actor: 'shopper',
      note: null,
    });
    return { orderId, created: true, online, channel: locked.channel_id, paymentMethod: method.code };
  });
}

/**
 * Locks the owner's active cart (as lockOwnedCart does) and, in the same statement, the coupon
 * its code names `for key share`: the owner's edit, disable, delete and Undo of a coupon lock it
 * `for update` first (admin/coupons/service.ts lockCoupon), so one in flight is waited for (the
 * cart is then priced with what it committed: a disabled or deleted coupon is gone, an edited
 * one gives its new total) and one arriving later waits until this order is committed. Key
 * share, not share: it lets the orders that hold the same coupon each count their use (an
 * update of used_count), where share locks would deadlock each other. coupon_id is null when
 * the cart has no coupon or its code names none.
 */
async function lockCartAndCoupon(tx: Db, owner: CartOwner) {
  const [row] = await queryRows<{ id: string; channel_id: string; coupon_id: number | null }>(
    tx,
    sql`with cart as (
          update carts set updated_at = now() where id = ${ownedCartId(owner)} and status = 'active'
          returning id, channel_id, coupon_code
        )
        select cart.id, cart.channel_id,
          (select k.id from coupons k where k.code = cart.coupon_code for key share) as coupon_id
        from cart`,
  );
  return row ?? null;
}

/** The order the owner's cart became a moment ago, if any (a double click, a retry, a second tab). */
async function recentlyOrdered(tx: Db, owner: CartOwner): Promise<PlacedOrder | null> {
  const whose =
    owner.customerId !== null
      ? sql`c.customer_id = ${owner.customerId}`
      : owner.tokenHash !== null
        ? sql`c.token_hash = ${owner.tokenHash} and c.customer_id is null`
        : null;
  if (!whose) return null;
  const [row] = await queryRows<{ id: string; online: boolean; channel_id: string; payment_method_code: string }>(
    tx,
    sql`select o.id, not ${offlineMethodSql(sql`o.payment_method_code`)} as online, o.channel_id, o.payment_method_code
          from orders o join carts c on c.id = o.cart_id
         where ${whose} and c.status = 'ordered' and o.created_at > now() - interval '${sql.raw(REPLAY_WINDOW)}'
         order by o.created_at desc limit 1`,
  );
  return row
    ? {
        orderId: row.id,
        created: false,
        online: row.online,
        channel: row.channel_id,
        paymentMethod: row.payment_method_code,
      }
    : null;
}

/**
 * Takes every variant's quantity in one statement, each only where enough is left: if any
 * variant falls short the whole order is refused (and the transaction undoes what was taken).
 */
async function takeStock(tx: Db, cart: Cart, orderId: string): Promise<void> {
  const perVariant = new Map<string, number>();
  for (const i of cart.items) perVariant.set(i.product_id, (perVariant.get(i.product_id) ?? 0) + i.quantity);
  const rows = sql.join(
    [...perVariant].map(([variant, qty]) => sql`(${variant}::text, ${qty}::int)`),
    sql`, `,
  );
  // Rows are locked in one order (by id) first: two orders of the same variants in a different
  // order would otherwise deadlock on PostgreSQL.
  // The stock movements the update writes (a trigger) name this order (stock taken is a sale).
  await queryRows(
    tx,
    sql`select id, set_config('shopfront.stock_ref', ${orderId}, true) from variants where id in (${sql.join(
      [...perVariant.keys()].map((v) => sql`${v}`),
      sql`, `,
    )}) order by id for update`,
  );
  const taken = await queryRows<{ product_id: string; stock: number; qty: number }>(
    tx,
    sql`update variants v set stock = v.stock - q.qty from (values ${rows}) as q(variant_id, qty)
         where v.id = q.variant_id and v.stock >= q.qty returning v.product_id, v.stock, q.qty`,
  );
  if (taken.length !== perVariant.size) throw refused(409, orderMessages.stockGone);
  await refreshOnStockCrossing(tx, taken, 'taken');
}

/**
 * Counts the use of the coupon locked with the cart (`couponId`) for this order; null without an
 * applicable coupon. The cart was priced after the lock, so its coupon is that row, unchanged.
 */
async function countCouponUse(tx: Db, cart: Cart, couponId: number | null, orderId: string): Promise<number | null> {
  if (!cart.coupon?.applicable) return null;
  // No locked row (its code was freed and taken again in between): refused, never used unlocked.
  const counted =
    couponId !== null && (await recordCouponUse(tx, { couponId, customerId: cart.customer_id, orderRef: orderId }));
  if (!counted) throw refused(409, orderMessages.couponGone);
  return couponId;
}

async function writeOrder(
  tx: Db,
  o: {
    cart: Cart;
    cartId: string;
    orderId: string;
    trackingHash: string;
    channelId: string;
    couponId: number | null;
    taxRate: number;
    /** How long an online payment holds the stock; null for an offline method. */
    reservationMinutes: number | null;
  },
): Promise<void> {
  const { cart, orderId, taxRate: rate, reservationMinutes: minutes } = o;
  const online = minutes !== null;
  const t = cart.totals;
  const method = cart.shipping_method!;
  const shipping = {
    code: method.code,
    name: method.name,
    price_minor: method.price.amount,
    delivery_days_min: cart.delivery_estimate?.days_min ?? null,
    delivery_days_max: cart.delivery_estimate?.days_max ?? null,
  };
  // One statement writes the order, closes the cart and counts the customer's orders (first-order coupons).
  await queryRows(
    tx,
    sql`with closed as (update carts set status = 'ordered', updated_at = now() where id = ${o.cartId}),
        counted as (update customers set orders_count = orders_count + 1 where id = ${cart.customer_id})
        insert into orders (id, order_no, cart_id, customer_id, channel_id, currency, status, payment_status,
          payment_method_code, email, phone, shipping_address, billing_address, shipping, note, buyer_gstin, buyer_business_name,
          coupon_id, coupon_code,
          subtotal_minor, discount_minor, shipping_minor, cod_fee_minor, tax_rate_percent, tax_minor, grand_total_minor,
          stock_reserved, reserved_until, tracking_token_hash)
        values (${orderId}, 'SF-' || nextval('order_number_seq'), ${o.cartId}, ${cart.customer_id}, ${o.channelId},
          ${cart.currency}, ${online ? 'awaiting_payment' : 'confirmed'}, ${online ? 'pending' : 'cod'},
          ${cart.cart_payment_method!.code}, ${cart.email ?? cart.shipping_address?.email ?? null},
          ${cart.phone ?? cart.shipping_address?.phone ?? null},
          ${JSON.stringify(cart.shipping_address)}::jsonb, ${JSON.stringify(cart.billing_address)}::jsonb,
          ${JSON.stringify(shipping)}::jsonb, ${cart.note}, ${cart.buyer_gstin}, ${cart.buyer_business_name}, ${o.couponId}, ${o.couponId ? cart.coupon!.code : null},
          ${t.subtotal.amount}, ${t.coupon_discount.amount}, ${t.shipping.amount}, ${t.cod_fee.amount}, ${rate},
          ${t.tax_included.amount}, ${t.grand_total.amount}, true,
          ${minutes !== null ? sql`now() + make_interval(mins => ${minutes})` : null}, ${o.trackingHash})`,
  );
  const lines = cart.items.map((i) => {
    const discount = i.discount.amount;
    const total = i.line_total.amount - discount;
    return sql`(${orderId}, ${i.product.id}, ${i.product_id}, ${i.product.slug}, ${i.product.name}, ${i.variant.title},
      ${JSON.stringify(i.variant.options)}::jsonb, ${i.variant.sku}, ${i.product.image?.url ?? null},
      ${i.additonal_data?.custom_text ?? null}, ${i.additonal_data?.image_path ?? null}, ${i.quantity},
      ${i.unit_price.amount}, ${discount}, ${total}, ${i.tax.amount}, ${i.tax_rate_percent},
      (select hsn_code from products where id = ${i.product.id}))`;
  });
  await queryRows(
    tx,
    sql`insert into order_items (order_id, product_id, variant_id, slug, name, variant_title, options, sku, image,
          custom_text, image_path, quantity, unit_price_minor, discount_minor, total_minor, tax_minor, tax_rate_percent,
          hsn_code)
        values ${sql.join(lines, sql`, `)}`,
  );
}
