import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationSchema, OrderDetailSchema, type Application } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { loggedInCustomer, uniquePhone } from '../../test/auth.ts';
import { testBrowser, type TestBrowser } from '../../test/browser.ts';
import { installPlugin } from '../../test/plugins.ts';
import { GOOD_FIELDS, apply, makeService } from './testing.ts';

/**
 * The fee's purchase event (issue 27: "the consent-gated analytics work as for products"): the
 * applicant's view names the fee order once it is paid, and that order's purchase is claimed once
 * per plugin through the goods orders' own …/track-purchase, by the browser that paid it (its
 * order_ref cookie) or the customer, never by someone else holding the tracking link. PGlite and
 * PostgreSQL.
 */
let t: TestApp;
let service: { id: string; slug: string };
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  service = await makeService(t.database.db, 8);
  await installPlugin(t.database.db, 'GoogleGtag', { google_tag_id: 'G-FEETEST1' });
  await installPlugin(t.database.db, 'FacebookPixel', { tag_code: '123456789012345' });
});
afterAll(() => t.close());

const ORIGIN = 'http://localhost:80';
const browser = (cookie?: string) => testBrowser(t.app, { ip: `10.91.0.${++ip}`, ...(cookie ? { cookie } : {}) });

/** A guest's application (its link's token), or the signed-in customer's (its id). */
async function newApplication(customer?: Record<string, string>) {
  const fields = { service: service.slug, ...GOOD_FIELDS, ...(customer ? {} : { name: 'Asha', phone: uniquePhone() }) };
  const res = await apply(t, fields, undefined, customer ?? {}, `10.92.0.${++ip}`);
  expect(res.statusCode, res.body).toBe(200);
  const app = ApplicationSchema.parse(res.json().data);
  return { app, token: app.tracking_path.split('/').at(-1)! };
}

const view = async (b: TestBrowser, ref: string): Promise<Application> => {
  const res = await b.call('GET', `/api/applications/${ref}`);
  expect(res.statusCode, res.body).toBe(200);
  return ApplicationSchema.parse(res.json().data);
};

const claim = (b: TestBrowser, plugin: string, orderId: string) =>
  b.call('PUT', `/api/plugins/${plugin}/track-purchase`, { order_id: orderId });

/** Presses "pay" on the sandbox's page, then follows its signed return as the browser would. */
async function payOnSandbox(b: TestBrowser, ref: string): Promise<string> {
  const res = await b.call('POST', `/api/applications/${ref}/pay`, { method: 'sandbox' });
  expect(res.statusCode, res.body).toBe(200);
  const { next, order_id: orderId } = res.json().data as { next: { url: string }; order_id: string };
  const pressed = await t.app.inject({
    method: 'POST',
    url: next.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: 'outcome=pay',
  });
  expect(pressed.statusCode).toBe(303);
  const back = await b.call('GET', String(pressed.headers.location));
  expect(back.headers.location).toBe(`/track-application/${ref}?fee=paid`);
  return orderId;
}

describe("the fee's purchase event", () => {
  it('the applicant view names the fee order once paid (null before, and while its payment is awaited)', async () => {
    const { app, token } = await newApplication();
    expect(app.fee_order_id).toBeNull();
    const payer = browser();
    expect((await view(payer, token)).fee_order_id).toBeNull();
    // Started but not paid: the order exists, the fee is not paid.
    const started = await payer.call('POST', `/api/applications/${token}/pay`, { method: 'sandbox' });
    expect(started.statusCode, started.body).toBe(200);
    expect((await view(payer, token)).fee_order_id).toBeNull();

    const orderId = await payOnSandbox(payer, token);
    expect(orderId).toBe(started.json().data.order_id);
    expect((await view(payer, token)).fee_order_id).toBe(orderId);
    // The link alone shows the id too (it is not a secret: reaching the order needs more).
    expect((await view(browser(), token)).fee_order_id).toBe(orderId);
  });

  it('the paying guest reads the fee order and claims its purchase once per plugin; another guest gets 404', async () => {
    const { app, token } = await newApplication();
    const payer = browser();
    const orderId = await payOnSandbox(payer, token);
    expect(payer.jar.get('order_ref')).toMatch(new RegExp(`^${orderId}\\.`));

    // What the storefront reads for the event (orderEventData): the fee, its one line, no shipping.
    const item = await payer.call('POST', '/api/orders/item', { order_id: orderId });
    expect(item.statusCode, item.body).toBe(200);
    const order = OrderDetailSchema.parse(item.json().data);
    expect(order).toMatchObject({
      status: 'delivered',
      grand_total: { amount: app.fee!.amount },
      totals: { shipping: { amount: 0 } },
      google_gtag_event_tracked: false,
      facebook_pixel_event_tracked: false,
    });
    expect(order.productchannel).toHaveLength(1);
    expect(order.productchannel[0]).toMatchObject({ quantity: 1, product: { name: app.service.name } });

    // Someone else holding the tracking link (no order_ref of this order): 404, nothing set.
    const other = browser();
    expect((await view(other, token)).fee_order_id).toBe(orderId);
    expect((await other.call('POST', '/api/orders/item', { order_id: orderId })).statusCode).toBe(404);
    expect((await claim(other, 'GoogleGtag', orderId)).statusCode).toBe(404);
    // …nor with a guest order of their own (their own fee order's cookie).
    const theirs = await newApplication();
    await payOnSandbox(other, theirs.token);
    expect((await claim(other, 'GoogleGtag', orderId)).statusCode).toBe(404);

    for (const plugin of ['GoogleGtag', 'FacebookPixel']) {
      const answers = await Promise.all([1, 2, 3].map(() => claim(payer, plugin, orderId)));
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      expect(answers.filter((a) => a.json().data.tracked)).toHaveLength(1);
      expect((await claim(payer, plugin, orderId)).json().data).toEqual({ tracked: false });
    }
    const after = OrderDetailSchema.parse(
      (await payer.call('POST', '/api/orders/item', { order_id: orderId })).json().data,
    );
    expect([
      after.google_gtag_event_tracked,
      after.facebook_pixel_event_tracked,
      after.google_gtm_event_tracked,
    ]).toEqual([true, true, false]);
  });

  it("a customer's cash fee (due at the office) names its order too, claimed through the account; closed, it is null", async () => {
    const me = await loggedInCustomer(t, { phone: uniquePhone() });
    const { app } = await newApplication(me.headers);
    const b = browser(me.cookie);
    const res = await b.call('POST', `/api/applications/${app.id}/pay`, { method: 'cod' });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().data.order_id as string;
    expect((await view(b, app.id)).fee_order_id).toBe(orderId);
    expect((await claim(b, 'GoogleGtag', orderId)).json().data).toEqual({ tracked: true });
    const stranger = browser((await loggedInCustomer(t)).cookie);
    expect((await claim(stranger, 'FacebookPixel', orderId)).statusCode).toBe(404);
    // Cancelled before work started, the cash never taken: its fee order is closed, and named no more.
    const cancelled = await b.call('POST', `/api/applications/${app.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await view(b, app.id)).fee_order_id).toBeNull();
  });
});
