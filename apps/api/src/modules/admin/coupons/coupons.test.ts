import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUPON_AMOUNT_MAX_MINOR,
  adminCouponMessages as msg,
  cartMessages,
  percentOf,
  type AdminCoupon,
  type Cart,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buyableVariants, guestReady, placedOf, placeOrder } from '../../../test/checkout.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The owner's coupons over HTTP (issue 26), on PGlite and (TEST_DATABASE_URL) PostgreSQL: every
 * rule validated per field, the code unique whatever its case (also when two creates race), edits
 * with If-Match, the cart following a create, an edit and a disable at once, uses so far and the
 * orders that used a coupon, delete only when unused, Undo, and the roles that may use it.
 */
let t: TestApp;
let h: Record<string, string>;
let variants: string[];
const db = () => t.database.db;
let ipSeq = 0;
const nextIp = () => `10.77.${Math.floor(++ipSeq / 200)}.${(ipSeq % 200) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  h = (await signedInOwner(t)).headers;
  variants = await buyableVariants(db(), 20, 3);
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...h, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const code = (prefix = 'T') => `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`;
const body = (over: Record<string, unknown> = {}) => ({
  code: code(),
  description: '10% off',
  kind: 'percent',
  value: 10,
  ...over,
});
async function create(over: Record<string, unknown> = {}): Promise<AdminCoupon> {
  const res = await req('POST', '/api/admin/coupons', body(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const editBody = (c: AdminCoupon, over: Record<string, unknown> = {}) => ({
  code: c.code,
  description: c.description,
  kind: c.kind,
  value: c.value,
  min_subtotal_minor: c.min_subtotal_minor,
  max_discount_minor: c.max_discount_minor,
  starts_at: c.starts_at,
  ends_at: c.ends_at,
  usage_limit: c.usage_limit,
  per_customer_limit: c.per_customer_limit,
  first_order_only: c.first_order_only,
  secret: c.secret,
  product_ids: c.products.map((p) => p.id),
  category_slugs: c.categories.map((k) => k.slug),
  ...over,
});
const edit = (c: AdminCoupon, over: Record<string, unknown> = {}, version = c.version) =>
  req('PUT', `/api/admin/coupons/${c.id}`, editBody(c, over), { 'if-match': String(version) });

/** A guest's cart with one line, at the payment step. */
const shopperCart = () => guestReady(t, { lines: [[variants[0]!, 1]] }, nextIp());
const cartOf = (res: { json(): { data: unknown } }) => res.json().data as Cart;

describe('validation', () => {
  it('says what is wrong with each field', async () => {
    const res = await req('POST', '/api/admin/coupons', {
      code: 'no spaces!',
      kind: 'percent',
      value: 150,
      min_subtotal_minor: -1,
      starts_at: '2030-02-01T00:00:00Z',
      ends_at: '2030-01-01T00:00:00Z',
      usage_limit: 0,
      per_customer_limit: 0,
      product_ids: ['prd_nope'],
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors.code).toEqual([msg.code]);
    expect(errors.value).toEqual([msg.percent]);
    expect(errors.min_subtotal_minor).toEqual(['The value must be at least 0']);
    expect(errors.ends_at).toEqual([msg.endsAfterStarts]);
    expect(errors.usage_limit).toEqual([msg.uses]);
    expect(errors.per_customer_limit).toEqual([msg.uses]);

    const fixed = await req('POST', '/api/admin/coupons', body({ kind: 'fixed', value: 0, max_discount_minor: 500 }));
    expect(fixed.json().errors).toMatchObject({ value: [msg.fixed], max_discount_minor: [msg.maxDiscountFixed] });
    for (const value of [COUPON_AMOUNT_MAX_MINOR + 1, 2147483648, 99999999999]) {
      const big = await req('POST', '/api/admin/coupons', body({ kind: 'fixed', value }));
      expect(big.statusCode).toBe(422);
      expect(big.json().errors).toEqual({ value: [msg.fixedMax] });
    }
    expect(msg.fixedMax).toBe('A fixed discount is at most 1,00,00,000');
    const kind = await req('POST', '/api/admin/coupons', body({ kind: 'half' }));
    expect(kind.json().errors).toMatchObject({ kind: [msg.kind] });
    const product = await req('POST', '/api/admin/coupons', body({ product_ids: ['prd_nope'] }));
    expect(product.statusCode).toBe(422);
    expect(product.json().errors).toEqual({ 'product_ids.0': [msg.unknownProduct] });
    const category = await req('POST', '/api/admin/coupons', body({ category_slugs: ['no-such-category'] }));
    expect(category.json().errors).toEqual({ 'category_slugs.0': [msg.unknownCategory] });
  });

  it('keeps codes unique whatever their case, and when two creates race only one wins', async () => {
    const c = await create({ code: `  ${code('mix').toLowerCase()} ` });
    expect(c.code).toMatch(/^MIX[0-9A-F]{8}$/);
    const again = await req('POST', '/api/admin/coupons', body({ code: c.code.toLowerCase() }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: [msg.codeTaken] });

    const same = code('RACE');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => req('POST', '/api/admin/coupons', body({ code: same }))),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(422);
      expect(a.json().errors).toEqual({ code: [msg.codeTaken] });
    }
    const rows = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from coupons where code = ${same}`);
    expect(rows[0]!.n).toBe(1);
  });
});

