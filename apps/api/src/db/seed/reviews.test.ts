import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { prng } from './catalog.ts';
import { demoReviewDates, demoReviewWriter, productKind, seedFromText, type SeedRandom } from './reviews.ts';

/** The seed's generator (catalog.ts), for the unit checks. */
const random = (seed: number): SeedRandom => prng(seed);

describe('demo review words', () => {
  it('call a product by what it is', () => {
    expect(productKind('Cotton Sweater Vest', 'knitwear')).toMatchObject({ noun: 'vest', plural: false });
    expect(productKind('Drawstring Linen Trousers', 'trousers')).toMatchObject({ noun: 'trousers', plural: true });
    expect(productKind('Katori Bowls Set of 6', 'plates-and-bowls')).toMatchObject({ noun: 'set', plural: false });
    expect(productKind('Nesting Mixing Bowls', 'plates-and-bowls')).toMatchObject({ noun: 'bowls', plural: true });
    expect(productKind('Kantha Stitch Cushion Cover', 'cushions-and-throws').noun).toBe('cushion cover');
    expect(productKind('Bamboo Jersey Crew Neck', 't-shirts').noun).toBe('tee');
  });

  it('are the same for the same seed, and differ between products', () => {
    const write = (name: string, category: string) => {
      const writer = demoReviewWriter({ name, categorySlug: category, colours: ['Olive'] }, random(seedFromText(name)));
      return [5, 4, 5, 3, 2, 4].map((r) => writer.next(r));
    };
    expect(write('Tall Latte Mug', 'mugs-and-cups')).toEqual(write('Tall Latte Mug', 'mugs-and-cups'));
    const mug = write('Tall Latte Mug', 'mugs-and-cups');
    const tee = write('Relaxed Boxy Tee', 't-shirts');
    expect(mug.map((r) => r.body)).not.toEqual(tee.map((r) => r.body));
    // Plural products read as plurals.
    const trousers = write('Cargo Trousers', 'trousers')
      .map((r) => `${r.title} ${r.body}`)
      .join(' ');
    expect(trousers).not.toMatch(/\bthis trousers\b|\btrousers is\b|\bLove it\b/);
  });

  it('are dated over past months, oldest first, never in the future', () => {
    const now = Date.parse('2026-11-01T12:00:00Z');
    const dates = demoReviewDates(12, random(1), now).map((d) => d.getTime());
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
    expect(dates.every((d) => d < now)).toBe(true);
    expect(dates.at(-1)! - dates[0]!).toBeGreaterThan(60 * 86_400_000);
    // Scattered, not evenly spaced.
    const gaps = dates.slice(1).map((d, i) => d - dates[i]!);
    expect(new Set(gaps.map((g) => Math.round(g / 86_400_000))).size).toBeGreaterThan(5);
  });
});

describe('seeded demo reviews', () => {
  let app: TestApp;
  interface Row {
    product: string;
    name: string;
    category: string;
    author: string;
    title: string;
    body: string;
    rating: number;
    created: string;
  }
  let rows: Row[];
  beforeAll(async () => {
    app = await createTestApp();
    rows = await queryRows<Row>(
      app.database.db,
      sql`select p.slug as product, p.name, c.slug as category, r.author_name as author, r.title, r.body, r.rating,
            r.created_at::text as created
          from reviews r join products p on p.id = r.product_id
          join lateral (select c.slug from product_categories pc join categories c on c.id = pc.category_id
                        where pc.product_id = p.id order by pc.position, c.id limit 1) c on true
          where r.customer_id is null`,
    );
  });
  afterAll(() => app.close());

  const byProduct = () => {
    const map = new Map<string, Row[]>();
    for (const r of rows) map.set(r.product, [...(map.get(r.product) ?? []), r]);
    return map;
  };

  it('rate 2 to 5 stars, most of them 4 or 5', () => {
    expect(rows.length).toBeGreaterThan(1000);
    const counts = [1, 2, 3, 4, 5].map((n) => rows.filter((r) => r.rating === n).length);
    expect(counts[0]).toBe(0);
    expect(counts[1]).toBeGreaterThan(0);
    expect(counts[2]).toBeGreaterThan(0);
    expect((counts[3]! + counts[4]!) / rows.length).toBeGreaterThan(0.75);
  });

  it('have a different author for every review of a product, and many authors over the shop', () => {
    for (const [slug, list] of byProduct()) {
      expect(new Set(list.map((r) => r.author)).size, slug).toBe(list.length);
    }
    expect(new Set(rows.map((r) => r.author)).size).toBeGreaterThan(rows.length / 3);
  });

  it('do not repeat the same words across the shop, and talk about the product', () => {
    const texts = new Map<string, number>();
    for (const r of rows) if (r.body) texts.set(r.body, (texts.get(r.body) ?? 0) + 1);
    // The old seed had eight texts for ~1,900 reviews; now a body is seldom said twice.
    expect(Math.max(...texts.values())).toBeLessThanOrEqual(5);
    expect(texts.size).toBeGreaterThan(rows.length * 0.8);
    for (const [slug, list] of byProduct()) {
      const bodies = list.map((r) => r.body).filter(Boolean);
      expect(new Set(bodies).size, slug).toBe(bodies.length);
      if (list.length < 3) continue;
      const noun = productKind(list[0]!.name, list[0]!.category).noun;
      expect(
        list.some((r) => `${r.title} ${r.body}`.toLowerCase().includes(noun)),
        `${slug}: no review says "${noun}"`,
      ).toBe(true);
    }
  });

  it('are dated in the past, months apart on a busy product, at uneven intervals', () => {
    const now = Date.now();
    for (const r of rows) expect(Date.parse(r.created), r.product).toBeLessThan(now);
    const [slug, list] = [...byProduct()].sort((a, b) => b[1].length - a[1].length)[0]!;
    const times = list.map((r) => Date.parse(r.created)).sort((a, b) => a - b);
    expect(times.at(-1)! - times[0]!, slug).toBeGreaterThan(60 * 86_400_000);
    const gaps = times.slice(1).map((t, i) => Math.round((t - times[i]!) / 86_400_000));
    expect(new Set(gaps).size, slug).toBeGreaterThan(5);
  });
});
