import { sql, type SQL } from 'drizzle-orm';
import { channelMessages, type Channel, type ChannelChosen, type ChannelList } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError, fieldError } from '../../lib/http.ts';
import type { ShopContext } from '../../lib/shop-context.ts';
import type { CartOwner } from '../../lib/cart-owner.ts';
import { lockOwnedCart } from '../cart/service.ts';

interface ChannelRow {
  id: string;
  name: string;
  currency_code: string;
  country_id: number;
  country_name: string;
  iso2: string;
  mobile_code: string;
  mobile_number_length: number;
  has_postcodes: boolean;
}

const channelsWithCountries = namedQuery<ChannelRow>()({
  name: 'channels.list',
  columns: [
    'id',
    'name',
    'currency_code',
    'country_id',
    'country_name',
    'iso2',
    'mobile_code',
    'mobile_number_length',
    'has_postcodes',
  ],
  example: { primaryFirst: 'ch_example' },
  build: ({ primaryFirst }: { primaryFirst: string }) =>
    sql`select ch.id, ch.name, ch.currency_code, co.id as country_id, co.name as country_name, co.iso2,
               co.mobile_code, co.mobile_number_length, co.has_postcodes
          from channels ch join countries co on co.id = ch.country_id
         order by ch.id = ${primaryFirst} desc, ch.name, ch.id`,
});

const toChannel = (r: ChannelRow): Channel => ({
  id: r.id,
  name: r.name,
  currency: { code: r.currency_code },
  country: {
    id: r.country_id,
    name: r.country_name,
    iso2: r.iso2,
    mobile_code: r.mobile_code,
    mobile_number_length: Number(r.mobile_number_length),
    has_postcodes: r.has_postcodes,
  },
});

/** Every channel with its country: the primary one (`primaryId`) first, then by name. One query. */
async function channelRows(db: Db, primaryFirst: string): Promise<ChannelRow[]> {
  return channelsWithCountries(db, { primaryFirst });
}

/** The channels a shopper may pick from, and the request's own (GET /api/storefront/channels). */
export async function listChannels(db: Db, shop: ShopContext): Promise<ChannelList> {
  const rows = await channelRows(db, shop.channelId);
  const current = rows.find((r) => r.id === shop.channelId);
  if (!current) throw new HttpError(500, 'No storefront is configured');
  return { enabled: shop.multiChannel, current: toChannel(current), channels: rows.map(toChannel) };
}

/**
 * The shopper picks a channel (ADR 0027): 409 while enable_multi_channel is off, 422 for a
 * channel that does not exist. Their active cart follows in one short transaction under its row
 * lock: lines not sold in the new channel (no available price there) are removed and named in
 * the answer, the others take the new channel's prices as the ones the shopper has seen (the
 * cart shows them at once; nothing is left "updated"), the delivery and payment choices are
 * dropped, and an address outside the new channel's country is cleared. The caller sets the
 * cookie.
 */
export async function chooseChannel(
  db: Db,
  shop: ShopContext,
  owner: CartOwner,
  channelId: string,
): Promise<ChannelChosen> {
  if (!shop.multiChannel) throw new HttpError(409, channelMessages.multiChannelOff);
  const chosen = (await channelRows(db, channelId)).find((r) => r.id === channelId);
  if (!chosen) throw fieldError('channel_id', channelMessages.unknown);
  const removed = await db.transaction(async (tx) => {
    const cart = await lockOwnedCart(tx, owner);
    if (!cart || cart.channel_id === chosen.id) return [];
    // Held until the cart has moved: a delete of the channel from the panel waits, then sees the cart.
    const held = await queryRows(tx, sql`select 1 from channels where id = ${chosen.id} for key share`);
    if (!held.length) throw fieldError('channel_id', channelMessages.unknown);
    const rows = await moveCarts(tx, sql`${cart.id}`, chosen);
    return rows.map((r) => r.name);
  });
  return { channel: toChannel(chosen), removed_items: removed };
}

const moveCartsRows = namedQuery<{ cart_id: string; name: string }>()({
  name: 'channels.move-carts',
  columns: ['cart_id', 'name'],
  example: { cartIds: sql`select ${'c_example'}` as SQL, to: { id: 'ch_example', country_id: 1 } },
  build: (p: { cartIds: SQL; to: { id: string; country_id: number } }) =>
    sql`with gone as (
          delete from cart_items ci
           where ci.cart_id in (${p.cartIds})
             and not exists (select 1 from variant_channels vc
                              where vc.variant_id = ci.variant_id and vc.channel_id = ${p.to.id} and vc.is_available)
          returning ci.cart_id, ci.product_id, ci.id),
        repriced as (
          update cart_items ci set seen_price_minor = vc.selling_price_minor, updated_at = now()
            from variant_channels vc
           where ci.cart_id in (${p.cartIds}) and vc.variant_id = ci.variant_id and vc.channel_id = ${p.to.id} and vc.is_available
          returning 1),
        moved as (
          update carts set channel_id = ${p.to.id}, shipping_method_code = null, payment_method_code = null,
                 shipping_address = case when (shipping_address->>'country_id')::int = ${p.to.country_id}::int
                                         then shipping_address end,
                 billing_address = case when (billing_address->>'country_id')::int = ${p.to.country_id}::int
                                        then billing_address end,
                 updated_at = now()
           where id in (${p.cartIds})
          returning 1)
      select gone.cart_id, p.name from gone join products p on p.id = gone.product_id order by gone.id`,
});

/**
 * Moves carts (the ids `cartIds` lists: a value or a subquery) into channel `to`, as a shopper's
 * own switch does: lines not sold there (no available price) are removed, the others take its
 * prices as the ones seen, the delivery and payment choices are dropped and an address outside
 * its country is cleared. One statement; the caller holds the carts' row locks and `to`'s key.
 * Answers the removed lines' cart and product name, in the order they were added.
 */
export async function moveCarts(
  tx: Db,
  cartIds: SQL,
  to: { id: string; country_id: number },
): Promise<{ cart_id: string; name: string }[]> {
  return moveCartsRows(tx, { cartIds, to });
}
