import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, countDistinct, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../client.ts';
import * as t from '../schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_MEDIA_DIR } from '../../test/paths.ts';
import { ART_SIZE } from './product-art/index.ts';

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

  it('draws several pictures per product, per colour where it has colours, as small WebP files', async () => {
    const rows = await queryRows<{ slug: string; colours: string[] | null; per_colour: Record<string, number> }>(
      app.database.db,
      sql`select p.slug,
                 (select o.values from product_options o where o.product_id = p.id and o.name = 'Colour') as colours,
                 (select jsonb_object_agg(coalesce(g.option_value, ''), g.n)
                    from (select option_value, count(*)::int n from product_images i where i.product_id = p.id
                          group by option_value) g) as per_colour
            from products p`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(300);
    for (const r of rows) {
      if (r.colours?.length) {
        // One set per colour it comes in, no shared leftovers.
        expect(Object.keys(r.per_colour).sort(), r.slug).toEqual([...r.colours].sort());
        for (const n of Object.values(r.per_colour)) expect(n, r.slug).toBeGreaterThanOrEqual(3);
      } else {
        expect(Object.keys(r.per_colour), r.slug).toEqual(['']);
        expect(r.per_colour['']!, r.slug).toBeGreaterThanOrEqual(3);
      }
    }
    // The pictures exist, are square WebPs and stay small.
    const files = await queryRows<{ path: string }>(
      app.database.db,
      sql`select distinct path from product_images order by path limit 40`,
    );
    for (const { path: url } of files) {
      const file = path.join(TEST_MEDIA_DIR, url.replace(/^\/media\//, ''));
      expect(existsSync(file), url).toBe(true);
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height], url).toEqual(['webp', ART_SIZE, ART_SIZE]);
      expect(meta.size ?? 0, url).toBeLessThan(60_000);
    }
  });

  it('names every product distinctly: no twins that differ only by a synonym or an edition word', async () => {
    const rows = await app.database.db.select({ name: t.products.name }).from(t.products);
    const synonyms: [RegExp, string][] = [
      [/\b(t-shirt|tee)\b/g, 'tee'],
      [/\b(trousers|pants)\b/g, 'trousers'],
      [/\b(cap|hat)\b/g, 'hat'],
      [/\b(planter|pot)\b/g, 'pot'],
      [/\b(bottle|flask)\b/g, 'bottle'],
      [/\b(mug|cup)s?\b/g, 'mug'],
      [/\b(plate|platter)\b/g, 'plate'],
      [/\b(lamp|light|pendant)\b/g, 'lamp'],
      [/\b(studio|heritage|everyday|set of \d+|\(set of \d+\))\b/g, ''],
    ];
    const twinKey = (name: string) =>
      synonyms
        .reduce((n, [re, to]) => n.replace(re, to), name.toLowerCase())
        .replace(/\W+/g, ' ')
        .trim();
    const seen = new Map<string, string>();
    for (const { name } of rows) {
      const key = twinKey(name);
      expect(seen.get(key), `${name} is a twin of ${seen.get(key)}`).toBeUndefined();
      seen.set(key, name);
    }
    // Nor a word said twice ("Cane Pendant Pendant").
    for (const { name } of rows) {
      const words = name.toLowerCase().split(/\s+/);
      expect(new Set(words).size, name).toBe(words.length);
    }
  });

  it('gives every collection a cover of its own, drawn from its products', async () => {
    const rows = await queryRows<{ slug: string; image_path: string | null }>(
      app.database.db,
      sql`select slug, image_path from collections order by position`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const paths = rows.map((r) => r.image_path);
    expect(new Set(paths).size, paths.join(', ')).toBe(rows.length);
    for (const { slug, image_path: url } of rows) {
      expect(url, slug).toMatch(new RegExp(`^/media/seed/collections/collections-${slug}-`));
      const meta = await sharp(path.join(TEST_MEDIA_DIR, url!.replace(/^\/media\//, ''))).metadata();
      expect([meta.format, meta.width, meta.height], slug).toEqual(['webp', 600, 800]);
    }
  });

  it("shows the shop's own products in the home hero, as WebPs of the hero's size", async () => {
    const slides = await app.database.db.select().from(t.slides);
    expect(slides.length).toBeGreaterThanOrEqual(2);
    for (const s of slides) {
      expect(s.imageAlt, s.title).not.toMatch(/abstract/i);
      const file = path.join(TEST_MEDIA_DIR, s.imageUrl.replace(/^\/media\//, ''));
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height], s.imageUrl).toEqual(['webp', 1600, 700]);
      expect(meta.size ?? 0, s.imageUrl).toBeLessThan(80_000);
    }
  });

  it('names sizes one way: letters for clothes, measures for homeware, so one Size filter reads well', async () => {
    const rows = await queryRows<{ values: string[] }>(
      app.database.db,
      sql`select distinct values from product_options where name = 'Size'`,
    );
    const all = rows.flatMap((r) => r.values);
    for (const word of ['Small', 'Medium', 'Large']) expect(all).not.toContain(word);
    for (const r of rows) {
      const letters = r.values.filter((v) => /^X*[SML]$|^XL$/.test(v));
      // A scale is all letters or all measures, never a mix.
      expect([0, r.values.length], r.values.join(',')).toContain(letters.length);
    }
  });
});
