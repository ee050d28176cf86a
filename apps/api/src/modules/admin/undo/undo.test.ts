import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { auditLog, customers, formSubmissions } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer } from '../../../test/auth.ts';
import { createTestOrder } from '../../../test/orders.ts';
import { signedInOwner } from '../../staff/testing.ts';

let t: TestApp;
let owner: Record<string, string>;
let packer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t)).headers;
  packer = (await signedInOwner(t, 'packer')).headers;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers = owner) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const lastEntry = async () => (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const undo = (id: number, headers = owner) => call('POST', `/api/admin/audit/${id}/undo`, {}, headers);

describe('Undo', () => {
  it('puts back store settings, refuses a second undo and a changed record with 409', async () => {
    const before = (await call('GET', '/api/admin/settings')).json().data.store_phone;
    expect((await call('PATCH', '/api/admin/settings', { store_phone: '+91 99999 00001' })).statusCode).toBe(200);
    const entry = await lastEntry();
    expect(entry.action).toBe('store-settings.update');

    const res = await undo(entry.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Change undone',
      data: { undone: { id: entry.id }, entry: { action: 'store-settings.update', after: { store_phone: before } } },
    });
    expect((await call('GET', '/api/admin/settings')).json().data.store_phone).toBe(before);
    const marker = await lastEntry();
    expect(marker).toMatchObject({ action: 'audit.undo', target: `audit:${entry.id}` });

    const again = await undo(entry.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/changed since/);

    // Changed by someone else after the entry: not overwritten.
    await call('PATCH', '/api/admin/settings', { store_phone: '+91 99999 00002' });
    const second = await lastEntry();
    await call('PATCH', '/api/admin/settings', { store_phone: '+91 99999 00003' });
    expect((await undo(second.id)).statusCode).toBe(409);
    expect((await call('GET', '/api/admin/settings')).json().data.store_phone).toBe('+91 99999 00003');
  });

  it('undoes a block, a note and a review hide through their services', async () => {
    const c = await createCustomer(t.database.db);
    await call('POST', `/api/admin/customers/${c.id}/block`, {});
    expect((await undo((await lastEntry()).id)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row!.blockedAt).toBeNull();

    await call('POST', `/api/admin/customers/${c.id}/notes`, { body: 'Undo me' });
    expect((await undo((await lastEntry()).id)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/customers/${c.id}`)).json().data.notes).toEqual([]);

    const [review] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from reviews where hidden_at is null order by id limit 1`,
    );
    await call('POST', `/api/admin/reviews/${review!.id}/hide`, {});
    const hide = await lastEntry();
    expect(hide.before).toEqual({ hidden_at: null });
    expect((await undo(hide.id)).statusCode).toBe(200);
    const [after] = await queryRows<{ hidden_at: Date | null }>(
      t.database.db,
      sql`select hidden_at from reviews where id = ${review!.id}`,
    );
    expect(after!.hidden_at).toBeNull();
  });

  it('answers 422 for kinds that cannot be undone, 404 for an unknown entry, 403 outside the role', async () => {
    await call('PATCH', '/api/admin/settings', { store_phone: '+91 99999 00004' });
    const settingsEntry = await lastEntry();
    expect((await undo(settingsEntry.id, packer)).statusCode).toBe(403);

    const created = await call('POST', '/api/admin/staff', {
      email: `undo${Date.now()}@shop.test`,
      name: 'Temp',
      password: 'Correct-Horse-Staple-99',
    });
    expect(created.statusCode).toBe(200);
    const res = await undo((await lastEntry()).id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/"staff.create" cannot be undone/);
    expect((await undo(2_000_000_000)).statusCode).toBe(404);
  });
});

describe('review moderation list and inboxes', () => {
  it('filters reviews by visibility, rating and product, in keyset pages', async () => {
    const [p] = await queryRows<{ slug: string; n: number }>(
      t.database.db,
      sql`select p.slug, count(*)::int as n from reviews r join products p on p.id = r.product_id
          group by p.slug order by count(*) desc limit 1`,
    );
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        'GET',
        `/api/admin/reviews?product=${p!.slug}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      ids.push(...res.json().data.reviews.map((r: { id: number }) => r.id));
      cursor = res.json().data.next_cursor;
    } while (cursor);
    expect(ids).toHaveLength(p!.n);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const fives = (await call('GET', '/api/admin/reviews?rating=5&limit=200')).json().data.reviews;
    expect(fives.every((r: { rating: number }) => r.rating === 5)).toBe(true);
    expect((await call('GET', '/api/admin/reviews?rating=9')).statusCode).toBe(422);
  });

  it('counts all, shown and hidden reviews under the filters, whatever the visibility asked', async () => {
    const [p] = await queryRows<{ slug: string; n: number; id: number }>(
      t.database.db,
      sql`select p.slug, count(*)::int as n, max(r.id) as id from reviews r join products p on p.id = r.product_id
          group by p.slug order by count(*) desc limit 1`,
    );
    expect((await call('POST', `/api/admin/reviews/${p!.id}/hide`, {})).statusCode).toBe(200);
    const hidden = (await call('GET', `/api/admin/reviews?product=${p!.slug}&visibility=hidden&limit=200`)).json().data;
    const [h] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from reviews r join products p on p.id = r.product_id
          where p.slug = ${p!.slug} and r.hidden_at is not null`,
    );
    expect(h!.n).toBeGreaterThanOrEqual(1);
    expect(hidden.counts).toEqual({ all: p!.n, shown: p!.n - h!.n, hidden: h!.n });
    expect(hidden.reviews).toHaveLength(h!.n);
    const shown = (await call('GET', `/api/admin/reviews?product=${p!.slug}&visibility=shown`)).json().data;
    expect(shown.counts).toEqual(hidden.counts);
    expect((await call('POST', `/api/admin/reviews/${p!.id}/unhide`, {})).statusCode).toBe(200);
  });

  it('lists trade enquiries and other submissions apart, and exports each as CSV with formulas escaped', async () => {
    await t.database.db.insert(formSubmissions).values([
      // A message's own lines (a lone \n or \r) must stay inside its field, never become rows.
      { formId: 'contact', data: { name: 'Ravi', email: 'r@example.test', message: 'Call me\n=cmd|calc\r@SUM(1)' } },
      { formId: 'contact', data: { name: 'Asha, "K"', email: 'a@example.test', message: '=HYPERLINK("x")' } },
      {
        formId: 'trade-enquiry',
        data: { business_name: 'Leaf Co', email: 'b@example.test', product: 'p-1', product_name: 'Mug' },
      },
    ]);
    const forms = (await call('GET', '/api/admin/form-submissions?limit=1')).json().data;
    expect(forms.submissions[0]).toMatchObject({ form_id: 'contact', data: { name: 'Asha, "K"' } });
    expect(forms.fields.map((f: { name: string }) => f.name)).toContain('message');
    const trade = (await call('GET', '/api/admin/trade-enquiries')).json().data;
    expect(trade.submissions.every((s: { form_id: string }) => s.form_id === 'trade-enquiry')).toBe(true);

    const csv = await call('GET', '/api/admin/form-submissions?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toMatch(/^id,form,submitted_at,/);
    expect(csv.body).toContain('"Asha, ""K"""');
    expect(csv.body).toContain(`'=HYPERLINK`);
    expect(csv.body).toContain('"Call me\n=cmd|calc\r@SUM(1)"');
    expect(lines.filter((l) => /^[=@+-]/.test(l))).toEqual([]);
    expect(csv.body).not.toContain('Leaf Co');
    const tradeCsv = await call('GET', '/api/admin/trade-enquiries?format=csv');
    expect(tradeCsv.body).toContain('Leaf Co');
    expect(tradeCsv.body.split('\r\n')[0]).toContain('Product');
  });
});

describe('dashboard', () => {
  it('counts sales, orders and AOV per period against the one before, COD against online, and waiting orders', async () => {
    const first = (await call('GET', '/api/admin/dashboard?utc_offset=330')).json().data;
    const a = await createTestOrder(t.database.db, { status: 'confirmed', paymentMethod: 'cod', paymentStatus: 'cod' });
    await createTestOrder(t.database.db, { status: 'cancelled' });
    const old = await createTestOrder(t.database.db, { status: 'delivered', paymentStatus: 'paid', daysAgo: 3 });
    const res = await call('GET', '/api/admin/dashboard?utc_offset=330');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const today = (x: typeof d) => x.periods.find((p: { key: string }) => p.key === 'today');
    const week = (x: typeof d) => x.periods.find((p: { key: string }) => p.key === '7d');
    expect(today(d).orders - today(first).orders).toBe(1);
    expect(today(d).sales.amount - today(first).sales.amount).toBe(a.grandTotalMinor);
    expect(today(d).cod.orders - today(first).cod.orders).toBe(1);
    expect(week(d).orders - week(first).orders).toBe(2);
    expect(week(d).sales.amount - week(first).sales.amount).toBe(a.grandTotalMinor + old.grandTotalMinor);
    expect(week(d).average_order_value.amount).toBe(Math.round(week(d).sales.amount / week(d).orders));
    expect(d.waiting_to_ship.count - first.waiting_to_ship.count).toBe(1);
    expect(d.top_products.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/admin/dashboard?utc_offset=9999')).statusCode).toBe(422);
  });
});
