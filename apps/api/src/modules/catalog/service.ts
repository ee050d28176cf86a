import { sql, type SQL } from 'drizzle-orm';
import {
  catalogUrls,
  LOW_STOCK_THRESHOLD,
  money,
  RELATED_PRODUCTS_MAX,
  type BreadcrumbItem,
  type ProductCard,
  type ProductGrid,
  type ProductGridQuery,
  type RelatedProducts,
  type ServiceDetails,
  type SingleProduct,
  type Variant,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { callSqlFunction, sqlFunction, type SqlFunction } from '../../db/sql-function.ts';
import { channelPrice, type ChannelPriceSql, type PriceChannel, type PriceChannelSql } from './channel-price.ts';
import { onQuoteSql, swatchMatch, weightedRating, type ListingRow } from './listing-sql.ts';

/** The product columns a card is made from (a Drizzle product row has them all). */
export interface CardSource {
  id: string;
  slug: string;
  name: string;
  brand: string | null;
  imagePath: string | null;
  currency: string;
  priceMinor: number;
  mrpMinor: number | null;
  stock: number;
  ratingAvg: number;
  ratingCount: number;
  /** A service whose fee is on quote. */
  onQuote?: boolean | undefined;
}

export function discountPercent(priceMinor: number, mrpMinor: number | null): number {
  return mrpMinor && mrpMinor > priceMinor ? Math.round(((mrpMinor - priceMinor) / mrpMinor) * 100) : 0;
}

/** Average rating as shown: two decimals at most. */
const rounded = (n: number) => Math.round(n * 100) / 100;

/** Shapes a product row as the card every listing shows. Prices come only from the database. */
export function toProductCard(p: CardSource): ProductCard {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    brand: p.brand,
    image: p.imagePath ? { url: p.imagePath, alt: p.name } : null,
    price: money(p.priceMinor, p.currency),
    mrp: p.mrpMinor && p.mrpMinor > p.priceMinor ? money(p.mrpMinor, p.currency) : null,
    discount_percent: discountPercent(p.priceMinor, p.mrpMinor),
    in_stock: p.stock > 0,
    rating: { overall_rating: rounded(p.ratingAvg), total_reviews: p.ratingCount },
    ...(p.onQuote ? { on_quote: true as const } : {}),
  };
}

/** A raw (snake_case) listing row as a card. */
export function cardFromRow(r: ListingRow): ProductCard {
  const card = toProductCard({
    id: r.id,
    slug: r.slug,
    name: r.name,
    brand: r.brand,
    imagePath: r.image_path,
    currency: r.currency,
    priceMinor: r.price_minor,
    mrpMinor: r.mrp_minor,
    stock: r.stock,
    ratingAvg: r.rating_avg,
    ratingCount: r.rating_count,
    onQuote: r.on_quote,
  });
  if (card.image && r.image_focal) card.image.focal = { x: r.image_focal[0], y: r.image_focal[1] };
  return r.variant_id ? { ...card, variant_id: r.variant_id } : card;
}

/** A grid section's cards: `pr` the channel's prices, `order` its sort. Described featured, in a channel. */
const gridRows = namedQuery<Omit<ListingRow, 'variant_id' | 'image_focal'>>()({
  name: 'catalog.product-grid',
  columns: [
    'id',
    'slug',
    'name',
    'brand',
    'image_path',
    'currency',
    'price_minor',
    'mrp_minor',
    'stock',
    'rating_avg',
    'rating_count',
    'on_quote',
  ],
  example: {
    pr: channelPrice({ channelId: 'ch_example', primary: false }),
    featured: true,
    order: sql`p.created_at desc, p.id desc`,
    items: 8,
  },
  build: (p: { pr: ChannelPriceSql; featured: boolean; order: SQL; items: number }) =>
    sql`select p.id, p.slug, p.name, p.brand, p.image_path, ${p.pr.currency} as currency, ${p.pr.price} as price_minor,
               ${p.pr.mrp} as mrp_minor, p.stock, p.rating_avg::float8 as rating_avg, p.rating_count, ${onQuoteSql} as on_quote
          from products p${p.pr.join}
         where p.is_published ${p.featured ? sql`and p.is_featured` : sql``}
         order by ${p.order}
         limit ${p.items}`,
});

