import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { uniqueEmail, uniquePhone } from '../../test/auth.ts';
import { testBrowser } from '../../test/browser.ts';
import { outboxTo } from '../../test/outbox.ts';
import { createTestOrder } from '../../test/orders.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { trackingTokenFor } from '../../lib/tracking-token.ts';
import { markDelivered, markOutForDelivery, packOrder, shipOrder } from './fulfilment.ts';
import { sendOrderMessage } from './messages.ts';
import { moveOrder } from './transition.ts';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.test' } });
});
afterAll(() => t.close());

const eventsOf = (orderId: string) =>
  queryRows<{ id: number; to_status: string; notified: boolean }>(
    db(),
    sql`select id, to_status, notified_at is not null as notified from order_events where order_id = ${orderId} order by id`,
  );

describe('order messages', () => {
  it('confirms an order once by e-mail and SMS, with its lines, total and tracking link', async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    const o = await createTestOrder(db(), { email, phone });
    const [placed] = await eventsOf(o.id);
    expect(await sendOrderMessage(t.app, db(), placed!.id)).toBe(2);
    expect(await sendOrderMessage(t.app, db(), placed!.id)).toBe(0);
    // A duplicate job for the same change (a retry, a second queue) tells nobody again.
    await enqueueJob(db(), { kind: 'order-message', payload: { eventId: placed!.id }, dedupeKey: 'again' });
    await t.app.jobs.runDue();

    const token = await trackingTokenFor(db(), o.id);
    const link = `https://shop.example.test/track-order/${token}`;
    const mails = await outboxTo(db(), email, 'email');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Order ${o.orderNo} confirmed`);
    expect(mails[0]!.body).toContain(link);
    expect(mails[0]!.body).toMatch(/Total: ₹[\d,.]+ \(to pay on delivery\)/);
    expect(mails[0]!.body).toMatch(/Expected delivery: \d+ \w+ to \d+ \w+\./);
    expect(mails[0]!.body).toMatch(/^- .+ × 2: ₹/m);
    const sms = await outboxTo(db(), phone, 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(`order ${o.orderNo} confirmed`);
    expect(sms[0]!.body).toContain(link);
    expect((await eventsOf(o.id))[0]!.notified).toBe(true);

    // The link works from any browser.
    const res = await testBrowser(t.app).call('GET', `/api/track-order/${token}`);
    expect(res.statusCode).toBe(200);
  });

  it('tells each change through the job queue once, with the waybill when shipped', async () => {
    const email = uniqueEmail();
    const o = await createTestOrder(db(), { email, phone: null });
    await packOrder(db(), o.id);
    const { waybill } = await shipOrder(db(), o.id, { carrier: 'Blue Dart', waybill: `BD${Date.now()}` });
    await markOutForDelivery(db(), o.id);
    await markDelivered(db(), o.id);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const subjects = (await outboxTo(db(), email, 'email')).map((m) => m.subject).reverse();
    expect(subjects).toEqual([
      `Order ${o.orderNo} is packed`,
      `Order ${o.orderNo} has shipped`,
      `Order ${o.orderNo} is out for delivery`,
      `Order ${o.orderNo} has been delivered`,
    ]);
    const shipped = (await outboxTo(db(), email, 'email')).find((m) => m.subject?.includes('shipped'))!;
    expect(shipped.body).toContain(`Blue Dart (waybill ${waybill})`);
    expect((await eventsOf(o.id)).every((e) => e.notified || e.to_status === 'confirmed')).toBe(true);
  });

  it('says nothing while a payment is awaited, and tells a failed payment by SMS only when there is no e-mail', async () => {
    const phone = uniquePhone();
    const o = await createTestOrder(db(), {
      email: null,
      phone,
      status: 'awaiting_payment',
      paymentMethod: 'sandbox',
    });
    const [awaiting] = await eventsOf(o.id);
    expect(await sendOrderMessage(t.app, db(), awaiting!.id)).toBe(0);
    await db().transaction((tx) => moveOrder(tx, { orderId: o.id, to: 'payment_failed', actor: 'gateway' }));
    await t.app.jobs.runDue();
    const sms = await outboxTo(db(), phone);
    expect(sms.map((m) => m.channel)).toEqual(['sms']);
    expect(sms[0]!.body).toContain(`payment for your order ${o.orderNo} did not go through`);
  });

  it('tells a cancelled paid order that its money is on its way back', async () => {
    const email = uniqueEmail();
    const o = await createTestOrder(db(), { email, phone: null, paymentMethod: 'sandbox' });
    await queryRows(
      db(),
      sql`update orders set payment_status = 'refund_pending', refunded_minor = grand_total_minor where id = ${o.id}`,
    );
    await db().transaction((tx) => moveOrder(tx, { orderId: o.id, to: 'cancelled', actor: 'shopper' }));
    await t.app.jobs.runDue();
    const [mail] = await outboxTo(db(), email);
    expect(mail!.subject).toBe(`Order ${o.orderNo} has been cancelled`);
    expect(mail!.body).toMatch(/The ₹[\d,.]+ you paid is being refunded to your Pay online payment\./);
  });
});
