import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import sharp from 'sharp';
import type { Db } from '../../../apps/api/src/db/client.ts';
import { refreshProductSummaries } from '../../../apps/api/src/modules/catalog/summary.ts';
import type { ShopData } from './server.ts';

/**
 * A test's own catalogue: categories and products it creates, so that it does not depend on the
 * demo content (which the demo's own issues keep changing: names, prices, stock, images).
 *
 * The owner's API has no catalogue routes yet, so these write the shop's database while the shop
 * is stopped, through startShop's `prepare` (a file's `test.use({ shopOptions: { prepare } })`,
 * test.ts), which runs on the shop's copy of the seeded demo before its server starts:
 *
 *   let lamp: ProductFixtureRef;
 *   test.use({
 *     shopOptions: {
 *       prepare: async (data) => {
 *         const lighting = await createCategory(data, { name: 'Test lighting' });
 *         lamp = await createProduct(data, {
 *           name: 'Brass desk lamp',
 *           price: 2499,
 *           mrp: 2999,
 *           categories: [lighting],
 *           options: { Finish: ['Brass', 'Matte black'] },
 *           stock: { 'Matte black': 0 },
 *         });
 *       },
 *     },
 *   });
 *   // in a test: page.goto(`${shop.baseUrl}${lamp.path}`), lamp.variants[0].sku, ...
 *
 * A shop restarted on its own DATA_DIR can be given fixtures the same way (startShop({ env:
 * { DATA_DIR }, prepare })). What they write: the rows the seed writes for a demo product
 * (product, option axes, one variant per combination of option values, its sku and prices in
 * the default storefront's channel, one generated image per product, category links), then the
 * product's read model (price, stock, image: refreshProductSummaries, as every catalogue write
 * does; should the catalogue gain another read model, such as precomputed facet counts, refresh
 * it here too). Prices are in the channel currency's major unit (rupees in the demo shop).
 */

export interface CategoryFixture {
  name: string;
  /**
   * Defaults to the name in lower case with dashes and a short random suffix (`Test lighting` →
   * `test-lighting-3f9a`), so that it never meets a demo category's.
   */
  slug?: string;
  description?: string;
  /** The slug of the super category to list it under (the demo has `clothing`, `home`, ...); none by default. */
  superCategory?: string;
}

export interface CategoryFixtureRef {
  id: number;
  slug: string;
  name: string;
  /** The category's storefront page. */
  path: string;
}

export interface ProductFixture {
  name: string;
  /** Defaults to the name in lower case with dashes and a short random suffix, as a category's. */
  slug?: string;
  /** Selling price of every variant, in the channel currency's major unit (₹ in the demo). */
  price: number;
  /** The MRP ("compare at" price); none by default. */
  mrp?: number;
  /**
   * Option axes and their values in display order: one variant per combination
   * (`{ Size: ['S', 'M'], Colour: ['Indigo'] }` gives "S / Indigo" and "M / Indigo"). None: a
   * single "Default" variant.
   */
  options?: Record<string, string[]>;
  /**
   * Units in stock: one number for every variant (10 by default), or per variant by title
   * (`{ 'M / Indigo': 0 }`; variants not named get 10).
   */
  stock?: number | Record<string, number>;
  categories?: CategoryFixtureRef[];
  brand?: string;
  shortDescription?: string;
  description?: string;
  featured?: boolean;
  /** Defaults to now: the newest product in the shop. */
  createdAt?: Date;
  /** Colours of the generated picture (a flat gradient with a disc); two hex colours. */
  imageColours?: [string, string];
}

export interface ProductFixtureRef {
  id: string;
  slug: string;
  name: string;
  /** The product's storefront page. */
  path: string;
  variants: { id: string; title: string; options: Record<string, string>; sku: string; stock: number }[];
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A slug no demo row has: the name's, plus four random hex digits. */
const uniqueSlug = (name: string) => `${slugify(name)}-${randomBytes(2).toString('hex')}`;

const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

/** Creates a category (no products yet: give it some with createProduct's `categories`). */
export async function createCategory({ db }: ShopData, spec: CategoryFixture): Promise<CategoryFixtureRef> {
  const slug = spec.slug ?? uniqueSlug(spec.name);
  const res = await db.query<{ id: number }>(
    `insert into categories (slug, name, description, super_category_id, position)
     values ($1, $2, $3, (select id from super_categories where slug = $4),
             (select coalesce(max(position), 0) + 1 from categories))
     returning id`,
    [slug, spec.name, spec.description ?? `${spec.name}, chosen for this test.`, spec.superCategory ?? null],
  );
  if (spec.superCategory) {
    const linked = await db.query('select 1 from categories where id = $1 and super_category_id is not null', [
      res.rows[0]!.id,
    ]);
    if (linked.rows.length === 0) throw new Error(`createCategory: no super category "${spec.superCategory}"`);
  }
  return { id: res.rows[0]!.id, slug, name: spec.name, path: `/product-category/${slug}` };
}

/** Every combination of the option values, in display order (the first axis varies slowest). */
function combinations(options: Record<string, string[]>): Record<string, string>[] {
  return Object.entries(options).reduce<Record<string, string>[]>(
    (acc, [name, values]) => acc.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value }))),
    [{}],
  );
}

