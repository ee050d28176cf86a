import { sql } from 'drizzle-orm';
import {
  adminChannelMessages as msg,
  type AdminChannel,
  type AdminChannelList,
  type ChannelBodySchema,
} from '@shopfront/shared';
import type { z } from 'zod';
import { queryRows, type Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { recordAudit } from '../../staff/audit.ts';
import type { OwnerAct } from '../if-match.ts';
import { uniqueViolation } from '../../auth/service.ts';
import { moveCarts } from '../../channels/service.ts';

type Body = z.output<typeof ChannelBodySchema>;

interface Row {
  id: string;
  name: string;
  currency_code: string;
  iso2: string;
  country_name: string;
  is_storefront: boolean;
  is_default: boolean;
  products: number;
  priced: boolean;
  orders: number;
  carts: number;
}

/** Each channel with what depends on it: one statement, the default storefront's channel first. */
const channelRowsSql = (where = sql`true`) =>
  sql`select c.id, c.name, c.currency_code, co.iso2, co.name as country_name,
        exists (select 1 from storefronts s where s.channel_id = c.id and s.is_default) as is_storefront,
        exists (select 1 from store_settings ss where ss.key = 'default_channel' and ss.value = to_jsonb(c.id)) as is_default,
        (select count(distinct v.product_id)::int from variant_channels vc join variants v on v.id = vc.variant_id
          where vc.channel_id = c.id) as products,
        exists (select 1 from variant_channels vc where vc.channel_id = c.id) as priced,
        coalesce(o.n, 0) as orders, coalesce(k.n, 0) as carts
      from channels c join countries co on co.id = c.country_id
      -- One pass over each table for every channel (no index on channel_id: writes stay as cheap).
      left join (select channel_id, count(*)::int as n from orders group by channel_id) o on o.channel_id = c.id
      left join (select channel_id, count(*)::int as n from carts group by channel_id) k on k.channel_id = c.id
     where ${where}
     order by is_storefront desc, c.name, c.id`;

const ROW_COLUMNS = [
  'id',
  'name',
  'currency_code',
  'iso2',
  'country_name',
  'is_storefront',
  'is_default',
  'products',
  'priced',
  'orders',
  'carts',
] as const;

const channelRows = namedQuery<Row>()({
  name: 'admin.channels.list',
  columns: ROW_COLUMNS,
  example: {},
  build: () => channelRowsSql(),
});

const channelRow = namedQuery<Row>()({
  name: 'admin.channels.one',
  columns: ROW_COLUMNS,
  example: { id: 'ch_example' },
  build: (p: { id: string }) => channelRowsSql(sql`c.id = ${p.id}`),
});

const countryRows = namedQuery<{ iso2: string; name: string; currency_code: string }>()({
  name: 'admin.channels.countries',
  columns: ['iso2', 'name', 'currency_code'],
  example: {},
  build: () => sql`select iso2, name, currency_code from countries order by name`,
});

const countryIdRow = namedQuery<{ id: number }>()({
  name: 'admin.channels.country-id',
  columns: ['id'],
  example: { iso2: 'IN' },
  build: (p: { iso2: string }) => sql`select id from countries where iso2 = ${p.iso2}`,
});

const lockChannelRow = namedQuery<{ name: string; currency_code: string; country_id: number; iso2: string }>()({
  name: 'admin.channels.lock',
  columns: ['name', 'currency_code', 'country_id', 'iso2'],
  example: { id: 'ch_example' },
  build: (p: { id: string }) =>
    sql`select c.name, c.currency_code, c.country_id, co.iso2
            from channels c join countries co on co.id = c.country_id where c.id = ${p.id} for update of c`,
});

/** The default channel, its key held: where a deleted channel's carts move. */
const defaultChannelRow = namedQuery<{ id: string; country_id: number }>()({
  name: 'admin.channels.default-key-share',
  columns: ['id', 'country_id'],
  example: {},
  build: () =>
    sql`select c.id, c.country_id from channels c
             where c.id = (select ss.value #>> '{}' from store_settings ss where ss.key = 'default_channel')
             for key share`,
});

const cartCountRows = namedQuery<{ n: number }>()({
  name: 'admin.channels.cart-count',
  columns: ['n'],
  example: { id: 'ch_example' },
  build: (p: { id: string }) => sql`select count(*)::int as n from carts where channel_id = ${p.id}`,
});

const deleteChannelRow = namedQuery<{ name: string; currency_code: string; country_id: number }>()({
  name: 'admin.channels.delete',
  columns: ['name', 'currency_code', 'country_id'],
  example: { id: 'ch_example' },
  build: (p: { id: string }) =>
    sql`delete from channels c where c.id = ${p.id} returning c.name, c.currency_code, c.country_id`,
});

const toChannel = (r: Row): AdminChannel => ({
  id: r.id,
  name: r.name,
  currency_code: r.currency_code,
  country: { iso2: r.iso2, name: r.country_name },
  is_storefront: r.is_storefront,
  is_default: r.is_default,
  products: r.products,
  orders: r.orders,
  carts: r.carts,
  can_change_currency: !r.priced && r.orders === 0,
  can_delete: !r.is_storefront && !r.is_default && r.orders === 0,
});

/** Every channel with its counts, and the countries a channel may sell in. */
export async function listAdminChannels(db: Db): Promise<AdminChannelList> {
  const [rows, countries] = await Promise.all([channelRows(db, {}), countryRows(db, {})]);
  return { channels: rows.map(toChannel), countries };
}

async function channelOf(db: Db, id: string): Promise<AdminChannel> {
  const [row] = await channelRow(db, { id });
  if (!row) throw notFound(msg.notFound);
  return toChannel(row);
}

/** A readable id from the name: 'Saudi Arabia (SAR)' → 'ch_saudi_arabia_sar'. */
export function channelIdOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  return `ch_${slug || 'channel'}`;
}

