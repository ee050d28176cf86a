import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import * as t from '../schema.ts';
import {
  categoryData,
  collectionData,
  colourNames,
  cushionSizes,
  planterSizes,
  sizes,
  superCategoryData,
  type CategorySpec,
} from './catalog-data.ts';
import { demoProducts } from './demo-data.ts';
import { makeCollectionCover } from './images.ts';
import { demoReviewDates, demoReviewWriter, seedFromText } from './reviews.ts';
import {
  ART_SIZE,
  artStyle,
  artStyleFor,
  makeProductArt,
  productArtPath,
  type ArtView,
  type Piece,
} from './product-art/index.ts';
import { refreshProductSummaries } from '../../modules/catalog/summary.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Small deterministic PRNG (mulberry32): the same seed gives the same demo shop. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Rupee prices end in 9, like a real shop's. */
const shopPrice = (rupees: number) => Math.max(99, Math.round(rupees / 50) * 50 - 1);

interface ProductSeed {
  slug: string;
  name: string;
  brand: string;
  category: CategorySpec;
  price: number;
  mrp: number | null;
  featured: boolean;
  outOfStock: boolean;
  colours: string[];
  createdAt: Date;
  tags: string[];
}

function productSeeds(now: number): ProductSeed[] {
  const r = prng(20261122);
  const bySlug = new Map(categoryData.map((c) => [c.slug, c]));
  const handCategory: Record<string, string> = {
    'organic-cotton-crew-tee': 't-shirts',
    'linen-camp-shirt': 'shirts',
    'stoneware-coffee-mug': 'mugs-and-cups',
    'handwoven-jute-tote': 'bags',
    'brass-desk-lamp': 'lighting',
    'snake-plant-ceramic-pot': 'plants',
    'block-print-cushion-cover': 'cushions-and-throws',
    'copper-water-bottle': 'bottles',
    'washed-canvas-cap': 'caps-and-hats',
    'herb-garden-planter': 'planters',
    'merino-lounge-tee': 't-shirts',
    'speckled-espresso-cups': 'mugs-and-cups',
  };
  const palette = colourNames;
  const pickColours = (n: number) => {
    const start = r.int(0, palette.length - 1);
    return Array.from({ length: n }, (_, i) => palette[(start + i * 3) % palette.length]!);
  };
  const seeds: ProductSeed[] = demoProducts.map(([slug, name, brand, , price, mrp, stock, featured], i) => {
    const category = bySlug.get(handCategory[slug]!)!;
    return {
      slug,
      name,
      brand,
      category,
      price,
      mrp,
      featured,
      outOfStock: stock === 0,
      colours: category.options === 'apparel' || category.options.startsWith('colour') ? pickColours(3) : [],
      createdAt: new Date(now - i * 3_600_000),
      tags: category.tags,
    };
  });
  const used = new Set(seeds.map((s) => s.slug));
  const slugs = new Set(used);
  const named = new Map<string, number>();
  let age = seeds.length;
  // Walk styles × nouns per category, round-robin, until ~300 products exist.
  const editions = ['', 'Studio', 'Heritage', 'Everyday'];
  for (let round = 0; seeds.length < 312 && round < 200; round++) {
    for (const category of categoryData) {
      const combos = category.styles.length * category.nouns.length;
      const style = category.styles[round % category.styles.length]!;
      const noun = category.nouns[Math.floor(round / category.styles.length) % category.nouns.length]!;
      const edition = editions[Math.floor(round / combos)];
      if (edition === undefined) continue;
      const scheduled = slugify(`${edition} ${style} ${noun}`);
      if (used.has(scheduled)) continue;
      used.add(scheduled);
      const n = named.get(category.slug) ?? 0;
      named.set(category.slug, n + 1);
      const name = category.names[n];
      const slug = name && slugify(name);
      if (!slug || slugs.has(slug)) throw new Error(`seed: ${category.slug} needs a distinct product name #${n + 1}`);
      slugs.add(slug);
      const price = shopPrice(r.int(category.price[0], category.price[1]));
      const hasMrp = r.next() < 0.4;
      const colourCount =
        category.options === 'apparel' ? r.int(2, 3) : category.options.startsWith('colour') ? r.int(1, 3) : 0;
      seeds.push({
        slug,
        name,
        brand: r.pick(category.brands),
        category,
        price,
        mrp: hasMrp ? shopPrice(price * (1.15 + r.next() * 0.25)) : null,
        featured: r.next() < 0.04,
        outOfStock: r.next() < 0.06,
        colours: pickColours(colourCount),
        createdAt: new Date(now - (age++ * 3 + r.int(0, 2)) * 3_600_000),
        tags: r.next() < 0.5 ? category.tags : category.tags.slice(0, 1),
      });
      if (seeds.length >= 312) break;
    }
  }
  return seeds;
}

