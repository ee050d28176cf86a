import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { CHANNEL_COOKIE } from '@shopfront/shared';
import type { Db } from '../db/client.ts';
import { namedQuery } from '../db/named-query.ts';
import { AUTH_SETTING_KEYS, authSettingsOf, type AuthSettings } from '../modules/auth/settings.ts';
import { homeChannel, type PhoneCountry } from './shop-country.ts';
import { storeSettingsOf } from '../modules/settings/service.ts';
import { contentLookup } from './content-memo.ts';
import { HttpError } from './http.ts';
import { pageMemoOf } from './in-process.ts';

/**
 * Which shop a request is for (ADR 0021, ADR 0027): storefront, its channel (prices, skus),
 * currency and country. Resolved once per request, on first use, and handed to services, which
 * never pick "the default storefront" themselves. A cart keeps the channel it was created in.
 */
export interface ShopContext {
  storefrontId: string;
  channelId: string;
  currency: string;
  countryId: number;
  /**
   * The channel the `products` read model is priced in (the default storefront's): listings read
   * `products` alone; any other channel joins `product_channel_prices` (catalog/channel-price.ts).
   */
  primary: boolean;
  /** The enable_multi_channel setting: a shopper may pick a channel. */
  multiChannel: boolean;
  /** What closes the storefront (spec section 4), read in the same query: the store-state gate's input. */
  lock: StoreLock;
  /** The channel country's phone numbers (lib/shop-country.ts), read in the same query. */
  phoneCountry: PhoneCountry;
  /** The store settings the sign-in and registration flows obey, read in the same query. */
  auth: AuthSettings;
}

/** The storefront's mode and password protection (modules/store-state). */
export interface StoreLock {
  storefrontId: string;
  mode: 'Coming Soon' | 'Under Maintenance' | null;
  passwordProtected: boolean;
  passwordHash: string | null;
}

const kShop = Symbol('shopfront.shop');

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's shop: from the per-process memo, else one query, on first use. 500 when no storefront is configured. */
    shop(): Promise<ShopContext>;
    [kShop]: Promise<ShopContext> | null;
  }
}

/**
 * Starts the statements any request may send whatever it asks for (the shop context): query
 * counters in tests leave them out, so an endpoint's count is its own work (no N+1).
 */
export const PER_REQUEST_MARK = '/* per-request */';

/**
 * Starts the statements a process sends on its own clock or on a database notification (the
 * scheduled-content timer): no request asked for them, so query counters leave them out too.
 */
export const BACKGROUND_MARK = '/* background */';

/** A channel id as a cookie may carry one (anything else is ignored, never looked up). */
const CHANNEL_ID_RE = /^[A-Za-z0-9_.-]{1,64}$/;

/** The channel id a request's cookie names, if well-formed. */
export function channelCookieOf(req: Pick<FastifyRequest, 'cookies'>): string | null {
  const v = req.cookies[CHANNEL_COOKIE];
  return v && CHANNEL_ID_RE.test(v) ? v : null;
}

/** The request's shop row (loadShopContext). */
const shopRow = namedQuery<{
  storefront_id: string;
  channel_id: string;
  currency: string;
  country_id: number;
  is_primary: boolean;
  multi: boolean;
  mode: StoreLock['mode'];
  password_protected: boolean;
  password_hash: string | null;
  mobile_code: string;
  mobile_number_length: number;
  phone_home: boolean | null;
  auth_settings: Record<string, unknown>;
}>()({
  name: 'shop-context.load',
  columns: [
    'storefront_id',
    'channel_id',
    'currency',
    'country_id',
    'is_primary',
    'multi',
    'mode',
    'password_protected',
    'password_hash',
    'mobile_code',
    'mobile_number_length',
    'phone_home',
    'auth_settings',
  ],
  example: { cookieChannel: 'ch_example' as string | null },
  build: ({ cookieChannel }: { cookieChannel: string | null }) =>
    sql`${sql.raw(PER_REQUEST_MARK)} with sf as (select id, channel_id, mode, is_password_protection_enabled, password_hash
                    from storefronts order by is_default desc, id limit 1),
          st as (select coalesce((select value = 'true'::jsonb from store_settings where key = 'enable_multi_channel'), false) as multi,
                        (select value #>> '{}' from store_settings where key = 'default_channel') as dflt)
        select sf.id as storefront_id, c.id as channel_id, c.currency_code as currency, c.country_id,
               c.id = sf.channel_id as is_primary, st.multi,
               sf.mode, sf.is_password_protection_enabled as password_protected, sf.password_hash,
               pc.mobile_code, pc.mobile_number_length, pc.id = (select h.country_id from (${homeChannel}) h) as phone_home,
               (select coalesce(jsonb_object_agg(s.key, s.value), '{}'::jsonb) from store_settings s
                 where s.key in (${sql.join(
                   AUTH_SETTING_KEYS.map((k) => sql`${k}`),
                   sql`, `,
                 )})) as auth_settings
          from sf cross join st
          join channels c on c.id = coalesce(
            (select x.id from channels x where st.multi and x.id = ${cookieChannel}::text),
            (select x.id from channels x where x.id = st.dflt),
            sf.channel_id)
          join countries pc on pc.id = c.country_id`,
});

