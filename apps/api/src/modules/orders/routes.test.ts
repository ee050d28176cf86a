import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderDetailSchema,
  OrderPageSchema,
  OrderSchema,
  TrackPurchaseSchema,
  orderMessages,
  pluginMessages,
  type OrderDetail,
} from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource, loggedInCustomer } from '../../test/auth.ts';
import { testBrowser } from '../../test/browser.ts';
import { createTestOrder, guestOrderCookie, setStoreSetting, stockOf, buyableVariants } from '../../test/orders.ts';
import { installPlugin, uninstallPlugin } from '../../test/plugins.ts';
import { RefundJobSchema } from '../payments/refunds.ts';
import { ORDER_REF_COOKIE, ORDER_REF_MAX_AGE_MS, orderRefValue } from './access.ts';
import { orderDocuments } from './documents.ts';

let t: TestApp;
const db = () => t.database.db;
const nextAddress = addressSource(211);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await setStoreSetting(db(), 'enable_cancel_order', true);
  await setStoreSetting(db(), 'enable_refund', true);
});

/** A logged-in customer's browser. */
async function customer() {
  const c = await loggedInCustomer(t);
  return { ...c, b: testBrowser(t.app, { cookie: c.cookie, ip: nextAddress() }) };
}
/** A guest browser that placed `orderId` (its order_ref cookie), or none. */
async function guest(orderId?: string) {
  return testBrowser(t.app, {
    ip: nextAddress(),
    ...(orderId ? { cookie: await guestOrderCookie(db(), orderId) } : {}),
  });
}
const detailOf = (res: { json(): { data: unknown } }): OrderDetail => OrderDetailSchema.parse(res.json().data);

describe('GET /api/orders/get', () => {
  it('answers 401 to a guest without an order', async () => {
    const res = await (await guest()).call('GET', '/api/orders/get');
    expect(res.statusCode).toBe(401);
  });

  it('lists the customer’s own orders only, newest first, paged', async () => {
    const me = await customer();
    const other = await customer();
    const mine = [];
    for (let i = 0; i < 12; i++)
      mine.push(await createTestOrder(db(), { customerId: me.customer.id, daysAgo: 12 - i }));
    await createTestOrder(db(), { customerId: other.customer.id });
    const first = OrderPageSchema.parse((await me.b.call('GET', '/api/orders/get')).json().data);
    expect(first.total).toBe(12);
    expect(first.last_page).toBe(2);
    expect(first.orders).toHaveLength(10);
    expect(first.orders[0]!.id).toBe(mine[11]!.id);
    const second = OrderPageSchema.parse((await me.b.call('GET', '/api/orders/get?page=2')).json().data);
    expect(second.orders.map((o) => o.id)).toEqual([mine[1]!.id, mine[0]!.id]);
    expect((await me.b.call('GET', '/api/orders/get?page=0')).statusCode).toBe(422);
  });

  it('answers a guest the order their browser placed', async () => {
    const o = await createTestOrder(db(), { customerId: null });
    const page = OrderPageSchema.parse((await (await guest(o.id)).call('GET', '/api/orders/get')).json().data);
    expect(page.orders.map((x) => x.id)).toEqual([o.id]);
  });
});

