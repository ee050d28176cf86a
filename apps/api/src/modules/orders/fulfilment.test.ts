import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { HttpError } from '../../lib/http.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestOrder, buyableVariants } from '../../test/orders.ts';
import type { OrderAccess } from './access.ts';
import {
  addScan,
  approveRefund,
  fulfilmentMessages,
  markDelivered,
  markOutForDelivery,
  packOrder,
  rejectRefund,
  shipOrder,
} from './fulfilment.ts';
import { requestRefund } from './service.ts';
import { loadOrderDetail } from './view.ts';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
  // A second offline method: it must behave as Cash on Delivery does.
  await queryRows(
    db(),
    sql`insert into payment_methods (code, name, kind, position) values ('bank_transfer', 'Bank transfer', 'offline', 3)`,
  );
});
afterAll(() => t.close());

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof HttpError ? [err.statusCode, err.message] : err),
  );
const detail = async (id: string) => (await loadOrderDetail(db(), id))!;
const requestIds = async (orderId: string) =>
  (
    await queryRows<{ id: number }>(db(), sql`select id from refund_requests where order_id = ${orderId} order by id`)
  ).map((r) => r.id);

describe('fulfilment', () => {
  it('moves an order from confirmed to delivered with its parcel and scans', async () => {
    const o = await createTestOrder(db());
    expect(await refusal(shipOrder(db(), o.id, { carrier: 'Delhivery' }))).toEqual([
      409,
      fulfilmentMessages.notAllowed('shipped'),
    ]);
    await packOrder(db(), o.id);
    expect(await refusal(packOrder(db(), o.id))).toEqual([409, fulfilmentMessages.notAllowed('packed')]);
    const { shipmentId, waybill } = await shipOrder(db(), o.id, {
      carrier: 'Delhivery',
      trackingUrl: 'https://www.delhivery.com/track',
    });
    expect(waybill).toBe(`${o.orderNo}-1`);
    await addScan(db(), shipmentId, {
      at: new Date(Date.now() - 7200_000),
      location: 'Bengaluru Hub',
      status: 'In transit',
    });
    await addScan(db(), shipmentId, {
      at: new Date(Date.now() - 3600_000),
      location: 'Whitefield',
      status: 'Out for delivery',
      description: 'With the agent',
    });
    expect(await refusal(addScan(db(), 999_999, { at: new Date(), location: 'x', status: 'x' }))).toEqual([
      404,
      fulfilmentMessages.shipmentNotFound,
    ]);
    await markOutForDelivery(db(), o.id);
    await markDelivered(db(), o.id, undefined, true);
    expect(await refusal(markDelivered(db(), o.id))).toEqual([409, fulfilmentMessages.notAllowed('delivered')]);

    const d = await detail(o.id);
    expect(d.status).toBe('delivered');
    expect(d.payment_status).toBe('paid');
    expect(d.history.map((h) => h.status)).toEqual(['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered']);
    expect(d.shipments).toEqual([
      {
        carrier: 'Delhivery',
        waybill,
        tracking_url: 'https://www.delhivery.com/track',
        scans: [
          // Marked delivered by the shop: the parcel's latest line says so, at the delivery city.
          expect.objectContaining({
            location: 'Bengaluru',
            status: 'Delivered',
            description: 'Marked delivered by the shop',
          }),
          expect.objectContaining({
            location: 'Whitefield',
            status: 'Out for delivery',
            description: 'With the agent',
          }),
          expect.objectContaining({ location: 'Bengaluru Hub', status: 'In transit', description: '' }),
        ],
      },
    ]);
  });

  it('cannot ship the same waybill twice', async () => {
    const a = await createTestOrder(db(), { status: 'packed' });
    const b = await createTestOrder(db(), { status: 'packed' });
    await shipOrder(db(), a.id, { carrier: 'Ekart', waybill: 'EK-DUP-1' });
    await expect(shipOrder(db(), b.id, { carrier: 'Ekart', waybill: 'EK-DUP-1' })).rejects.toThrow();
    // The failed shipment left the order where it was (one transaction).
    expect((await detail(b.id)).status).toBe('packed');
  });
});

