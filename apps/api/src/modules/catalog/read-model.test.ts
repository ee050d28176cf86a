import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type ListingFilters, type ListingPage } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { DEMO_CHANNEL_ID } from '../../db/seed/demo-data.ts';
import { DEMO_UAE_CHANNEL_ID } from '../../db/seed/channels.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { PriceChannel } from './channel-price.ts';
import { buildFacets } from './listing.ts';
import {
  asJson,
  compile,
  listingFacetsSql,
  storedFacetsSql,
  variantFacetsSql,
  type FacetRow,
  type ListingScope,
} from './listing-sql.ts';
import { refreshProductSummaries } from './summary.ts';
import { lookUpWords, searchScope, searchTerms } from '../search/service.ts';

/**
 * The listing read model (ADR 0029): listing_facet_counts holds every catalogue scope's
 * unfiltered facets per channel, product_facet_values each product's facet values. Both are
 * rebuilt at the commit of whatever changes what facets show, so after any write they must answer
 * exactly what counting the catalogue itself answers (PGlite here; PostgreSQL when npm test runs
 * the API suite on a real cluster).
 */
let t: TestApp;
let db: Db;

/** The rows of a statement that answers them as one json array named `result`. */
async function queryJson<T>(on: Db, query: SQL): Promise<T[]> {
  const [row] = await queryRows<{ result: T[] | null }>(on, query);
  return row?.result ?? [];
}
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

type CatalogueScope = Exclude<ListingScope, { kind: 'search' }>;

const PRIMARY: PriceChannel = { channelId: DEMO_CHANNEL_ID, primary: true };
const UAE: PriceChannel = { channelId: DEMO_UAE_CHANNEL_ID, primary: false };

async function scopes(): Promise<CatalogueScope[]> {
  const rows = await queryRows<{ kind: 'category' | 'collection' | 'shop'; slug: string }>(
    db,
    sql`select 'category' as kind, slug from categories union all select 'collection', slug from collections
        union all select 'shop', slug from super_categories`,
  );
  return [
    { kind: 'shop', superSlug: null },
    ...rows.map((r): CatalogueScope =>
      r.kind === 'shop' ? { kind: 'shop', superSlug: r.slug } : { kind: r.kind, slug: r.slug },
    ),
  ];
}

/** The facets counted from the variants themselves (what the read model must agree with). */
function variantSql(scope: ListingScope, filters: ListingFilters, ch: PriceChannel) {
  const c = compile(scope, filters, ch);
  return asJson(c, variantFacetsSql(c));
}

const facetsOf = (rows: FacetRow[], filters: ListingFilters = {}) => buildFacets(rows, filters);

/** Every scope in both channels: the stored facets are the counted ones. Answers how many scopes had products. */
async function expectInStep(): Promise<number> {
  let nonEmpty = 0;
  for (const scope of await scopes()) {
    for (const ch of [PRIMARY, UAE]) {
      const stored = facetsOf(await queryJson<FacetRow>(db, storedFacetsSql(scope, ch)));
      const counted = facetsOf(await queryJson<FacetRow>(db, variantSql(scope, {}, ch)));
      expect(stored, `${JSON.stringify(scope)} in ${ch.channelId}`).toEqual(counted);
      if (counted.total > 0) nonEmpty++;
    }
  }
  return nonEmpty;
}

async function shopAll(channelId = DEMO_CHANNEL_ID): Promise<ListingPage> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/all',
    headers: {
      'content-type': 'application/json',
      cookie: `sf_channel=${channelId}`,
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
    },
    payload: JSON.stringify({ per_page: 24 }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: ListingPage }).data;
}

async function productId(slug: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(db, sql`select id from products where slug = ${slug}`);
  return row!.id;
}

const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, query))[0]!.n;

