import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CART_EXPIRE_DAYS, type Cart } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { callSqlFunction, sqlFunction } from '../../db/sql-function.ts';
import { isoSql } from '../../db/sql-time.ts';
import { nationalPhoneSql } from '../../lib/shop-country.ts';
import { STANDARD_CLASS } from '../admin/tax/rates.ts';
import { activePaymentMethodsJsonSql } from '../../db/payment-methods.ts';
import { configuredProviders } from '../payments/providers.ts';
import { settingNumber } from '../settings/service.ts';
import { activeShippingMethodsJsonSql, channelZonesWhere, zonesJsonSql } from '../shipping/service.ts';
import type { CartOwner } from '../../lib/cart-owner.ts';
import { evaluateCoupon } from '../coupons/service.ts';
import {
  couponLines,
  offerFor,
  priceCart,
  type CartContext,
  type CartHead,
  type LineRow,
  type OfferRows,
} from './pricing.ts';

/** The active cart `owner` may reach: the customer's, else the guest cart of the cookie. */
export function ownedCartId(owner: CartOwner): SQL {
  if (owner.customerId !== null) {
    return sql`(select id from carts where customer_id = ${owner.customerId} and status = 'active')`;
  }
  if (owner.tokenHash !== null) {
    return sql`(select id from carts where token_hash = ${owner.tokenHash} and customer_id is null and status = 'active')`;
  }
  return sql`(null::text)`;
}

/** What the cart view function answers for an active cart (cart_add answers it too). */
export interface CartRow extends Omit<CartHead, 'tax_rate' | 'updated_at'>, OfferRows {
  updated_at: string;
  tax_rate: number | null;
  lines: LineRow[];
}

/**
 * The active shipping zones the cart's channel delivers to (ADR 0027), shipping methods and
 * payment methods, and (as `country_id`) the country of `channel`, as one JSON object: what a
 * cart may be offered (ADR 0023).
 */
function offerRowsSql(channelCountry: SQL, channelId: SQL): SQL {
  return sql`${channelCountry} as country_id,
      ${zonesJsonSql(channelZonesWhere(channelId))} as zones,
      ${activeShippingMethodsJsonSql} as shipping,
      ${activePaymentMethodsJsonSql} as payments`;
}

/** The standard class as a literal: a function body takes no bound values. */
const STANDARD = sql.raw(`'${STANDARD_CLASS}'`);

/**
 * The cart with its lines priced in the cart's own channel, what it may be offered (zones,
 * shipping and payment methods) and the tax rates (each line's class, the standard one for shipping): one statement, however many lines. A
 * customer's order contact (e-mail, phone) defaults to their account's (the phone as typed: national digits).
 */
function cartSql(cartId: SQL): SQL {
  return sql`select row_to_json(cart) from (select c.id, c.customer_id,
      coalesce(c.email, cu.email) as email, coalesce(c.phone, ${nationalPhoneSql(sql`cu.phone`)}) as phone, c.coupon_code, c.shipping_method_code, c.payment_method_code,
      c.shipping_address, c.billing_address, c.billing_same_as_shipping, c.note, c.buyer_gstin, c.buyer_business_name, c.marketing_consent,
      ${isoSql(sql`c.updated_at`)} as updated_at,
      ch.currency_code as currency,
      (select rate_percent from tax_rates where key = ${STANDARD}) as tax_rate,
      (select coalesce(json_agg(l order by l.created_at, l.id), '[]'::json) from (
         select ci.id, ci.product_id, ci.variant_id, ci.quantity, ci.custom_text, ci.image_path, ci.seen_price_minor, ci.created_at,
           p.slug, p.name, coalesce(b.name, p.brand) as brand, p.is_published, p.is_customisation_enabled,
           coalesce((select i.path from product_images i
                      where i.product_id = p.id and i.option_value in (select value from jsonb_each_text(v.options))
                      order by i.position, i.id limit 1), p.image_path) as image,
           v.title, v.options, v.stock, vc.sku, vc.selling_price_minor as price, vc.mrp_minor as mrp,
           coalesce(vc.is_available, false) as available,
           (select r.rate_percent from tax_rates r where r.key = p.tax_class) as tax_rate
         from cart_items ci
         join products p on p.id = ci.product_id
         join variants v on v.id = ci.variant_id
         left join variant_channels vc on vc.variant_id = v.id and vc.channel_id = c.channel_id
         left join brands b on b.id = p.brand_id
        where ci.cart_id = c.id) l) as lines,
      ${offerRowsSql(sql`ch.country_id`, sql`c.channel_id`)}
    from carts c join channels ch on ch.id = c.channel_id
    left join customers cu on cu.id = c.customer_id
   where c.id = ${cartId} and c.status = 'active') cart`;
}