interface VariantSeed {
  title: string;
  options: Record<string, string>;
  price: number;
  stock: number;
}

function variantsFor(
  p: ProductSeed,
  r: ReturnType<typeof prng>,
): { axes: { name: string; values: string[] }[]; variants: VariantSeed[] } {
  const stock = () => (p.outOfStock ? 0 : r.next() < 0.1 ? 0 : r.int(2, 40));
  const kind = p.category.options;
  if (kind === 'apparel') {
    const variants: VariantSeed[] = [];
    p.colours.forEach((colour, ci) => {
      for (const size of sizes) {
        // Some combinations are not made at all: the picker shows them as unavailable.
        if ((ci === p.colours.length - 1 && size === 'XS') || (ci === 0 && size === 'XL' && p.colours.length > 2))
          continue;
        variants.push({
          title: `${colour} / ${size}`,
          options: { Colour: colour, Size: size },
          price: p.price,
          stock: stock(),
        });
      }
    });
    return {
      axes: [
        { name: 'Colour', values: p.colours },
        { name: 'Size', values: sizes },
      ],
      variants,
    };
  }
  if (kind === 'colour' || kind === 'colour-size') {
    const sizeValues = kind === 'colour-size' ? cushionSizes : [null];
    const variants = p.colours.flatMap((colour) =>
      sizeValues.map((size, si) => ({
        title: size ? `${colour} / ${size}` : colour,
        options: (size ? { Colour: colour, Size: size } : { Colour: colour }) as Record<string, string>,
        price: si === 0 ? p.price : shopPrice(p.price * 1.2),
        stock: stock(),
      })),
    );
    const axes = [{ name: 'Colour', values: p.colours }];
    if (kind === 'colour-size') axes.push({ name: 'Size', values: cushionSizes });
    return { axes, variants };
  }
  if (kind === 'planter-size') {
    const factors = [1, 1.4, 1.9];
    return {
      axes: [{ name: 'Size', values: planterSizes }],
      variants: planterSizes.map((size, i) => ({
        title: size,
        options: { Size: size },
        price: i === 0 ? p.price : shopPrice(p.price * factors[i]!),
        stock: stock(),
      })),
    };
  }
  return { axes: [], variants: [{ title: 'Default', options: {}, price: p.price, stock: stock() }] };
}

async function insertChunked<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][], size = 500) {
  for (let i = 0; i < rows.length; i += size) await tx.insert(table).values(rows.slice(i, i + size) as never);
}

/** Runs `fn` over `items` with at most `limit` in flight (image rendering uses the CPU). */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

/** The one finish (pot, shade, base) of a product without colours, varied across products. */
const finishOf = (p: ProductSeed) => colourNames[(p.slug.length * 7) % colourNames.length]!;

/**
 * What a collection's cover shows: three of its products, as they appear first in it, of
 * different kinds where it has them (a mug, a cushion and a plant, not three mugs). Trousers only
 * when nothing else is left: folded small, they read as a bag.
 */
function coverPieces(members: ProductSeed[]): Piece[] {
  const picked: ProductSeed[] = [];
  const seen = new Set<string>();
  const kind = (p: ProductSeed) => p.category.art;
  const passes: [(p: ProductSeed) => boolean, (p: ProductSeed) => string][] = [
    [(p) => kind(p) !== 'trousers', kind],
    [() => true, kind],
    [() => true, (p) => `${kind(p)}/${artStyle(kind(p), p.name)}`],
  ];
  for (const [wanted, distinct] of passes)
    for (const p of members) {
      if (picked.length === 3 || picked.includes(p) || !wanted(p) || seen.has(distinct(p))) continue;
      seen.add(kind(p)).add(`${kind(p)}/${artStyle(kind(p), p.name)}`);
      picked.push(p);
    }
  return picked.map((p) => ({
    kind: kind(p),
    style: artStyle(kind(p), p.name),
    colour: p.colours[0] ?? finishOf(p),
  }));
}

