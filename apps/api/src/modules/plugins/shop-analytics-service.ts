import { sql } from 'drizzle-orm';
import { minorUnitDigits, type ShopAnalyticsEventBody } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { orderAccessSql, type OrderAccess } from '../orders/access.ts';

/** A browser id as the storefront writes it (crypto.randomUUID()); anything else is not kept. */
const VISITOR = /^[A-Za-z0-9_-]{16,64}$/;

export const visitorIdOf = (cookie: string | undefined): string | null =>
  cookie && VISITOR.test(cookie) ? cookie : null;

export type CollectOutcome = 'recorded' | 'duplicate' | 'no-consent' | 'not-installed' | 'unknown-order';

/**
 * Pages whose address holds a secret (a reset or restore token, a tracking link) or an e-mail:
 * kept as their pattern, so the statistics never hold a working link.
 */
const SECRET_PAGES: readonly [RegExp, string][] = [
  [/^\/account\/reset-password\/.+$/, '/account/reset-password/:token'],
  [/^\/track-order\/.+$/, '/track-order/:order'],
  [/^\/cart\/restore\/.+$/, '/cart/restore/:token'],
  [/^\/newsletter\/(confirm|unsubscribe)\/.+$/, '/newsletter/$1/:token'],
];

/** The path as kept: no query or fragment (search words, tokens, e-mails), secret pages as their pattern. */
export function storedPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0]!;
  for (const [page, pattern] of SECRET_PAGES) if (page.test(bare)) return bare.replace(page, pattern);
  return bare;
}

const reachableOrder = namedQuery<{ grand_total_minor: number; currency: string }>()({
  name: 'plugins.shop-analytics.order',
  columns: ['grand_total_minor', 'currency'],
  example: { orderNo: 'SO-1', access: { customerId: 1, guestOrderId: 'ord_example' } as OrderAccess },
  build: (p: { orderNo: string; access: OrderAccess }) =>
    sql`select o.grand_total_minor, o.currency from orders o where o.order_no = ${p.orderNo} and ${orderAccessSql(p.access, 'o')}`,
});

/** An event inserted when the plugin is installed and consent allows it: what the gate said, and whether it went in. */
const recordEvent = namedQuery<{ installed: boolean; allowed: boolean; recorded: boolean }>()({
  name: 'plugins.shop-analytics.record',
  columns: ['installed', 'allowed', 'recorded'],
  example: {
    storefrontId: 'sf_example',
    consented: true,
    visitor: null as string | null,
    event: 'page_view',
    path: '/',
    value: null as number | null,
    currency: null as string | null,
    items: null as number | null,
    orderNo: null as string | null,
  },
  build: (p: {
    storefrontId: string;
    consented: boolean;
    visitor: string | null;
    event: string;
    path: string;
    value: number | null;
    currency: string | null;
    items: number | null;
    orderNo: string | null;
  }) =>
    sql`with gate as (
          select exists (select 1 from plugins where module_name = 'ShopAnalytics' and is_installed) as installed,
                 ${p.consented}::boolean
                   or coalesce((select not is_cookie_warning_enabled from storefronts where id = ${p.storefrontId}), false)
                   as allowed
        ),
        ins as (
          insert into shop_analytics_events (event, path, visitor, value, currency, items, order_no)
          select ${p.event}, ${p.path}, ${p.visitor}, ${p.value}::double precision,
                 ${p.currency}, ${p.items}::integer, ${p.orderNo}
            from gate where installed and allowed
          on conflict (order_no) where event = 'purchase' do nothing
          returning 1
        )
        select installed, allowed, exists (select 1 from ins) as recorded from gate`,
});

/**
 * A purchase is counted only for an order this browser may reach (its customer, or the guest
 * browser that placed it), with the order's own total and currency: nobody can count another's
 * order first, or at a made-up value.
 */
async function purchasedOrder(
  db: Db,
  orderNo: string,
  access: OrderAccess,
): Promise<{ value: number; currency: string } | null> {
  const [order] = await reachableOrder(db, { orderNo, access });
  if (!order) return null;
  return { value: order.grand_total_minor / 10 ** minorUnitDigits(order.currency), currency: order.currency };
}

/**
 * Records one event of the ShopAnalytics plugin, in one statement: only while the plugin is
 * installed, and only with consent while the storefront's cookie warning is on (`consented`:
 * the visitor's cookie choice includes the analytics group). A purchase counts once per order
 * (a partial unique index): a second report of it is a duplicate, not an error.
 */
export async function recordShopAnalyticsEvent(
  db: Db,
  input: {
    storefrontId: string;
    consented: boolean;
    visitor: string | null;
    body: ShopAnalyticsEventBody;
    /** Whose orders the request may reach (read for a purchase only). */
    access: OrderAccess;
  },
): Promise<CollectOutcome> {
  let b = { ...input.body, path: storedPath(input.body.path) };
  if (b.event === 'purchase') {
    const order = await purchasedOrder(db, b.transaction_id ?? '', input.access);
    if (!order) return 'unknown-order';
    b = { ...b, ...order };
  }
  const [row] = await recordEvent(db, {
    storefrontId: input.storefrontId,
    consented: input.consented,
    visitor: input.visitor,
    event: b.event,
    path: b.path,
    value: b.value ?? null,
    currency: b.currency ?? null,
    items: b.items ?? null,
    orderNo: b.transaction_id ?? null,
  });
  if (!row?.installed) return 'not-installed';
  if (!row.allowed) return 'no-consent';
  return row.recorded ? 'recorded' : 'duplicate';
}
