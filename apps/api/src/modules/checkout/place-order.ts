import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { messages, orderMessages, type Cart } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError } from '../../lib/http.ts';
import type { CartOwner } from '../../lib/cart-owner.ts';
import { recordCouponUse } from '../coupons/service.ts';
import { refreshOnStockCrossing } from '../catalog/summary.ts';
import { loadCart, ownedCartId } from '../cart/load.ts';
import type { CartContext } from '../cart/pricing.ts';
import { checkoutRulesOf, checkoutRulesSql, validateCheckout, verdictError } from './validate.ts';
import { writeOrder } from './write-order.ts';
import { offlineMethodSql } from '../../db/payment-methods.ts';
import { assertOpenPaymentsBelowCap } from '../payments/service.ts';
import { reservationMinutesOf, reservationMinutesSql } from '../payments/reservations.ts';
import { STANDARD_CLASS } from '../admin/tax/rates.ts';
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
  const [{ rules, minutes }, trackingHash] = await Promise.all([placementSettings(db), trackingHashFor(db, orderId)]);
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
    // The standard tax rate, share-locked with the cart (held until the order is written): the
    // cart below is priced at the rate the order records.
    const taxRate = locked.tax_rate ?? 0;
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

    // The cart offers only active methods, read with its prices: the chosen one is among them.
    const method = cart.cart_payment_methods.find((m) => m.code === cart.cart_payment_method!.code);
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
 * the cart has no coupon or its code names none. Then, in the same statement and in that order,
 * the standard tax rate `for share`: an owner's edit of it waits until the order is written (the
 * cart is priced, and the order records, that rate); null when the shop has none.
 */
const lockCartCouponRate = namedQuery<{
  id: string;
  channel_id: string;
  coupon_id: number | null;
  tax_rate: number | null;
}>()({
  name: 'checkout.lock-cart-coupon-rate',
  columns: ['id', 'channel_id', 'coupon_id', 'tax_rate'],
  example: { cartId: sql`${'c_example'}` },
  build: (p: { cartId: SQL }) =>
    sql`with cart as (
          update carts set updated_at = now() where id = ${p.cartId} and status = 'active'
          returning id, channel_id, coupon_code
        )
        select cart.id, cart.channel_id,
          (select k.id from coupons k where k.code = cart.coupon_code for key share) as coupon_id,
          (select r.rate_percent from tax_rates r where r.key = ${STANDARD_CLASS} for share) as tax_rate
        from cart`,
});

async function lockCartAndCoupon(tx: Db, owner: CartOwner) {
  const [row] = await lockCartCouponRate(tx, { cartId: ownedCartId(owner) });
  return row ?? null;
}

const recentOrderRow = namedQuery<{ id: string; online: boolean; channel_id: string; payment_method_code: string }>()({
  name: 'checkout.recently-ordered',
  columns: ['id', 'online', 'channel_id', 'payment_method_code'],
  example: { whose: sql`c.customer_id = ${1}` },
  build: (p: { whose: SQL }) =>
    sql`select o.id, not ${offlineMethodSql(sql`o.payment_method_code`)} as online, o.channel_id, o.payment_method_code
          from orders o join carts c on c.id = o.cart_id
         where ${p.whose} and c.status = 'ordered' and o.created_at > now() - interval '${sql.raw(REPLAY_WINDOW)}'
         order by o.created_at desc limit 1`,
});

/** The order the owner's cart became a moment ago, if any (a double click, a retry, a second tab). */
async function recentlyOrdered(tx: Db, owner: CartOwner): Promise<PlacedOrder | null> {
  const whose =
    owner.customerId !== null
      ? sql`c.customer_id = ${owner.customerId}`
      : owner.tokenHash !== null
        ? sql`c.token_hash = ${owner.tokenHash} and c.customer_id is null`
        : null;
  if (!whose) return null;
  const [row] = await recentOrderRow(tx, { whose });
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

const takeVariantStock = namedQuery<{ product_id: string; stock: number; qty: number }>()({
  name: 'checkout.take-stock',
  columns: ['product_id', 'stock', 'qty'],
  example: { rows: sql`(${'v_example'}::text, ${1}::int)` },
  build: (p: { rows: SQL }) =>
    sql`update variants v set stock = v.stock - q.qty from (values ${p.rows}) as q(variant_id, qty)
         where v.id = q.variant_id and v.stock >= q.qty returning v.product_id, v.stock, q.qty`,
});

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
  const taken = await takeVariantStock(tx, { rows });
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

const placementSettingsRow = namedQuery<{ rules: Record<string, unknown> | null; minutes: number | null }>()({
  name: 'checkout.placement-settings',
  columns: ['rules', 'minutes'],
  example: {},
  build: () => sql`select ${checkoutRulesSql} as rules, ${reservationMinutesSql} as minutes`,
});

/**
 * What placing an order reads before its transaction, in one statement: the checkout's rules
 * (checkoutRules) and how long an online payment holds the stock (reservationMinutes).
 */
async function placementSettings(db: Db) {
  const [row] = await placementSettingsRow(db, {});
  return { rules: checkoutRulesOf(row?.rules ?? null), minutes: reservationMinutesOf(row?.minutes ?? null) };
}