/** Per colour: the packshot, a close-up and a styled scene; one finish only: a second packshot too. */
const COLOUR_VIEWS: ArtView[] = ['front', 'detail', 'scene'];
const SINGLE_VIEWS: ArtView[] = ['front', 'detail', 'scene', 'alt'];
const VIEW_ALT: Record<ArtView, string> = {
  front: '',
  detail: ', close-up',
  scene: ', styled',
  alt: ', another angle',
};

export interface GalleryImage {
  url: string;
  /** The Colour value it shows; null for a product without colours (its whole gallery). */
  colour: string | null;
  alt: string;
}

/**
 * Draws the product pictures, outside the transaction (files, not rows): for every colour a
 * product comes in, its kind (tee, mug, planter…) in the style its name asks for, from three
 * angles; products without colours get four pictures in one finish. Products of the same kind,
 * style and colour share the files, and files already on disk are kept, so a re-seed renders
 * nothing and a fresh one a few hundred small WebPs.
 */
export async function renderCatalogImages(mediaDir: string, now = Date.now()) {
  const seeds = productSeeds(now);
  const wanted = new Map<string, () => string>();
  const drawn = new Map<string, ReturnType<typeof productArtPath>>();
  const gallery = new Map<string, { rel: string; colour: string | null; alt: string }[]>();
  for (const p of seeds) {
    const kind = p.category.art;
    const style = artStyle(kind, p.name);
    // No colour option: one finish for the pot, shade or base, varied across products.
    const finishes = p.colours.length ? p.colours : [finishOf(p)];
    const views = p.colours.length ? COLOUR_VIEWS : SINGLE_VIEWS;
    const images = finishes.flatMap((colour) =>
      views.map((view) => {
        const key = `${kind}|${artStyleFor(kind, style, view)}|${colour}|${view}`;
        let art = drawn.get(key);
        if (!art) drawn.set(key, (art = productArtPath({ kind, style, colour, view })));
        const { rel, draw } = art;
        wanted.set(rel, draw);
        return {
          rel,
          colour: p.colours.length ? colour : null,
          alt: `${p.name}${p.colours.length ? ` in ${colour}` : ''}${VIEW_ALT[view]}`,
        };
      }),
    );
    gallery.set(p.slug, images);
  }
  const arts = [...wanted].map(([rel, draw]) => ({ rel, draw }));
  // One render per core at a time: sharp works off the main thread, so this keeps all busy.
  await mapLimit(arts, Math.max(2, availableParallelism()), (art) => makeProductArt(mediaDir, art));
  const galleries = new Map(
    [...gallery].map(([slug, images]): [string, GalleryImage[]] => [
      slug,
      images.map((img) => ({ url: `/media/${img.rel}`, colour: img.colour, alt: img.alt })),
    ]),
  );
  return { seeds, galleries, rendered: arts.length, mediaDir };
}

