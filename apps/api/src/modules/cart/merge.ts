import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_CART_COOKIE, CART_SESSION_COOKIE, MAX_CART_LINES, MAX_LINE_QUANTITY } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { scheduleCartReminder } from './abandoned-cart.ts';
import { clearCartCookies, guestTokenHash, setCartCookies } from './cart-cookie.ts';
import { cartExpireDays } from './load.ts';
import { capVariantTotals } from './service.ts';

const lockGuestCart = namedQuery<{ id: string }>()({
  name: 'cart.merge.lock-guest',
  columns: ['id'],
  example: { guestTokenHash: 'h' },
  build: ({ guestTokenHash }: { guestTokenHash: string }) =>
    sql`update carts set updated_at = now()
               where token_hash = ${guestTokenHash} and customer_id is null and status = 'active' returning id`,
});

const lockCustomerCart = namedQuery<{ id: string }>()({
  name: 'cart.merge.lock-customer',
  columns: ['id'],
  example: { customerId: 1 },
  build: ({ customerId }: { customerId: number }) =>
    sql`update carts set updated_at = now() where customer_id = ${customerId} and status = 'active' returning id`,
});

/**
 * On login (ADR 0020): the guest cart of the browser joins the customer's. Without a cart of
 * their own the guest cart simply becomes the customer's. Otherwise each guest line is added to
 * the customer's line of the same variant and customisation, capped by the stock and the per-line
 * maximum (never lowering what the customer already had); new lines fill the free places up to
 * the line limit, oldest first; the customer's coupon and contact win over the guest's. The guest
 * cart is then marked merged. One short transaction; both carts locked, guest first.
 * Answers the customer's active cart id (null when neither cart exists) and whether guest lines
 * joined a cart the customer already had (the shopper is told: their cart changed).
 */
async function mergeGuestCart(
  db: Db,
  guestTokenHash: string | null,
  customerId: number,
): Promise<{ cartId: string | null; merged: boolean }> {
  return db.transaction(async (tx) => {
    // The customer's row first: two logins (or a login and a first add elsewhere) merging into the
    // same customer run one at a time, so "has no cart yet" cannot be true for both.
    await queryRows(tx, sql`select id from customers where id = ${customerId} for update`);
    const [guest] = guestTokenHash ? await lockGuestCart(tx, { guestTokenHash }) : [];
    const [mine] = await lockCustomerCart(tx, { customerId });
    if (!guest) return { cartId: mine?.id ?? null, merged: false };
    if (!mine) {
      await queryRows(tx, sql`update carts set customer_id = ${customerId}, token_hash = null where id = ${guest.id}`);
      return { cartId: guest.id, merged: false };
    }
    const moved = await queryRows(
      tx,
      sql`with free as (
            select greatest(0, ${MAX_CART_LINES} - count(*))::int as n from cart_items where cart_id = ${mine.id}),
          incoming as (
            select g.*, v.stock,
                   exists (select 1 from cart_items m where m.cart_id = ${mine.id} and m.variant_id = g.variant_id
                             and m.customisation_key = g.customisation_key) as existing
              from cart_items g join variants v on v.id = g.variant_id
             where g.cart_id = ${guest.id} and v.stock > 0),
          chosen as (
            select * from incoming where existing
            union all
            select * from (select * from incoming where not existing order by created_at, id
                            limit (select n from free)) fresh)
          insert into cart_items as ci (cart_id, product_id, variant_id, quantity, custom_text, image_path, customisation_key, seen_price_minor, created_at)
          select ${mine.id}, product_id, variant_id, least(quantity, ${MAX_LINE_QUANTITY}, stock),
                 custom_text, image_path, customisation_key, seen_price_minor, created_at
            from chosen
          on conflict (cart_id, variant_id, customisation_key) do update
            set quantity = greatest(ci.quantity,
                  least(ci.quantity + excluded.quantity, ${MAX_LINE_QUANTITY},
                        (select stock from variants where id = excluded.variant_id))),
                updated_at = now()
          returning ci.id`,
    );
    await queryRows(
      tx,
      sql`update carts m set
            coupon_code = coalesce(m.coupon_code, g.coupon_code),
            email = coalesce(m.email, g.email),
            phone = coalesce(m.phone, g.phone),
            marketing_consent = m.marketing_consent or g.marketing_consent
          from carts g where m.id = ${mine.id} and g.id = ${guest.id}`,
    );
    // Lines of one variant from both carts (different customisations) may hold more than 10 together.
    await capVariantTotals(tx, mine.id);
    await queryRows(tx, sql`update carts set status = 'merged', token_hash = null where id = ${guest.id}`);
    return { cartId: mine.id, merged: moved.length > 0 };
  });
}

/**
 * After a login (ADR 0020): the browser's guest cart joins the customer's, the guest secret
 * cookie goes and the `api_cart` flag stays when there is a cart to show. Answers the cart id for
 * the login answer's `cart_session_id` (null without any cart) and its `cart_merged`.
 */
export async function attachCartOnLogin(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  customerId: number,
): Promise<{ cartId: string | null; merged: boolean }> {
  const { cartId, merged } = await mergeGuestCart(app.db, guestTokenHash(req), customerId);
  if (req.cookies[CART_SESSION_COOKIE] !== undefined) clearCartCookies(reply, cartId !== null);
  if (cartId) {
    setCartCookies(app, req, reply, await cartExpireDays(app.db), null);
    // A guest who agreed to a reminder keeps it on the merged cart.
    await scheduleCartReminder(app, app.db, cartId);
  }
  return { cartId, merged };
}

/** On logout the browser forgets its cart (spec section 4): the customer's cart stays theirs. */
export function forgetCartOnLogout(req: FastifyRequest, reply: FastifyReply): void {
  if (req.cookies[CART_SESSION_COOKIE] !== undefined || req.cookies[API_CART_COOKIE] !== undefined) {
    clearCartCookies(reply);
  }
}
