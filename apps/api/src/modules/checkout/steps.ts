import { sql, type SQL } from 'drizzle-orm';
import { cartMessages, orderMessages, type Address, type Cart } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { isoSql } from '../../db/sql-time.ts';
import { fieldError } from '../../lib/http.ts';
import { priceCartRow, type CartRow } from '../cart/load.ts';
import type { CartContext } from '../cart/pricing.ts';
import { cartGone, setCart } from '../cart/service.ts';
import { COD, activePaymentMethod } from '../../db/payment-methods.ts';

/*
 * The checkout steps' writes to the cart (spec section 5): the addresses, the delivery and
 * payment options, the contact and the cart-wide fields. Each is one conditional update of an
 * active cart; validate.ts decides whether a step is ready.
 */

const setCartChoice = namedQuery<{ updated_at: string }>()({
  name: 'checkout.set-cart-choice',
  columns: ['updated_at'],
  example: { cartId: 'c_example', set: sql`note = ${'x'}` },
  build: (p: { cartId: string; set: SQL }) =>
    sql`update carts set ${p.set}, updated_at = now() where id = ${p.cartId} and status = 'active'
        returning ${isoSql(sql`updated_at`)} as updated_at`,
});

/**
 * Sets one choice on the cart `row` was read from and answers the cart priced with it: the row
 * with the choice and the new updated_at, not a second read (issue 30). One conditional update
 * of an active cart (409 when it is gone).
 */
async function choose(db: Db, row: CartRow, set: SQL, changed: Partial<CartRow>, ctx: CartContext): Promise<Cart> {
  const [touched] = await setCartChoice(db, { cartId: row.id, set });
  if (!touched) throw cartGone();
  const cart = await priceCartRow(db, { ...row, ...changed, updated_at: touched.updated_at }, ctx);
  if (!cart) throw cartGone();
  return cart;
}

/**
 * Chooses the cart's delivery option: one of those that serve its shipping address now (ADR
 * 0023), else 422 on `mode`. Should the address change afterwards, the cart falls back to the
 * first option the new address has. `row` is the cart as just read; answers it priced after.
 */
export async function setShippingMethod(db: Db, row: CartRow, code: string, ctx: CartContext): Promise<Cart> {
  const cart = await priceCartRow(db, row, ctx);
  if (!cart) throw cartGone();
  if (!cart.shipping_methods.some((m) => m.code === code)) {
    throw fieldError('mode', cartMessages.shippingMethodUnknown);
  }
  return choose(db, row, sql`shipping_method_code = ${code}`, { shipping_method_code: code }, ctx);
}

/**
 * Chooses how the cart will be paid: one of the methods it offers now (ADR 0023), else 422 on
 * `mode` (Cash on Delivery where the address's zone has none: "not available for this
 * address"). A choice the cart stops offering (another address) is no longer its choice.
 * `row` is the cart as just read; answers it priced after.
 */
export async function setPaymentMethod(db: Db, row: CartRow, code: string, ctx: CartContext): Promise<Cart> {
  const cart = await priceCartRow(db, row, ctx);
  if (!cart) throw cartGone();
  if (!cart.cart_payment_methods.some((p) => p.code === code)) {
    // Cash on Delivery switched on but not offered: the address's zone does not take it (codOffered).
    const method = code === COD ? await activePaymentMethod(db, code) : null;
    throw fieldError('mode', method ? orderMessages.codUnavailable : cartMessages.paymentMethodUnknown);
  }
  return choose(db, row, sql`payment_method_code = ${code}`, { payment_method_code: code }, ctx);
}

export async function setContact(
  db: Db,
  cartId: string,
  input: {
    email?: string | null | undefined;
    phone?: string | null | undefined;
    marketing_consent?: boolean | undefined;
  },
): Promise<void> {
  const parts: SQL[] = [];
  if (input.email !== undefined) parts.push(sql`email = ${input.email?.toLowerCase() ?? null}`);
  if (input.phone !== undefined) parts.push(sql`phone = ${input.phone}`);
  if (input.marketing_consent !== undefined) parts.push(sql`marketing_consent = ${input.marketing_consent}`);
  if (!parts.length) return;
  await setCart(db, cartId, sql.join(parts, sql`, `));
}

export async function setCartFields(
  db: Db,
  cartId: string,
  input: {
    note?: string | null | undefined;
    billing_same_as_shipping?: boolean | undefined;
    buyer_gstin?: string | null | undefined;
    buyer_business_name?: string | null | undefined;
  },
): Promise<void> {
  const parts: SQL[] = [];
  if (input.note !== undefined) parts.push(sql`note = ${input.note || null}`);
  // The GSTIN and its business name go together (the body's schema asks both): none clears both.
  if (input.buyer_gstin !== undefined) {
    const gstin = input.buyer_gstin || null;
    parts.push(sql`buyer_gstin = ${gstin}, buyer_business_name = ${gstin && (input.buyer_business_name || null)}`);
  }
  if (input.billing_same_as_shipping !== undefined) {
    parts.push(sql`billing_same_as_shipping = ${input.billing_same_as_shipping}`);
  }
  if (!parts.length) return;
  await setCart(db, cartId, sql.join(parts, sql`, `));
}

export async function setAddress(
  db: Db,
  cartId: string,
  type: 'Shipping' | 'Billing',
  address: Address,
): Promise<void> {
  const json = JSON.stringify(address);
  await setCart(
    db,
    cartId,
    type === 'Shipping'
      ? sql`shipping_address = ${json}::jsonb`
      : sql`billing_address = ${json}::jsonb, billing_same_as_shipping = false`,
  );
}