/**
 * A list of published products for a grid section, priced in the request's channel (ADR 0027):
 * newest, featured then newest, or best rated. One query.
 */
export async function getProductGrid(db: Db, body: ProductGridQuery, ch: PriceChannel): Promise<ProductGrid> {
  const pr = channelPrice(ch);
  const order =
    body.source === 'best_rated'
      ? sql`${weightedRating('p')} desc, p.rating_count desc, p.id`
      : sql`p.created_at desc, p.id desc`;
  const rows = await gridRows(db, { pr, featured: body.source === 'featured', order, items: body.items });
  return { source: body.source, products: rows.map(cardFromRow) };
}

// ---------------------------------------------------------------------------------------------
// Single product
// ---------------------------------------------------------------------------------------------

interface ProductRowRaw {
  id: string;
  service: ServiceDetails | null;
  selected_variant_id: string | null;
  slug: string;
  name: string;
  short_description: string;
  description: string;
  currency: string;
  price_minor: number;
  mrp_minor: number | null;
  stock: number;
  is_featured: boolean;
  is_customisation_enabled: boolean;
  seo_title: string | null;
  seo_description: string | null;
  rating_avg: number;
  rating_count: number;
  brand_name: string | null;
  brand_slug: string | null;
  options: { name: string; values: string[]; swatches: Record<string, string> | null }[];
  variants: {
    id: string;
    title: string;
    options: Record<string, string>;
    stock: number;
    is_default: boolean;
    sku: string;
    price: number;
    mrp: number | null;
    available: boolean;
  }[];
  images: {
    url: string;
    alt: string;
    width: number;
    height: number;
    option_value: string | null;
    focal_x: number;
    focal_y: number;
  }[];
  tags: { slug: string; name: string }[];
}

interface ProductCategoryRow {
  id: number;
  slug: string;
  name: string;
  super_slug: string | null;
  super_name: string | null;
  ancestors: { slug: string; name: string }[];
}

/**
 * What a single-product id names: a published product by slug (or by a slug it had before),
 * else the product of a variant
 * whose sku in the request's channel it is (a product's own sku is its default variant's).
 * A slug wins over a sku spelled the same. `variant_id` is the variant a sku named. A product
 * not sold in the channel (no price there) is not found (ADR 0027).
 */
function targetCte(id: SQL, ch: PriceChannelSql) {
  const pr = channelPrice(ch);
  return sql`target as (
      select t.product_id, t.variant_id from (
        select p.id as product_id, null::text as variant_id, 1 as pri from products p where p.slug = ${id}
        union all
        -- A slug the product had before the owner renamed it (its old links keep working).
        select r.product_id, null::text, 2 from product_redirects r where r.slug = ${id}
        union all
        select v.product_id, v.id, 3 from variant_channels vc join variants v on v.id = vc.variant_id
         where vc.channel_id = ${ch.channelId} and vc.sku = ${id}) t
      join products p${pr.join} on p.id = t.product_id and p.is_published
      order by t.pri limit 1)`;
}

/**
 * The product's service details (issue 27) as the page shows them, only while the shop is in
 * services mode: null for a product that has none, and for every product in products mode.
 */
const serviceSql = sql`(select json_build_object('fee_kind', sd.fee_kind, 'includes', sd.includes,
        'turnaround_days', sd.turnaround_days, 'documents_needed', sd.documents_needed, 'stages', sd.stages,
        'form_fields', sd.form_fields)
     from service_details sd where sd.product_id = p.id
      and (select value #>> '{}' from store_settings where key = 'store_mode') = 'services') as service`;

