import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  ProductDescriptionBlockSchema,
  type AdminProduct,
  type AdminVariant,
  type ProductDescriptionBlock,
} from '@shopfront/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { settingNumber } from '../../settings/service.ts';

/** The store setting holding the low-stock threshold. */
export const LOW_STOCK_KEY = 'low_stock_threshold';

/** The shop's low-stock threshold as SQL (the setting, else 5). */
export const lowStockSql = sql`coalesce(${settingNumber(LOW_STOCK_KEY, 0, 10_000)}::int, ${DEFAULT_LOW_STOCK_THRESHOLD})`;

const lowStockThresholdRow = namedQuery<{ n: number }>()({
  name: 'admin.catalog.low-stock-threshold',
  columns: ['n'],
  example: {},
  build: () => sql`select ${lowStockSql} as n`,
});

export async function lowStockThreshold(db: Db): Promise<number> {
  const [row] = await lowStockThresholdRow(db, {});
  return row!.n;
}

/** A product's status from its columns, as SQL over alias `p`. */
export const statusSql = sql`case when p.archived_at is not null then 'archived' when p.is_published then 'published'
  when p.publish_at is not null then 'scheduled' else 'draft' end`;

export const stockState = (stock: number, threshold: number): AdminVariant['stock_state'] =>
  stock <= 0 ? 'out' : stock <= threshold ? 'low' : 'in_stock';

/** A variant's sku: its default channel's, else any. */
export const variantSkuSql = (v: SQL) =>
  sql`(select vc.sku from variant_channels vc where vc.variant_id = ${v}
        order by vc.channel_id <> (select channel_id from storefronts order by is_default desc, id limit 1), vc.channel_id limit 1)`;

const variantsJson = sql`coalesce((select json_agg(json_build_object(
    'id', v.id, 'title', v.title, 'options', v.options, 'stock', v.stock, 'sku', coalesce(${variantSkuSql(sql`v.id`)}, ''),
    'prices', (select coalesce(json_agg(json_build_object('channel_id', vc.channel_id, 'currency', c.currency_code,
                 'price_minor', vc.selling_price_minor, 'compare_at_minor', vc.mrp_minor) order by vc.channel_id), '[]')
               from variant_channels vc join channels c on c.id = vc.channel_id where vc.variant_id = v.id)
  ) order by v.position, v.id) from variants v where v.product_id = p.id), '[]')`;

interface ProductRow {
  id: string;
  title: string;
  slug: string;
  status: AdminProduct['status'];
  publish_at: string | Date | null;
  short_description: string;
  description: string;
  description_blocks: unknown;
  brand: string | null;
  category: string | null;
  collections: string[];
  tags: string[];
  seo_title: string | null;
  seo_description: string | null;
  hsn_code: string | null;
  tax_class: AdminProduct['tax_class'];
  weight_grams: number | null;
  options: { name: string; values: string[] }[];
  variants: Omit<AdminVariant, 'stock_state'>[];
  old_slugs: string[];
  image_path: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  version: number;
  threshold: number;
}

const Blocks = z.array(ProductDescriptionBlockSchema);

/** The blocks the owner wrote; for a product written before them, its text as paragraphs. */
function blocksOf(stored: unknown, text: string): ProductDescriptionBlock[] {
  const parsed = Blocks.safeParse(stored);
  if (stored !== null && parsed.success) return parsed.data;
  return text
    .split(/\n\s*\n/)
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => ({ type: 'paragraph' as const, text: t }));
}

/** The description's plain text, for the storefront's product page, feeds and search. */
export function blocksText(blocks: readonly ProductDescriptionBlock[]): string {
  return blocks.map((b) => (b.type === 'list' ? b.items.map((i) => `• ${i}`).join('\n') : b.text)).join('\n\n');
}

const iso = (d: string | Date) => new Date(d).toISOString();

/** `where`: a condition on `p` (products). */
const adminProductRows = namedQuery<ProductRow>()({
  name: 'admin.catalog.product.view',
  columns: [
    'id',
    'title',
    'slug',
    'status',
    'publish_at',
    'short_description',
    'description',
    'description_blocks',
    'brand',
    'category',
    'collections',
    'tags',
    'seo_title',
    'seo_description',
    'hsn_code',
    'tax_class',
    'weight_grams',
    'options',
    'variants',
    'old_slugs',
    'image_path',
    'created_at',
    'updated_at',
    'version',
    'threshold',
  ],
  example: { where: sql`p.id = ${'prd_example'}` },
  build: (params: { where: SQL }) =>
    sql`select p.id, p.name as title, p.slug, ${statusSql} as status, p.publish_at, p.short_description, p.description,
          p.description_blocks, p.brand,
          (select c.slug from product_categories pc join categories c on c.id = pc.category_id
            where pc.product_id = p.id order by pc.position, c.id limit 1) as category,
          coalesce((select array_agg(c.slug order by c.position, c.id) from product_collections pc
            join collections c on c.id = pc.collection_id where pc.product_id = p.id), '{}') as collections,
          coalesce((select array_agg(t.name order by t.name) from product_tags pt join tags t on t.id = pt.tag_id
            where pt.product_id = p.id), '{}') as tags,
          p.seo_title, p.seo_description, p.hsn_code, p.tax_class, p.weight_grams,
          coalesce((select json_agg(json_build_object('name', o.name, 'values', o.values) order by o.position, o.id)
            from product_options o where o.product_id = p.id), '[]') as options,
          ${variantsJson} as variants,
          coalesce((select array_agg(r.slug order by r.created_at, r.slug) from product_redirects r
            where r.product_id = p.id), '{}') as old_slugs,
          p.image_path, p.created_at, p.updated_at, p.version, ${lowStockSql} as threshold
        from products p where ${params.where}`,
});

/** The panel's product page: every field the editor shows, its variants with prices and stock. */
export async function loadAdminProduct(db: Db, id: string): Promise<AdminProduct | null> {
  const [r] = await adminProductRows(db, { where: sql`p.id = ${id}` });
  return r ? toAdminProduct(r) : null;
}

/** Several products as loadAdminProduct has them, by id (500 a query; a missing id is left out). */
export async function loadAdminProducts(db: Db, ids: readonly string[]): Promise<Map<string, AdminProduct>> {
  const out = new Map<string, AdminProduct>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const list = sql.join(
      chunk.map((id) => sql`${id}`),
      sql`, `,
    );
    for (const r of await adminProductRows(db, { where: sql`p.id in (${list})` })) out.set(r.id, toAdminProduct(r));
  }
  return out;
}

function toAdminProduct(r: ProductRow): AdminProduct {
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    old_slugs: r.old_slugs,
    status: r.status,
    publish_at: r.publish_at === null ? null : iso(r.publish_at),
    short_description: r.short_description,
    description: blocksOf(r.description_blocks, r.description),
    brand: r.brand,
    category: r.category,
    collections: r.collections,
    tags: r.tags,
    seo_title: r.seo_title,
    seo_description: r.seo_description,
    hsn_code: r.hsn_code,
    tax_class: r.tax_class,
    weight_grams: r.weight_grams,
    options: r.options,
    variants: r.variants.map((v) => ({ ...v, stock_state: stockState(v.stock, r.threshold) })),
    image_path: r.image_path,
    url: `/product/${r.slug}`,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    version: r.version,
  };
}
