import { sql, type SQL } from 'drizzle-orm';
import type { AdminProductCreate } from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { noteStockChange } from '../../catalog/stock-note.ts';
import { refreshProductSummaries } from '../../catalog/summary.ts';
import { textArray } from '../../../db/sql-array.ts';
import { recordAudits, type AuditActor } from '../../staff/audit.ts';
import { blocksText } from '../catalog/product-view.ts';
import { newId, publication, refreshSearchText, slugify, titleOf } from '../catalog/products.ts';

/**
 * The import's new products of one batch, written together (issue 26): the rows createProduct
 * writes for each (product, category, collections, tags, options, variants with their channel
 * prices, opening stock as a `restock` movement, search words, listing summary and a
 * `product.create` audit entry), in a dozen statements for the whole batch instead of some forty
 * per product. Call it with the products whose slug and SKUs no product has (matchExisting): the
 * ones that name something the shop does not have (tax class, category, collection, channel) or a
 * time already past are answered back, not written, for createProduct to refuse one by one with
 * its own message. Any other failure throws, and the caller's savepoint takes back the whole batch.
 */
export async function createProducts(
  tx: Db,
  actor: AuditActor,
  bodies: readonly AdminProductCreate[],
): Promise<{ written: number[]; refused: number[] }> {
  const known = await namesKnown(tx, bodies);
  const refused: number[] = [];
  const items: { i: number; id: string; body: AdminProductCreate; pub: ReturnType<typeof publication> }[] = [];
  const slugs = new Set<string>();
  const skus = new Set<string>();
  bodies.forEach((body, i) => {
    const pub = publicationOrNull(body);
    const own = body.variants.map((v) => v.sku.toLowerCase());
    const fits =
      pub !== null &&
      known.taxClasses.has(body.tax_class) &&
      (body.category === null || known.categories.has(body.category)) &&
      body.collections.every((c) => known.collections.has(c)) &&
      body.variants.every((v) => v.prices.every((p) => known.channels.has(p.channel_id))) &&
      // Two products of the batch with one slug or SKU: the second is left to createProduct's message.
      !slugs.has(body.slug) &&
      own.every((s) => !skus.has(s));
    if (!fits) {
      refused.push(i);
      return;
    }
    slugs.add(body.slug);
    own.forEach((s) => skus.add(s));
    items.push({ i, id: newId('prd'), body, pub });
  });
  if (items.length === 0) return { written: [], refused };

  const ids = items.map((x) => x.id);
  // A slug a product once had is given to the product that takes it now (its old links follow).
  await tx.execute(sql`delete from product_redirects where slug = any(${textArray([...slugs])})`);
  await upsertBrands(
    tx,
    items.map((x) => x.body.brand),
  );
  await tx.execute(
    sql`insert into products (id, slug, name, brand_id, brand, short_description, description, description_blocks,
          currency, price_minor, stock, is_published, publish_at, seo_title, seo_description, hsn_code, tax_class, weight_grams)
        select r.id, r.slug, r.name, b.id, r.brand, r.short_description, r.description, r.description_blocks,
          (select c.currency_code from channels c where c.id = (select channel_id from storefronts order by is_default desc, id limit 1)),
          0, 0, r.is_published, r.publish_at, r.seo_title, r.seo_description, r.hsn_code, r.tax_class, r.weight_grams
        from ${recordset(
          items.map(({ id, body, pub }) => ({
            id,
            slug: body.slug,
            name: body.title,
            brand: body.brand,
            brand_slug: body.brand === null ? null : slugify(body.brand),
            short_description: body.short_description,
            description: blocksText(body.description),
            description_blocks: body.description,
            is_published: pub.published,
            publish_at: pub.publishAt,
            seo_title: body.seo_title,
            seo_description: body.seo_description,
            hsn_code: body.hsn_code,
            tax_class: body.tax_class,
            weight_grams: body.weight_grams,
          })),
          sql`id text, slug text, name text, brand text, brand_slug text, short_description text, description text,
              description_blocks jsonb, is_published boolean, publish_at timestamptz, seo_title text, seo_description text,
              hsn_code text, tax_class text, weight_grams int`,
        )}
        left join brands b on b.slug = r.brand_slug
        order by r.n`,
  );
  await tx.execute(
    sql`insert into product_categories (product_id, category_id, position)
        select r.product_id, c.id, 0
          from ${recordset(
            items.flatMap((x) => (x.body.category === null ? [] : [{ product_id: x.id, slug: x.body.category }])),
            sql`product_id text, slug text`,
          )}
          join categories c on c.slug = r.slug`,
  );
  // A product goes last in each collection it names, in file order (createProduct's setProductCollections).
  await tx.execute(
    sql`insert into product_collections (product_id, collection_id, position)
        select r.product_id, c.id,
               coalesce((select max(x.position) from product_collections x where x.collection_id = c.id), -1)
                 + row_number() over (partition by c.id order by r.n)
          from ${recordset(
            items.flatMap((x) => [...new Set(x.body.collections)].map((slug) => ({ product_id: x.id, slug }))),
            sql`product_id text, slug text`,
          )}
          join collections c on c.slug = r.slug`,
  );
  await setTags(tx, items);
  await tx.execute(
    sql`insert into product_options (product_id, name, values, position)
        select r.product_id, r.name, array(select jsonb_array_elements_text(r.values)), r.position
          from ${recordset(
            items.flatMap((x) =>
              x.body.options.map((o, position) => ({ product_id: x.id, name: o.name, values: o.values, position })),
            ),
            sql`product_id text, name text, values jsonb, position int`,
          )}
         order by r.n`,
  );
  const variants = items.flatMap((x) =>
    x.body.variants.map((v, position) => ({
      id: newId('var'),
      product_id: x.id,
      title: titleOf(x.body.options, v),
      options: v.options,
      position,
      sku: v.sku,
      stock: v.stock,
      prices: v.prices,
    })),
  );
  await tx.execute(
    sql`insert into variants (id, product_id, title, options, stock, position, is_default)
        select r.id, r.product_id, r.title, r.options, 0, r.position, r.position = 0
          from ${recordset(
            variants.map(({ id, product_id, title, options, position }) => ({
              id,
              product_id,
              title,
              options,
              position,
            })),
            sql`id text, product_id text, title text, options jsonb, position int`,
          )}
         order by r.n`,
  );
  await tx.execute(
    sql`insert into variant_channels (variant_id, channel_id, sku, selling_price_minor, mrp_minor)
        select r.variant_id, r.channel_id, r.sku, r.price_minor, r.compare_at_minor
          from ${channelPrices(variants)}
         order by r.n`,
  );
  // Opening stock goes through the trigger like any other change: a movement from 0.
  const opening = variants.filter((v) => v.stock > 0).map((v) => ({ id: v.id, stock: v.stock }));
  if (opening.length) {
    await noteStockChange(tx, { reason: 'restock', actor: actor.email, note: 'Opening stock' });
    await tx.execute(
      sql`update variants v set stock = r.stock from ${recordset(opening, sql`id text, stock int`)} where v.id = r.id`,
    );
    await noteStockChange(tx, null);
  }
  await refreshSearchText(tx, ids);
  await refreshProductSummaries(tx, ids);
  await recordAudits(
    tx,
    items.map(({ id, body, pub }) => ({
      staff: actor,
      action: 'product.create',
      target: `product:${id}`,
      after: createdSummary(body, pub),
      ip: null,
    })),
  );
  return { written: items.map((x) => x.i), refused };
}