/** The product with its options, variants (priced in the request's channel), images and tags, as one row. */
function productSql(id: SQL, ch: PriceChannelSql) {
  const pr = channelPrice(ch);
  return sql`with ${targetCte(id, ch)}
    select p.id, (select variant_id from target) as selected_variant_id, p.slug, p.name, p.short_description, p.description,
      ${pr.currency} as currency, ${pr.price} as price_minor, ${pr.mrp} as mrp_minor, p.stock,
      p.is_featured, p.seo_title, p.seo_description,
      (p.is_customisation_enabled and exists (select 1 from plugins where module_name = 'ProductCustomisation' and is_installed))
        as is_customisation_enabled, p.rating_avg::float8 as rating_avg, p.rating_count,
      coalesce(b.name, p.brand) as brand_name, b.slug as brand_slug,
      -- Each option's swatches (option_swatches, matched without regard to case): value → #rrggbb, null when none.
      (select coalesce(json_agg(json_build_object('name', o.name, 'values', o.values,
                 'swatches', (select json_object_agg(u.value, sw.colour) from unnest(o.values) as u(value)
                                join option_swatches sw on ${swatchMatch(sql`o.name`, sql`u.value`)}))
                 order by o.position, o.id), '[]'::json)
         from product_options o where o.product_id = p.id) as options,
      (select coalesce(json_agg(json_build_object('id', v.id, 'title', v.title, 'options', v.options, 'stock', v.stock, 'is_default', v.is_default,
                 'sku', vc.sku, 'price', vc.selling_price_minor, 'mrp', vc.mrp_minor, 'available', vc.is_available) order by v.position, v.id), '[]'::json)
         from variants v join variant_channels vc on vc.variant_id = v.id and vc.channel_id = ${ch.channelId}
        where v.product_id = p.id) as variants,
      (select coalesce(json_agg(json_build_object('url', i.path, 'alt', i.alt, 'width', i.width, 'height', i.height, 'option_value', i.option_value,
                   'focal_x', i.focal_x::float8, 'focal_y', i.focal_y::float8)
                 order by i.position, i.id), '[]'::json)
         from product_images i where i.product_id = p.id) as images,
      (select coalesce(json_agg(json_build_object('slug', t.slug, 'name', t.name) order by t.name), '[]'::json)
         from product_tags pt join tags t on t.id = pt.tag_id where pt.product_id = p.id) as tags,
      ${serviceSql}
    from products p${pr.join} left join brands b on b.id = p.brand_id
    where p.id = (select product_id from target)`;
}

/** The product's categories, each with its ancestors (root first) for a breadcrumb. */
function productCategoriesSql(id: SQL, ch: PriceChannelSql) {
  return sql`with recursive ${targetCte(id, ch)},
      mine as (
        select c.id, c.slug, c.name, c.parent_id, c.position, c.super_category_id
          from product_categories pc join categories c on c.id = pc.category_id
         where pc.product_id = (select product_id from target)),
      anc(origin, id, parent_id, slug, name, super_category_id, depth, path) as (
        select id, id, parent_id, slug, name, super_category_id, 0, array[id] from mine
        union all
        select a.origin, c.id, c.parent_id, c.slug, c.name, c.super_category_id, a.depth + 1, a.path || c.id
          from categories c join anc a on c.id = a.parent_id where not c.id = any(a.path))
    select m.id, m.slug, m.name, sc.slug as super_slug, sc.name as super_name,
      (select coalesce(json_agg(json_build_object('slug', a.slug, 'name', a.name) order by a.depth desc), '[]'::json)
         from anc a where a.origin = m.id and a.depth > 0) as ancestors
    from mine m
    -- A subcategory without a super category of its own belongs to its root's.
    left join super_categories sc on sc.id = coalesce(m.super_category_id,
      (select a.super_category_id from anc a where a.origin = m.id order by a.depth desc limit 1))
    order by m.position, m.id`;
}

function stockStatus(stock: number, available: boolean): Variant['stock_status'] {
  if (!available || stock <= 0) return 'out_of_stock';
  return stock <= LOW_STOCK_THRESHOLD ? 'low_stock' : 'in_stock';
}

