import { createHash, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  adminChannelMessages,
  cartMessages,
  type AdditionalData,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { callSqlFunction, plpgsqlFunction, sqlFunction } from '../../db/sql-function.ts';
import { HttpError, fieldError } from '../../lib/http.ts';
import type { ShopContext } from '../../lib/shop-context.ts';
import type { CartOwner } from '../../lib/cart-owner.ts';
import { newCartToken } from './cart-cookie.ts';
import { cartExpireDaysSql, cartViewFunction, expireDaysOf, ownedCartId, type CartRow } from './load.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The cart was ordered, merged or removed between finding it and changing it. */
export const cartGone = () => new HttpError(409, 'Your cart has changed. Please reload it and try again');

/**
 * Locks the cart row for this transaction and touches it: every change to one cart runs one at a
 * time (the line count and the stock caps below hold under concurrent calls), and updated_at
 * marks activity for expiry. Answers its channel, or throws when it is no longer active.
 */
async function lockCart(tx: Tx, cartId: string): Promise<{ channel_id: string }> {
  const [row] = await lockCartRow(tx, { cartId });
  if (!row) throw cartGone();
  return row;
}

const lockCartRow = namedQuery<{ channel_id: string }>()({
  name: 'cart.lock',
  columns: ['channel_id'],
  example: { cartId: 'c_example' },
  build: (p: { cartId: string }) =>
    sql`update carts set updated_at = now() where id = ${p.cartId} and status = 'active' returning channel_id`,
});

const EXAMPLE_OWNER: CartOwner = { customerId: 1, tokenHash: null };

const ownedCartIdRow = namedQuery<{ id: string | null }>()({
  name: 'cart.owned-id',
  columns: ['id'],
  example: EXAMPLE_OWNER,
  build: (owner: CartOwner) => sql`select ${ownedCartId(owner)} as id`,
});

/** The owner's active cart id, or null. */
export async function findCartId(db: Db, owner: CartOwner): Promise<string | null> {
  const [row] = await ownedCartIdRow(db, owner);
  return row?.id ?? null;
}

/** Lines with different customisation are different lines: the key tells them apart ('' for none). */
function customisationOf(data: AdditionalData | null | undefined) {
  // NFC, without invisible format characters (zero-width, bidi overrides): "Anna" and
  // "Anna\u200b" are the same customisation, one line, one stock cap.
  const text =
    data?.custom_text
      ?.normalize('NFC')
      .replace(/\p{Cf}/gu, '')
      .trim() || null;
  const image = data?.image_path || null;
  const key =
    text || image
      ? createHash('sha256')
          .update(`${text ?? ''}\u0000${image ?? ''}`)
          .digest('hex')
      : '';
  return { text, image, key };
}

const overCap = (p: { stock: number }) =>
  p.stock < MAX_LINE_QUANTITY
    ? fieldError('quantity', p.stock <= 0 ? cartMessages.outOfStock : cartMessages.onlyLeft(p.stock))
    : fieldError('quantity', cartMessages.lineMax(MAX_LINE_QUANTITY));

/** What the add statement saw: whether it went through, and if not, enough to say why. */
interface AddOutcome {
  line_id: number | null;
  variant_id: string | null;
  is_published: boolean | null;
  is_service: boolean | null;
  by_variant: boolean | null;
  variants: number | null;
  available: boolean | null;
  price: number | null;
  stock: number | null;
  is_customisation_enabled: boolean | null;
  plugin_on: boolean;
  had_line: boolean;
  lines: number;
}

/** Why an add was refused, in the order a shopper can act on it. */
function refusal(o: AddOutcome, customised: boolean): HttpError {
  if (o.variant_id === null || !o.is_published) return new HttpError(404, cartMessages.productNotFound);
  if (o.is_service) return fieldError('product_id', cartMessages.serviceApply);
  if (!o.by_variant && (o.variants ?? 0) > 1) return fieldError('product_id', cartMessages.chooseVariant);
  if (!o.available || o.price === null || (o.stock ?? 0) <= 0) return fieldError('product_id', cartMessages.outOfStock);
  if (customised && !(o.is_customisation_enabled && o.plugin_on)) {
    return fieldError('additonal_data', cartMessages.customisationOff);
  }
  if (!o.had_line && o.lines >= MAX_CART_LINES) return fieldError('product_id', cartMessages.cartFull);
  return overCap({ stock: o.stock ?? 0 });
}

/**
 * The add statement (plans cached per connection, ADR 0020): reads the variant in the cart's
 * channel (`p_id` may also name a product with a single variant), then inserts the line or adds
 * to it with a conditional upsert that never passes the stock, the maximum of one item (counted
 * over all the variant's lines) or the line limit. Answers what it saw, so a refusal can say why.
 */
export const addLineFunction = sqlFunction(
  'cart_add_line',
  'p_cart text, p_channel text, p_id text, p_qty int, p_text text, p_image text, p_key text',
  sql`with p as (
            select v.id as variant_id, v.product_id, v.stock, vc.selling_price_minor as price,
                   coalesce(vc.is_available, false) as available, pr.is_published, pr.is_customisation_enabled,
                   v.id = p_id as by_variant,
                   (select count(*)::int from variants w where w.product_id = pr.id) as variants,
                   -- In services mode a service is applied for (its form, then its fee: ADR 37), never
                   -- carted; in products mode the shop sells it as the product it also is.
                   (sd.product_id is not null
                     and (select value #>> '{}' from store_settings where key = 'store_mode') = 'services') as is_service
              from variants v join products pr on pr.id = v.product_id
              left join variant_channels vc on vc.variant_id = v.id and vc.channel_id = p_channel
              left join service_details sd on sd.product_id = pr.id
             where v.id = p_id or v.product_id = p_id
             order by v.id = p_id desc, v.position, v.id limit 1),
          facts as (
            select exists (select 1 from plugins where module_name = 'ProductCustomisation' and is_installed) as plugin_on,
                   exists (select 1 from cart_items x join p on x.variant_id = p.variant_id
                            where x.cart_id = p_cart and x.customisation_key = p_key) as had_line,
                   (select count(*)::int from cart_items x where x.cart_id = p_cart) as lines,
                   -- Every line of the variant counts against its stock (customised lines too).
                   (select coalesce(sum(x.quantity), 0)::int from cart_items x, p
                     where x.cart_id = p_cart and x.variant_id = p.variant_id) as variant_total),
          ok as (
            select p.*, least(${sql.raw(String(MAX_LINE_QUANTITY))}, p.stock) as cap from p, facts
             where p.is_published and not p.is_service and (p.by_variant or p.variants = 1) and p.available
               and p.price is not null
               and p_qty <= least(${sql.raw(String(MAX_LINE_QUANTITY))}, p.stock)
               and (p_key = '' or (p.is_customisation_enabled and facts.plugin_on))
               and (facts.had_line or facts.lines < ${sql.raw(String(MAX_CART_LINES))})
               and facts.variant_total + p_qty <= p.stock
               -- "Up to 10 of an item" holds for the variant across its lines (customised ones too).
               and facts.variant_total + p_qty <= ${sql.raw(String(MAX_LINE_QUANTITY))}),
          ins as (
            insert into cart_items as ci (cart_id, product_id, variant_id, quantity, custom_text, image_path, customisation_key, seen_price_minor)
            select p_cart, product_id, variant_id, p_qty, p_text, p_image, p_key, price from ok
            on conflict (cart_id, variant_id, customisation_key) do update
              set quantity = ci.quantity + excluded.quantity, seen_price_minor = excluded.seen_price_minor, updated_at = now()
              where ci.quantity + excluded.quantity <= (select cap from ok)
            returning ci.id)
          select row_to_json(o) from (
            select (select id from ins) as line_id, p.variant_id, p.is_published, p.is_service, p.by_variant, p.variants, p.available,
                   p.price, p.stock, p.is_customisation_enabled, facts.plugin_on, facts.had_line, facts.lines
              from facts left join p on true) o`,
  'volatile',
);

/** Locks and touches the owner's active cart (updated_at marks activity for expiry); null when there is none. */
export async function lockOwnedCart(tx: Tx, owner: CartOwner) {
  const [cart] = await lockOwnedCartRow(tx, owner);
  return cart ?? null;
}

const lockOwnedCartRow = namedQuery<{ id: string; channel_id: string }>()({
  name: 'cart.lock-owned',
  columns: ['id', 'channel_id'],
  example: EXAMPLE_OWNER,
  build: (owner: CartOwner) =>
    sql`update carts set updated_at = now() where id = ${ownedCartId(owner)} and status = 'active' returning id, channel_id`,
});

const newCartId = () => `c_${randomUUID().replace(/-/g, '')}`;

/** A new active cart for the owner; a customer's concurrent first adds meet on the unique index and share one. */
export async function createCart(tx: Tx, owner: CartOwner, channelId: string) {
  const id = newCartId();
  // The channel's key, held until the cart commits: a channel delete waits and then sees the cart
  // (409), or went first and the shopper is asked to reload (its page named a channel now gone).
  const held = await queryRows(tx, sql`select 1 from channels where id = ${channelId} for key share`);
  if (!held.length) throw new HttpError(409, adminChannelMessages.gone);
  if (owner.customerId !== null) {
    // As a login's merge does (merge.ts): the customer's row orders who makes their cart.
    await queryRows(tx, sql`select id from customers where id = ${owner.customerId} for update`);
    await queryRows(
      tx,
      sql`insert into carts (id, customer_id, channel_id) values (${id}, ${owner.customerId}, ${channelId})
          on conflict (customer_id) where status = 'active' do nothing`,
    );
    const cart = await lockOwnedCart(tx, owner);
    if (!cart) throw cartGone();
    return { cart, token: null };
  }
  const { token, hash } = newCartToken();
  const [cart] = await insertGuestCart(tx, { id, hash, channelId });
  return { cart: cart!, token };
}

const insertGuestCart = namedQuery<{ id: string; channel_id: string }>()({
  name: 'cart.insert-guest',
  columns: ['id', 'channel_id'],
  example: { id: 'c_example', hash: 'h', channelId: 'ch_example' },
  build: (p: { id: string; hash: string; channelId: string }) =>
    sql`insert into carts (id, token_hash, channel_id) values (${p.id}, ${p.hash}, ${p.channelId}) returning id, channel_id`,
});

/**
 * The whole add as one call (issue 30: each step was a round trip). A guest's first add names its
 * new cart (`p_new_id`, the secret's hash, the channel: the channel's key is held, as createCart
 * does, and a channel gone answers `channel_gone`) instead of `p_cart`. Locks the cart row (every
 * change to one cart runs one at a time; `for no key update`, the lock an update takes), runs the
 * add statement (cart_add_line), and when the line was written touches the cart (updated_at marks
 * activity for expiry) and answers it as the cart view reads it, with the cart_expire_days setting
 * for the cookies. A refused add changes nothing (a cart made for it is removed again) and
 * answers only what the add statement saw; no active cart answers null. One statement: one
 * transaction.
 */
export const cartAddFunction = plpgsqlFunction(
  'cart_add',
  'p_cart text, p_id text, p_qty int, p_text text, p_image text, p_key text, p_new_id text, p_new_hash text, p_new_channel text',
  sql`declare
  v_channel text;
  v_outcome json;
begin
  if p_cart is null and p_new_id is not null then
    perform 1 from channels where id = p_new_channel for key share;
    if not found then return json_build_object('channel_gone', true); end if;
    insert into carts (id, token_hash, channel_id) values (p_new_id, p_new_hash, p_new_channel);
    p_cart := p_new_id;
  end if;
  select channel_id into v_channel from carts where id = p_cart and status = 'active' for no key update;
  if not found then return null; end if;
  v_outcome := ${sql.raw(addLineFunction.name)}(p_cart, v_channel, p_id, p_qty, p_text, p_image, p_key);
  if v_outcome->>'line_id' is null then
    if p_cart = p_new_id then delete from carts where id = p_cart; end if;
    return json_build_object('outcome', v_outcome);
  end if;
  update carts set updated_at = now() where id = p_cart;
  return json_build_object('outcome', v_outcome, 'cart', ${sql.raw(cartViewFunction.name)}(p_cart),
                           'expire_days', ${cartExpireDaysSql});
end`,
  'volatile',
);

interface AddAnswer {
  channel_gone?: boolean;
  outcome: AddOutcome;
  cart?: CartRow | null;
  expire_days?: number | null;
}

/** What an add answers: the cart (as the cart view reads it after the add), and a new guest cart's secret. */
export interface Added {
  cartId: string;
  token: string | null;
  cart: CartRow;
  expireDays: number;
}

type AddParams = {
  cartId: SQL;
  input: { product_id: string; quantity: number };
  custom: { text: string | null; image: string | null; key: string };
  created: { id: string; hash: string; channelId: string } | undefined;
};

const ADD_EXAMPLE: AddParams = {
  cartId: sql`${'c_example'}`,
  input: { product_id: 'p_example', quantity: 1 },
  custom: { text: 'Anna', image: '/media/example.webp', key: 'k' },
  created: { id: 'c_example', hash: 'h', channelId: 'ch_example' },
};

const addToCartRow = namedQuery<{ result: AddAnswer | null }>()({
  name: 'cart.add',
  columns: ['result'],
  example: ADD_EXAMPLE,
  build: ({ cartId, input, custom, created }: AddParams) =>
    callSqlFunction(cartAddFunction, [
      cartId,
      sql`${input.product_id}`,
      sql`${input.quantity}::int`,
      sql`${custom.text}::text`,
      sql`${custom.image}::text`,
      sql`${custom.key}`,
      sql`${created?.id ?? null}::text`,
      sql`${created?.hash ?? null}::text`,
      sql`${created?.channelId ?? null}::text`,
    ]),
});

/**
 * Adds `quantity` of a variant to the owner's cart, creating the cart on first use (a guest gets
 * a new secret, answered as `token` for the cookie). One short transaction (cartAddFunction):
 * the cart row is locked, then one statement reads the variant in the cart's channel
 * (`product_id` may also name a product with a single variant, ADR 0020) and inserts the line or
 * adds to it with a conditional upsert that never passes the stock, the per-line maximum or the
 * line limit; the cart is read back under the same lock. The line remembers the price the shopper
 * saw. A refusal says why (404 unknown product, 422 otherwise).
 */
export async function addToCart(
  db: Db,
  owner: CartOwner,
  shop: () => Promise<ShopContext>,
  input: { product_id: string; quantity: number; additonal_data?: AdditionalData | null },
): Promise<Added> {
  const custom = customisationOf(input.additonal_data);
  const call = async (db: Db, cartId: SQL, created?: { id: string; hash: string; channelId: string }) => {
    const [row] = await addToCartRow(db, { cartId, input, custom, created });
    const answer = row?.result;
    if (answer?.channel_gone) throw new HttpError(409, adminChannelMessages.gone);
    return answer;
  };
  const settle = (answer: AddAnswer | null | undefined, token: string | null): Added => {
    if (!answer?.outcome) throw cartGone();
    if (answer.outcome.line_id === null || !answer.cart) throw refusal(answer.outcome, custom.key !== '');
    return { cartId: answer.cart.id, token, cart: answer.cart, expireDays: expireDaysOf(answer.expire_days ?? null) };
  };
  // A browser with a cart cookie, or a customer, is expected to have a cart: one call adds to it.
  if (owner.customerId !== null || owner.tokenHash !== null) {
    const answer = await call(db, ownedCartId(owner));
    if (answer) return settle(answer, null);
  }
  // No cart (yet, or gone): its channel is read first.
  const channelId = (await shop()).channelId;
  if (owner.customerId === null) {
    // A guest's new cart is made by the same call, with a new secret for the cookie.
    const { token, hash } = newCartToken();
    const id = newCartId();
    return settle(await call(db, sql`null::text`, { id, hash, channelId }), token);
  }
  // A customer's first cart: their concurrent first adds meet and share one (createCart).
  return db.transaction(async (tx) => {
    const { cart } = await createCart(tx, owner, channelId);
    return settle(await call(tx, sql`${cart.id}`), null);
  });
}

/** The line a request names: `item_id`, else the variant's line without customisation, else its only line. */
function lineWhere(cartId: string, target: { product_id: string; item_id?: string | undefined }): SQL {
  if (target.item_id !== undefined) {
    const id = Number(target.item_id);
    // Line ids are 32-bit integers: anything else names no line (never a database error).
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return sql`false`;
    return sql`ci.cart_id = ${cartId} and ci.id = ${id} and (ci.variant_id = ${target.product_id} or ci.product_id = ${target.product_id})`;
  }
  return sql`ci.id = (select x.id from cart_items x where x.cart_id = ${cartId}
                        and (x.variant_id = ${target.product_id} or x.product_id = ${target.product_id})
                      order by (x.customisation_key = '') desc, x.id limit 1)`;
}

/**
 * Sets a line's quantity (0 removes it). With the variant's other lines, the new quantity must fit
 * the stock and the maximum of one item; the check and the write are one statement under the
 * cart's lock.
 */
export async function updateQuantity(
  db: Db,
  cartId: string,
  input: { product_id: string; item_id?: string | undefined; quantity: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { channel_id } = await lockCart(tx, cartId);
    if (input.quantity === 0) {
      const gone = await queryRows(
        tx,
        sql`delete from cart_items ci where ${lineWhere(cartId, input)} returning ci.id`,
      );
      if (!gone.length) throw new HttpError(404, cartMessages.itemNotFound);
      return;
    }
    const [row] = await setLineQuantity(tx, { cartId, channelId: channel_id, input });
    if (!row) throw new HttpError(404, cartMessages.itemNotFound);
    if (row.id !== null) return;
    if (!row.available || !row.priced || row.stock <= 0) throw fieldError('quantity', cartMessages.outOfStock);
    throw overCap({ stock: row.stock });
  });
}

