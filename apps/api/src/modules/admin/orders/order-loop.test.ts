import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderMessages, type AdminOrderDetail } from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buyableVariants, createTestOrder } from '../../../test/orders.ts';
import { createStaffMember, signIn } from '../../staff/testing.ts';

/**
 * The owner's daily order loop after the outside reviews (issue 25), on PGlite and
 * (TEST_DATABASE_URL) PostgreSQL: an unpaid online order is never confirmed by staff, delivered
 * leaves COD cash uncollected unless said, a double tap moves an order once, scans keep to a sane
 * time, a partial refund keeps the order delivered, and the history names who did what.
 */
let t: TestApp;
let owner: Record<string, string>;
let packer: Record<string, string>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  const o = await createStaffMember(db(), { role: 'owner', name: 'Asha' });
  const p = await createStaffMember(db(), { role: 'packer', name: 'Meera' });
  owner = await signIn(t, o.email);
  packer = await signIn(t, p.email);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown = {}, headers: Record<string, string> = owner) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const page = async (id: string): Promise<AdminOrderDetail> =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: owner })).json().data;

describe('confirm', () => {
  it('refuses an unpaid online order for every role, and confirms a COD order', async () => {
    for (const [status, paymentStatus] of [
      ['awaiting_payment', 'pending'],
      ['payment_failed', 'failed'],
    ] as const) {
      const o = await createTestOrder(db(), { status, paymentMethod: 'sandbox', paymentStatus, takeStock: false });
      expect((await page(o.id)).actions.confirm).toBe(false);
      for (const who of [owner, packer]) {
        const res = await post(`/api/admin/orders/${o.id}/confirm`, {}, who);
        expect([res.statusCode, res.json().message]).toEqual([409, adminOrderMessages.awaitingPayment]);
      }
      expect((await page(o.id)).status).toBe(status);
    }
    const cod = await createTestOrder(db(), { status: 'awaiting_payment', takeStock: false });
    expect((await page(cod.id)).actions.confirm).toBe(true);
    const ok = await post(`/api/admin/orders/${cod.id}/confirm`, {}, packer);
    expect([ok.statusCode, ok.json().data.status]).toEqual([200, 'confirmed']);
  });
});

describe('deliver', () => {
  it('leaves COD cash uncollected unless the flag says so; a double tap with one version moves once', async () => {
    const a = await createTestOrder(db(), { status: 'shipped' });
    const v = (await page(a.id)).version;
    const taps = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(`/api/admin/orders/${a.id}/deliver`, {}, { ...packer, 'if-match': String(v) }),
      ),
    );
    expect(taps.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const after = await page(a.id);
    expect(after).toMatchObject({ status: 'delivered', payment_status: 'cod', paid_at: null });
    expect(after.actions.mark_paid).toBe(true);
    expect(after.history.filter((e) => e.to === 'delivered')).toHaveLength(1);

    const b = await createTestOrder(db(), { status: 'shipped' });
    const paid = await post(`/api/admin/orders/${b.id}/deliver`, { cash_collected: true });
    expect(paid.json().data).toMatchObject({ status: 'delivered', payment_status: 'paid' });
    expect((await post(`/api/admin/orders/${b.id}/deliver`, { cash_collected: 'yes' })).statusCode).toBe(422);
  });
});

describe('tracking scans', () => {
  it('refuse a time more than 5 minutes ahead or before the order was placed (422 on at)', async () => {
    const o = await createTestOrder(db(), { status: 'packed' });
    const shipped = await post(`/api/admin/orders/${o.id}/ship`, { parcels: [{ carrier: 'DTDC' }] });
    const sid = (shipped.json().data as AdminOrderDetail).shipments[0]!.id;
    const scan = (at?: string) =>
      post(`/api/admin/orders/${o.id}/shipments/${sid}/scans`, { location: 'Hub', status: 'In transit', at });
    const future = await scan(new Date(Date.now() + 10 * 60_000).toISOString());
    expect([future.statusCode, future.json().errors]).toEqual([422, { at: [adminOrderMessages.scanInFuture] }]);
    const early = await scan('1970-01-01T00:00:00Z');
    expect([early.statusCode, early.json().errors]).toEqual([422, { at: [adminOrderMessages.scanBeforeOrder] }]);
    expect((await scan(new Date(Date.now() + 60_000).toISOString())).statusCode).toBe(200);
    expect((await scan()).statusCode).toBe(200);
    expect((await page(o.id)).shipments[0]!.scans).toHaveLength(2);
    expect((await page(o.id)).actions.add_scan).toBe(true);

    // Marked delivered: the parcel says so too (its latest line), once, and no more scans are offered.
    expect((await post(`/api/admin/orders/${o.id}/deliver`, {})).statusCode).toBe(200);
    const done = await page(o.id);
    const scans = done.shipments[0]!.scans;
    expect(scans).toHaveLength(3);
    const latest = [...scans].sort((x, y) => y.at.localeCompare(x.at) || y.id - x.id)[0]!;
    expect(latest).toMatchObject({ status: 'Delivered', description: 'Marked delivered by the shop' });
    expect(latest.location).toBe('Bengaluru');
    expect(done.actions.add_scan).toBe(false);
  });
});

