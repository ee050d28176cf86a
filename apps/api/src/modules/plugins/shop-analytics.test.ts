import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONSENT_COOKIE,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  SHOP_ANALYTICS_COOKIE,
  pluginMessages,
  shopAnalyticsMessages,
} from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestOrder, guestOrderCookie } from '../../test/orders.ts';
import { pruneExpiredData, RETENTION } from '../maintenance/retention.ts';

/**
 * The demo's first-party statistics (ShopAnalytics): what the collector records, and that it
 * records nothing without the visitor's consent to analytics while the cookie warning is on.
 */
let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await queryRows(db(), sql`delete from shop_analytics_events`);
  await queryRows(db(), sql`update plugins set is_installed = true where module_name = 'ShopAnalytics'`);
  await queryRows(db(), sql`update storefronts set is_cookie_warning_enabled = true`);
});

const VISITOR = '0b9d6a52-5f0e-4c2a-9a51-2d6c7b1e8f30';
let host = 1;
const collect = (body: unknown, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/plugins/ShopAnalytics/collect',
    remoteAddress: `10.61.0.${host++}`,
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    cookies,
    payload: body as Record<string, unknown>,
  });
/** `name=value` as app.inject's cookies object. */
const cookiePair = (pair: string) => Object.fromEntries([pair.split(/=(.*)/s).slice(0, 2)]) as Record<string, string>;
const consented = { [CONSENT_COOKIE]: 'v1:analytics', [SHOP_ANALYTICS_COOKIE]: VISITOR };
const rows = () =>
  queryRows<{ event: string; path: string; visitor: string | null; value: number | null; order_no: string | null }>(
    db(),
    sql`select event, path, visitor, value, order_no from shop_analytics_events order by id`,
  );

describe('POST /api/plugins/ShopAnalytics/collect', () => {
  it('is installed in the demo shop, in the analytics consent group', async () => {
    const [row] = await queryRows<{ installed: boolean }>(
      db(),
      sql`select is_installed as installed from plugins where module_name = 'ShopAnalytics'`,
    );
    expect(row?.installed).toBe(true);
  });

  it('records a consenting visitor’s page view and events with the browser id of its cookie', async () => {
    expect((await collect({ event: 'page_view', path: '/product/stoneware-coffee-mug' }, consented)).statusCode).toBe(
      200,
    );
    const res = await collect(
      { event: 'add_to_cart', path: '/product/stoneware-coffee-mug', value: 549, currency: 'INR', items: 1 },
      consented,
    );
    expect(res.json()).toMatchObject({ status: 'success', data: { recorded: true } });
    expect(await rows()).toEqual([
      { event: 'page_view', path: '/product/stoneware-coffee-mug', visitor: VISITOR, value: null, order_no: null },
      { event: 'add_to_cart', path: '/product/stoneware-coffee-mug', visitor: VISITOR, value: 549, order_no: null },
    ]);
  });

  it('records nothing without consent to analytics: no choice, Decline All, or another group only', async () => {
    for (const choice of [undefined, 'v1:', 'v1:marketing', 'garbage']) {
      const cookies: Record<string, string> = choice === undefined ? {} : { [CONSENT_COOKIE]: choice };
      const res = await collect({ event: 'page_view', path: '/' }, cookies);
      expect(res.statusCode, String(choice)).toBe(403);
      expect(res.json().message).toBe(shopAnalyticsMessages.noConsent);
    }
    expect(await rows()).toEqual([]);
  });

  it('with the cookie warning off, everything installed runs (spec section 9): no consent needed', async () => {
    await queryRows(db(), sql`update storefronts set is_cookie_warning_enabled = false`);
    expect((await collect({ event: 'page_view', path: '/' })).statusCode).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it('404 once the plugin is removed', async () => {
    await queryRows(db(), sql`update plugins set is_installed = false where module_name = 'ShopAnalytics'`);
    const res = await collect({ event: 'page_view', path: '/' }, consented);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(pluginMessages.notInstalled);
    expect(await rows()).toEqual([]);
  });

  it('a purchase counts once per order, whatever the reloads and tabs, at the order’s own total', async () => {
    const order = await createTestOrder(db());
    const mine = { ...consented, ...cookiePair(await guestOrderCookie(db(), order.id)) };
    const purchase = { event: 'purchase', path: '/checkout-complete', value: 1, currency: 'USD', items: 2 };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => collect({ ...purchase, transaction_id: order.orderNo }, mine)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((r) => r.json().data.recorded)).toHaveLength(1);
    const [row] = await rows();
    expect(row).toMatchObject({ order_no: order.orderNo, value: order.grandTotalMinor / 100 });
  });

  it('a purchase of an order this browser did not place is refused, so nobody can count another’s order first', async () => {
    const theirs = await createTestOrder(db());
    const other = await createTestOrder(db());
    const strangers = { ...consented, ...cookiePair(await guestOrderCookie(db(), other.id)) };
    for (const cookies of [consented, strangers]) {
      const res = await collect(
        { event: 'purchase', path: '/checkout-complete', transaction_id: theirs.orderNo },
        cookies,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(shopAnalyticsMessages.unknownOrder);
    }
    expect(await rows()).toEqual([]);
    const owner = { ...consented, ...cookiePair(await guestOrderCookie(db(), theirs.id)) };
    const res = await collect({ event: 'purchase', path: '/checkout-complete', transaction_id: theirs.orderNo }, owner);
    expect(res.json().data.recorded).toBe(true);
  });

  it('keeps no secret of an address: no query, and reset, tracking, restore and newsletter links as their pattern', async () => {
    const paths = {
      '/search?q=asha%40example.test': '/search',
      '/account/reset-password/asha%40example.test/3q2-secret-token': '/account/reset-password/:token',
      '/track-order/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg': '/track-order/:order',
      '/cart/restore/restore-token-123': '/cart/restore/:token',
      '/newsletter/unsubscribe/unsub-token-456': '/newsletter/unsubscribe/:token',
      '/product/stoneware-coffee-mug#reviews': '/product/stoneware-coffee-mug',
    };
    for (const path of Object.keys(paths)) {
      expect((await collect({ event: 'page_view', path }, consented)).statusCode).toBe(200);
    }
    expect((await rows()).map((r) => r.path)).toEqual(Object.values(paths));
  });

  it('bad input is a 422 with a message, never a 500; a malformed browser id is not kept', async () => {
    for (const body of [
      { event: 'page_view' },
      { event: 'clicked', path: '/' },
      { event: 'page_view', path: 'https://elsewhere.test/' },
      { event: 'page_view', path: '//elsewhere.test/' },
      { event: 'page_view', path: `/${'a'.repeat(600)}` },
      { event: 'purchase', path: '/checkout/complete', value: 10, currency: 'INR' },
      { event: 'add_to_cart', path: '/', value: -1 },
    ]) {
      const res = await collect(body, consented);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    await collect({ event: 'page_view', path: '/' }, { ...consented, [SHOP_ANALYTICS_COOKIE]: '<script>' });
    expect((await rows()).map((r) => r.visitor)).toEqual([null]);
  });

  it('events older than the retention period are pruned', async () => {
    await collect({ event: 'page_view', path: '/old' }, consented);
    await collect({ event: 'page_view', path: '/new' }, consented);
    await queryRows(
      db(),
      sql`update shop_analytics_events set created_at = now() - ${RETENTION.shopStatsDays + 1} * interval '1 day'
           where path = '/old'`,
    );
    expect((await pruneExpiredData(db())).shopStats).toBe(1);
    expect((await rows()).map((r) => r.path)).toEqual(['/new']);
  });
});
