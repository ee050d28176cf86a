import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackingSchema, orderMessages, type Tracking } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource, loggedInCustomer, uniqueEmail, uniquePhone } from '../../test/auth.ts';
import { testBrowser } from '../../test/browser.ts';
import { createTestOrder, guestOrderCookie } from '../../test/orders.ts';
import { addScan, markOutForDelivery, packOrder, shipOrder } from '../orders/fulfilment.ts';
import { contactMatches, normaliseOrderNo } from './service.ts';
import { TRACKING_RATE_LIMITS } from './routes.ts';
import { hashTrackingToken, trackingTokenFor } from '../../lib/tracking-token.ts';

let t: TestApp;
const db = () => t.database.db;
const nextAddress = addressSource(212);
const browser = (cookie?: string) => testBrowser(t.app, { ip: nextAddress(), ...(cookie ? { cookie } : {}) });
const trackingOf = (res: { json(): { data: unknown } }): Tracking => TrackingSchema.parse(res.json().data);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A guest order shipped with two scans, out for delivery. */
async function shippedOrder(contact: { email?: string | null; phone?: string | null } = {}) {
  const o = await createTestOrder(db(), { customerId: null, ...contact });
  await packOrder(db(), o.id);
  const { shipmentId, waybill } = await shipOrder(db(), o.id, { carrier: 'Delhivery' });
  const now = Date.now();
  await addScan(db(), shipmentId, {
    at: new Date(now - 3 * 3600_000),
    location: 'Bengaluru Hub, Karnataka',
    status: 'In transit',
    description: 'Arrived at the hub',
  });
  await addScan(db(), shipmentId, {
    at: new Date(now - 3600_000),
    location: 'Whitefield, Bengaluru',
    status: 'Out for delivery',
  });
  await markOutForDelivery(db(), o.id);
  return { ...o, waybill };
}

