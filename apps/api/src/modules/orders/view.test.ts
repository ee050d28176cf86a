import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderDetailSchema, OrderPageSchema, OrderSchema } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createCustomer } from '../../test/auth.ts';
import { createTestOrder, setStoreSetting, buyableVariants } from '../../test/orders.ts';
import { listOrders, loadOrder, loadOrderDetail } from './view.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('order view', () => {
  it('answers the contract: lines, totals, flags and the tracking path', async () => {
    const db = t.database.db;
    const customer = await createCustomer(db);
    const [a, b] = await buyableVariants(db, 5, 2);
    const o = await createTestOrder(db, {
      customerId: customer.id,
      lines: [
        [a!, 2],
        [b!, 1],
      ],
      discountMinor: 1000,
      shippingMinor: 4900,
      codFeeMinor: 2500,
    });
    const order = OrderSchema.parse(await loadOrder(db, o.id));
    expect(order.order_no).toBe(o.orderNo);
    expect(order.status).toBe('confirmed');
    expect(order.status_label).toBe('Confirmed');
    expect(order.payment_method).toEqual({ code: 'cod', name: 'Cash on Delivery' });
    expect(order.productchannel).toHaveLength(2);
    expect(order.total_quantity).toBe(3);
    const linesTotal = order.productchannel.reduce((n, i) => n + i.total.amount, 0);
    expect(linesTotal).toBe(order.totals.subtotal.amount - 1000);
    // Each line before the coupon is its units at their price; the lines add up to the subtotal.
    for (const i of order.productchannel) expect(i.subtotal.amount).toBe(i.unit_price.amount * i.quantity);
    expect(order.productchannel.reduce((n, i) => n + i.subtotal.amount, 0)).toBe(order.totals.subtotal.amount);
    expect(order.grand_total.amount).toBe(linesTotal + 4900 + 2500);
    expect(order.grand_total.formatted).toMatch(/^₹/);
    expect(order.can_cancel).toBe(true);
    expect(order.can_refund).toBe(false);
    // Rated once delivered, not before.
    expect(order.can_rate).toBe(false);
    expect(order.can_retry_payment).toBe(false);
    expect(order.productchannel.every((i) => i.refundable_quantity === 0)).toBe(true);
    // Placed today with a 3–6 day method.
    const day = (n: number) => new Date(Date.parse(order.created_at) + n * 86_400_000).toISOString().slice(0, 10);
    expect(order.delivery_estimate).toEqual({ from: day(3), to: day(6) });

    const detail = OrderDetailSchema.parse(await loadOrderDetail(db, o.id));
    expect(detail.tracking_path).toBe(`/track-order/${o.id}`);
    expect(detail.history.map((h) => h.status)).toEqual(['confirmed']);
    expect(detail.refunds).toEqual([]);
    expect(detail.shipments).toEqual([]);
  });

  it('knows what a shopper may do in each state and with each setting', async () => {
    const db = t.database.db;
    const delivered = await createTestOrder(db, { status: 'delivered', takeStock: false });
    let order = (await loadOrder(db, delivered.id))!;
    expect(order.can_cancel).toBe(false);
    expect(order.can_refund).toBe(true);
    expect(order.delivery_estimate).toBeNull();
    expect(order.productchannel[0]!.refundable_quantity).toBe(2);
    await setStoreSetting(db, 'enable_refund', false);
    order = (await loadOrder(db, delivered.id))!;
    expect(order.can_refund).toBe(false);
    expect(order.productchannel[0]!.refundable_quantity).toBe(0);
    await setStoreSetting(db, 'enable_refund', true);

    const unpaid = await createTestOrder(db, { status: 'awaiting_payment', paymentMethod: 'sandbox' });
    order = (await loadOrder(db, unpaid.id))!;
    expect(order.payment_status).toBe('pending');
    expect(order.payment_method.name).toBe('Pay online');
    expect(order.can_retry_payment).toBe(true);
    expect(order.can_rate).toBe(false);
    expect(order.reserved_until).not.toBeNull();
    // Bengaluru is in the demo's India zone, which takes Cash on Delivery; an island address is not.
    expect(order.can_pay_on_delivery).toBe(true);
    await queryRows(
      db,
      sql`update orders set shipping_address = jsonb_set(shipping_address, '{postcode}', '"744101"') where id = ${unpaid.id}`,
    );
    expect((await loadOrder(db, unpaid.id))!.can_pay_on_delivery).toBe(false);
    expect((await loadOrder(db, delivered.id))!.can_pay_on_delivery).toBe(false);

    await setStoreSetting(db, 'enable_cancel_order', false);
    expect((await loadOrder(db, unpaid.id))!.can_cancel).toBe(false);
    await setStoreSetting(db, 'enable_cancel_order', true);
    expect((await loadOrder(db, unpaid.id))!.can_cancel).toBe(true);

    expect(await loadOrder(db, 'ord_missing')).toBeNull();
    expect(await loadOrderDetail(db, 'ord_missing')).toBeNull();
  });

  it('lists a customer’s orders newest first, a page at a time', async () => {
    const db = t.database.db;
    const customer = await createCustomer(db);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createTestOrder(db, { customerId: customer.id, daysAgo: 3 - i }));
    const first = OrderPageSchema.parse(await listOrders(db, customer.id, 1, 2));
    expect(first.total).toBe(3);
    expect(first.last_page).toBe(2);
    expect(first.orders.map((o) => o.id)).toEqual([made[2]!.id, made[1]!.id]);
    const second = await listOrders(db, customer.id, 2, 2);
    expect(second.orders.map((o) => o.id)).toEqual([made[0]!.id]);
    const none = await listOrders(db, (await createCustomer(db)).id, 1);
    expect(none).toEqual({ orders: [], page: 1, per_page: 10, total: 0, last_page: 1 });
  });
});