/** Inserts the demo catalogue: ~300 products with variants, prices, images, reviews and collections. */
export async function seedCatalog(
  tx: Tx,
  opts: { channelId: string; currency: string; rendered: Awaited<ReturnType<typeof renderCatalogImages>> },
) {
  const r = prng(7);
  const { seeds, galleries } = opts.rendered;

  const superRows = await tx
    .insert(t.superCategories)
    .values(superCategoryData.map((s, position) => ({ ...s, position })))
    .returning({ id: t.superCategories.id, slug: t.superCategories.slug });
  const superId = new Map(superRows.map((s) => [s.slug, s.id]));
  const catRows = await tx
    .insert(t.categories)
    .values(
      categoryData.map((c, position) => ({
        slug: c.slug,
        name: c.name,
        description: `Shop ${c.name.toLowerCase()} in ${c.material}.`,
        superCategoryId: superId.get(c.superSlug)!,
        position,
      })),
    )
    .returning({ id: t.categories.id, slug: t.categories.slug });
  const catId = new Map(catRows.map((c) => [c.slug, c.id]));
  const brandNames = [...new Set(categoryData.flatMap((c) => c.brands))];
  const brandRows = await tx
    .insert(t.brands)
    .values(brandNames.map((name) => ({ name, slug: slugify(name) })))
    .returning();
  const brandId = new Map(brandRows.map((b) => [b.name, b.id]));
  const tagNames = [...new Set(categoryData.flatMap((c) => c.tags))];
  const tagRows = await tx
    .insert(t.tags)
    .values(tagNames.map((slug) => ({ slug, name: slug.replace(/-/g, ' ').replace(/^\w/, (x) => x.toUpperCase()) })))
    .returning();
  const tagId = new Map(tagRows.map((x) => [x.slug, x.id]));
  const collRows = await tx
    .insert(t.collections)
    .values(collectionData.map((c, position) => ({ ...c, position })))
    .returning();
  const collId = new Map(collRows.map((c) => [c.slug, c.id]));

  const productRows: (typeof t.products.$inferInsert)[] = [];
  const optionRows: (typeof t.productOptions.$inferInsert)[] = [];
  const variantRows: (typeof t.variants.$inferInsert)[] = [];
  const priceRows: (typeof t.variantChannels.$inferInsert)[] = [];
  const imageRows: (typeof t.productImages.$inferInsert)[] = [];
  const reviewRows: (typeof t.reviews.$inferInsert)[] = [];
  const categoryLinks: (typeof t.productCategories.$inferInsert)[] = [];
  const tagLinks: (typeof t.productTags.$inferInsert)[] = [];
  const summaries: { id: string; price: number; rating: number; seed: ProductSeed }[] = [];

  seeds.forEach((p, index) => {
    const productId = id('prd');
    const { axes, variants } = variantsFor(p, r);
    axes.forEach((a, position) => optionRows.push({ productId, name: a.name, values: a.values, position }));
    const skuBase = `${p.category.slug.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(4, '0')}`;
    variants.forEach((v, position) => {
      const variantId = id('var');
      variantRows.push({
        id: variantId,
        productId,
        title: v.title,
        options: v.options,
        stock: v.stock,
        position,
        isDefault: position === 0,
      });
      const suffix = Object.values(v.options)
        .map((o) =>
          o
            .replace(/[^A-Za-z0-9]/g, '')
            .slice(0, 3)
            .toUpperCase(),
        )
        .join('-');
      const mrp = p.mrp === null ? null : Math.round((p.mrp * v.price) / p.price);
      priceRows.push({
        variantId,
        channelId: opts.channelId,
        sku: suffix ? `${skuBase}-${suffix}` : skuBase,
        sellingPriceMinor: v.price * 100,
        mrpMinor: mrp === null ? null : mrp * 100,
      });
    });
    galleries.get(p.slug)!.forEach((img, position) =>
      imageRows.push({
        productId,
        optionValue: img.colour,
        path: img.url,
        alt: img.alt,
        width: ART_SIZE,
        height: ART_SIZE,
        position,
      }),
    );

    const reviewCount = r.next() < 0.2 ? 0 : r.int(1, 14);
    // The words and dates come from the product's own generator (seed/reviews.ts).
    const own = prng(seedFromText(p.slug));
    const writer = demoReviewWriter({ name: p.name, categorySlug: p.category.slug, colours: p.colours }, own);
    const dates = demoReviewDates(reviewCount, own);
    let ratingSum = 0;
    for (let i = 0; i < reviewCount; i++) {
      const roll = r.next();
      // Mostly fours and fives, a few threes and twos.
      const rating = roll < 0.55 ? 5 : roll < 0.82 ? 4 : roll < 0.92 ? 3 : 2;
      ratingSum += rating;
      // Two draws the review's title and author once took from `r`: still taken, so every later
      // product keeps the variants, prices and stock it had.
      r.next();
      r.next();
      reviewRows.push({
        productId,
        ...writer.next(rating),
        rating,
        isVerifiedBuyer: r.next() < 0.7,
        createdAt: dates[i]!,
      });
    }
    const minPrice = Math.min(...variants.map((v) => v.price));
    const catSlugs = [p.category.slug];
    categoryLinks.push({ productId, categoryId: catId.get(p.category.slug)!, position: index });
    // Some products sit in two categories (a planter set is also a gift for plant lovers).
    if (p.category.slug === 'planters' && index % 3 === 0) {
      categoryLinks.push({ productId, categoryId: catId.get('plants')!, position: index });
      catSlugs.push('plants');
    }
    for (const tag of p.tags) tagLinks.push({ productId, tagId: tagId.get(tag)! });
    const skus = priceRows.slice(-variants.length).map((x) => x.sku);
    productRows.push({
      id: productId,
      slug: p.slug,
      name: p.name,
      brandId: brandId.get(p.brand)!,
      brand: p.brand,
      shortDescription: `${p.name} in ${p.category.material}, made in small batches.`,
      description: `Our ${p.name.toLowerCase()} is made from ${p.category.material} by a small workshop we have worked with for years. Each piece varies slightly: that is the mark of the hand. Care: see the label; most pieces improve with use.`,
      // Price, MRP, stock, currency and image: refreshProductSummaries fills them from the
      // variants and images below, the same way as after any later change.
      currency: opts.currency,
      priceMinor: 0,
      stock: 0,
      isFeatured: p.featured,
      ratingAvg: reviewCount ? Math.round((ratingSum / reviewCount) * 100) / 100 : 0,
      ratingCount: reviewCount,
      searchText: [
        p.brand,
        ...catSlugs.map((s) => categoryData.find((c) => c.slug === s)!.name),
        p.category.superSlug,
        ...p.tags,
        ...skus,
        ...p.colours,
        p.category.material,
      ]
        .join(' ')
        .toLowerCase(),
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    });
    summaries.push({
      id: productId,
      price: minPrice,
      rating: reviewCount ? (ratingSum / reviewCount) * Math.log(1 + reviewCount) : 0,
      seed: p,
    });
  });

  await insertChunked(tx, t.products, productRows);
  await insertChunked(tx, t.productOptions, optionRows);
  await insertChunked(tx, t.variants, variantRows);
  await insertChunked(tx, t.variantChannels, priceRows);
  await insertChunked(tx, t.productImages, imageRows);
  await insertChunked(tx, t.reviews, reviewRows);
  await insertChunked(tx, t.productCategories, categoryLinks);
  await insertChunked(tx, t.productTags, tagLinks);
  await refreshProductSummaries(tx as unknown as Db);

  const byAge = [...summaries].sort((a, b) => b.seed.createdAt.getTime() - a.seed.createdAt.getTime());
  const members: Record<string, string[]> = {
    'new-arrivals': byAge.slice(0, 24).map((s) => s.id),
    'summer-linen': summaries
      .filter((s) => /linen/i.test(s.seed.name) || s.seed.tags.includes('linen'))
      .map((s) => s.id),
    'gifts-under-999': summaries.filter((s) => s.price < 999 && s.seed.tags.includes('gift')).map((s) => s.id),
    bestsellers: [...summaries]
      .sort((a, b) => b.rating - a.rating)
      .slice(0, 20)
      .map((s) => s.id),
    'handmade-ceramics': summaries
      .filter((s) => ['mugs-and-cups', 'plates-and-bowls'].includes(s.seed.category.slug))
      .map((s) => s.id),
  };
  // Each collection's cover: a few of its own products (without one, its tile would show its first product's picture).
  const seedOf = new Map(summaries.map((s) => [s.id, s.seed]));
  for (const [index, c] of collectionData.entries()) {
    const pieces = coverPieces(members[c.slug]!.map((productId) => seedOf.get(productId)!));
    if (!pieces.length) continue;
    const imagePath = await makeCollectionCover(opts.rendered.mediaDir, c.slug, pieces, index);
    await tx
      .update(t.collections)
      .set({ imagePath })
      .where(eq(t.collections.id, collId.get(c.slug)!));
  }
  await insertChunked(
    tx,
    t.productCollections,
    Object.entries(members).flatMap(([slug, ids]) =>
      ids.map((productId, position) => ({ productId, collectionId: collId.get(slug)!, position })),
    ),
  );
  return { products: productRows.length, variants: variantRows.length, reviews: reviewRows.length };
}
