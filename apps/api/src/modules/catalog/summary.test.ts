import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products, variantChannels, variants } from '../../db/schema.ts';
import { DEMO_CHANNEL_ID } from '../../db/seed/demo-data.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { countQueries } from './query-counter.ts';
import { refreshProductSummaries } from './summary.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SLUG = 'organic-cotton-crew-tee';

async function product(slug = SLUG) {
  const [row] = await t.database.db.select().from(products).where(eq(products.slug, slug));
  return row!;
}

async function channelRows(productId: string) {
  return t.database.db
    .select({ variantId: variants.id, stock: variants.stock, price: variantChannels.sellingPriceMinor })
    .from(variants)
    .innerJoin(
      variantChannels,
      and(eq(variantChannels.variantId, variants.id), eq(variantChannels.channelId, DEMO_CHANNEL_ID)),
    )
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position));
}

describe('refreshProductSummaries', () => {
  it('finds the seeded read model already in step: nothing to change', async () => {
    expect(await refreshProductSummaries(t.database.db)).toBe(0);
  });

  it('recomputes from-price, MRP, stock and image after variants and images change, in one statement', async () => {
    const db = t.database.db;
    const before = await product();
    const other = await product('brass-desk-lamp');
    const rows = await channelRows(before.id);
    const [cheap, sold] = [rows[rows.length - 1]!, rows[0]!];

    // A new lowest price on one variant, another variant no longer sold in the channel.
    await db
      .update(variantChannels)
      .set({ sellingPriceMinor: 12_300, mrpMinor: 20_000 })
      .where(and(eq(variantChannels.variantId, cheap.variantId), eq(variantChannels.channelId, DEMO_CHANNEL_ID)));
    await db
      .update(variantChannels)
      .set({ isAvailable: false })
      .where(and(eq(variantChannels.variantId, sold.variantId), eq(variantChannels.channelId, DEMO_CHANNEL_ID)));
    await db
      .update(variants)
      .set({ stock: 0 })
      .where(and(eq(variants.productId, before.id), eq(variants.id, cheap.variantId)));
    await db
      .update(productImages)
      .set({ position: -1 })
      .where(and(eq(productImages.productId, before.id), eq(productImages.position, 1)));
    const [firstImage] = await db
      .select({ path: productImages.path })
      .from(productImages)
      .where(eq(productImages.productId, before.id))
      .orderBy(asc(productImages.position), asc(productImages.id))
      .limit(1);

    const counter = countQueries(db);
    try {
      const { result: changed, queries } = await counter.during(() => refreshProductSummaries(db, [before.id]));
      expect(changed).toBe(1);
      expect(queries).toBe(1);
    } finally {
      counter.restore();
    }

    const after = await product();
    const available = (await channelRows(before.id)).filter((r) => r.variantId !== sold.variantId);
    expect(after.priceMinor).toBe(12_300);
    expect(after.mrpMinor).toBe(20_000);
    expect(after.stock).toBe(available.reduce((n, r) => n + r.stock, 0));
    expect(after.imagePath).toBe(firstImage!.path);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    // Only the products asked for.
    expect(await product('brass-desk-lamp')).toEqual(other);

    // The listing card shows the refreshed read model.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/product-category/t-shirts',
      payload: { per_page: 48 },
    });
    const card = res.json().data.products.find((p: { slug: string }) => p.slug === SLUG);
    expect(card.price.amount).toBe(12_300);
    expect(card.mrp.amount).toBe(20_000);
  });

  it('falls back to every variant for the price when none is available, with no stock', async () => {
    const db = t.database.db;
    const lamp = await product('brass-desk-lamp');
    const [only] = await channelRows(lamp.id);
    await db.update(variantChannels).set({ isAvailable: false }).where(eq(variantChannels.variantId, only!.variantId));
    expect(await refreshProductSummaries(db, [lamp.id])).toBe(1);
    const after = await product('brass-desk-lamp');
    expect(after.priceMinor).toBe(only!.price);
    expect(after.stock).toBe(0);
  });
});
