import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WISHLIST_ITEMS, WishlistSchema, type ProductCard } from '@shopfront/shared';
import { products, variants, wishlistItems } from '../../db/schema.ts';
import { loggedInCustomer } from '../../test/auth.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { countQueries } from '../catalog/query-counter.ts';

let t: TestApp;
/** The newest products exactly as the catalogue grid answers them. */
let cards: ProductCard[];

beforeAll(async () => {
  t = await createTestApp();
  const grid = await t.app.inject({
    method: 'POST',
    url: '/api/product/product-grid',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ items: 24 }),
  });
  cards = grid.json().data.products;
  expect(cards.length).toBe(24);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const save = (h: Headers, productId: string) => call('POST', '/api/wishlist/add', h, { product_id: productId });
const remove = (h: Headers, productId: string) => call('DELETE', '/api/wishlist/remove', h, { product_id: productId });
async function wishlist(h: Headers) {
  const res = await call('GET', '/api/wishlist/get', h);
  expect(res.statusCode).toBe(200);
  return WishlistSchema.parse(res.json().data);
}

describe('guests', () => {
  it('get 401 with the log-in message on get, add and remove (spec: wishlist add requires login)', async () => {
    const attempts = await Promise.all([
      call('GET', '/api/wishlist/get'),
      save({}, cards[0]!.id),
      save({}, ''),
      remove({}, cards[0]!.id),
    ]);
    for (const res of attempts) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: 'Please log in to continue' });
    }
  });
});

describe('a customer’s wishlist', () => {
  it('starts empty, saves a product once however often it is added, and shows it as the grid’s card', async () => {
    const a = await loggedInCustomer(t);
    expect(await wishlist(a.headers)).toEqual({ items: [], total: 0 });

    const first = await save(a.headers, cards[0]!.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: 'success',
      message: 'Added to your wishlist',
      data: { product_id: cards[0]!.id, in_wishlist: true, total: 1 },
    });
    const again = await save(a.headers, cards[0]!.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.total).toBe(1);

    const list = await wishlist(a.headers);
    expect(list.total).toBe(1);
    expect(list.items[0]!.product_id).toBe(cards[0]!.id);
    // Same fields and values as the catalogue grid: prices computed by the server, rating, stock.
    expect(list.items[0]!.product).toEqual(cards[0]);
    expect(Date.parse(list.items[0]!.added_at)).not.toBeNaN();
  });

  it('lists newest saves first and removes idempotently', async () => {
    const a = await loggedInCustomer(t);
    for (const c of cards.slice(0, 3)) expect((await save(a.headers, c.id)).statusCode).toBe(200);
    // Saves within one millisecond would tie; spread them out in the database instead of sleeping.
    for (const [i, c] of cards.slice(0, 3).entries()) {
      await t.database.db
        .update(wishlistItems)
        .set({ createdAt: new Date(Date.now() - (10 - i) * 60_000) })
        .where(and(eq(wishlistItems.customerId, a.customer.id), eq(wishlistItems.productId, c.id)));
    }
    expect((await wishlist(a.headers)).items.map((i) => i.product_id)).toEqual([
      cards[2]!.id,
      cards[1]!.id,
      cards[0]!.id,
    ]);

    const removed = await remove(a.headers, cards[1]!.id);
    expect(removed.json()).toEqual({
      status: 'success',
      message: 'Removed from your wishlist',
      data: { product_id: cards[1]!.id, in_wishlist: false, total: 2 },
    });
    const twice = await remove(a.headers, cards[1]!.id);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data.total).toBe(2);
    expect((await wishlist(a.headers)).items.map((i) => i.product_id)).toEqual([cards[2]!.id, cards[0]!.id]);
  });

  it('answers 404 for a product that does not exist or is not on sale, and 422 for a missing id', async () => {
    const a = await loggedInCustomer(t);
    const unknown = await save(a.headers, 'prd_doesnotexist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', message: 'Product not found' });

    const hidden = cards[5]!;
    await t.database.db.update(products).set({ isPublished: false }).where(eq(products.id, hidden.id));
    try {
      expect((await save(a.headers, hidden.id)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(products).set({ isPublished: true }).where(eq(products.id, hidden.id));
    }

    for (const body of [
      {},
      { product_id: '' },
      { product_id: '   ' },
      { product_id: 42 },
      { product_id: 'x'.repeat(65) },
    ]) {
      const res = await call('POST', '/api/wishlist/add', a.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['product_id']);
    }
    expect((await call('POST', '/api/wishlist/add', a.headers, {})).json().errors.product_id).toEqual([
      'This field is required',
    ]);
    expect(await wishlist(a.headers)).toEqual({ items: [], total: 0 });
  });

  it('hides a saved product while it is off sale and shows it again when it is back', async () => {
    const a = await loggedInCustomer(t);
    const product = cards[6]!;
    await save(a.headers, product.id);
    await save(a.headers, cards[7]!.id);
    await t.database.db.update(products).set({ isPublished: false }).where(eq(products.id, product.id));
    try {
      const list = await wishlist(a.headers);
      expect(list.items.map((i) => i.product_id)).toEqual([cards[7]!.id]);
      expect(list.total).toBe(1);
    } finally {
      await t.database.db.update(products).set({ isPublished: true }).where(eq(products.id, product.id));
    }
    expect((await wishlist(a.headers)).total).toBe(2);
  });

  it('reads the whole wishlist in the same number of queries for 1 product or 20 (no N+1)', async () => {
    const one = await loggedInCustomer(t);
    const many = await loggedInCustomer(t);
    await save(one.headers, cards[0]!.id);
    for (const c of cards.slice(0, 20)) await save(many.headers, c.id);
    const counter = countQueries(t.database.db);
    try {
      const small = await counter.during(() => call('GET', '/api/wishlist/get', one.headers));
      const large = await counter.during(() => call('GET', '/api/wishlist/get', many.headers));
      expect(large.result.json().data.total).toBe(20);
      expect(large.queries).toBe(small.queries);
      // The session lookup and the wishlist itself.
      expect(large.queries).toBeLessThanOrEqual(2);
    } finally {
      counter.restore();
    }
  });

  it(`holds at most ${MAX_WISHLIST_ITEMS} products; re-saving one of them still succeeds`, async () => {
    const a = await loggedInCustomer(t);
    const ids = (
      await t.database.db
        .select({ id: products.id })
        .from(products)
        .limit(MAX_WISHLIST_ITEMS + 1)
    ).map((p) => p.id);
    await t.database.db
      .insert(wishlistItems)
      .values(ids.slice(0, MAX_WISHLIST_ITEMS).map((productId) => ({ customerId: a.customer.id, productId })));
    const full = await save(a.headers, ids[MAX_WISHLIST_ITEMS]!);
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(
      `Your wishlist can hold up to ${MAX_WISHLIST_ITEMS} products. Remove one to add another`,
    );
    expect((await save(a.headers, ids[0]!)).statusCode).toBe(200);
    const stored = await t.database.db
      .select({ id: wishlistItems.productId })
      .from(wishlistItems)
      .where(eq(wishlistItems.customerId, a.customer.id));
    expect(stored.length).toBe(MAX_WISHLIST_ITEMS);
  });
});

