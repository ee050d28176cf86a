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

  it('a purchase counts once per order, whatever the reloads and tabs', async () => {
    const purchase = { event: 'purchase', path: '/checkout/complete', value: 1098, currency: 'INR', items: 2 };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => collect({ ...purchase, transaction_id: 'LL-10042' }, consented)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((r) => r.json().data.recorded)).toHaveLength(1);
    expect((await collect({ ...purchase, transaction_id: 'LL-10043' }, consented)).json().data.recorded).toBe(true);
    expect((await rows()).map((r) => r.order_no)).toEqual(['LL-10042', 'LL-10043']);
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
