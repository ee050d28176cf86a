import { sql, type SQL } from 'drizzle-orm';
import { adminCatalogMessages as msg, type AdminProductList, type AdminProductsQuerySchema } from '@shopfront/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { fieldError } from '../../../lib/http.ts';
import { READ_MODEL_CHANNEL } from '../../catalog/summary.ts';
import { lowStockSql, lowStockThreshold, statusSql, type stockState } from './product-view.ts';

type Query = z.output<typeof AdminProductsQuerySchema>;

/** Keyset position: created_at (microseconds as text, exact) and id. */
export const encode = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');
function decode(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || !/^\d{1,20}$/.test(at)) throw fieldError('cursor', msg.cursor);
  return { at, id };
}

interface Row {
  id: string;
  title: string;
  slug: string;
  status: AdminProductList['products'][number]['status'];
  brand: string | null;
  category: string | null;
  image_path: string | null;
  variant_count: number;
  currency: string;
  price_min_minor: number | null;
  price_max_minor: number | null;
  stock_total: number;
  low_variants: number;
  out_variants: number;
  skus: string[] | null;
  updated_at: string | Date;
  version: number;
  at: string;
  threshold: number;
}

/**
 * The product list's search, filters and keyset position as conditions on `p` (products) and `t`
 * (a row with the low-stock `threshold`): the bulk editor pages the same way.
 */
export function productFilters(q: Pick<Query, 'q' | 'status' | 'category' | 'stock' | 'cursor'>): SQL[] {
  const where: SQL[] = [];
  where.push(q.status ? sql`${statusSql} = ${q.status}` : sql`p.archived_at is null`);
  if (q.q) {
    const term = q.q.toLowerCase();
    where.push(sql`(lower(p.name) like ${'%' + term.replace(/[\\%_]/g, '\\$&') + '%'}
      or exists (select 1 from variants v join variant_channels vc on vc.variant_id = v.id
                  where v.product_id = p.id and lower(vc.sku) like ${term.replace(/[\\%_]/g, '\\$&') + '%'}))`);
  }
  if (q.category) {
    where.push(sql`exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
                             where pc.product_id = p.id and c.slug = ${q.category})`);
  }
  // Stock never goes below zero: out is no variant with units, low some variant with 1..threshold.
  if (q.stock === 'out')
    where.push(sql`not exists (select 1 from variants v where v.product_id = p.id and v.stock > 0)`);
  if (q.stock === 'low') {
    where.push(
      sql`exists (select 1 from variants v where v.product_id = p.id and v.stock > 0 and v.stock <= t.threshold)`,
    );
  }
  if (q.cursor) {
    const c = decode(q.cursor);
    where.push(sql`(p.created_at, p.id) < (to_timestamp(${c.at}::numeric / 1e6), ${c.id})`);
  }
  return where;
}

/**
 * A page of the product list: `where` (productFilters) on `p` and `t`, `limit` rows and one more
 * (is there a next page). Described with every filter but `stock: 'out'`.
 */
const productListPage = namedQuery<Row>()({
  name: 'admin.catalog.product.list',
  columns: [
    'id',
    'title',
    'slug',
    'status',
    'brand',
    'category',
    'image_path',
    'variant_count',
    'currency',
    'price_min_minor',
    'price_max_minor',
    'stock_total',
    'low_variants',
    'out_variants',
    'skus',
    'updated_at',
    'version',
    'at',
    'threshold',
  ],
  example: {
    where: productFilters({ q: 'x', status: 'draft', category: 'c', stock: 'low', cursor: encode('1', 'prd_example') }),
    limit: 50,
  },
  build: (params: { where: SQL[]; limit: number }) =>
    // The page is chosen first (index order, filters as semi-joins); only its rows are summarised.
    sql`with t as (select ${lowStockSql} as threshold, ${READ_MODEL_CHANNEL} as channel_id),
        page as (
          select p.* from products p cross join t
           where ${sql.join(params.where, sql` and `)}
           order by p.created_at desc, p.id desc
           limit ${params.limit + 1})
        select p.id, p.name as title, p.slug, ${statusSql} as status, p.brand,
               (select c.slug from product_categories pc join categories c on c.id = pc.category_id
                 where pc.product_id = p.id order by pc.position, c.id limit 1) as category,
               p.image_path, s.variant_count, p.currency, s.price_min_minor, s.price_max_minor, s.stock_total,
               s.low_variants, s.out_variants, s.skus, p.updated_at, p.version, t.threshold,
               (extract(epoch from p.created_at) * 1e6)::bigint::text as at
          from page p cross join t
          cross join lateral (
            select count(*)::int as variant_count, coalesce(sum(v.stock), 0)::int as stock_total,
                   (count(*) filter (where v.stock > 0 and v.stock <= t.threshold))::int as low_variants,
                   (count(*) filter (where v.stock <= 0))::int as out_variants,
                   min(vc.selling_price_minor) as price_min_minor, max(vc.selling_price_minor) as price_max_minor,
                   array_agg(vc.sku order by v.position, v.id) filter (where vc.sku is not null) as skus
              from variants v left join variant_channels vc on vc.variant_id = v.id and vc.channel_id = t.channel_id
             where v.product_id = p.id) s
         order by p.created_at desc, p.id desc`,
});

/**
 * The panel's product list, newest first, one query: search by title (words, any order) or sku
 * (prefix), filters by status, category and stock, keyset pages. Each row carries its variants'
 * price range in the default channel and a stock summary against the shop's threshold.
 * Archived products show only under status=archived.
 */
export async function listAdminProducts(db: Db, q: Query): Promise<AdminProductList> {
  const where = productFilters(q);
  const rows = await productListPage(db, { where, limit: q.limit });
  const page = rows.slice(0, q.limit);
  const last = rows.length > q.limit ? page.at(-1) : undefined;
  const threshold = rows[0]?.threshold ?? (await lowStockThreshold(db));
  return {
    products: page.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      status: r.status,
      brand: r.brand,
      category: r.category,
      image_path: r.image_path,
      variant_count: r.variant_count,
      currency: r.currency,
      price_min_minor: r.price_min_minor,
      price_max_minor: r.price_max_minor,
      stock_total: r.stock_total,
      low_variants: r.low_variants,
      out_variants: r.out_variants,
      stock_state: stateOf(r),
      skus: r.skus ?? [],
      updated_at: new Date(r.updated_at).toISOString(),
      version: r.version,
    })),
    next_cursor: last ? encode(last.at, last.id) : null,
    low_stock_threshold: threshold,
  };
}

const stateOf = (r: Row): ReturnType<typeof stockState> =>
  r.stock_total <= 0 ? 'out' : r.low_variants > 0 ? 'low' : 'in_stock';