describe('the cart follows', () => {
  it('applies a coupon the moment it is created, and stops the moment it is disabled (Undo brings it back)', async () => {
    const { b } = await shopperCart();
    const c = await create({ code: code('NEW'), value: 10 });
    const applied = await b.call('POST', '/api/cart/coupons/apply', { coupon: c.code.toLowerCase() });
    expect(applied.statusCode, applied.body).toBe(200);
    const cart = cartOf(applied);
    expect(cart.coupon).toMatchObject({ code: c.code, applicable: true });
    expect(cart.totals.coupon_discount.amount).toBe(percentOf(cart.totals.subtotal.amount, 10));

    const off = await req('POST', `/api/admin/coupons/${c.id}/disable`, undefined, { 'if-match': String(c.version) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ is_active: false, status: 'disabled', version: c.version + 1 });
    const held = cartOf(await b.call('GET', '/api/cart/get'));
    expect(held.totals.coupon_discount.amount).toBe(0);
    expect(held.coupon).toMatchObject({ applicable: false, message: cartMessages.couponUnknown });
    const other = await shopperCart();
    const refused = await other.b.call('POST', '/api/cart/coupons/apply', { coupon: c.code });
    expect(refused.json().message).toBe(cartMessages.couponUnknown);
    expect((await req('POST', `/api/admin/coupons/${c.id}/disable`)).statusCode).toBe(409);

    const undo = off.json().undo as { id: number };
    const undone = await req('POST', `/api/admin/audit/${undo.id}/undo`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    const back = await other.b.call('POST', '/api/cart/coupons/apply', { coupon: c.code });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('an edit while a shopper checks out: the confirmed total no longer matches, and the order is refused', async () => {
    const c = await create({ code: code('EDIT'), value: 10 });
    const { b } = await shopperCart();
    const applied = cartOf(await b.call('POST', '/api/cart/coupons/apply', { coupon: c.code }));
    const saved = await edit(c, { value: 20 });
    expect(saved.statusCode, saved.body).toBe(200);
    const placed = await placeOrder(b, applied);
    expect(placed.statusCode, placed.body).toBe(409);
    const now = cartOf(await b.call('GET', '/api/cart/get'));
    expect(now.totals.coupon_discount.amount).toBe(percentOf(now.totals.subtotal.amount, 20));
    const again = await placeOrder(b, now);
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('edit, uses, delete', () => {
  it('refuses a stale edit, then shows the uses so far and the orders that used it', async () => {
    const c = await create({ code: code('USE'), kind: 'fixed', value: 5000, usage_limit: 5 });
    const saved = await edit(c, { description: 'Flat ₹50 off' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe(`"${c.version + 1}"`);
    const stale = await edit(c, { description: 'Old tab' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(msg.stale);

    const orders: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { b, cart } = await guestReady(t, { lines: [[variants[1]!, 1]], coupon: c.code }, nextIp());
      expect(cart.totals.coupon_discount.amount).toBe(5000);
      const res = await placeOrder(b, cart);
      expect(res.statusCode, res.body).toBe(200);
      orders.push(placedOf(res).order.id);
    }
    const fresh = (await req('GET', `/api/admin/coupons/${c.id}`)).json().data as AdminCoupon;
    expect(fresh.used_count).toBe(2);
    const list = await req('GET', `/api/admin/coupons?q=${c.code.slice(0, 6).toLowerCase()}`);
    expect(list.json().data.coupons.find((r: { id: number }) => r.id === c.id)).toMatchObject({
      used_count: 2,
      usage_limit: 5,
    });

    const page1 = await req('GET', `/api/admin/coupons/${c.id}/uses?limit=1`);
    expect(page1.statusCode, page1.body).toBe(200);
    const first = page1.json().data;
    expect(first.uses).toHaveLength(1);
    expect(first.uses[0]).toMatchObject({ order_id: orders[1], discount_minor: 5000, currency: 'INR' });
    expect(first.uses[0].order_no).toMatch(/\S/);
    expect(first.uses[0].customer).toMatch(/@/);
    const page2 = (await req('GET', `/api/admin/coupons/${c.id}/uses?limit=1&cursor=${first.next_cursor}`)).json().data;
    expect(page2.uses.map((u: { order_id: string }) => u.order_id)).toEqual([orders[0]]);
    expect(page2.next_cursor).toBeNull();

    const below = await edit(fresh, { usage_limit: 1 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toEqual({ usage_limit: [msg.usageBelowUsed(2)] });
    const atUses = await edit(fresh, { usage_limit: 2 });
    expect(atUses.statusCode, atUses.body).toBe(200);
    expect(atUses.json().data.status).toBe('used_up');

    const del = await req('DELETE', `/api/admin/coupons/${c.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(msg.usedCannotDelete);
  });

  it('of many edits and disables sent against one version, one applies and the rest are 409', async () => {
    const c = await create({ code: code('MANY') });
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => edit(c, { value: 20 + i })),
      ...Array.from({ length: 5 }, () =>
        req('POST', `/api/admin/coupons/${c.id}/disable`, undefined, { 'if-match': String(c.version) }),
      ),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    const now = (await req('GET', `/api/admin/coupons/${c.id}`)).json().data as AdminCoupon;
    expect(now.version).toBe(c.version + 1);
  });

  it('deletes a coupon nobody used', async () => {
    const c = await create();
    const del = await req('DELETE', `/api/admin/coupons/${c.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await req('GET', `/api/admin/coupons/${c.id}`)).statusCode).toBe(404);
  });

  it('lists by status and limits a coupon to a product', async () => {
    const soon = await create({ code: code('SOON'), starts_at: new Date(Date.now() + 86_400_000).toISOString() });
    const past = await create({ code: code('PAST'), ends_at: new Date(Date.now() - 86_400_000).toISOString() });
    const statuses = async (status: string) =>
      ((await req('GET', `/api/admin/coupons?status=${status}&limit=100`)).json().data.coupons as { id: number }[]).map(
        (r) => r.id,
      );
    expect(await statuses('scheduled')).toContain(soon.id);
    expect(await statuses('expired')).toContain(past.id);
    expect(await statuses('active')).not.toContain(past.id);

    const [row] = await queryRows<{ product_id: string }>(
      db(),
      // A product other than the one in the shopper's cart.
      sql`select p.id as product_id from products p
           where p.id <> (select product_id from variants where id = ${variants[0]!}) order by p.id limit 1`,
    );
    const product_id = row!.product_id;
    const scoped = await create({ code: code('ONLY'), product_ids: [product_id], secret: true });
    expect(scoped.products.map((p) => p.id)).toEqual([product_id]);
    expect(scoped.secret).toBe(true);
    const { b } = await shopperCart();
    const refused = await b.call('POST', '/api/cart/coupons/apply', { coupon: scoped.code });
    expect(refused.json().message).toBe(cartMessages.couponNotApplicable);
    const offers = (await b.call('GET', '/api/cart/coupons/get')).json().data as { code: string }[];
    expect(JSON.stringify(offers)).not.toContain(scoped.code);
  });
});

describe('undo and scope', () => {
  it('undoes an edit (back to the rules before it), once', async () => {
    const c = await create({ code: code('UNDO'), value: 10, description: 'Ten' });
    const saved = await edit(c, { value: 25, description: 'Quarter', category_slugs: ['mugs-and-cups'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.categories.map((k: { slug: string }) => k.slug)).toEqual(['mugs-and-cups']);
    const undo = saved.json().undo as { id: number; also: number[] };
    const undone = await req('POST', `/api/admin/audit/${undo.id}/undo`, { also: undo.also });
    expect(undone.statusCode, undone.body).toBe(200);
    const back = (await req('GET', `/api/admin/coupons/${c.id}`)).json().data as AdminCoupon;
    expect(back).toMatchObject({ value: 10, description: 'Ten', categories: [] });
    expect(back.version).toBe(c.version + 2);
    expect((await req('POST', `/api/admin/audit/${undo.id}/undo`, { also: undo.also })).statusCode).toBe(409);
  });

  it('offers categories and products matching a title to limit a coupon to', async () => {
    const res = await req('GET', '/api/admin/coupons/scope-choices?q=coffee%20mug');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { products: { title: string }[]; categories: { slug: string }[] };
    expect(data.products.map((p) => p.title)).toContain('Stoneware Coffee Mug');
    expect(data.categories.map((k) => k.slug)).toContain('mugs-and-cups');
  });
});

describe('bad input', () => {
  it('answers junk ids, cursors and filters with a 4xx, never a 500', async () => {
    const junk = ['%00', '%ED%A0%80', '1e309', '99999999999999999999999', '-1', '0', '1.5', 'NaN', 'x'.repeat(300)];
    for (const j of junk) {
      for (const url of [
        `/api/admin/coupons/${j}`,
        `/api/admin/coupons/${j}/uses`,
        `/api/admin/coupons/1/uses?cursor=${j}`,
        `/api/admin/coupons?cursor=${j}`,
        `/api/admin/coupons?status=${j}`,
        `/api/admin/coupons?q=${j}`,
        `/api/admin/coupons/scope-choices?q=${j}`,
      ]) {
        const res = await req('GET', url);
        expect(res.statusCode, `${url.slice(0, 80)} → ${res.body.slice(0, 120)}`).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, `${url.slice(0, 80)} → ${res.body.slice(0, 120)}`).toBeLessThan(500);
      }
    }
  });
});

describe('roles', () => {
  it('lets owners and managers in; packers and content editors get 403 on every coupon route', async () => {
    const c = await create();
    for (const role of ['packer', 'content_editor'] as const) {
      const { headers } = await signedInOwner(t, role);
      for (const [method, url] of [
        ['GET', '/api/admin/coupons'],
        ['POST', '/api/admin/coupons'],
        ['GET', `/api/admin/coupons/${c.id}`],
        ['PUT', `/api/admin/coupons/${c.id}`],
        ['POST', `/api/admin/coupons/${c.id}/disable`],
        ['DELETE', `/api/admin/coupons/${c.id}`],
        ['GET', `/api/admin/coupons/${c.id}/uses`],
      ] as const) {
        const res = await t.app.inject({ method, url, headers, ...(method === 'GET' ? {} : { payload: body() }) });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    const manager = (await signedInOwner(t, 'manager')).headers;
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: manager, payload: body() });
    expect(made.statusCode, made.body).toBe(200);
  });
});