/** Sets the line's quantity when it fits (id), else answers why not: the variant's stock, whether it is sold and priced. */
const setLineQuantity = namedQuery<{ id: number | null; stock: number; available: boolean; priced: boolean }>()({
  name: 'cart.set-line-quantity',
  columns: ['id', 'stock', 'available', 'priced'],
  example: { cartId: 'c_example', channelId: 'ch_example', input: { product_id: 'v_example', quantity: 2 } },
  build: (p: {
    cartId: string;
    channelId: string;
    input: { product_id: string; item_id?: string | undefined; quantity: number };
  }) =>
    sql`with target as (select ci.id, ci.variant_id from cart_items ci where ${lineWhere(p.cartId, p.input)}),
          info as (
            select t.id, v.stock, coalesce(vc.is_available, false) and p.is_published as available, vc.variant_id is not null as priced,
                   (select coalesce(sum(y.quantity), 0)::int from cart_items y
                     where y.cart_id = ${p.cartId} and y.variant_id = t.variant_id and y.id <> t.id) as others
              from target t join variants v on v.id = t.variant_id join products p on p.id = v.product_id
              left join variant_channels vc on vc.variant_id = v.id and vc.channel_id = ${p.channelId}),
          upd as (
            update cart_items ci set quantity = ${p.input.quantity}, updated_at = now()
              from info where ci.id = info.id and info.available and info.priced
               and ${p.input.quantity} <= least(${MAX_LINE_QUANTITY}, info.stock) - info.others
            returning ci.id)
          select (select id from upd) as id, stock, available, priced from info`,
});

