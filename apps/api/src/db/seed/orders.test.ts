import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, OrderDetailSchema, OrderPageSchema, TrackingSchema } from '@shopfront/shared';
import { queryRows } from '../client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSessionCookie } from '../../test/auth.ts';
import { testBrowser } from '../../test/browser.ts';
import { loadOrderDetail } from '../../modules/orders/view.ts';
import { trackingTokenFor } from '../../lib/tracking-token.ts';
import { DEMO_CUSTOMER } from './accounts.ts';
import { DEMO_CHANNEL_ID } from './demo-data.ts';
import { HOME, seedDemoOrders } from './orders.ts';

let t: TestApp;
let customerId: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  const [c] = await queryRows<{ id: number }>(db(), sql`select id from customers where email = ${DEMO_CUSTOMER.email}`);
  customerId = c!.id;
});
afterAll(() => t.close());

const demoOrders = () =>
  queryRows<{
    id: string;
    status: string;
    stock_reserved: boolean;
    subtotal_minor: number;
    discount_minor: number;
    shipping_minor: number;
    cod_fee_minor: number;
    grand_total_minor: number;
    lines_minor: number;
  }>(
    db(),
    sql`select o.id, o.status, o.stock_reserved, o.subtotal_minor, o.discount_minor, o.shipping_minor, o.cod_fee_minor,
          o.grand_total_minor, (select sum(total_minor)::int from order_items i where i.order_id = o.id) as lines_minor
          from orders o where o.customer_id = ${customerId} order by o.created_at`,
  );

describe('demo orders', () => {
  it('give the demo customer one order in every state, adding up, holding no stock', async () => {
    const orders = await demoOrders();
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    for (const o of orders) {
      expect(o.stock_reserved).toBe(false);
      expect(o.lines_minor).toBe(o.subtotal_minor - o.discount_minor);
      expect(o.grand_total_minor).toBe(o.lines_minor + o.shipping_minor + o.cod_fee_minor);
      const d = OrderDetailSchema.parse(await loadOrderDetail(db(), o.id));
      expect(d.history[0]!.status).toBe(d.payment_method.code === 'cod' ? 'confirmed' : 'awaiting_payment');
      expect(d.history.at(-1)!.status).toBe(o.status);
      const times = d.history.map((h) => Date.parse(h.at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      if (['shipped', 'out_for_delivery', 'delivered', 'refund_requested', 'refunded'].includes(o.status)) {
        expect(d.shipments).toHaveLength(1);
        expect(d.shipments[0]!.scans.length).toBeGreaterThanOrEqual(3);
      }
      if (o.status === 'refund_requested' || o.status === 'refunded') expect(d.refunds).toHaveLength(1);
    }
    // Only the unpaid order is not yet told (nothing is told about awaiting payment).
    const [untold] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from order_events e join orders o on o.id = e.order_id
           where o.customer_id = ${customerId} and e.notified_at is null and e.to_status <> 'awaiting_payment'`,
    );
    expect(untold!.n).toBe(0);
    const [counted] = await queryRows<{ n: number }>(
      db(),
      sql`select orders_count as n from customers where id = ${customerId}`,
    );
    expect(counted!.n).toBe(orders.length);
  });

  it('are seeded once', async () => {
    const before = (await demoOrders()).length;
    expect(await db().transaction((tx) => seedDemoOrders(tx, DEMO_CHANNEL_ID))).toBe(0);
    expect((await demoOrders()).length).toBe(before);
  });

  it('are the demo customer’s to list, open and follow', async () => {
    const b = testBrowser(t.app, { cookie: await createSessionCookie(db(), customerId) });
    const page = OrderPageSchema.parse((await b.call('GET', '/api/orders/get')).json().data);
    expect(page.total).toBe(ORDER_STATUSES.length);
    const shipped = page.orders.find((o) => o.status === 'out_for_delivery')!;
    const res = await testBrowser(t.app).call('GET', `/api/track-order/${await trackingTokenFor(db(), shipped.id)}`);
    expect(res.statusCode).toBe(200);
    const tr = TrackingSchema.parse(res.json().data);
    expect(tr.steps.filter((s) => s.completed)).toHaveLength(4);
    expect(tr.shipments[0]!.scans[0]!.status).toBe('Out for delivery');
    expect(page.orders.find((o) => o.status === 'awaiting_payment')!.can_retry_payment).toBe(true);
    expect(page.orders.find((o) => o.status === 'delivered')!.rating?.rating).toBe(5);
  });

  it('come after the demo customer became one, and their home is their saved default address', async () => {
    const b = testBrowser(t.app, { cookie: await createSessionCookie(db(), customerId) });
    const account = (await b.call('GET', '/api/account/get')).json().data;
    const [first] = await queryRows<{ at: Date }>(
      db(),
      sql`select min(created_at) as at from orders where customer_id = ${customerId}`,
    );
    expect(Date.parse(account.created_at)).toBeLessThan(new Date(first!.at).getTime());
    expect(account.customer_since).toBe(account.created_at);

    const saved = (await b.call('GET', '/api/address/all')).json().data;
    const list = Array.isArray(saved) ? saved : saved.addresses;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ default: true, address_type: 'Shipping', address_line_1: HOME.line1 });
    // The same address every order was billed to.
    const billed = await queryRows<{ line1: string; postcode: string; state_id: number }>(
      db(),
      sql`select distinct billing_address->>'address_line_1' as line1, billing_address->>'postcode' as postcode,
                 (billing_address->>'state_id')::int as state_id
            from orders where customer_id = ${customerId}`,
    );
    expect(billed).toEqual([{ line1: list[0].address_line_1, postcode: list[0].postcode, state_id: list[0].state_id }]);
  });
});

describe('Customer since', () => {
  it('is the first order when that is older than the account (a guest order claimed later)', async () => {
    const [c] = await queryRows<{ id: number }>(
      db(),
      sql`insert into customers (email, phone, first_name, last_name) values ('since@example.test', '9000000123', 'Sina', 'Rao')
          returning id`,
    );
    await db().execute(
      sql`update orders set customer_id = ${c!.id} where id = (select id from orders where customer_id = ${customerId}
            order by created_at limit 1) returning id`,
    );
    const [first] = await queryRows<{ at: Date }>(
      db(),
      sql`select min(created_at) as at from orders where customer_id = ${c!.id}`,
    );
    const b = testBrowser(t.app, { cookie: await createSessionCookie(db(), c!.id) });
    const account = (await b.call('GET', '/api/account/get')).json().data;
    expect(Date.parse(account.customer_since)).toBe(new Date(first!.at).getTime());
    expect(Date.parse(account.created_at)).toBeGreaterThan(Date.parse(account.customer_since));
  });
});