/**
 * A published product for its page, priced in the request's channel, by slug or by a variant's
 * sku (then `selected_variant_id` names that variant); null when unknown, unpublished (shoppers
 * never see unpublished products: there is no admin session yet to ask for them) or not sold in
 * the channel. Two queries, run together.
 */
export async function getSingleProduct(db: Db, id: string, ch: PriceChannel): Promise<SingleProduct | null> {
  const [[product], [categoryList]] = await Promise.all([
    productPage(db, { id, ch }),
    productCategories(db, { id, ch }),
  ]);
  const p = product?.result;
  if (!p) return null;
  const categoryRows = categoryList?.result ?? [];
  const currency = p.currency;
  const variants: Variant[] = p.variants.map((v) => ({
    id: v.id,
    title: v.title,
    options: v.options,
    sku: v.sku,
    price: money(v.price, currency),
    mrp: v.mrp && v.mrp > v.price ? money(v.mrp, currency) : null,
    discount_percent: discountPercent(v.price, v.mrp),
    in_stock: v.available && v.stock > 0,
    stock_status: stockStatus(v.stock, v.available),
    is_default: v.is_default,
  }));
  const defaultVariant = variants.find((v) => v.is_default) ?? variants[0];
  const url = catalogUrls.product(p.slug);
  const categories = categoryRows.map((c) => {
    const curl = catalogUrls.category(c.slug);
    const breadcrumb: BreadcrumbItem[] = [
      { name: 'Home', url: '/' },
      ...(c.super_slug && c.super_name ? [{ name: c.super_name, url: catalogUrls.shop(c.super_slug) }] : []),
      ...c.ancestors.map((a) => ({ name: a.name, url: catalogUrls.category(a.slug) })),
      { name: c.name, url: curl },
    ];
    return { id: c.id, slug: c.slug, name: c.name, url: curl, breadcrumb };
  });
  const primary = categories[0];
  const fallbackPrice = money(p.price_minor, currency);
  return {
    product: {
      id: p.id,
      slug: p.slug,
      name: p.name,
      url,
      brand: p.brand_name ? { name: p.brand_name, slug: p.brand_slug } : null,
      category: primary ? { id: primary.id, slug: primary.slug, name: primary.name, url: primary.url } : null,
      categories,
      tags: p.tags,
      short_description: p.short_description,
      description: p.description,
      seo: { title: p.seo_title || p.name, description: p.seo_description || p.short_description, canonical_url: url },
      is_featured: p.is_featured,
      channel: defaultVariant
        ? { sku: defaultVariant.sku, selling_price: defaultVariant.price, mrp: defaultVariant.mrp }
        : { sku: '', selling_price: fallbackPrice, mrp: null },
      price: fallbackPrice,
      mrp: p.mrp_minor && p.mrp_minor > p.price_minor ? money(p.mrp_minor, currency) : null,
      discount_percent: discountPercent(p.price_minor, p.mrp_minor),
      in_stock: variants.some((v) => v.in_stock),
      is_customisation_enabled: p.is_customisation_enabled,
    },
    options: p.options.map((o) => ({
      name: o.name,
      values: o.values,
      ...(o.swatches ? { swatches: o.swatches } : {}),
    })),
    variants,
    selected_variant_id: p.selected_variant_id,
    images: p.images,
    rating: { overall_rating: rounded(p.rating_avg), total_reviews: p.rating_count },
    service: p.service,
  };
}

/**
 * Up to eight published products like this one, sold in the channel: sharing a category first,
 * then the brand; in stock before out of stock, then best rated. One json value: null when the
 * product is unknown.
 */