/** Removes a line (or every line of the variant when no item_id is given). */
export async function removeItem(
  db: Db,
  cartId: string,
  input: { product_id: string; item_id?: string | undefined },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCart(tx, cartId);
    const where =
      input.item_id !== undefined
        ? lineWhere(cartId, input)
        : sql`ci.cart_id = ${cartId} and (ci.variant_id = ${input.product_id} or ci.product_id = ${input.product_id})`;
    const gone = await queryRows(tx, sql`delete from cart_items ci where ${where} returning ci.id`);
    if (!gone.length) throw new HttpError(404, cartMessages.itemNotFound);
  });
}

/**
 * Brings every variant of the cart back to at most MAX_LINE_QUANTITY and at most its stock across
 * its lines, the oldest lines keeping theirs; a line left with nothing goes. A sold-out variant's
 * lines stay as they are (the cart says it is sold out, and checkout refuses it). For writes that
 * copy many lines at once (a login's merge, a restored cart), in their transaction under the
 * cart's lock; one statement.
 */
export async function capVariantTotals(tx: Tx, cartId: string): Promise<void> {
  await queryRows(
    tx,
    sql`with ranked as (
          select ci.id, ci.quantity,
                 case when v.stock > 0 then least(${MAX_LINE_QUANTITY}, v.stock) else ${MAX_LINE_QUANTITY} end
                   - coalesce(sum(ci.quantity) over (partition by ci.variant_id order by ci.id
                       rows between unbounded preceding and 1 preceding), 0) as room
            from cart_items ci join variants v on v.id = ci.variant_id where ci.cart_id = ${cartId}),
        gone as (delete from cart_items d using ranked r where d.id = r.id and r.room <= 0 returning d.id)
        update cart_items ci set quantity = r.room, updated_at = now()
          from ranked r where ci.id = r.id and r.quantity > r.room and r.room > 0`,
  );
}