/**
 * A new product's `product.create` audit summary, as createProduct's summaryOf makes it from the
 * product it wrote (read back, its prices in channel order), here from what was written.
 */
function createdSummary(body: AdminProductCreate, pub: ReturnType<typeof publication>) {
  return {
    title: body.title,
    slug: body.slug,
    status: pub.published ? 'published' : pub.publishAt ? 'scheduled' : 'draft',
    variants: body.variants.map((v) => ({
      sku: v.sku,
      prices: [...v.prices]
        .sort((a, b) => (a.channel_id < b.channel_id ? -1 : a.channel_id > b.channel_id ? 1 : 0))
        .map((x) => [x.channel_id, x.price_minor, x.compare_at_minor]),
    })),
  };
}

/**
 * Rows as a table `r` with the given columns and `n`, the row's place in `rows` (one jsonb
 * parameter, however many rows).
 */
export function recordset(rows: readonly object[], columns: SQL): SQL {
  const numbered = rows.map((r, n) => ({ ...r, n }));
  return sql`jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb) as r(n int, ${columns})`;
}

/** Each variant's price in each channel as rows `r` (variant_id, channel_id, sku, price_minor, compare_at_minor, n). */
export function channelPrices(
  variants: readonly {
    id?: string;
    sku: string | null;
    prices: readonly { channel_id: string; price_minor: number; compare_at_minor: number | null }[];
  }[],
): SQL {
  return recordset(
    variants.flatMap((v) =>
      v.prices.map((p) => ({
        variant_id: v.id,
        channel_id: p.channel_id,
        sku: v.sku,
        price_minor: p.price_minor,
        compare_at_minor: p.compare_at_minor,
      })),
    ),
    sql`variant_id text, channel_id text, sku text, price_minor int, compare_at_minor int`,
  );
}

