import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderMessages, whyNotMove, type AdminOrderDetail } from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buyableVariants, createTestOrder } from '../../../test/orders.ts';
import { markPaid } from '../../payments/verdicts.ts';
import { sendStaffAlert } from '../../orders/staff-alerts.ts';
import { moveOrder } from '../../orders/transition.ts';
import { createStaffMember, signedInOwner } from '../../staff/testing.ts';

/**
 * The owner's orders API over HTTP (issue 25), on PGlite and (TEST_DATABASE_URL) PostgreSQL:
 * the inbox, the order page, each action through the state table with If-Match, 422s, and
 * concurrent callers ending in one outcome.
 */
let t: TestApp;
let h: Record<string, string>;
const db = () => t.database.db;
const CALLERS = 8;

beforeAll(async () => {
  t = await createTestApp();
  h = (await signedInOwner(t)).headers;
});
afterAll(() => t.close());

const get = (url: string, headers = h) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...h, ...headers }, payload: payload as object });
const page = async (id: string): Promise<AdminOrderDetail> => (await get(`/api/admin/orders/${id}`)).json().data;
const one = <T>(rows: T[]) => rows[0]!;

describe('the inbox', () => {
  it('lists by tab with counts, searches by number, phone, e-mail and name, and pages by cursor', async () => {
    const phone = `9${String(Date.now()).slice(-9)}`;
    const email = `inbox.${randomBytes(3).toString('hex')}@example.test`;
    const a = await createTestOrder(db(), { status: 'confirmed', phone, email });
    const b = await createTestOrder(db(), { status: 'packed' });
    await createTestOrder(db(), { status: 'delivered' });
    await queryRows(
      db(),
      sql`update orders set shipping_address = jsonb_set(jsonb_set(shipping_address, '{first_name}', '"Zubeida"'), '{last_name}', '"Quraishi"') where id = ${a.id}`,
    );

    const toPack = (await get('/api/admin/orders?tab=to_pack')).json().data;
    expect(toPack.orders.map((o: { id: string }) => o.id)).toContain(a.id);
    expect(toPack.orders.every((o: { status: string }) => o.status === 'confirmed')).toBe(true);
    expect(toPack.counts.to_pack).toBe(toPack.orders.length);
    expect(toPack.counts.to_ship).toBeGreaterThanOrEqual(1);
    const row = toPack.orders.find((o: { id: string }) => o.id === a.id);
    expect(row).toMatchObject({
      order_no: a.orderNo,
      customer_name: 'Zubeida Quraishi',
      item_count: 2,
      payment_method: { code: 'cod' },
      payment_status: 'cod',
      status_label: 'Confirmed',
    });

    for (const q of [
      a.orderNo,
      a.orderNo.replace('SF-', ''),
      phone,
      email.toUpperCase(),
      'zube',
      'Zubeida Qur',
      'quraishi',
    ]) {
      const found = (await get(`/api/admin/orders?q=${encodeURIComponent(q)}`)).json().data;
      expect([q, found.orders.map((o: { id: string }) => o.id)]).toEqual([q, [a.id]]);
    }
    expect((await get(`/api/admin/orders?q=${encodeURIComponent('100%')}`)).json().data.orders).toEqual([]);

    // Keyset pages of one: every order once, newest first.
    const all = (await get('/api/admin/orders?limit=100')).json().data.orders.map((o: { id: string }) => o.id);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { orders: { id: string }[]; next_cursor: string | null } = (
        await get(`/api/admin/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json().data;
      walked.push(...res.orders.map((o: { id: string }) => o.id));
      cursor = res.next_cursor;
    } while (cursor);
    expect(walked).toEqual(all);
    expect(all.indexOf(b.id)).toBeLessThan(all.indexOf(a.id));
  });

  it('filters from/to by days of the shop time zone (India), not UTC days', async () => {
    // 20:00 UTC on 1 March 2021 is 01:30 on 2 March in India: that order is 2 March's.
    const late = await createTestOrder(db(), { status: 'confirmed' });
    await queryRows(db(), sql`update orders set created_at = '2021-03-01T20:00:00Z' where id = ${late.id}`);
    const day = async (d: string) =>
      (await get(`/api/admin/orders?from=${d}&to=${d}&limit=100`)).json().data.orders.map((o: { id: string }) => o.id);
    expect(await day('2021-03-02')).toEqual([late.id]);
    expect(await day('2021-03-01')).toEqual([]);
  });

  it('answers 422 with field messages for bad filters', async () => {
    const bad = async (qs: string) => {
      const res = await get(`/api/admin/orders?${qs}`);
      expect(res.statusCode, qs).toBe(422);
      return Object.keys(res.json().errors);
    };
    expect(await bad('tab=bogus')).toEqual(['tab']);
    expect(await bad('status=shipped,nope')).toEqual(['status.1']);
    expect(await bad('from=2026-02-30')).toEqual(['from']);
    expect(await bad('from=2026-03-02&to=2026-03-01')).toEqual(['to']);
    expect(await bad('cursor=abc')).toEqual(['cursor']);
    expect(await bad('limit=1000')).toEqual(['limit']);
    expect((await get('/api/admin/orders/badge')).json().data).toEqual({
      new_orders: expect.any(Number),
      to_ship: expect.any(Number),
      refund_requests: expect.any(Number),
    });
  });
});

describe('actions', () => {
  it('packs, ships in two parcels, scans and delivers, each through the state table with If-Match', async () => {
    const [v1, v2] = await buyableVariants(db(), 5, 2);
    const o = await createTestOrder(db(), {
      lines: [
        [v1!, 2],
        [v2!, 1],
      ],
    });
    const p0 = await page(o.id);
    expect(p0.actions).toMatchObject({ pack: true, ship: false, cancel: true, mark_paid: true });

    const stale = await post(`/api/admin/orders/${o.id}/pack`, {}, { 'if-match': String(p0.version + 1) });
    expect([stale.statusCode, stale.json().message]).toEqual([409, adminOrderMessages.stale]);
    expect((await post(`/api/admin/orders/${o.id}/pack`, {}, { 'if-match': 'soon' })).json().errors).toHaveProperty(
      'if_match',
    );
    const early = await post(`/api/admin/orders/${o.id}/ship`, { parcels: [{ carrier: 'Delhivery' }] });
    expect([early.statusCode, early.json().message]).toEqual([409, whyNotMove('confirmed', 'shipped', 'shipped')]);
    expect(early.json().message).toBe(
      'This order cannot be shipped: it is confirmed. Only an order that is packed can be shipped',
    );

    const packed = await post(
      `/api/admin/orders/${o.id}/pack`,
      { note: 'Gift wrapped' },
      { 'if-match': `"${p0.version}"` },
    );
    expect(packed.statusCode).toBe(200);
    expect(packed.json().data.status).toBe('packed');
    expect(packed.json().data.version).toBeGreaterThan(p0.version);
    // The version read before the pack is stale now.
    expect((await post(`/api/admin/orders/${o.id}/cancel`, {}, { 'if-match': String(p0.version) })).statusCode).toBe(
      409,
    );

    const [i1, i2] = p0.lines.map((l) => l.id);
    const incomplete = await post(`/api/admin/orders/${o.id}/ship`, {
      parcels: [
        { carrier: 'Delhivery', lines: [{ item_id: i1, quantity: 1 }] },
        { carrier: 'Delhivery', lines: [{ item_id: i2, quantity: 1 }] },
      ],
    });
    expect([incomplete.statusCode, Object.keys(incomplete.json().errors)]).toEqual([422, ['parcels']]);
    const badUrl = await post(`/api/admin/orders/${o.id}/ship`, {
      parcels: [{ carrier: 'Delhivery', tracking_url: 'javascript:alert(1)' }],
    });
    expect([badUrl.statusCode, Object.keys(badUrl.json().errors)]).toEqual([422, ['parcels.0.tracking_url']]);
    expect((await post(`/api/admin/orders/${o.id}/ship`, { parcels: [] })).json().errors).toHaveProperty('parcels');

    const wb = `DL${randomBytes(5).toString('hex')}`;
    const shipped = await post(`/api/admin/orders/${o.id}/ship`, {
      parcels: [
        {
          carrier: 'Delhivery',
          waybill: `${wb}-1`,
          tracking_url: 'https://track.example/1',
          lines: [{ item_id: i1, quantity: 2 }],
        },
        { carrier: 'Delhivery', waybill: `${wb}-2`, lines: [{ item_id: i2, quantity: 1 }] },
      ],
    });
    expect(shipped.statusCode).toBe(200);
    const s = shipped.json().data as AdminOrderDetail;
    expect(s.shipments.map((x) => [x.waybill, x.lines])).toEqual([
      [`${wb}-1`, [{ item_id: i1, quantity: 2 }]],
      [`${wb}-2`, [{ item_id: i2, quantity: 1 }]],
    ]);
    expect(s.lines.map((l) => l.shipped_quantity)).toEqual([2, 1]);

    const scan = await post(`/api/admin/orders/${o.id}/shipments/${s.shipments[1]!.id}/scans`, {
      location: 'Bengaluru Hub',
      status: 'In transit',
    });
    expect(scan.json().data.shipments[1].scans).toEqual([
      expect.objectContaining({ location: 'Bengaluru Hub', status: 'In transit', description: '' }),
    ]);
    expect(
      (await post(`/api/admin/orders/${o.id}/shipments/999999/scans`, { location: 'x', status: 'y' })).statusCode,
    ).toBe(404);
    expect(
      Object.keys(
        (await post(`/api/admin/orders/${o.id}/shipments/${s.shipments[0]!.id}/scans`, { location: '' })).json().errors,
      ),
    ).toEqual(['location', 'status']);

    const delivered = await post(`/api/admin/orders/${o.id}/deliver`, { cash_collected: true });
    expect(delivered.json().data).toMatchObject({ status: 'delivered', payment_status: 'paid' });
    const again = await post(`/api/admin/orders/${o.id}/deliver`);
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'This order cannot be marked delivered: it is delivered. Only an order that is shipped or out for delivery can be marked delivered',
    ]);

    const noted = await post(`/api/admin/orders/${o.id}/notes`, { body: 'Customer asked for a call first' });
    expect(noted.json().data.notes[0]).toMatchObject({ body: 'Customer asked for a call first' });
    expect((await post(`/api/admin/orders/${o.id}/notes`, { body: '  ' })).json().errors).toHaveProperty('body');

    await t.app.jobs.runDue();
    const final = await page(o.id);
    expect(final.history.map((e) => e.to)).toEqual(['confirmed', 'packed', 'shipped', 'delivered']);
    expect(final.history[1]).toMatchObject({ actor: 'staff', note: 'Gift wrapped' });
    // The shopper's messages for the moves, once each, listed on the order page.
    const subjects = final.messages.filter((m) => m.channel === 'email').map((m) => m.subject);
    expect(subjects).toEqual([
      `Order ${o.orderNo} is packed`,
      `Order ${o.orderNo} has shipped`,
      `Order ${o.orderNo} has been delivered`,
    ]);
    const audit = await queryRows<{ action: string }>(
      db(),
      sql`select action from audit_log where target = ${`order:${o.id}`} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'order.pack',
      'order.ship',
      'order.scan',
      'order.deliver',
      'order.note',
    ]);
  });

  it('answers 404 for an unknown order and bulk-packs with a result per order', async () => {
    expect((await get('/api/admin/orders/ord_nope')).statusCode).toBe(404);
    const a = await createTestOrder(db());
    const b = await createTestOrder(db(), { status: 'shipped' });
    const res = await post('/api/admin/orders/bulk/pack', { order_ids: [a.id, b.id, 'ord_nope'] });
    expect(res.json().data.results).toEqual([
      { order_id: a.id, ok: true, message: adminOrderMessages.packed, status: 'packed' },
      { order_id: b.id, ok: false, message: whyNotMove('shipped', 'packed', 'packed'), status: 'shipped' },
      { order_id: 'ord_nope', ok: false, message: adminOrderMessages.orderNotFound, status: null },
    ]);
    const shipped = await post('/api/admin/orders/bulk/ship', { orders: [{ order_id: a.id, carrier: 'Ekart' }] });
    expect(shipped.json().data.results[0]).toMatchObject({ ok: true, status: 'shipped' });
    const pdf = await get(`/api/admin/orders/documents?kind=packing_slip&ids=${a.id},${b.id}`);
    expect([pdf.statusCode, pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([
      200,
      'application/pdf',
      '%PDF-',
    ]);
    expect((await get(`/api/admin/orders/documents?kind=invoice&ids=${a.id}`)).statusCode).toBe(200);
    expect((await get(`/api/admin/orders/documents?kind=receipt&ids=${a.id}`)).json().errors).toHaveProperty('kind');
  });
});

describe('concurrent staff', () => {
  it('two packers shipping one order at once make one shipment', async () => {
    const o = await createTestOrder(db(), { status: 'packed' });
    const results = await Promise.all(
      Array.from({ length: CALLERS }, (_, i) =>
        post(`/api/admin/orders/${o.id}/ship`, {
          parcels: [{ carrier: 'Delhivery', waybill: `RACE${randomBytes(4).toString('hex')}${i}` }],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(CALLERS - 1).fill(409)]);
    const [n] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from shipments where order_id = ${o.id}`,
    );
    expect(n!.n).toBe(1);
  });

  async function refundRequested(method: 'cod' | 'sandbox') {
    const [v] = await buyableVariants(db(), 5, 1);
    const o = await createTestOrder(db(), {
      status: 'delivered',
      paymentMethod: method,
      paymentStatus: 'paid',
      takeStock: false,
      lines: [[v!, 2]],
    });
    const [req] = await queryRows<{ id: number; amount_minor: number }>(
      db(),
      sql`with line as (update order_items set refund_requested_quantity = 2 where order_id = ${o.id} returning id, total_minor)
          insert into refund_requests (order_id, order_item_id, quantity, reason, amount_minor)
          select ${o.id}, id, 2, 'Broken', total_minor from line returning id, amount_minor`,
    );
    await queryRows(db(), sql`update orders set status = 'refund_requested' where id = ${o.id}`);
    return { o, req: req!, variant: v! };
  }

  it('a refund approved by many at once is granted once, within what was asked', async () => {
    const { o, req, variant } = await refundRequested('sandbox');
    const url = `/api/admin/orders/${o.id}/refunds/${req.id}/approve`;
    const tooMuch = await post(url, { amount_minor: req.amount_minor + 1 });
    expect([tooMuch.statusCode, Object.keys(tooMuch.json().errors)]).toEqual([422, ['amount_minor']]);
    const stock = async () =>
      one(await queryRows<{ stock: number }>(db(), sql`select stock from variants where id = ${variant}`)).stock;
    const before = await stock();
    const partial = req.amount_minor - 100;
    const results = await Promise.all(
      Array.from({ length: CALLERS }, () => post(url, { amount_minor: partial, restock: true, note: 'Sorry!' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(CALLERS - 1).fill(409)]);
    const after = await page(o.id);
    expect(after).toMatchObject({ status: 'refunded', payment_status: 'refund_pending' });
    expect(after.totals.refunded.amount).toBe(partial);
    expect(await stock()).toBe(before + 2);
    const jobs = await queryRows<{ amount: number }>(
      db(),
      sql`select (payload ->> 'amountMinor')::int as amount from jobs where kind = 'payment-refund' and payload ->> 'orderId' = ${o.id}`,
    );
    expect(jobs).toEqual([{ amount: partial }]);
    const rejected = await post(`/api/admin/orders/${o.id}/refunds/${req.id}/reject`);
    expect([rejected.statusCode, rejected.json().message]).toEqual([409, adminOrderMessages.refundHandled]);
    expect((await post(`/api/admin/orders/${o.id}/refunds/999999/reject`)).statusCode).toBe(404);
  });

  it('a cancel racing "COD paid" ends one way, with the money consistent', async () => {
    for (let round = 0; round < 3; round++) {
      const o = await createTestOrder(db());
      const results = await Promise.all(
        Array.from({ length: CALLERS }, (_, i) =>
          post(`/api/admin/orders/${o.id}/${i % 2 ? 'cancel' : 'mark-paid'}`, i % 2 ? { reason: 'Out of stock' } : {}),
        ),
      );
      const d = await page(o.id);
      expect(d.status).toBe('cancelled');
      const ok = results.filter((r) => r.statusCode === 200).length;
      // One cancel, and at most one "paid" (only before the cancel).
      expect([1, 2]).toContain(ok);
      expect(results.every((r) => [200, 409].includes(r.statusCode))).toBe(true);
      if (ok === 2) expect([d.payment_status, d.totals.refunded.amount]).toEqual(['refunded', o.grandTotalMinor]);
      else expect([d.payment_status, d.totals.refunded.amount]).toEqual(['cod', 0]);
    }
  });

  it('a cancel racing an online payment ends cancelled with the payment refunded once', async () => {
    for (let round = 0; round < 3; round++) {
      const o = await createTestOrder(db(), { status: 'awaiting_payment', paymentMethod: 'sandbox' });
      const ref = `race_${randomBytes(6).toString('hex')}`;
      await queryRows(
        db(),
        sql`insert into payments (id, order_id, provider, provider_ref, amount_minor, currency, status)
            select ${`pmt_${ref}`}, id, 'sandbox', ${ref}, grand_total_minor, currency, 'created' from orders where id = ${o.id}`,
      );
      const [cancel, paid] = await Promise.all([
        post(`/api/admin/orders/${o.id}/cancel`, { reason: 'Customer called' }),
        markPaid(db(), {
          provider: 'sandbox',
          providerRef: ref,
          providerPaymentId: `pay_${ref}`,
          amountMinor: o.grandTotalMinor,
          currency: 'INR',
        }),
      ]);
      expect(cancel.statusCode).toBe(200);
      expect(paid).not.toBeNull();
      const d = await page(o.id);
      expect(d.status).toBe('cancelled');
      const refunds = await queryRows<{ amount: number }>(
        db(),
        sql`select (payload ->> 'amountMinor')::int as amount from jobs where kind = 'payment-refund' and payload ->> 'orderId' = ${o.id}`,
      );
      expect(refunds).toEqual([{ amount: o.grandTotalMinor }]);
    }
  });
});

describe('staff e-mails', () => {
  it('tells the owner and opted-in staff once about a new order', async () => {
    const packer = await createStaffMember(db(), { role: 'packer' });
    const quiet = await createStaffMember(db(), { role: 'manager' });
    const editor = await createStaffMember(db(), { role: 'content_editor' });
    await queryRows(db(), sql`update staff set notify_orders = true where id in (${packer.id}, ${editor.id})`);
    const opt = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/orders/notifications',
      headers: h,
      payload: { notify: 'yes' },
    });
    expect(opt.statusCode).toBe(422);

    const o = await createTestOrder(db(), { status: 'awaiting_payment', paymentMethod: 'sandbox' });
    await db().transaction((tx) => moveOrder(tx, { orderId: o.id, to: 'confirmed', actor: 'gateway' }));
    await t.app.jobs.runDue();
    await sendStaffAlert(t.app, db(), { kind: 'new_order', orderId: o.id, key: `order:${o.id}` });
    const told = await queryRows<{ recipient: string }>(
      db(),
      sql`select recipient from outbox_messages where subject like ${`New order ${o.orderNo}%`} order by recipient`,
    );
    const recipients = told.map((r) => r.recipient);
    expect(recipients).toContain(packer.email);
    expect(recipients).not.toContain(quiet.email);
    expect(recipients).not.toContain(editor.email);
    expect(new Set(recipients).size).toBe(recipients.length);
    const [owners] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from staff where role = 'owner' and is_active and coalesce(notify_orders, true)`,
    );
    expect(recipients.length).toBe(owners!.n + 1);
  });
});