describe("access control: customer B and customer A's wishlist", () => {
  it('each sees only their own; B removing A’s product leaves A’s wishlist as it was', async () => {
    const a = await loggedInCustomer(t);
    const b = await loggedInCustomer(t);
    await save(a.headers, cards[10]!.id);
    await save(a.headers, cards[11]!.id);
    await save(b.headers, cards[12]!.id);

    expect((await wishlist(b.headers)).items.map((i) => i.product_id)).toEqual([cards[12]!.id]);
    const bRemoves = await remove(b.headers, cards[10]!.id);
    expect(bRemoves.statusCode).toBe(200);
    expect(bRemoves.json().data.total).toBe(1); // B's own count, nothing about A
    // B saving the same product as A is B's own entry.
    await save(b.headers, cards[11]!.id);

    const aList = await wishlist(a.headers);
    expect(aList.items.map((i) => i.product_id).sort()).toEqual([cards[10]!.id, cards[11]!.id].sort());
    const rows = await t.database.db
      .select({ customer: wishlistItems.customerId })
      .from(wishlistItems)
      .where(inArray(wishlistItems.productId, [cards[10]!.id, cards[11]!.id]));
    expect(rows.filter((r) => r.customer === a.customer.id)).toHaveLength(2);
  });
});

describe('the option saved with a product', () => {
  /** A published, stocked product with several variants, and two of them. */
  async function productWithOptions() {
    const rows = await t.database.db
      .select({ id: variants.id, productId: variants.productId, title: variants.title, stock: variants.stock })
      .from(variants)
      .innerJoin(products, and(eq(products.id, variants.productId), eq(products.isPublished, true)));
    const byProduct = new Map<string, typeof rows>();
    for (const r of rows) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r]);
    const [productId, list] = [...byProduct].find(([, l]) => l.length > 1 && l.every((v) => v.stock > 3))!;
    return { productId, first: list[0]!, second: list[1]! };
  }

  it('is kept, shown on the wishlist, and moved to the cart by Move to cart (not "choose an option")', async () => {
    const a = await loggedInCustomer(t);
    const { productId, second } = await productWithOptions();
    const res = await call('POST', '/api/wishlist/add', a.headers, { product_id: productId, variant_id: second.id });
    expect(res.statusCode).toBe(200);
    const [item] = (await wishlist(a.headers)).items;
    expect(item!.variant).toMatchObject({ id: second.id, title: second.title });

    const moved = await call('POST', '/api/wishlist/moveToCart', a.headers, { product_id: productId, quantity: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.items.map((i: { product_id: string }) => i.product_id)).toEqual([second.id]);
    expect((await wishlist(a.headers)).total).toBe(0);
  });

  it('is replaced when the product is saved again with another option; an option of another product is 422', async () => {
    const a = await loggedInCustomer(t);
    const { productId, first, second } = await productWithOptions();
    await call('POST', '/api/wishlist/add', a.headers, { product_id: productId, variant_id: first.id });
    await call('POST', '/api/wishlist/add', a.headers, { product_id: productId, variant_id: second.id });
    expect((await wishlist(a.headers)).items[0]!.variant?.id).toBe(second.id);

    const other = cards.find((c) => c.id !== productId)!;
    const wrong = await call('POST', '/api/wishlist/add', a.headers, { product_id: other.id, variant_id: first.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.variant_id).toEqual(["This option is not one of the product's"]);
  });

  it('without one, a product with several options still asks to choose one', async () => {
    const a = await loggedInCustomer(t);
    const { productId } = await productWithOptions();
    await save(a.headers, productId);
    expect((await wishlist(a.headers)).items[0]!.variant).toBeNull();
    const moved = await call('POST', '/api/wishlist/moveToCart', a.headers, { product_id: productId, quantity: 1 });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.product_id).toEqual(['Please choose an option first']);
  });
});