/** Sets fields of the cart row (one conditional statement on an active cart). */
export async function setCart(db: Db, cartId: string, set: SQL): Promise<void> {
  const rows = await queryRows(
    db,
    sql`update carts set ${set}, updated_at = now() where id = ${cartId} and status = 'active' returning id`,
  );
  if (!rows.length) throw cartGone();
}

export const setCoupon = (db: Db, cartId: string, code: string | null) =>
  setCart(db, cartId, sql`coupon_code = ${code}`);

/** Takes the coupon off the cart (only if it is `code`, when one is named). */
export async function clearCoupon(db: Db, cartId: string, code: string | null): Promise<void> {
  await queryRows(
    db,
    sql`update carts set coupon_code = null, updated_at = now()
         where id = ${cartId} ${code ? sql`and coupon_code = ${code}` : sql``}`,
  );
}

/** Accepts today's prices for every line: "prices updated" goes away. */
export async function acceptPrices(db: Db, cartId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { channel_id } = await lockCart(tx, cartId);
    await queryRows(
      tx,
      sql`update cart_items ci set seen_price_minor = vc.selling_price_minor, updated_at = now()
            from variant_channels vc
           where ci.cart_id = ${cartId} and vc.variant_id = ci.variant_id and vc.channel_id = ${channel_id}
             and ci.seen_price_minor <> vc.selling_price_minor`,
    );
  });
}
