import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderDetailSchema, OrderPageSchema, TrackingSchema } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource } from '../../test/auth.ts';
import { testBrowser } from '../../test/browser.ts';
import { buyableVariants, guestReady, placeOrder, placedOf, stockOf } from '../../test/checkout.ts';
import { outboxTo } from '../../test/outbox.ts';
import { trackingTokenFor } from '../../lib/tracking-token.ts';

/**
 * An order placed through the lead's place-order, then followed through this module: the guest's
 * browser reaches it by its order_ref cookie, the confirmation message carries the tracking link
 * that works from any browser, and a cancel gives the stock back.
 */
let t: TestApp;
const db = () => t.database.db;
const nextAddress = addressSource(213);

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.test' } });
});
afterAll(() => t.close());

describe('a guest’s COD order, from placing to cancelling', () => {
  it('is listed, told once with its tracking link, followed and cancelled', async () => {
    const [v] = await buyableVariants(db(), 5, 1);
    const before = await stockOf(db(), v!);
    const { b, cart } = await guestReady(t, { lines: [[v!, 2]] }, nextAddress());
    const res = await placeOrder(b, cart);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = placedOf(res);
    expect(await stockOf(db(), v!)).toBe(before - 2);

    const page = OrderPageSchema.parse((await b.call('GET', '/api/orders/get')).json().data);
    expect(page.orders.map((o) => o.id)).toEqual([order.id]);
    const detail = OrderDetailSchema.parse(
      (await b.call('POST', '/api/orders/item', { order_id: order.id })).json().data,
    );
    expect(detail.history.map((h) => h.status)).toEqual(['confirmed']);
    // Another browser does not reach it by id.
    const stranger = testBrowser(t.app, { ip: nextAddress() });
    expect((await stranger.call('POST', '/api/orders/item', { order_id: order.id })).statusCode).toBe(404);

    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const phone = order.phone!;
    const sms = (await outboxTo(db(), phone, 'sms')).filter((m) => m.body.includes(order.order_no));
    expect(sms).toHaveLength(1);
    const link = `https://shop.example.test/track-order/${await trackingTokenFor(db(), order.id)}`;
    expect(sms[0]!.body).toContain(link);
    const tracked = await stranger.call('GET', new URL(link).pathname.replace('/track-order/', '/api/track-order/'));
    expect(tracked.statusCode).toBe(200);
    expect(TrackingSchema.parse(tracked.json().data).order_no).toBe(order.order_no);

    const cancelled = await b.call('PUT', '/api/orders/cancel', { order_id: order.id, reason: 'Ordered twice' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(db(), v!)).toBe(before);
    await t.app.jobs.runDue();
    const told = (await outboxTo(db(), phone, 'sms')).filter((m) => m.body.includes(order.order_no));
    expect(told.map((m) => m.body.includes('has been cancelled'))).toEqual([true, false]);
  });
});
