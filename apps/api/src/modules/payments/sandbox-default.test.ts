import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testBrowser } from '../../test/browser.ts';
import { buyableVariants, readyCart } from '../../test/checkout.ts';
import { createTestOrder, guestOrderCookie } from '../../test/orders.ts';

/**
 * A production shop started without the demo (SEED_DEMO=false) and with nothing said about
 * payments: the sandbox gateway, which takes fake money, is off (env.ts), so no shopper can
 * confirm an order without paying. The demo shop keeps it (every other API test runs one).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { NODE_ENV: 'production', SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:80' },
  });
});
afterAll(() => t.close());

describe('the sandbox gateway in a production shop without the demo', () => {
  it('is off: the cart does not offer it, cannot choose it, and its page and webhook are not there', async () => {
    expect(t.app.env.SANDBOX_GATEWAY).toBe(false);
    expect(t.app.payments.codes).toEqual([]);
    const [v] = await buyableVariants(t.database.db, 1, 1);
    const b = testBrowser(t.app, { ip: '10.65.0.1' });
    const cart = await readyCart(t, b, { lines: [[v!, 1]], payment: 'cod' });
    // The active 'sandbox' row of payment_methods (migration 0012) is not offered without its provider.
    expect(cart.cart_payment_methods.map((m) => m.code)).not.toContain('sandbox');
    expect(cart.cart_payment_methods.map((m) => m.code)).toContain('cod');

    const chosen = await b.call('PUT', '/api/cart/update-payment-mode', { mode: 'sandbox' });
    expect(chosen.statusCode).toBe(422);
    expect((await b.call('GET', '/api/cart/get')).json().data.cart_payment_method?.code).toBe('cod');

    const page = await t.app.inject({ method: 'GET', url: `/sandbox-gateway/pay/sbs_${'a'.repeat(32)}` });
    expect(page.statusCode).toBe(404);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(404);
  });

  it('cannot be chosen by a retry of an unpaid order either', async () => {
    const [v] = await buyableVariants(t.database.db, 1, 2);
    const order = await createTestOrder(t.database.db, {
      status: 'payment_failed',
      paymentStatus: 'failed',
      paymentMethod: 'sandbox',
      customerId: null,
      takeStock: false,
      lines: [[v!, 1]],
    });
    const b = testBrowser(t.app, { ip: '10.65.0.2', cookie: await guestOrderCookie(t.database.db, order.id) });
    for (const method of ['sandbox', undefined]) {
      const res = await b.call('POST', '/api/checkout/process-payment', { order_id: order.id, method });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ method: [orderMessages.paymentMethodUnavailable] });
    }
  });
});