function relatedSql(slug: SQL, ch: PriceChannelSql) {
  const pr = channelPrice(ch);
  return sql`with me as (select id, brand_id from products where slug = ${slug} and is_published),
        my_categories as (select pc.category_id from product_categories pc where pc.product_id = (select id from me))
      select case when exists (select 1 from me) then coalesce((select json_agg(r) from (
        select p.id, p.slug, p.name, p.brand, p.image_path, ${pr.currency} as currency, ${pr.price} as price_minor,
               ${pr.mrp} as mrp_minor, p.stock, p.rating_avg::float8 as rating_avg, p.rating_count, ${onQuoteSql} as on_quote
          from me cross join products p${pr.join}
          cross join lateral (select exists (select 1 from product_categories pc where pc.product_id = p.id
                                               and pc.category_id in (select category_id from my_categories)) as same_category) s
         where p.is_published and p.id <> me.id and (s.same_category or p.brand_id = me.brand_id)
         order by s.same_category desc, (p.brand_id is not distinct from me.brand_id) desc, (p.stock > 0) desc,
                  ${weightedRating('p')} desc, p.id
         limit ${sql.raw(String(RELATED_PRODUCTS_MAX))}) r), '[]'::json) end`;
}

/**
 * The product page's statements as PL/pgSQL functions of (p_id, p_channel): planning them cost
 * more than running them (PGlite: about 5 ms of planning against 1–2 ms of execution for the
 * product), and a function's plans are cached per connection (ADR 0020). One set prices in the
 * primary channel, one in another channel (ADR 0027).
 */
const P_ID = sql.raw('p_id');
const FN_ARGS = 'p_id text, p_channel text';
function pageFunctions(primary: boolean) {
  const ch: PriceChannelSql = { primary, channelId: sql.raw('p_channel') };
  const kind = primary ? 'primary' : 'channel';
  return {
    product: sqlFunction(`product_${kind}`, FN_ARGS, sql`select to_json(x) from (${productSql(P_ID, ch)}) x`),
    categories: sqlFunction(
      `product_categories_${kind}`,
      FN_ARGS,
      sql`select coalesce(json_agg(x), '[]'::json) from (${productCategoriesSql(P_ID, ch)}) x`,
    ),
    related: sqlFunction(`related_products_${kind}`, FN_ARGS, relatedSql(P_ID, ch)),
  };
}
const PRIMARY_FUNCTIONS = pageFunctions(true);
const CHANNEL_FUNCTIONS = pageFunctions(false);
const productPageFunctions = (ch: PriceChannel) => (ch.primary ? PRIMARY_FUNCTIONS : CHANNEL_FUNCTIONS);
/** One of them called for a product (slug, or a variant's sku) in the request's channel. */
const callPageFunction = (fn: SqlFunction, id: string, ch: PriceChannel) =>
  callSqlFunction(fn, [sql`${id}`, sql`${ch.channelId}`]);

const PAGE_EXAMPLE = { id: 'slug', ch: { channelId: 'ch_example', primary: false } as PriceChannel };
type PageParams = typeof PAGE_EXAMPLE;

const productPage = namedQuery<{ result: ProductRowRaw | null }>()({
  name: 'catalog.product.page',
  columns: ['result'],
  example: PAGE_EXAMPLE,
  build: (p: PageParams) => callPageFunction(productPageFunctions(p.ch).product, p.id, p.ch),
});

const productCategories = namedQuery<{ result: ProductCategoryRow[] }>()({
  name: 'catalog.product.categories',
  columns: ['result'],
  example: PAGE_EXAMPLE,
  build: (p: PageParams) => callPageFunction(productPageFunctions(p.ch).categories, p.id, p.ch),
});

const relatedProducts = namedQuery<{ result: ListingRow[] | null }>()({
  name: 'catalog.product.related',
  columns: ['result'],
  example: PAGE_EXAMPLE,
  build: (p: PageParams) => callPageFunction(productPageFunctions(p.ch).related, p.id, p.ch),
});

/** The functions app.ts creates at boot (ensureSqlFunctions). */
export const catalogFunctions = [PRIMARY_FUNCTIONS, CHANNEL_FUNCTIONS].flatMap((f) => [
  f.product,
  f.categories,
  f.related,
]);

/** Up to eight published products like this one (relatedSql); null when the product is unknown. */
export async function getRelatedProducts(db: Db, slug: string, ch: PriceChannel): Promise<RelatedProducts | null> {
  const [row] = await relatedProducts(db, { id: slug, ch });
  const rows = row?.result;
  if (!rows) return null;
  return { products: rows.map(cardFromRow) };
}