describe('the listing read model', () => {
  it('is seeded in step with the catalogue in every scope and channel', async () => {
    expect(await expectInStep()).toBeGreaterThan(20);
    const page = await shopAll();
    expect(page.pagination.total).toBe(await count(sql`select count(*)::int as n from products where is_published`));
    expect(page.facets.in_stock.count).toBe(
      await count(sql`select count(*)::int as n from products where is_published and stock > 0`),
    );
  });

  it('counts from product facet values exactly as from the variants, for search and every filter but options and in-stock', async () => {
    const [brand] = await queryRows<{ slug: string }>(db, sql`select slug from brands order by slug limit 1`);
    const [category] = await queryRows<{ slug: string }>(
      db,
      sql`select c.slug from categories c join product_categories pc on pc.category_id = c.id group by c.slug order by count(*) desc limit 1`,
    );
    const filters: ListingFilters[] = [
      {},
      { brands: [brand!.slug] },
      { categories: [category!.slug] },
      { price_min: 50_000, price_max: 250_000 },
      { brands: [brand!.slug], price_max: 300_000, categories: [category!.slug] },
    ];
    const searches = await Promise.all(
      ['linen shirt', 'tshrit', 'shrit', 'lamp', 'cotton'].map(async (q) => {
        const terms = searchTerms(q);
        return searchScope(terms, await lookUpWords(db, terms));
      }),
    );
    for (const scope of [...(await scopes()).slice(0, 8), ...searches]) {
      for (const f of filters) {
        for (const ch of [PRIMARY, UAE]) {
          const fast = await queryJson<FacetRow>(db, listingFacetsSql(scope, f, ch));
          const slow = await queryJson<FacetRow>(db, variantSql(scope, f, ch));
          expect(facetsOf(fast, f), `${scope.kind} ${JSON.stringify(f)}`).toEqual(facetsOf(slow, f));
        }
      }
    }
  });

  it('follows stock running out and coming back', async () => {
    const id = await productId('organic-cotton-crew-tee');
    const before = await shopAll();
    const stock = await queryRows<{ id: string; stock: number }>(
      db,
      sql`select id, stock from variants where product_id = ${id}`,
    );
    expect(stock.some((v) => v.stock > 0)).toBe(true);

    await db.transaction(async (tx) => {
      await tx.execute(sql`update variants set stock = 0 where product_id = ${id}`);
      await refreshProductSummaries(tx as unknown as Db, [id]);
    });
    expect((await shopAll()).facets.in_stock.count).toBe(before.facets.in_stock.count - 1);
    await expectInStep();

    await db.transaction(async (tx) => {
      for (const v of stock) await tx.execute(sql`update variants set stock = ${v.stock} where id = ${v.id}`);
      await refreshProductSummaries(tx as unknown as Db, [id]);
    });
    expect((await shopAll()).facets).toEqual(before.facets);
  });

  it('follows a price change in each channel', async () => {
    const id = await productId('brass-desk-lamp');
    const before = await shopAll();
    await db.transaction(async (tx) => {
      await tx.execute(sql`update variant_channels vc set selling_price_minor = 9999900, mrp_minor = null
                            from variants v where v.id = vc.variant_id and v.product_id = ${id}`);
      await refreshProductSummaries(tx as unknown as Db, [id]);
    });
    const after = await shopAll();
    expect(after.facets.price.max?.amount).toBe(9_999_900);
    expect(after.facets.price.min).toEqual(before.facets.price.min);
    const uae = await shopAll(DEMO_UAE_CHANNEL_ID);
    expect(uae.facets.price.max?.currency).toBe('AED');
    expect(uae.facets.price.max?.amount).toBe(9_999_900);
    await expectInStep();
  });

  it('follows category, collection and tree membership, and publication', async () => {
    const id = await productId('organic-cotton-crew-tee');
    const [target] = await queryRows<{ id: number; slug: string }>(
      db,
      sql`select c.id, c.slug from categories c
           where not exists (select 1 from product_categories pc where pc.category_id = c.id and pc.product_id = ${id})
           order by c.id limit 1`,
    );
    const categoryTotal = async () => {
      const rows = await queryJson<FacetRow>(db, storedFacetsSql({ kind: 'category', slug: target!.slug }, PRIMARY));
      return facetsOf(rows).total;
    };
    const was = await categoryTotal();
    await db.execute(
      sql`insert into product_categories (product_id, category_id, position) values (${id}, ${target!.id}, 99)`,
    );
    expect(await categoryTotal()).toBe(was + 1);
    await expectInStep();

    await db.execute(
      sql`delete from product_collections where collection_id = (select collection_id from product_collections limit 1)
            and product_id in (select product_id from product_collections order by product_id limit 1)`,
    );
    // A category moved under another one: its products join the new parent's scope (and super category's).
    await db.execute(
      sql`update categories set parent_id = (select id from categories where id <> ${target!.id} and parent_id is null order by id desc limit 1)
           where id = ${target!.id}`,
    );
    await expectInStep();

    const before = await shopAll();
    await db.execute(sql`update products set is_published = false where id = ${id}`);
    expect((await shopAll()).pagination.total).toBe(before.pagination.total - 1);
    await db.execute(
      sql`update variants set options = options || '{"Colour":"Saffron"}'::jsonb where product_id = ${id}`,
    );
    await db.execute(sql`update products set is_published = true where id = ${id}`);
    const colours = (await shopAll()).facets.options.find((o) => o.name === 'Colour');
    expect(colours?.values.find((v) => v.value === 'Saffron')?.count).toBe(1);
    await expectInStep();
  });

  it('follows a product leaving a channel', async () => {
    const id = await productId('brass-desk-lamp');
    const before = await shopAll(DEMO_UAE_CHANNEL_ID);
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from variant_channels vc using variants v
                            where v.id = vc.variant_id and v.product_id = ${id} and vc.channel_id = ${DEMO_UAE_CHANNEL_ID}`);
      await refreshProductSummaries(tx as unknown as Db, [id]);
    });
    expect((await shopAll(DEMO_UAE_CHANNEL_ID)).pagination.total).toBe(before.pagination.total - 1);
    await expectInStep();
  });

  it('is not rebuilt by stock movements that change no in-stock state, and is by the next that does', async () => {
    // A count spoiled by hand shows whether a rebuild ran (the rebuild writes every row back in step).
    const spoil = () =>
      db.execute(
        sql`update listing_facet_counts set a = a + 1000 where scope_kind = 'shop' and scope_slug = '' and kind = 'total'`,
      );
    const total = () =>
      count(sql`select a as n from listing_facet_counts
        where scope_kind = 'shop' and scope_slug = '' and kind = 'total' and channel_id = ${DEMO_CHANNEL_ID}`);
    const right = await total();
    await spoil();
    await db.execute(sql`update variants set stock = stock + 1 where stock > 0`);
    await db.execute(sql`update products set name = name || ' ' where slug = 'brass-desk-lamp'`);
    expect(await total()).toBe(right + 1000);
    await db.execute(sql`update variants set stock = stock - 1 where stock > 1`);
    const id = await productId('brass-desk-lamp');
    await db.execute(sql`update products set stock = 0 where id = ${id}`);
    expect(await total()).toBe(right);
    await refreshProductSummaries(db, [id]);
    await expectInStep();
  });

  it('stays right while writers race each other and readers', async () => {
    // Twenty products, each taken out of stock and put back by its own writer, two rounds, while
    // shoppers read the listing: every transaction rebuilds at its commit, one at a time, so the
    // last one to commit always sees every change before it.
    const picked = await queryRows<{ id: string }>(
      db,
      sql`select id from products where is_published and stock > 0 order by id limit 20`,
    );
    expect(picked).toHaveLength(20);
    const published = await count(sql`select count(*)::int as n from products where is_published`);
    const stockOf = new Map<string, { id: string; stock: number }[]>();
    for (const p of picked)
      stockOf.set(p.id, await queryRows(db, sql`select id, stock from variants where product_id = ${p.id}`));

    const write = (pid: string, out: boolean) =>
      t.database.db.transaction(async (tx) => {
        for (const v of stockOf.get(pid)!)
          await tx.execute(sql`update variants set stock = ${out ? 0 : v.stock} where id = ${v.id}`);
        await refreshProductSummaries(tx as unknown as Db, [pid]);
      });
    const reads: ListingPage[] = [];
    const read = async () => reads.push(await shopAll());

    // Round 1: every picked product out of stock; the odd ones come back in round 2.
    await Promise.all([...picked.map((p) => write(p.id, true)), ...Array.from({ length: 20 }, read)]);
    await Promise.all([
      ...picked.filter((_, i) => i % 2 === 1).map((p) => write(p.id, false)),
      ...Array.from({ length: 20 }, read),
    ]);

    for (const r of reads) expect(r.pagination.total).toBe(published);
    const inStock = await count(sql`select count(*)::int as n from products where is_published and stock > 0`);
    expect((await shopAll()).facets.in_stock.count).toBe(inStock);
    await expectInStep();
  });
});