describe('POST /api/orders/item', () => {
  it('answers the owner the details; anyone else 404', async () => {
    const me = await customer();
    const other = await customer();
    const o = await createTestOrder(db(), { customerId: me.customer.id });
    const res = await me.b.call('POST', '/api/orders/item', { order_id: o.id });
    expect(res.statusCode, res.body).toBe(200);
    const d = detailOf(res);
    expect(d.order_no).toBe(o.orderNo);
    expect(d.tracking_path).toBe(`/track-order/${o.id}`);

    for (const b of [other.b, await guest(), await guest((await createTestOrder(db(), { customerId: null })).id)]) {
      const miss = await b.call('POST', '/api/orders/item', { order_id: o.id });
      expect(miss.statusCode).toBe(404);
      expect(miss.json().message).toBe(orderMessages.orderNotFound);
    }
    expect((await me.b.call('POST', '/api/orders/item', { order_id: 'ord_nope' })).statusCode).toBe(404);
  });

  it('lets a guest reach their own order only with a genuine order_ref cookie', async () => {
    const o = await createTestOrder(db(), { customerId: null });
    expect((await (await guest(o.id)).call('POST', '/api/orders/item', { order_id: o.id })).statusCode).toBe(200);
    // The order id alone (or with someone else's signature) is not enough.
    const other = await createTestOrder(db(), { customerId: null });
    const otherSig = (await guestOrderCookie(db(), other.id)).split('.').pop();
    for (const cookie of [`${ORDER_REF_COOKIE}=${o.id}`, `${ORDER_REF_COOKIE}=${o.id}.${otherSig}`]) {
      const b = testBrowser(t.app, { cookie, ip: nextAddress() });
      expect((await b.call('POST', '/api/orders/item', { order_id: o.id })).statusCode).toBe(404);
    }
    // A guest cookie never reaches a customer's order.
    const me = await customer();
    const theirs = await createTestOrder(db(), { customerId: me.customer.id });
    expect((await (await guest(theirs.id)).call('POST', '/api/orders/item', { order_id: theirs.id })).statusCode).toBe(
      404,
    );
  });
});