describe('refund decisions', () => {
  async function requested(paymentMethod: 'cod' | 'bank_transfer' | 'sandbox') {
    const [v1, v2] = await buyableVariants(db(), 5, 2);
    const o = await createTestOrder(db(), {
      status: 'delivered',
      paymentMethod,
      paymentStatus: 'paid',
      takeStock: false,
      lines: [
        [v1!, 2],
        [v2!, 1],
      ],
    });
    const access: OrderAccess = { customerId: null, guestOrderId: o.id };
    await requestRefund(db(), access, {
      orderId: o.id,
      items: [
        { item_id: o.itemIds[0]!, quantity: 1 },
        { item_id: o.itemIds[1]!, quantity: 1 },
      ],
      reason: 'Not as described',
    });
    return { o, ids: await requestIds(o.id) };
  }

  it('records a Cash on Delivery refund as paid back, and the order refunded once nothing is open', async () => {
    const { o, ids } = await requested('cod');
    await approveRefund(db(), ids[0]!);
    let d = await detail(o.id);
    expect(d.status).toBe('refund_requested');
    const granted = d.refunds.find((r) => r.id === ids[0])!;
    expect(granted.status).toBe('refunded');
    expect(d.totals.refunded.amount).toBe(granted.amount.amount);
    expect(await refusal(approveRefund(db(), ids[0]!))).toEqual([409, fulfilmentMessages.refundHandled]);

    await rejectRefund(db(), ids[1]!, { note: 'Used item' });
    d = await detail(o.id);
    // A partial refund keeps the order delivered (its refunded amount tells); only all back is refunded.
    expect(d.status).toBe('delivered');
    expect(d.payment_status).toBe('paid');
    expect(d.history.at(-1)).toMatchObject({ status: 'delivered', note: 'Used item' });
    const [items] = await queryRows<{ refunded: number[]; requested: number[] }>(
      db(),
      sql`select array_agg(refunded_quantity order by id) as refunded, array_agg(refund_requested_quantity order by id) as requested
            from order_items where order_id = ${o.id}`,
    );
    expect(items).toEqual({ refunded: [1, 0], requested: [1, 0] });
    const jobs = await queryRows(
      db(),
      sql`select id from jobs where kind = 'payment-refund' and payload->>'orderId' = ${o.id}`,
    );
    expect(jobs).toEqual([]);
  });

  it('pays an online refund back through the provider (the refund job, tried up to 10 times)', async () => {
    const { o, ids } = await requested('sandbox');
    await approveRefund(db(), ids[1]!);
    const d = await detail(o.id);
    expect(d.payment_status).toBe('refund_pending');
    const amount = d.refunds.find((r) => r.id === ids[1])!.amount.amount;
    expect(amount).toBe(d.productchannel[1]!.total.amount);
    const jobs = await queryRows<{ payload: { orderId: string; amountMinor: number }; max_attempts: number }>(
      db(),
      sql`select payload, max_attempts from jobs
           where kind = 'payment-refund' and dedupe_key = ${`refund-request:${ids[1]}`}`,
    );
    expect(jobs).toEqual([
      { payload: expect.objectContaining({ orderId: o.id, amountMinor: amount }), max_attempts: 10 },
    ]);
  });

  it('pays an approved refund back from the payment that paid the order, never past its total (orders_totals_ck)', async () => {
    const { o, ids } = await requested('sandbox');
    const [paid] = await queryRows<{ paid_payment_id: string }>(
      db(),
      sql`select paid_payment_id from orders where id = ${o.id}`,
    );
    expect(paid!.paid_payment_id).toBeTruthy();
    // An order whose refunded amount is nearly all of it already (as a late payment's refund was
    // once counted there): the approval takes only what is left, never breaking the check.
    await queryRows(db(), sql`update orders set refunded_minor = grand_total_minor - 1 where id = ${o.id}`);
    await approveRefund(db(), ids[0]!);
    const d = await detail(o.id);
    expect(d.totals.refunded.amount).toBe(d.grand_total.amount);
    const jobs = await queryRows<{ payload: { amountMinor: number; paymentId: string } }>(
      db(),
      sql`select payload from jobs where kind = 'payment-refund' and dedupe_key = ${`refund-request:${ids[0]}`}`,
    );
    expect(jobs.map((j) => j.payload)).toEqual([
      expect.objectContaining({ amountMinor: 1, paymentId: paid!.paid_payment_id }),
    ]);
    // Nothing left: the next approval records no money and queues nothing.
    await approveRefund(db(), ids[1]!);
    expect((await detail(o.id)).totals.refunded.amount).toBe(d.grand_total.amount);
    const more = await queryRows(
      db(),
      sql`select id from jobs where kind = 'payment-refund' and dedupe_key = ${`refund-request:${ids[1]}`}`,
    );
    expect(more).toEqual([]);
  });

  it('treats every offline method as Cash on Delivery: a bank transfer refund is recorded, never queued', async () => {
    const { o, ids } = await requested('bank_transfer');
    await approveRefund(db(), ids[0]!);
    await approveRefund(db(), ids[1]!);
    const d = await detail(o.id);
    expect(d.status).toBe('delivered'); // one of the first line's two is still with the shopper
    expect(d.payment_status).toBe('paid');
    expect(d.totals.refunded.amount).toBe(d.refunds.reduce((n, r) => n + r.amount.amount, 0));
    const jobs = await queryRows(
      db(),
      sql`select id from jobs where kind = 'payment-refund' and payload->>'orderId' = ${o.id}`,
    );
    expect(jobs).toEqual([]);
  });

  it('sends a refused request’s order back to delivered, its quantity askable again', async () => {
    const { o, ids } = await requested('cod');
    await rejectRefund(db(), ids[0]!);
    await rejectRefund(db(), ids[1]!, { note: 'Outside the return window' });
    const d = await detail(o.id);
    expect(d.status).toBe('delivered');
    expect(d.totals.refunded.amount).toBe(0);
    expect(d.productchannel.map((i) => i.refundable_quantity)).toEqual([2, 1]);
    expect(await refusal(rejectRefund(db(), ids[1]!))).toEqual([409, fulfilmentMessages.refundHandled]);
  });
});