async function renderImage(file: string, [from, to]: [string, string]): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="400" cy="400" r="230" fill="#ffffff" fill-opacity="0.35"/></svg>`;
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(svg)).webp({ quality: 82, effort: 0 }).toFile(file);
}

/** Creates a published product with its variants, prices, picture and category links. */
export async function createProduct(shop: ShopData, spec: ProductFixture): Promise<ProductFixtureRef> {
  const { db } = shop;
  const slug = spec.slug ?? uniqueSlug(spec.name);
  const channel = await db.query<{ id: string; currency_code: string }>(
    `select c.id, c.currency_code from storefronts s join channels c on c.id = s.channel_id
      order by s.is_default desc, s.id limit 1`,
  );
  const { id: channelId, currency_code: currency } = channel.rows[0] ?? {};
  if (!channelId || !currency) throw new Error('createProduct: the shop has no storefront channel (SEED_DEMO=false?)');

  const productId = newId('prd');
  const combos = spec.options && Object.keys(spec.options).length > 0 ? combinations(spec.options) : [{}];
  const skuBase = `FIX-${slug
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase()}-${randomBytes(2).toString('hex').toUpperCase()}`;
  const variants = combos.map((options, position) => {
    const title = Object.values(options).join(' / ') || 'Default';
    const stock = typeof spec.stock === 'number' ? spec.stock : (spec.stock?.[title] ?? 10);
    const suffix = Object.values(options)
      .map((o) =>
        o
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 3)
          .toUpperCase(),
      )
      .join('-');
    return { id: newId('var'), title, options, sku: suffix ? `${skuBase}-${suffix}` : skuBase, stock, position };
  });
  const createdAt = spec.createdAt ?? new Date();
  const categories = spec.categories ?? [];
  const imagePath = `/media/fixtures/${slug}.webp`;
  await renderImage(
    path.join(shop.dataDir, 'media', 'fixtures', `${slug}.webp`),
    spec.imageColours ?? ['#d9c9a8', '#8a9a5b'],
  );

  await db.transaction(async (tx) => {
    await tx.query(
      `insert into products (id, slug, name, brand, short_description, description, currency, price_minor,
         mrp_minor, stock, is_featured, search_text, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, 0, null, 0, $8, $9, $10, $10)`,
      [
        productId,
        slug,
        spec.name,
        spec.brand ?? null,
        spec.shortDescription ?? `${spec.name}, made for this test.`,
        spec.description ?? `${spec.name}. A product the browser tests create for themselves.`,
        currency,
        spec.featured ?? false,
        [spec.brand ?? '', ...categories.map((c) => c.name), ...variants.map((v) => v.sku)]
          .join(' ')
          .trim()
          .toLowerCase(),
        createdAt.toISOString(),
      ],
    );
    for (const [position, [name, values]] of Object.entries(spec.options ?? {}).entries()) {
      await tx.query('insert into product_options (product_id, name, values, position) values ($1, $2, $3, $4)', [
        productId,
        name,
        values,
        position,
      ]);
    }
    for (const v of variants) {
      await tx.query(
        `insert into variants (id, product_id, title, options, stock, position, is_default)
         values ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
        [v.id, productId, v.title, JSON.stringify(v.options), v.stock, v.position, v.position === 0],
      );
      await tx.query(
        `insert into variant_channels (variant_id, channel_id, sku, selling_price_minor, mrp_minor)
         values ($1, $2, $3, $4, $5)`,
        [
          v.id,
          channelId,
          v.sku,
          Math.round(spec.price * 100),
          spec.mrp === undefined ? null : Math.round(spec.mrp * 100),
        ],
      );
    }
    await tx.query(
      `insert into product_images (product_id, option_value, path, alt, width, height, position)
       values ($1, null, $2, $3, 800, 800, 0)`,
      [productId, imagePath, spec.name],
    );
    for (const c of categories) {
      await tx.query(
        `insert into product_categories (product_id, category_id, position)
         values ($1, $2, (select coalesce(max(position), 0) + 1 from product_categories where category_id = $2))`,
        [productId, c.id],
      );
    }
  });
  await refreshProductSummaries(drizzle(db) as unknown as Db, [productId]);
  return {
    id: productId,
    slug,
    name: spec.name,
    path: `/product/${slug}`,
    variants: variants.map(({ id, title, options, sku, stock }) => ({ id, title, options, sku, stock })),
  };
}