describe('the order_ref cookie', () => {
  it('stops opening the guest’s order once it is older than ORDER_REF_MAX_AGE_MS, even correctly signed', async () => {
    const o = await createTestOrder(db(), { customerId: null });
    const issuedLongAgo = Date.now() - ORDER_REF_MAX_AGE_MS - 60_000;
    const old = await orderRefValue(db(), o.id, issuedLongAgo);
    const stale = testBrowser(t.app, { cookie: `${ORDER_REF_COOKIE}=${old}`, ip: nextAddress() });
    const calls = [
      await stale.call('POST', '/api/orders/item', { order_id: o.id }),
      await stale.call('GET', `/api/orders/invoice?order_id=${o.id}`),
      await stale.call('PUT', '/api/orders/cancel', { order_id: o.id }),
      await stale.call('POST', '/api/checkout/process-payment', { order_id: o.id }),
      await stale.call('GET', `/api/track-order/${o.id}`),
    ];
    expect(calls.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect((await stale.call('GET', '/api/orders/get')).statusCode).toBe(401);
    // Issued just inside the window, the same order opens: the refused cancel above changed nothing.
    const recent = await orderRefValue(db(), o.id, Date.now() - ORDER_REF_MAX_AGE_MS + 60_000);
    const ok = testBrowser(t.app, { cookie: `${ORDER_REF_COOKIE}=${recent}`, ip: nextAddress() });
    const res = await ok.call('POST', '/api/orders/item', { order_id: o.id });
    expect(res.statusCode).toBe(200);
    expect(detailOf(res).status).toBe('confirmed');
  });
});

describe('GET /api/orders/invoice', () => {
  it('downloads a PDF of the owner’s order; 404 for anyone else', async () => {
    const me = await customer();
    const o = await createTestOrder(db(), { customerId: me.customer.id });
    const res = await me.b.call('GET', `/api/orders/invoice?order_id=${o.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${o.orderNo}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');

    const other = await customer();
    expect((await other.b.call('GET', `/api/orders/invoice?order_id=${o.id}`)).statusCode).toBe(404);
    expect((await (await guest()).call('GET', `/api/orders/invoice?order_id=${o.id}`)).statusCode).toBe(404);
    const g = await createTestOrder(db(), { customerId: null });
    expect((await (await guest(g.id)).call('GET', `/api/orders/invoice?order_id=${g.id}`)).statusCode).toBe(200);
  });

  it('is not made for an order that awaits its payment', async () => {
    const me = await customer();
    const o = await createTestOrder(db(), {
      customerId: me.customer.id,
      status: 'awaiting_payment',
      paymentMethod: 'sandbox',
    });
    const res = await me.b.call('GET', `/api/orders/invoice?order_id=${o.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(orderMessages.invoiceNotYet);
  });

  it('is never made (nor numbered) for an order cancelled before it was paid; one cancelled once confirmed has it', async () => {
    const me = await customer();
    const unpaid = await createTestOrder(db(), {
      customerId: me.customer.id,
      status: 'awaiting_payment',
      paymentMethod: 'sandbox',
    });
    const confirmed = await createTestOrder(db(), { customerId: me.customer.id, paymentMethod: 'sandbox' });
    for (const o of [unpaid, confirmed])
      expect((await me.b.call('PUT', '/api/orders/cancel', { order_id: o.id })).statusCode).toBe(200);
    const res = await me.b.call('GET', `/api/orders/invoice?order_id=${unpaid.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(orderMessages.invoiceNever);
    // The owner's batch print refuses it as well, before numbering any order of the batch.
    await expect(orderDocuments(db(), 'invoice', [confirmed.id, unpaid.id])).rejects.toMatchObject({
      statusCode: 409,
      message: `${unpaid.orderNo}: ${orderMessages.invoiceNever}`,
    });
    const numbered = () =>
      queryRows<{ id: string; invoice_no: string | null }>(
        db(),
        sql`select id, invoice_no from orders where id in (${unpaid.id}, ${confirmed.id})`,
      );
    expect((await numbered()).every((r) => r.invoice_no === null)).toBe(true);
    const ok = await me.b.call('GET', `/api/orders/invoice?order_id=${confirmed.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await numbered()).map((r) => [r.id, r.invoice_no !== null]).sort()).toEqual(
      [
        [unpaid.id, false],
        [confirmed.id, true],
      ].sort(),
    );
  });
});

describe('PUT /api/orders/cancel', () => {
  it('cancels a confirmed order and gives its stock back, once', async () => {
    const me = await customer();
    const [v] = await buyableVariants(db(), 5, 1);
    const before = await stockOf(db(), v!);
    const o = await createTestOrder(db(), { customerId: me.customer.id, lines: [[v!, 3]] });
    expect(await stockOf(db(), v!)).toBe(before - 3);
    const res = await me.b.call('PUT', '/api/orders/cancel', { order_id: o.id, reason: 'Changed my mind' });
    expect(res.statusCode, res.body).toBe(200);
    const d = detailOf(res);
    expect(d.status).toBe('cancelled');
    expect(d.can_cancel).toBe(false);
    expect(d.history.map((h) => [h.status, h.note])).toEqual([
      ['confirmed', null],
      ['cancelled', 'Changed my mind'],
    ]);
    expect(await stockOf(db(), v!)).toBe(before);
    const again = await me.b.call('PUT', '/api/orders/cancel', { order_id: o.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(orderMessages.cancelTooLate);
    expect(await stockOf(db(), v!)).toBe(before);
  });

  it('refunds an order paid online: refund_pending and the refund job queued with it', async () => {
    const me = await customer();
    const o = await createTestOrder(db(), { customerId: me.customer.id, paymentMethod: 'sandbox', status: 'packed' });
    const res = await me.b.call('PUT', '/api/orders/cancel', { order_id: o.id });
    expect(res.statusCode, res.body).toBe(200);
    const d = detailOf(res);
    expect(d.payment_status).toBe('refund_pending');
    expect(d.totals.refunded.amount).toBe(o.grandTotalMinor);
    const jobs = await queryRows<{ payload: { orderId: string; amountMinor: number } }>(
      db(),
      sql`select payload from jobs where kind = 'payment-refund' and dedupe_key = ${`cancel:${o.id}`}`,
    );
    expect(jobs.map((j) => [j.payload.orderId, j.payload.amountMinor])).toEqual([[o.id, o.grandTotalMinor]]);
  });

  it('queues a refund the job can read, whatever the length of the shopper’s reason', async () => {
    const me = await customer();
    const o = await createTestOrder(db(), { customerId: me.customer.id, paymentMethod: 'sandbox' });
    const reason = 'Ordered the wrong size. '.repeat(20).trim();
    expect(reason.length).toBeGreaterThan(200);
    const res = await me.b.call('PUT', '/api/orders/cancel', { order_id: o.id, reason });
    expect(res.statusCode, res.body).toBe(200);
    const [job] = await queryRows<{ payload: unknown; max_attempts: number }>(
      db(),
      sql`select payload, max_attempts from jobs where kind = 'payment-refund' and dedupe_key = ${`cancel:${o.id}`}`,
    );
    expect(job!.max_attempts).toBe(10);
    expect(RefundJobSchema.parse(job!.payload)).toMatchObject({ orderId: o.id, reason: reason.slice(0, 200) });
  });

  it('refunds nothing for an order of an offline method (a bank transfer, as Cash on Delivery)', async () => {
    await queryRows(
      db(),
      sql`insert into payment_methods (code, name, kind, position) values ('bank_transfer', 'Bank transfer', 'offline', 3)
          on conflict (code) do nothing`,
    );
    const me = await customer();
    const o = await createTestOrder(db(), {
      customerId: me.customer.id,
      paymentMethod: 'bank_transfer',
      paymentStatus: 'cod',
    });
    const before = detailOf(await me.b.call('POST', '/api/orders/item', { order_id: o.id }));
    expect([before.can_retry_payment, before.payment_method.name]).toEqual([false, 'Bank transfer']);
    const res = await me.b.call('PUT', '/api/orders/cancel', { order_id: o.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(detailOf(res)).toMatchObject({ status: 'cancelled', payment_status: 'cod' });
    const jobs = await queryRows(
      db(),
      sql`select id from jobs where kind = 'payment-refund' and payload->>'orderId' = ${o.id}`,
    );
    expect(jobs).toEqual([]);
  });

  it('refuses when the shop does not allow it, when too late, and for anyone else’s order', async () => {
    const me = await customer();
    const shipped = await createTestOrder(db(), { customerId: me.customer.id, status: 'shipped' });
    let res = await me.b.call('PUT', '/api/orders/cancel', { order_id: shipped.id });
    expect([res.statusCode, res.json().message]).toEqual([409, orderMessages.cancelTooLate]);

    const o = await createTestOrder(db(), { customerId: me.customer.id });
    const other = await customer();
    res = await other.b.call('PUT', '/api/orders/cancel', { order_id: o.id });
    expect(res.statusCode).toBe(404);
    await setStoreSetting(db(), 'enable_cancel_order', false);
    res = await me.b.call('PUT', '/api/orders/cancel', { order_id: o.id });
    expect([res.statusCode, res.json().message]).toEqual([409, orderMessages.cancelOff]);
    const d = detailOf(await me.b.call('POST', '/api/orders/item', { order_id: o.id }));
    expect([d.status, d.can_cancel]).toEqual(['confirmed', false]);
  });

  it('lets a guest cancel the order of their browser', async () => {
    const o = await createTestOrder(db(), { customerId: null });
    const res = await (await guest(o.id)).call('PUT', '/api/orders/cancel', { order_id: o.id });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('POST /api/orders/refund/request', () => {
  async function delivered(quantities: number[] = [3, 1]) {
    const me = await customer();
    const variants = await buyableVariants(db(), 5, quantities.length);
    const o = await createTestOrder(db(), {
      customerId: me.customer.id,
      status: 'delivered',
      takeStock: false,
      discountMinor: 1001,
      lines: quantities.map((q, i) => [variants[i]!, q]),
    });
    return { me, o };
  }

  it('records a request per line and quantity, with exact amounts, and moves the order', async () => {
    const { me, o } = await delivered();
    const res = await me.b.call('POST', '/api/orders/refund/request', {
      order_id: o.id,
      items: [{ item_id: o.itemIds[0], quantity: 1 }],
      reason: 'Too small',
    });
    expect(res.statusCode, res.body).toBe(200);
    let d = detailOf(res);
    expect(d.status).toBe('refund_requested');
    expect(d.refunds).toHaveLength(1);
    const line = d.productchannel.find((i) => i.id === o.itemIds[0])!;
    expect(line.refund_requested_quantity).toBe(1);
    expect(line.refundable_quantity).toBe(2);

    // The rest of the line in two more requests: the three amounts add up to the line's total.
    for (const quantity of [1, 1]) {
      const more = await me.b.call('POST', '/api/orders/refund/request', {
        order_id: o.id,
        items: [{ item_id: o.itemIds[0], quantity }],
        reason: 'Too small',
      });
      expect(more.statusCode, more.body).toBe(200);
      d = detailOf(more);
    }
    const amounts = d.refunds.filter((r) => r.item_id === o.itemIds[0]).map((r) => r.amount.amount);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(line.total.amount);
    expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
    expect(d.history.filter((h) => h.status === 'refund_requested')).toHaveLength(1);
  });

  it('never gives back more than was bought', async () => {
    const { me, o } = await delivered();
    const ask = (item_id: number, quantity: number) =>
      me.b.call('POST', '/api/orders/refund/request', { order_id: o.id, items: [{ item_id, quantity }], reason: 'x' });
    let res = await ask(o.itemIds[1]!, 2);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'items.0.quantity': [orderMessages.refundTooMany] });
    // One line twice in a body counts twice.
    res = await me.b.call('POST', '/api/orders/refund/request', {
      order_id: o.id,
      items: [
        { item_id: o.itemIds[0], quantity: 2 },
        { item_id: o.itemIds[0], quantity: 2 },
      ],
      reason: 'x',
    });
    expect(res.statusCode).toBe(422);
    res = await ask(999_999, 1);
    expect(res.json().errors).toEqual({ 'items.0.item_id': [orderMessages.refundItemUnknown] });
    // Nothing was recorded by the refused requests.
    const d = detailOf(await me.b.call('POST', '/api/orders/item', { order_id: o.id }));
    expect(d.status).toBe('delivered');
    expect(d.refunds).toEqual([]);
  });

  it('lets concurrent requests on one line take at most its quantity', async () => {
    const { me, o } = await delivered([3]);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        me.b.call('POST', '/api/orders/refund/request', {
          order_id: o.id,
          items: [{ item_id: o.itemIds[0], quantity: 1 }],
          reason: 'Changed my mind',
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(5);
    const [row] = await queryRows<{ requested: number; requests: number }>(
      db(),
      sql`select i.refund_requested_quantity as requested,
                 (select count(*)::int from refund_requests r where r.order_item_id = i.id) as requests
            from order_items i where i.id = ${o.itemIds[0]!}`,
    );
    expect(row).toEqual({ requested: 3, requests: 3 });
  });

  it('refuses before delivery, when refunds are off, and for anyone else’s order', async () => {
    const me = await customer();
    const o = await createTestOrder(db(), { customerId: me.customer.id, status: 'shipped' });
    const body = { order_id: o.id, items: [{ item_id: o.itemIds[0], quantity: 1 }], reason: 'x' };
    let res = await me.b.call('POST', '/api/orders/refund/request', body);
    expect([res.statusCode, res.json().message]).toEqual([409, orderMessages.refundNotYet]);
    const { me: owner, o: done } = await delivered();
    const other = await customer();
    const doneBody = { order_id: done.id, items: [{ item_id: done.itemIds[0], quantity: 1 }], reason: 'x' };
    res = await other.b.call('POST', '/api/orders/refund/request', doneBody);
    expect(res.statusCode).toBe(404);
    await setStoreSetting(db(), 'enable_refund', false);
    res = await owner.b.call('POST', '/api/orders/refund/request', doneBody);
    expect([res.statusCode, res.json().message]).toEqual([409, orderMessages.refundOff]);
  });
});

describe('POST /api/checkout/rate-experience', () => {
  it('is refused, and not offered, before the order is delivered', async () => {
    const me = await customer();
    for (const status of ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'cancelled'] as const) {
      const o = await createTestOrder(db(), { customerId: me.customer.id, status, takeStock: false });
      const listed = (await me.b.call('POST', '/api/orders/item', { order_id: o.id })).json().data;
      expect([status, listed.can_rate]).toEqual([status, false]);
      const res = await me.b.call('POST', '/api/checkout/rate-experience', { order_id: o.id, rating: 5 });
      expect([status, res.statusCode, res.json().message]).toEqual([status, 409, orderMessages.rateNotYet]);
    }
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from orders where customer_id = ${me.customer.id} and rated_at is not null`,
    );
    expect(row!.n).toBe(0);
  });

  it('rates an order once', async () => {
    const me = await customer();
    const o = await createTestOrder(db(), { customerId: me.customer.id, status: 'delivered', takeStock: false });
    const res = await me.b.call('POST', '/api/checkout/rate-experience', {
      order_id: o.id,
      rating: 4,
      comment: 'Nice',
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = OrderSchema.parse(res.json().data);
    expect(order.rating).toEqual({ rating: 4, comment: 'Nice' });
    expect(order.can_rate).toBe(false);
    const again = await me.b.call('POST', '/api/checkout/rate-experience', { order_id: o.id, rating: 1 });
    expect([again.statusCode, again.json().message]).toEqual([409, orderMessages.alreadyRated]);
    const [row] = await queryRows<{ rating: number }>(db(), sql`select rating from orders where id = ${o.id}`);
    expect(row!.rating).toBe(4);
  });

  it('refuses unpaid orders, bad ratings and anyone else’s order', async () => {
    const me = await customer();
    const unpaid = await createTestOrder(db(), {
      customerId: me.customer.id,
      status: 'awaiting_payment',
      paymentMethod: 'sandbox',
    });
    let res = await me.b.call('POST', '/api/checkout/rate-experience', { order_id: unpaid.id, rating: 5 });
    expect([res.statusCode, res.json().message]).toEqual([409, orderMessages.rateNotYet]);
    const o = await createTestOrder(db(), { customerId: me.customer.id, status: 'delivered', takeStock: false });
    res = await me.b.call('POST', '/api/checkout/rate-experience', { order_id: o.id, rating: 6 });
    expect(res.statusCode).toBe(422);
    const other = await customer();
    res = await other.b.call('POST', '/api/checkout/rate-experience', { order_id: o.id, rating: 5 });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/plugins/*/track-purchase', () => {
  const ANALYTICS = {
    GoogleGtag: { google_tag_id: 'G-SHOP1234' },
    FacebookPixel: { tag_code: '123456789012345' },
    GoogleTagManager: { code: 'GTM-SHOP12' },
  };
  beforeAll(async () => {
    for (const [name, config] of Object.entries(ANALYTICS)) await installPlugin(db(), name, config);
  });
  afterAll(async () => {
    for (const name of Object.keys(ANALYTICS)) await uninstallPlugin(db(), name);
  });

  it('answers tracked true once per plugin and order, false after', async () => {
    const me = await customer();
    const o = await createTestOrder(db(), { customerId: me.customer.id });
    for (const plugin of ['GoogleGtag', 'FacebookPixel', 'GoogleTagManager']) {
      const url = `/api/plugins/${plugin}/track-purchase`;
      const answers = await Promise.all([1, 2, 3].map(() => me.b.call('PUT', url, { order_id: o.id })));
      const tracked = answers.map((r) => TrackPurchaseSchema.parse(r.json().data).tracked);
      expect(tracked.filter(Boolean)).toHaveLength(1);
      const later = await me.b.call('PUT', url, { order_id: o.id });
      expect([later.statusCode, later.json().data]).toEqual([200, { tracked: false }]);
    }
    const order = OrderSchema.parse((await me.b.call('POST', '/api/orders/item', { order_id: o.id })).json().data);
    expect([
      order.google_gtag_event_tracked,
      order.facebook_pixel_event_tracked,
      order.google_gtm_event_tracked,
    ]).toEqual([true, true, true]);
  });

  it('is 404 for anyone else’s order (and sets nothing)', async () => {
    const me = await customer();
    const other = await customer();
    const o = await createTestOrder(db(), { customerId: me.customer.id });
    const res = await other.b.call('PUT', '/api/plugins/GoogleGtag/track-purchase', { order_id: o.id });
    expect(res.statusCode).toBe(404);
    const first = await me.b.call('PUT', '/api/plugins/GoogleGtag/track-purchase', { order_id: o.id });
    expect(first.json().data).toEqual({ tracked: true });
  });

  it('is 404 while the plugin is not installed, and records nothing: the event can fire once it is', async () => {
    const me = await customer();
    const o = await createTestOrder(db(), { customerId: me.customer.id });
    const url = '/api/plugins/FacebookPixel/track-purchase';
    await uninstallPlugin(db(), 'FacebookPixel');
    try {
      const res = await me.b.call('PUT', url, { order_id: o.id });
      expect([res.statusCode, res.json().message]).toEqual([404, pluginMessages.notInstalled]);
    } finally {
      await installPlugin(db(), 'FacebookPixel', ANALYTICS.FacebookPixel);
    }
    expect((await me.b.call('PUT', url, { order_id: o.id })).json().data).toEqual({ tracked: true });
  });
});

describe('crafted input', () => {
  it('answers 422, never 500, to ids and numbers no client sends', async () => {
    const me = await customer();
    for (const bad of ['a\u0000b', 'a\ud800', 'x'.repeat(300)]) {
      const calls = [
        me.b.call('POST', '/api/orders/item', { order_id: bad }),
        me.b.call('PUT', '/api/orders/cancel', { order_id: bad }),
        me.b.call('POST', '/api/orders/refund/request', {
          order_id: bad,
          items: [{ item_id: 1, quantity: 1 }],
          reason: 'x',
        }),
        me.b.call('POST', '/api/checkout/rate-experience', { order_id: bad, rating: 5 }),
        me.b.call('PUT', '/api/plugins/GoogleGtag/track-purchase', { order_id: bad }),
        me.b.call('POST', '/api/track-order', { order_no: bad, contact: '9876543210' }),
        me.b.call('POST', '/api/track-order', { order_no: 'SF-1', contact: bad }),
      ];
      if (bad.includes('\u0000')) {
        calls.push(me.b.call('GET', '/api/track-order/a%00b'), me.b.call('GET', '/api/orders/invoice?order_id=a%00b'));
      }
      for (const res of await Promise.all(calls)) expect(res.statusCode, `${bad}: ${res.body}`).toBe(422);
    }
  });

  it('refuses a refund item id past the integer column (int4) with 422, never a 500', async () => {
    const o = await createTestOrder(db(), { status: 'delivered', customerId: null });
    const b = await guest(o.id);
    for (const itemId of [2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      const res = await b.call('POST', '/api/orders/refund/request', {
        order_id: o.id,
        items: [{ item_id: itemId, quantity: 1 }],
        reason: 'broken',
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ 'items.0.item_id': [orderMessages.refundItemUnknown] });
    }
    // The largest int4 is a well-formed id, merely not one of this order's lines.
    const largest = await b.call('POST', '/api/orders/refund/request', {
      order_id: o.id,
      items: [{ item_id: 2 ** 31 - 1, quantity: 1 }],
      reason: 'broken',
    });
    expect(largest.statusCode, largest.body).toBe(422);
    expect(largest.json().errors).toEqual({ 'items.0.item_id': [orderMessages.refundItemUnknown] });
    expect((await b.call('POST', '/api/orders/item', { order_id: o.id })).json().data.status).toBe('delivered');
  });
});