/** The cart read as a function of its id (plans cached per connection: ADR 0020). */
export const cartViewFunction = sqlFunction('cart_view', 'p_cart_id text', cartSql(sql.raw('p_cart_id')));

/**
 * What a cart read needs from the running process (ADR 0023): the online payment providers its
 * environment configures. Built once at boot by whoever answers carts; tests build their own.
 */
export function cartContextOf(env: Parameters<typeof configuredProviders>[0]): CartContext {
  return { onlineProviders: configuredProviders(env) };
}

/**
 * The priced cart, or null when there is none (a read never creates one). `ctx` names the online
 * payment providers configured in this process (the cart offers only those).
 */
export async function loadCart(db: Db, cartId: SQL | string, ctx: CartContext): Promise<Cart | null> {
  return priceCartRow(db, await loadCartRow(db, cartId), ctx);
}

const cartViewRow = namedQuery<{ result: CartRow | null }>()({
  name: 'cart.view',
  columns: ['result'],
  example: { id: sql`${'c_example'}` },
  build: (p: { id: SQL }) => callSqlFunction(cartViewFunction, [p.id]),
});

/** The active cart as the cart view reads it (not priced yet), or null. */
export async function loadCartRow(db: Db, cartId: SQL | string): Promise<CartRow | null> {
  const id = typeof cartId === 'string' ? sql`${cartId}` : cartId;
  const [answer] = await cartViewRow(db, { id });
  return answer?.result ?? null;
}

/** The cart view's row, priced (its coupon checked now); null for no row. */
export async function priceCartRow(db: Db, row: CartRow | null, ctx: CartContext): Promise<Cart | null> {
  if (!row) return null;
  const head: CartHead = { ...row, tax_rate: row.tax_rate ?? 0 };
  const lines = row.lines;
  const couponCtx = () => {
    const cl = couponLines(lines);
    return {
      customerId: row.customer_id,
      currency: row.currency,
      lines: cl,
      subtotalMinor: cl.reduce((n, l) => n + l.lineTotalMinor, 0),
    };
  };
  const coupon = row.coupon_code ? await evaluateCoupon(db, row.coupon_code, couponCtx()) : null;
  return priceCart(head, lines, offerFor(row.shipping_address, row, ctx), coupon);
}

/** The cart_expire_days setting as SQL (the key a literal: usable in a function's body). */
export const cartExpireDaysSql = settingNumber(sql.raw(`'cart_expire_days'`), 1, 365);

/** How long a guest cart lives without activity, from the setting's value (1 to 365 days; null: the default). */
export const expireDaysOf = (days: number | null): number =>
  days === null ? DEFAULT_CART_EXPIRE_DAYS : Math.round(days);

const cartExpireDaysRow = namedQuery<{ days: number | null }>()({
  name: 'cart.expire-days',
  columns: ['days'],
  example: {},
  build: () => sql`select ${cartExpireDaysSql} as days`,
});

/** How long a guest cart lives without activity (the cart_expire_days setting, 1 to 365 days). */
export async function cartExpireDays(db: Db): Promise<number> {
  const [row] = await cartExpireDaysRow(db, {});
  return expireDaysOf(row?.days ?? null);
}
