import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_AREAS } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buyableVariants, createTestOrder } from '../../test/orders.ts';
import { createStaffMember, signIn } from './testing.ts';

/**
 * The audit list names what a person reads (issue 25): the staff member's name, an order's
 * number (not its id) and a refund's amount, so the panel's Activity can say
 * "Meera refunded ₹549 on SF-100002".
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the audit list', () => {
  it('answers the staff name, the order number and the refunded amount of an order entry', async () => {
    const db = t.database.db;
    const meera = await createStaffMember(db, { name: 'Meera Iyer', role: 'owner' });
    const headers = await signIn(t, meera.email);
    const [v] = await buyableVariants(db, 5, 1);
    const o = await createTestOrder(db, {
      status: 'delivered',
      paymentMethod: 'sandbox',
      paymentStatus: 'paid',
      takeStock: false,
      lines: [[v!, 1]],
    });
    const [req] = await queryRows<{ id: number; amount_minor: number }>(
      db,
      sql`with line as (update order_items set refund_requested_quantity = 1 where order_id = ${o.id} returning id, total_minor)
          insert into refund_requests (order_id, order_item_id, quantity, reason, amount_minor)
          select ${o.id}, id, 1, 'Broken', total_minor from line returning id, amount_minor`,
    );
    await queryRows(db, sql`update orders set status = 'refund_requested' where id = ${o.id}`);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${o.id}/refunds/${req!.id}/approve`,
      headers,
      payload: { amount_minor: 54_900 > req!.amount_minor ? req!.amount_minor : 54_900 },
    });
    expect(approved.statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers });
    expect(res.statusCode).toBe(200);
    const entry = res.json().data.entries[0];
    const refunded = Math.min(54_900, req!.amount_minor);
    expect(entry).toMatchObject({
      action: 'order.refund-approve',
      actor: meera.email,
      actor_name: 'Meera Iyer',
      target: `order:${o.id}`,
      order: { id: o.id, order_no: o.orderNo },
      amount: { amount: refunded, currency: 'INR' },
    });
    expect(entry.amount.formatted).toMatch(/₹/);

    // A customer entry names the customer.
    const [customer] = await queryRows<{ id: number; name: string }>(
      db,
      sql`select id, trim(first_name || ' ' || last_name) as name from customers where first_name <> '' order by id limit 1`,
    );
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${customer!.id}/block`,
      headers,
      payload: {},
    });
    expect(blocked.statusCode).toBe(200);
    const [block] = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers })).json().data.entries;
    expect(block).toMatchObject({
      action: 'customer.block',
      actor_name: 'Meera Iyer',
      customer: { id: customer!.id, name: customer!.name },
      order: null,
      amount: null,
    });

    // Entries about something else name no order and no amount; a change made outside the API has no staff name.
    await queryRows(
      db,
      sql`insert into audit_log (staff_id, actor, action, target) values (null, 'cli@shop.test', 'staff.create', 'staff:stf_x')`,
    );
    const [cli] = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers })).json().data.entries;
    expect(cli).toMatchObject({
      actor: 'cli@shop.test',
      actor_name: null,
      order: null,
      customer: null,
      amount: null,
      subject: null,
    });
  });

  it('names a catalogue record: a variant by its product and its own title, a review by its product', async () => {
    const db = t.database.db;
    const headers = await signIn(t, (await createStaffMember(db, { name: 'Ravi Rao', role: 'owner' })).email);
    const [v] = await queryRows<{ id: string; product_id: string; name: string; title: string; stock: number }>(
      db,
      sql`select v.id, v.product_id, p.name, v.title, v.stock from variants v join products p on p.id = v.product_id
           where v.title <> '' order by v.id limit 1`,
    );
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/catalog/variants/${v!.id}/stock`,
      headers,
      payload: { stock: v!.stock + 3, reason: 'restock' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const [stock] = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers })).json().data.entries;
    expect(stock).toMatchObject({
      action: 'variant.stock',
      subject: { kind: 'variant', label: `${v!.name} · ${v!.title}`, id: v!.product_id },
      before: { stock: v!.stock },
      after: { stock: v!.stock + 3 },
    });

    const [r] = await queryRows<{ id: number; name: string; product_id: string }>(
      db,
      sql`select r.id, p.name, p.id as product_id from reviews r join products p on p.id = r.product_id order by r.id limit 1`,
    );
    const hid = await t.app.inject({ method: 'POST', url: `/api/admin/reviews/${r!.id}/hide`, headers, payload: {} });
    expect(hid.statusCode, hid.body).toBe(200);
    const [review] = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers })).json().data.entries;
    expect(review).toMatchObject({
      action: 'review.hide',
      subject: { kind: 'review', label: r!.name, id: r!.product_id },
      undo_apply: false,
    });

    // An undo: its entry names the record the undone change was about; the change it re-applied says so.
    const [c] = await queryRows<{ id: number; code: string }>(
      db,
      sql`select id, code from coupons order by id limit 1`,
    );
    const coupon = await t.app.inject({ method: 'GET', url: `/api/admin/coupons/${c!.id}`, headers });
    const version = coupon.headers.etag!;
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/coupons/${c!.id}/disable`,
      headers: { ...headers, 'if-match': version },
      payload: {},
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const [disable] = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers })).json().data.entries;
    expect(disable).toMatchObject({
      action: 'coupon.disable',
      subject: { kind: 'coupon', label: c!.code, id: String(c!.id) },
    });
    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/admin/audit/${disable.id}/undo`,
      headers,
      payload: {},
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const [marker, reapplied] = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers })).json()
      .data.entries;
    expect(marker).toMatchObject({
      action: 'audit.undo',
      subject: { kind: 'coupon', label: c!.code },
      undo_apply: false,
    });
    expect(reapplied).toMatchObject({ target: `coupon:${c!.id}`, undo_apply: true });
  });

  it('filters by area, by staff member and by day in the shop’s time zone; a bad filter is a 422', async () => {
    const db = t.database.db;
    const asha = await createStaffMember(db, { name: 'Asha Filter', role: 'owner' });
    const bala = await createStaffMember(db, { name: 'Bala Filter', role: 'manager' });
    const asAsha = await signIn(t, asha.email);
    const asBala = await signIn(t, bala.email);
    const list = async (query: string, headers = asAsha) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log?${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        entries: { action: string; staff_id: string | null; created_at: string }[];
        pagination: { total: number };
        staff: { id: string; name: string; email: string }[];
      };
    };
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: asAsha,
      payload: { cart_expire_days: 21 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Removed first by Asha (the demo may have it installed), then installed by Bala.
    await t.app.inject({ method: 'DELETE', url: '/api/admin/plugins/Gallery', headers: asAsha });
    const installed = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/plugins/Gallery',
      headers: asBala,
      payload: {},
    });
    expect(installed.statusCode, installed.body).toBe(200);

    const settings = await list('area=settings');
    expect(settings.entries.length).toBeGreaterThan(0);
    const settingsActions: readonly string[] = AUDIT_AREAS.settings;
    expect(settings.entries.filter((e) => !settingsActions.includes(e.action.split('.')[0]!))).toEqual([]);
    expect(settings.entries.some((e) => e.action === 'store-settings.update' && e.staff_id === asha.id)).toBe(true);
    expect(settings.entries.some((e) => e.action.startsWith('plugin.'))).toBe(false);

    const byBala = await list(`staff=${bala.id}`);
    expect(byBala.entries.map((e) => e.action)).toEqual(['plugin.install']);
    expect(byBala.pagination.total).toBe(1);
    expect((await list(`area=plugins&staff=${bala.id}`)).entries).toHaveLength(1);
    expect((await list(`area=settings&staff=${bala.id}`)).pagination.total).toBe(0);
    // Every staff account is offered for the filter, by name and e-mail, to a manager too.
    expect((await list('', asBala)).staff).toEqual(
      expect.arrayContaining([
        { id: asha.id, name: 'Asha Filter', email: asha.email },
        { id: bala.id, name: 'Bala Filter', email: bala.email },
      ]),
    );

    // Days are the shop's (Asia/Kolkata): 20:00 UTC on the 15th is already the 16th there.
    await queryRows(
      db,
      sql`insert into audit_log (staff_id, actor, action, target, created_at) values
            (${asha.id}, ${asha.email}, 'coupon.update', 'coupon:1', '2026-01-15T10:00:00Z'),
            (${asha.id}, ${asha.email}, 'coupon.delete', 'coupon:2', '2026-01-15T20:00:00Z')`,
    );
    expect((await list('from=2026-01-15&to=2026-01-15')).entries.map((e) => e.action)).toEqual(['coupon.update']);
    expect((await list('from=2026-01-16&to=2026-01-16')).entries.map((e) => e.action)).toEqual(['coupon.delete']);
    expect((await list('to=2026-01-16&area=catalogue')).pagination.total).toBe(2);
    expect((await list('from=2026-01-17&to=2026-01-31')).pagination.total).toBe(0);

    for (const [query, field, message] of [
      ['from=2026-01-16&to=2026-01-15', 'to', 'The start date must be on or before the end date'],
      [
        'area=everything',
        'area',
        'The value must be one of: orders, catalogue, customers, content, settings, plugins, staff, backups, undo',
      ],
      ['from=15-01-2026', 'from', 'The value must be a valid date'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log?${query}`, headers: asAsha });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[field], query).toEqual([message]);
    }
  });
});
