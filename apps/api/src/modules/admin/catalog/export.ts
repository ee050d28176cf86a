import { sql, type SQL } from 'drizzle-orm';
import type { AdminProductsExportQuerySchema } from '@shopfront/shared';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { csvStream, decimal, EXPORT_BATCH, type CsvColumn } from '../../../lib/csv-export.ts';
import { READ_MODEL_CHANNEL } from '../../catalog/summary.ts';
import type { ExportOptions } from '../../orders/admin-export.ts';
import { encode, productFilters } from './list.ts';
import { lowStockSql, statusSql } from './product-view.ts';

/**
 * The products export (issue 26): one row per variant, the product list's filters, newest product
 * first, read in keyset batches. The columns are the ones the product import reads back, so
 * importing this file unchanged changes nothing (docs/csv-formats.md): product fields repeat on
 * each of its variant rows, lists are `|`-separated, prices are decimal numbers per channel.
 */

type Query = z.output<typeof AdminProductsExportQuerySchema>;

/** The most options a product has (the product form's limit): option1..option3 columns. */
const OPTION_COLUMNS = 3;
/** What separates the items of a list cell (collections, tags, image URLs). */
export const LIST_SEPARATOR = '|';

const PRODUCT_BATCH = Math.max(1, Math.floor(EXPORT_BATCH / 5));

interface Channel {
  id: string;
  currency: string;
}

interface ProductRow {
  id: string;
  at: string;
  handle: string;
  title: string;
  status: string;
  publish_at: string | null;
  brand: string | null;
  category: string | null;
  collections: string[];
  tags: string[];
  short_description: string;
  seo_title: string | null;
  seo_description: string | null;
  hsn_code: string | null;
  tax_class: string;
  weight_grams: number | null;
  options: { name: string; values: string[] }[];
  gallery: string[];
  option_images: { value: string; path: string }[];
  variants: {
    sku: string | null;
    stock: number;
    options: Record<string, string>;
    prices: { channel_id: string; price_minor: number; compare_at_minor: number | null }[];
  }[];
}

/** The header row: product fields, option1..3 name/value, the variant, then price and compare-at per channel. */
export function productColumns(channels: readonly Channel[]): CsvColumn[] {
  const plain = (key: string) => ({ key, header: key });
  return [
    ...[
      'handle',
      'title',
      'status',
      'publish_at',
      'brand',
      'category',
      'collections',
      'tags',
      'short_description',
      'seo_title',
      'seo_description',
      'hsn_code',
      'tax_class',
      'weight_grams',
    ].map(plain),
    ...Array.from({ length: OPTION_COLUMNS }, (_, i) => [
      plain(`option${i + 1}_name`),
      plain(`option${i + 1}_value`),
    ]).flat(),
    ...['sku', 'stock'].map(plain),
    ...channels.flatMap((c) => [plain(`price_${c.id}`), plain(`compare_at_price_${c.id}`)]),
    ...['image_urls', 'variant_image_urls', 'variant_image_values'].map(plain),
  ];
}

/** The shop's channels, its default (storefront) channel first. */
const exportChannels = namedQuery<Channel>()({
  name: 'admin.catalog.export.channels',
  columns: ['id', 'currency'],
  example: {},
  build: () =>
    sql`select c.id, c.currency_code as currency from channels c
         order by c.id <> ${READ_MODEL_CHANNEL}, c.id`,
});
const channelsOf = (db: Db) => exportChannels(db, {});

/**
 * Up to `limit` products chosen by `where` (productFilters, and the keyset position), newest first,
 * each with its variants. Described with every filter but `stock: 'out'`.
 */