describe('POST /api/track-order', () => {
  it('finds an order by its number and phone or e-mail, and answers its secret link', async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    const o = await shippedOrder({ email, phone });
    const digits = o.orderNo.replace('SF-', '');
    for (const [order_no, contact] of [
      [o.orderNo, phone],
      [o.orderNo.toLowerCase(), `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`],
      [digits, `91${phone}`],
      [` ${o.orderNo} `, `0${phone}`],
      [o.orderNo, email.toUpperCase()],
    ]) {
      const res = await browser().call('POST', '/api/track-order', { order_no, contact });
      expect(res.statusCode, `${order_no} ${contact}: ${res.body}`).toBe(200);
      const tr = trackingOf(res);
      expect(tr.order_no).toBe(o.orderNo);
      expect(tr.tracking_path).toBe(`/track-order/${await trackingTokenFor(db(), o.id)}`);
    }
    const tr = trackingOf(await browser().call('POST', '/api/track-order', { order_no: o.orderNo, contact: phone }));
    expect(tr.status).toBe('out_for_delivery');
    expect(tr.steps.map((s) => [s.key, s.completed, s.active])).toEqual([
      ['ordered', true, false],
      ['packed', true, false],
      ['shipped', true, false],
      ['out_for_delivery', true, true],
      ['delivered', false, false],
    ]);
    expect(tr.steps.slice(0, 4).every((s) => s.at !== null)).toBe(true);
    expect(tr.shipments).toHaveLength(1);
    expect(tr.shipments[0]!.carrier).toBe('Delhivery');
    expect(tr.shipments[0]!.scans.map((s) => s.status)).toEqual(['Out for delivery', 'In transit']);
    expect(tr.items.length).toBeGreaterThan(0);
    expect(tr.delivery_estimate).not.toBeNull();
  });

  it('answers every miss with the same 404', async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    const o = await createTestOrder(db(), { customerId: null, email, phone });
    const other = uniquePhone();
    for (const [order_no, contact] of [
      [o.orderNo, other],
      [o.orderNo, `other.${email}`],
      [o.orderNo, phone.slice(-6)],
      ['SF-999999999', phone],
      [o.id, phone],
    ]) {
      const res = await browser().call('POST', '/api/track-order', { order_no, contact });
      expect([res.statusCode, res.json().message]).toEqual([404, orderMessages.trackNotFound]);
    }
    const res = await browser().call('POST', '/api/track-order', { order_no: '', contact: phone });
    expect(res.statusCode).toBe(422);
  });

  it('is rate-limited per address', async () => {
    const b = browser();
    const codes: number[] = [];
    for (let i = 0; i <= TRACKING_RATE_LIMITS.find.max; i++) {
      codes.push(
        (await b.call('POST', '/api/track-order', { order_no: `SF-${i}`, contact: 'x@example.test' })).statusCode,
      );
    }
    expect(codes.slice(0, -1).every((c) => c === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('GET /api/track-order/:slug', () => {
  it('follows the secret link from the messages, from any browser', async () => {
    const o = await shippedOrder();
    const token = await trackingTokenFor(db(), o.id);
    const [row] = await queryRows<{ hash: string }>(
      db(),
      sql`select tracking_token_hash as hash from orders where id = ${o.id}`,
    );
    expect(row!.hash).toBe(hashTrackingToken(token));
    const res = await browser().call('GET', `/api/track-order/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(trackingOf(res).tracking_path).toBe(`/track-order/${token}`);
    // One character off finds nothing.
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await browser().call('GET', `/api/track-order/${wrong}`)).statusCode).toBe(404);
  });

  it('answers the order id to its owner only; a waybill alone finds nothing', async () => {
    const me = await loggedInCustomer(t);
    const mine = await createTestOrder(db(), { customerId: me.customer.id });
    const owner = browser(me.cookie);
    const res = await owner.call('GET', `/api/track-order/${mine.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(trackingOf(res).tracking_path).toBe(`/track-order/${mine.id}`);

    const stranger = await loggedInCustomer(t);
    expect((await browser(stranger.cookie).call('GET', `/api/track-order/${mine.id}`)).statusCode).toBe(404);
    expect((await browser().call('GET', `/api/track-order/${mine.id}`)).statusCode).toBe(404);

    const g = await shippedOrder();
    expect((await browser(await guestOrderCookie(db(), g.id)).call('GET', `/api/track-order/${g.id}`)).statusCode).toBe(
      200,
    );
    expect((await browser().call('GET', `/api/track-order/${g.id}`)).statusCode).toBe(404);
    const byWaybill = await browser(await guestOrderCookie(db(), g.id)).call('GET', `/api/track-order/${g.waybill}`);
    expect([byWaybill.statusCode, byWaybill.json().message]).toEqual([404, orderMessages.trackNotFound]);
    expect((await browser().call('GET', `/api/track-order/${mine.orderNo}`)).statusCode).toBe(404);
  });

  it('answers the order number to its signed-in customer (any case); another customer and a guest get 404', async () => {
    const me = await loggedInCustomer(t);
    const mine = await createTestOrder(db(), { customerId: me.customer.id });
    for (const slug of [mine.orderNo, mine.orderNo.toLowerCase()]) {
      const res = await browser(me.cookie).call('GET', `/api/track-order/${slug}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(trackingOf(res).order_no).toBe(mine.orderNo);
      expect(trackingOf(res).tracking_path).toBe(`/track-order/${mine.id}`);
    }
    const stranger = await loggedInCustomer(t);
    const theirs = await browser(stranger.cookie).call('GET', `/api/track-order/${mine.orderNo}`);
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, orderMessages.trackNotFound]);
    expect((await browser().call('GET', `/api/track-order/${mine.orderNo}`)).statusCode).toBe(404);
  });

  it('shows a cancelled order with no step reached', async () => {
    const me = await loggedInCustomer(t);
    const o = await createTestOrder(db(), { customerId: me.customer.id, status: 'cancelled', takeStock: false });
    const tr = trackingOf(await browser(me.cookie).call('GET', `/api/track-order/${o.id}`));
    expect(tr.status_label).toBe('Cancelled');
    expect(tr.steps.every((s) => !s.completed && !s.active && s.at === null)).toBe(true);
    expect(tr.delivery_estimate).toBeNull();
  });
});

describe('contacts and numbers', () => {
  it('matches phones with or without the country code, e-mails in any case', () => {
    const order = { email: 'Asha@Example.test', phone: '+91 98765 43210' };
    for (const typed of [
      '9876543210',
      '+919876543210',
      '919876543210',
      '09876543210',
      '98765-43210',
      'asha@example.TEST',
    ]) {
      expect(contactMatches(typed, order), typed).toBe(true);
    }
    for (const typed of ['876543210', '543210', '9876543211', '19876543210x', 'asha@example.tes', '', '1234']) {
      expect(contactMatches(typed, order), typed).toBe(false);
    }
    expect(contactMatches('9876543210', { email: null, phone: null })).toBe(false);
  });

  it('reads order numbers as shoppers type them', () => {
    expect(normaliseOrderNo(' sf-100001 ')).toBe('SF-100001');
    expect(normaliseOrderNo('100001')).toBe('SF-100001');
    expect(normaliseOrderNo('SF100001')).toBe('SF-100001');
    expect(normaliseOrderNo('sf 100001')).toBe('SF-100001');
  });
});