describe('refunds', () => {
  async function requested(quantity: number) {
    const [v1, v2] = await buyableVariants(db(), 5, 2);
    const o = await createTestOrder(db(), {
      status: 'delivered',
      paymentStatus: 'paid',
      takeStock: false,
      lines: [
        [v1!, 2],
        [v2!, 1],
      ],
    });
    const reqs = await queryRows<{ id: number }>(
      db(),
      sql`with lines as (update order_items set refund_requested_quantity = ${quantity} where order_id = ${o.id} and quantity >= ${quantity}
                          returning id, total_minor, quantity)
          insert into refund_requests (order_id, order_item_id, quantity, reason, amount_minor)
          select ${o.id}, id, ${quantity}, 'Chipped', total_minor * ${quantity} / quantity from lines returning id`,
    );
    await queryRows(db(), sql`update orders set status = 'refund_requested' where id = ${o.id}`);
    return { o, reqs };
  }

  it('a partial refund keeps the order delivered with its refunded amount; everything back is refunded', async () => {
    const part = await requested(2); // only the line of two
    expect(part.reqs).toHaveLength(1);
    await post(`/api/admin/orders/${part.o.id}/refunds/${part.reqs[0]!.id}/approve`, {});
    const p = await page(part.o.id);
    expect(p.status).toBe('delivered');
    expect(p.totals.refunded.amount).toBeGreaterThan(0);
    expect(p.totals.refunded.amount).toBeLessThan(p.totals.grand_total.amount);
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/orders?q=${part.o.orderNo}`, headers: owner });
    expect(list.json().data.orders[0].refunded.amount).toBe(p.totals.refunded.amount);
    // The shopper is told the refund was approved (never "could not approve": the order is delivered again).
    await t.app.jobs.runDue();
    const [told] = await queryRows<{ subject: string; body: string }>(
      db(),
      sql`select subject, body from outbox_messages where order_id = ${part.o.id} and channel = 'email' order by id desc limit 1`,
    );
    expect(told!.subject).toBe(`Refund for order ${part.o.orderNo}`);
    expect(told!.body).toContain(
      `Your refund of ${p.totals.refunded.formatted} for order ${part.o.orderNo} has been approved.`,
    );
    expect(told!.body).not.toContain('could not approve');
    expect(p.history.at(-1)!.label).toBe('Refund request answered · Delivered');

    const all = await requested(1); // one of each of the two lines: the second line is whole, the first not
    for (const r of all.reqs) await post(`/api/admin/orders/${all.o.id}/refunds/${r.id}/approve`, {});
    expect((await page(all.o.id)).status).toBe('delivered');
    const [rest] = await queryRows<{ id: number }>(
      db(),
      sql`with line as (update order_items set refund_requested_quantity = refund_requested_quantity + 1
                          where order_id = ${all.o.id} and refunded_quantity < quantity returning id, total_minor, quantity)
          insert into refund_requests (order_id, order_item_id, quantity, reason, amount_minor)
          select ${all.o.id}, id, 1, 'Chipped too', total_minor / quantity from line returning id`,
    );
    await queryRows(db(), sql`update orders set status = 'refund_requested' where id = ${all.o.id}`);
    await post(`/api/admin/orders/${all.o.id}/refunds/${rest!.id}/approve`, {});
    expect((await page(all.o.id)).status).toBe('refunded');
  });
});

describe('history and header', () => {
  it('names the staff member who made each move and the channel by its name', async () => {
    const o = await createTestOrder(db(), { status: 'confirmed' });
    await post(`/api/admin/orders/${o.id}/pack`, {}, packer);
    await post(`/api/admin/orders/${o.id}/ship`, { parcels: [{ carrier: 'DTDC' }] }, owner);
    const p = await page(o.id);
    expect(p.history.filter((e) => e.actor === 'staff').map((e) => [e.to, e.by])).toEqual([
      ['packed', 'Meera'],
      ['shipped', 'Asha'],
    ]);
    const [ch] = await queryRows<{ name: string }>(db(), sql`select name from channels where id = ${p.channel}`);
    expect(p.channel_name).toBe(ch!.name);
  });
});