/** The body's publication, or null for a scheduled time that is not in the future. */
function publicationOrNull(body: AdminProductCreate): ReturnType<typeof publication> | null {
  try {
    return publication(body.status, body.publish_at);
  } catch {
    return null;
  }
}

/** The tax classes named that the shop has, locked against a delete until the transaction ends (also update-batch's). */
export const lockTaxClassKeys = namedQuery<{ key: string }>()({
  name: 'admin.import.tax-classes-locked',
  columns: ['key'],
  example: { keys: ['standard'] },
  build: (params: { keys: string[] }) =>
    sql`select key from tax_rates where key = any(${textArray(params.keys)}) for key share`,
});

const categoryKeys = namedQuery<{ key: string }>()({
  name: 'admin.import.create.categories-named',
  columns: ['key'],
  example: { slugs: ['example'] },
  build: (params: { slugs: string[] }) =>
    sql`select slug as key from categories where slug = any(${textArray(params.slugs)})`,
});

const collectionKeys = namedQuery<{ key: string }>()({
  name: 'admin.import.create.collections-named',
  columns: ['key'],
  example: { slugs: ['example'] },
  build: (params: { slugs: string[] }) =>
    sql`select slug as key from collections where slug = any(${textArray(params.slugs)})`,
});

/** Every channel's id (also update-batch's). */
export const channelKeys = namedQuery<{ key: string }>()({
  name: 'admin.import.channels',
  columns: ['key'],
  example: {},
  build: () => sql`select id as key from channels`,
});

/**
 * What the shop has of what the bodies name: tax classes (locked against a delete until the
 * transaction ends, as createProduct's check), categories, collections and channels.
 */
async function namesKnown(tx: Db, bodies: readonly AdminProductCreate[]) {
  const keys = (rows: { key: string }[]) => new Set(rows.map((r) => r.key));
  const taxClasses = [...new Set(bodies.map((b) => b.tax_class))];
  const categories = [...new Set(bodies.flatMap((b) => (b.category === null ? [] : [b.category])))];
  const collections = [...new Set(bodies.flatMap((b) => b.collections))];
  return {
    taxClasses: keys(await lockTaxClassKeys(tx, { keys: taxClasses })),
    categories: keys(await categoryKeys(tx, { slugs: categories })),
    collections: keys(await collectionKeys(tx, { slugs: collections })),
    channels: keys(await channelKeys(tx, {})),
  };
}

/** The brands the products name, added when new (the first spelling in the file names a new one). */
export async function upsertBrands(tx: Db, names: readonly (string | null)[]): Promise<void> {
  const bySlug = new Map<string, string>();
  for (const name of names) if (name !== null && !bySlug.has(slugify(name))) bySlug.set(slugify(name), name);
  if (bySlug.size === 0) return;
  await tx.execute(
    sql`insert into brands (slug, name)
        select r.slug, r.name from ${recordset(
          [...bySlug].map(([slug, name]) => ({ slug, name })),
          sql`slug text, name text`,
        )}
        order by r.n
        on conflict (slug) do update set slug = excluded.slug`,
  );
}

/**
 * The products' tags, as createProduct's setTags: each name by its slug (a product naming one
 * twice keeps its last spelling; a tag new to the shop takes the first product's).
 */
async function setTags(tx: Db, items: readonly { id: string; body: AdminProductCreate }[]): Promise<void> {
  const links = items.flatMap((x) =>
    [...new Map(x.body.tags.map((n) => [slugify(n), n]))].map(([slug, name]) => ({ product_id: x.id, slug, name })),
  );
  if (links.length === 0) return;
  const tags = new Map<string, string>();
  for (const l of links) if (!tags.has(l.slug)) tags.set(l.slug, l.name);
  await tx.execute(
    sql`insert into tags (slug, name)
        select r.slug, r.name from ${recordset(
          [...tags].map(([slug, name]) => ({ slug, name })),
          sql`slug text, name text`,
        )}
        order by r.n
        on conflict (slug) do update set slug = excluded.slug`,
  );
  await tx.execute(
    sql`insert into product_tags (product_id, tag_id)
        select r.product_id, t.id from ${recordset(links, sql`product_id text, slug text`)}
          join tags t on t.slug = r.slug
        on conflict do nothing`,
  );
}