async function countryIdOf(db: Db, iso2: string): Promise<number> {
  const [row] = await countryIdRow(db, { iso2 });
  if (!row) throw fieldError('country', msg.countryChoice);
  return row.id;
}

/**
 * Two saves of one name at the same moment both pass nameTaken; the second meets the unique index
 * on lower(name) (migration 0064) and is told the name is taken, as it would have been a moment later.
 */
async function nameUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === 'channels_name_lower_uq') throw fieldError('name', msg.nameTaken);
    throw err;
  }
}

const nameTaken = async (db: Db, name: string, except: string | null) =>
  (
    await queryRows(
      db,
      sql`select 1 from channels where lower(name) = lower(${name}) ${except ? sql`and id <> ${except}` : sql``}`,
    )
  ).length > 0;

/**
 * Adds a channel, its id a slug of the name (`_2`, `_3` … when another name, or a deleted
 * channel, made the same one: a deleted channel's id is never given again).
 * One insert per try that also refuses a name taken (any case); two adds of one name at once meet
 * on the id, and the second is told the name is taken.
 */
export async function addChannel(db: Db, act: OwnerAct, body: Body): Promise<AdminChannel> {
  const base = channelIdOf(body.name);
  return nameUnique(() =>
    db.transaction(async (tx) => {
      const countryId = await countryIdOf(tx, body.country);
      for (let n = 1; n <= 50; n++) {
        const id = n === 1 ? base : `${base}_${n}`;
        const [made] = await queryRows(
          tx,
          sql`insert into channels (id, name, currency_code, country_id)
            select ${id}, ${body.name}, ${body.currency_code}, ${countryId}
             where not exists (select 1 from channels where lower(name) = lower(${body.name}))
               and not exists (select 1 from retired_channel_ids r where r.id = ${id})
            on conflict (id) do nothing returning id`,
        );
        if (made) {
          await recordAudit(tx, {
            staff: act.staff,
            action: 'channel.create',
            target: `channel:${id}`,
            after: { name: body.name, currency_code: body.currency_code, country: body.country },
            ip: act.ip,
          });
          return channelOf(tx, id);
        }
        if (await nameTaken(tx, body.name, null)) throw fieldError('name', msg.nameTaken);
      }
      throw fieldError('name', msg.nameTaken);
    }),
  );
}

/**
 * Renames a channel; its currency and country change only while nothing is priced or ordered in
 * it (409). The row is locked first: prices, carts and orders made in it hold its key until they
 * commit, so the conditional update that follows sees them.
 */