/**
 * The request's shop (ADR 0027), in one query: the default storefront, and its channel chosen in
 * this order: with enable_multi_channel on, the channel the shopper's `sf_channel` cookie names
 * (if it exists); else the default_channel setting (if it names a channel); else the
 * storefront's own. With multi-channel off the cookie is never looked at.
 */
export async function loadShopContext(db: Db, cookieChannel: string | null = null): Promise<ShopContext | null> {
  const [row] = await shopRow(db, { cookieChannel });
  return row
    ? {
        storefrontId: row.storefront_id,
        channelId: row.channel_id,
        currency: row.currency,
        countryId: row.country_id,
        primary: row.is_primary,
        multiChannel: row.multi,
        lock: {
          storefrontId: row.storefront_id,
          mode: row.mode ?? null,
          passwordProtected: row.password_protected,
          passwordHash: row.password_hash,
        },
        phoneCountry: {
          mobileCode: row.mobile_code,
          mobileNumberLength: Number(row.mobile_number_length),
          home: row.phone_home !== false,
        },
        auth: authSettingsOf(storeSettingsOf(row.auth_settings)),
      }
    : null;
}

/** A shop context shared by every request of a process cannot be changed by one of them. */
function frozen(shop: ShopContext | null): ShopContext | null {
  if (shop) [shop.lock, shop.phoneCountry, shop.auth].forEach((part) => Object.freeze(part));
  return shop && Object.freeze(shop);
}

/**
 * The request's shop, loaded once per page: the in-process API calls of one SSR page (lib/in-process.ts)
 * share it, keyed by the channel cookie they send (a switch the page made shows at once); a
 * mutating call drops the page's memo (ssr/in-process-api.ts). Underneath, each process keeps the
 * context per channel cookie until the content generation moves (contentLookup, ADR 28): a write
 * to the storefront, its settings or channels notifies every process.
 */
function pageShop(
  lookup: (key: string, compute: () => Promise<ShopContext | null>) => Promise<ShopContext | null>,
  db: Db,
  req: FastifyRequest,
): Promise<ShopContext> {
  const cookie = channelCookieOf(req);
  const memo = pageMemoOf(req);
  const key = `shop-context:${cookie ?? ''}`;
  const hit = memo?.get(key) as Promise<ShopContext> | undefined;
  if (hit) return hit;
  const shop = lookup(cookie ?? '', () => loadShopContext(db, cookie).then(frozen)).then((found) => {
    if (!found) throw new HttpError(500, 'No storefront is configured');
    return found;
  });
  if (memo) {
    memo.set(key, shop);
    // A failure (a lost connection) is not kept for the page's other calls.
    shop.catch(() => memo.get(key) === shop && memo.delete(key));
  }
  return shop;
}

export const shopContextPlugin = fp(
  async (app: FastifyInstance) => {
    // Kept per process until the storefront, its settings or channels change (ADR 28): one
    // statement less on every request. At most 64 channel cookies' answers (the LRU drops the
    // rest, so made-up cookie values cannot grow it).
    const lookup = contentLookup<ShopContext | null>(app, 64);
    app.decorateRequest(kShop, null);
    app.decorateRequest('shop', function (this: FastifyRequest) {
      this[kShop] ??= pageShop(lookup, app.db, this);
      return this[kShop];
    });
  },
  { name: 'shopfront-shop-context' },
);