const exportProducts = namedQuery<ProductRow>()({
  name: 'admin.catalog.export.products',
  columns: [
    'id',
    'at',
    'handle',
    'title',
    'status',
    'publish_at',
    'brand',
    'category',
    'collections',
    'tags',
    'short_description',
    'seo_title',
    'seo_description',
    'hsn_code',
    'tax_class',
    'weight_grams',
    'options',
    'gallery',
    'option_images',
    'variants',
  ],
  example: {
    where: productFilters({ q: 'x', status: 'draft', category: 'c', stock: 'low', cursor: encode('1', 'prd_example') }),
    limit: 50,
  },
  build: (params: { where: SQL[]; limit: number }) =>
    sql`with t as (select ${lowStockSql} as threshold)
        select p.id, (extract(epoch from p.created_at) * 1e6)::bigint::text as at, p.slug as handle, p.name as title,
          ${statusSql} as status,
          case when p.publish_at is null then null
               else to_char(p.publish_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end as publish_at,
          p.brand,
          (select c.slug from product_categories pc join categories c on c.id = pc.category_id
            where pc.product_id = p.id order by pc.position, c.id limit 1) as category,
          coalesce((select array_agg(c.slug order by c.position, c.id) from product_collections pc
            join collections c on c.id = pc.collection_id where pc.product_id = p.id), '{}') as collections,
          coalesce((select array_agg(tg.name order by tg.name) from product_tags pt join tags tg on tg.id = pt.tag_id
            where pt.product_id = p.id), '{}') as tags,
          p.short_description, p.seo_title, p.seo_description, p.hsn_code, p.tax_class, p.weight_grams,
          coalesce((select json_agg(json_build_object('name', o.name, 'values', o.values) order by o.position, o.id)
            from product_options o where o.product_id = p.id), '[]') as options,
          coalesce((select array_agg(i.path order by i.position, i.id) from product_images i
            where i.product_id = p.id and i.option_value is null), '{}') as gallery,
          coalesce((select json_agg(json_build_object('value', i.option_value, 'path', i.path) order by i.position, i.id)
            from product_images i where i.product_id = p.id and i.option_value is not null), '[]') as option_images,
          coalesce((select json_agg(json_build_object(
              'sku', (select vc.sku from variant_channels vc where vc.variant_id = v.id
                       order by vc.channel_id <> ${READ_MODEL_CHANNEL}, vc.channel_id limit 1),
              'stock', v.stock, 'options', v.options,
              'prices', (select coalesce(json_agg(json_build_object('channel_id', vc.channel_id,
                           'price_minor', vc.selling_price_minor, 'compare_at_minor', vc.mrp_minor)), '[]')
                           from variant_channels vc where vc.variant_id = v.id)
            ) order by v.position, v.id) from variants v where v.product_id = p.id), '[]') as variants
          from products p cross join t
         where ${sql.join(params.where, sql` and `)}
         order by p.created_at desc, p.id desc limit ${params.limit}`,
});

function productBatch(db: Db, q: Query, after: { at: string; id: string } | null, limit: number) {
  const where = productFilters({ ...q, cursor: undefined });
  if (after) where.push(sql`(p.created_at, p.id) < (to_timestamp(${after.at}::numeric / 1e6), ${after.id})`);
  return exportProducts(db, { where, limit });
}

/** An image path as a URL: absolute on the shop's origin when it is known. */
const urlOf = (path: string, origin: string | null) => (origin && path.startsWith('/') ? origin + path : path);

function* rowsOf(p: ProductRow, channels: readonly Channel[], origin: string | null) {
  const product: Record<string, unknown> = {
    handle: p.handle,
    title: p.title,
    status: p.status,
    publish_at: p.status === 'scheduled' ? (p.publish_at ?? '') : '',
    brand: p.brand ?? '',
    category: p.category ?? '',
    collections: p.collections.join(LIST_SEPARATOR),
    tags: p.tags.join(LIST_SEPARATOR),
    short_description: p.short_description,
    seo_title: p.seo_title ?? '',
    seo_description: p.seo_description ?? '',
    hsn_code: p.hsn_code ?? '',
    tax_class: p.tax_class,
    weight_grams: p.weight_grams ?? '',
    image_urls: p.gallery.map((g) => urlOf(g, origin)).join(LIST_SEPARATOR),
  };
  p.options.slice(0, OPTION_COLUMNS).forEach((o, i) => (product[`option${i + 1}_name`] = o.name));
  for (const v of p.variants) {
    const row: Record<string, unknown> = { ...product, sku: v.sku ?? '', stock: v.stock };
    p.options.slice(0, OPTION_COLUMNS).forEach((o, i) => (row[`option${i + 1}_value`] = v.options[o.name] ?? ''));
    for (const c of channels) {
      const price = v.prices.find((x) => x.channel_id === c.id);
      row[`price_${c.id}`] = price ? decimal(price.price_minor, c.currency) : '';
      row[`compare_at_price_${c.id}`] = price ? decimal(price.compare_at_minor, c.currency) : '';
    }
    const values = new Set(Object.values(v.options));
    const own = p.option_images.filter((i) => values.has(i.value));
    row.variant_image_urls = own.map((i) => urlOf(i.path, origin)).join(LIST_SEPARATOR);
    row.variant_image_values = own.map((i) => i.value).join(LIST_SEPARATOR);
    yield row;
  }
}

async function* productRecords(
  db: Db,
  q: Query,
  channels: readonly Channel[],
  origin: string | null,
  opts: ExportOptions,
): AsyncGenerator<Record<string, unknown>> {
  const size = opts.batch ?? PRODUCT_BATCH;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const products = await productBatch(db, q, after, size);
    opts.onBatch?.(products.length);
    for (const p of products) yield* rowsOf(p, channels, origin);
    if (products.length < size) return;
    after = { at: products.at(-1)!.at, id: products.at(-1)!.id };
  }
}

/** The products export as a CSV stream; `origin` makes image paths absolute URLs. */
export async function productsCsv(
  db: Db,
  q: Query,
  origin: string | null,
  opts: ExportOptions = {},
): Promise<Readable> {
  const channels = await channelsOf(db);
  return csvStream(productColumns(channels), productRecords(db, q, channels, origin, opts));
}