export async function saveChannel(db: Db, act: OwnerAct, id: string, body: Body): Promise<AdminChannel> {
  return nameUnique(() =>
    db.transaction(async (tx) => {
      const [before] = await lockChannelRow(tx, { id });
      if (!before) throw notFound(msg.notFound);
      const countryId = await countryIdOf(tx, body.country);
      if (await nameTaken(tx, body.name, id)) throw fieldError('name', msg.nameTaken);
      const moves = before.currency_code !== body.currency_code || before.country_id !== countryId;
      const [saved] = await queryRows(
        tx,
        sql`update channels c set name = ${body.name}, currency_code = ${body.currency_code}, country_id = ${countryId}
           where c.id = ${id}
             ${
               moves
                 ? sql`and not exists (select 1 from variant_channels vc where vc.channel_id = c.id)
                       and not exists (select 1 from orders o where o.channel_id = c.id)`
                 : sql``
             }
          returning c.id`,
      );
      if (!saved) throw new HttpError(409, msg.locked);
      const was = { name: before.name, currency_code: before.currency_code, country: before.iso2 };
      const now = { name: body.name, currency_code: body.currency_code, country: body.country };
      const changed = (Object.keys(now) as (keyof typeof now)[]).filter((k) => was[k] !== now[k]);
      if (changed.length > 0)
        await recordAudit(tx, {
          staff: act.staff,
          action: 'channel.update',
          target: `channel:${id}`,
          before: Object.fromEntries(changed.map((k) => [k, was[k]])),
          after: Object.fromEntries(changed.map((k) => [k, now[k]])),
          ip: act.ip,
        });
      return channelOf(tx, id);
    }),
  );
}

/** Why a channel cannot go: the first reason that holds, or a 404 when it is gone already. */
async function refusal(db: Db, id: string): Promise<HttpError> {
  const [row] = await channelRow(db, { id });
  if (!row) return notFound(msg.notFound);
  if (row.is_storefront) return new HttpError(409, msg.storefrontChannel);
  if (row.is_default) return new HttpError(409, msg.defaultChannel);
  if (row.orders > 0) return new HttpError(409, msg.hasOrders(row.orders));
  // Another storefront sells in it (the foreign key refused).
  return new HttpError(409, msg.storefrontChannel);
}

const isForeignKeyViolation = (err: unknown): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23503') return true;
  return false;
};

/**
 * Deletes a channel and its prices (the keys cascade) in one short transaction: never the
 * storefront's channel, the `default_channel` setting, or one with orders (409 saying which).
 * Shoppers' carts in it move to the default channel as a shopper's own switch moves them
 * (channels/service.ts moveCarts: lines not sold there removed, the others repriced), so no cart
 * blocks a delete and none is lost. Locks, in the order checkout takes them (cart, then channel):
 * the channel's carts first (a checkout or channel switch in flight commits, and its order then
 * refuses the delete), then the channel row (a cart, order or default_channel save in flight
 * commits before the statements below read; one that starts after waits, then finds the channel
 * gone). Should anything slip past, the foreign keys refuse the delete: 409 as well.
 */
export async function deleteChannel(db: Db, act: OwnerAct, id: string): Promise<AdminChannelList> {
  await db
    .transaction(async (tx) => {
      await queryRows(tx, sql`select id from carts where channel_id = ${id} order by id for update`);
      const locked = await queryRows(tx, sql`select 1 from channels where id = ${id} for update`);
      if (!locked.length) throw notFound(msg.notFound);
      const [blocked] = await queryRows(
        tx,
        sql`select c.id from channels c where c.id = ${id}
              and (exists (select 1 from storefronts s where s.channel_id = c.id)
                or exists (select 1 from store_settings ss where ss.key = 'default_channel' and ss.value = to_jsonb(c.id))
                or exists (select 1 from orders o where o.channel_id = c.id))`,
      );
      if (blocked) throw await refusal(tx, id);
      const [to] = await defaultChannelRow(tx, {});
      const carts = await cartCountRows(tx, { id });
      if (to && carts[0]!.n > 0) await moveCarts(tx, sql`select id from carts where channel_id = ${id}`, to);
      const [gone] = await deleteChannelRow(tx, { id });
      if (!gone) throw notFound(msg.notFound);
      await queryRows(tx, sql`insert into retired_channel_ids (id) values (${id}) on conflict do nothing`);
      // The listing read model keeps no key to channels.
      await queryRows(tx, sql`delete from listing_facet_counts where channel_id = ${id}`);
      await recordAudit(tx, {
        staff: act.staff,
        action: 'channel.delete',
        target: `channel:${id}`,
        before: {
          name: gone.name,
          currency_code: gone.currency_code,
          country_id: gone.country_id,
          ...(carts[0]!.n > 0 ? { carts_moved_to: to?.id ?? null, carts: carts[0]!.n } : {}),
        },
        ip: act.ip,
      });
    })
    .catch(async (err: unknown) => {
      throw isForeignKeyViolation(err) ? await refusal(db, id) : err;
    });
  return listAdminChannels(db);
}
