import { count, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../client.ts';
import * as t from '../schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('demo catalogue', () => {
  it('is a shop a person would believe: 300+ products in 10+ categories, several collections', async () => {
    const db = app.database.db;
    expect((await db.select({ n: count() }).from(t.products))[0]!.n).toBeGreaterThanOrEqual(300);
    expect(
      (await db.select({ n: countDistinct(t.productCategories.categoryId) }).from(t.productCategories))[0]!.n,
    ).toBeGreaterThanOrEqual(10);
    expect((await db.select({ n: count() }).from(t.collections))[0]!.n).toBeGreaterThanOrEqual(3);
    expect((await db.select({ n: count() }).from(t.superCategories))[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('gives apparel real option combinations, some of them not made', async () => {
    const db = app.database.db;
    const [tee] = await db.select().from(t.products).where(eq(t.products.slug, 'organic-cotton-crew-tee'));
    const options = await db.select().from(t.productOptions).where(eq(t.productOptions.productId, tee!.id));
    expect(options.map((o) => o.name)).toEqual(['Colour', 'Size']);
    const vs = await db.select().from(t.variants).where(eq(t.variants.productId, tee!.id));
    const combos = options[0]!.values.length * options[1]!.values.length;
    expect(vs.length).toBeGreaterThan(1);
    expect(vs.length).toBeLessThan(combos);
  });

  it('prices every variant per channel with a unique sku, and keeps the product summary in step', async () => {
    const rows = await queryRows<{ bad: number }>(
      app.database.db,
      sql`select count(*)::int as bad from products p
          where p.price_minor <> (select min(vc.selling_price_minor) from variants v join variant_channels vc on vc.variant_id = v.id
            where v.product_id = p.id and vc.channel_id = (select channel_id from storefronts where is_default))
             or p.stock <> (select sum(v.stock) from variants v where v.product_id = p.id)`,
    );
    expect(rows[0]!.bad).toBe(0);
    const skus = await queryRows<{ n: number; d: number }>(
      app.database.db,
      // Unique within a channel: the UAE channel (seed/channels.ts) sells under the same skus.
      sql`select count(*)::int n, count(distinct (channel_id, sku))::int d from variant_channels`,
    );
    expect(skus[0]!.n).toBe(skus[0]!.d);
  });

  it('keeps rating averages equal to the published reviews', async () => {
    const rows = await queryRows<{ bad: number }>(
      app.database.db,
      sql`select count(*)::int as bad from products p
          left join (select product_id, count(*) n, avg(rating) a from reviews group by product_id) r on r.product_id = p.id
          where p.rating_count <> coalesce(r.n, 0) or abs(p.rating_avg - coalesce(r.a, 0)) > 0.01`,
    );
    expect(rows[0]!.bad).toBe(0);
  });
});
