import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  adminCatalogMessages as msg,
  taxMessages,
  undoMessages,
  type AdminProduct,
  type AdminProductCreate,
  type AdminProductPatch,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { uniqueViolation } from '../../auth/service.ts';
import { refreshProductSummaries } from '../../catalog/summary.ts';
import { textArray } from '../../../db/sql-array.ts';
import { recordAudit } from '../../staff/audit.ts';
import { blocksText, loadAdminProduct } from './product-view.ts';
import { noteStockChange } from '../../catalog/stock-note.ts';
import { setProductCollections } from '../taxonomy/collections.ts';
import type { OwnerAct } from '../if-match.ts';
import { taxClassExists } from '../tax/rates.ts';

/**
 * The owner's product writes (issue 26). Each is one transaction: the product row is locked
 * first (If-Match compared under the lock; a save that replaces the variants locks them just
 * before it), its rows written, its search words and listing summary refreshed, and an audit
 * entry recorded; the content triggers then tell every process (page cache, listings, search)
 * at the commit.
 */

/** Who writes and against which version (the owner routes' OwnerAct). */
export type CatalogAct = OwnerAct;

export const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;
/** A brand's or tag's slug: its Latin letters and digits, else (a name in another script) a hash of it. */
export const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100) || `n-${createHash('sha256').update(s.toLowerCase()).digest('hex').slice(0, 12)}`;

type Variants = AdminProductCreate['variants'];
type Options = AdminProductCreate['options'];

/** Which of these skus (lower case) another product's variants use. */
const skusTaken = namedQuery<{ sku: string }>()({
  name: 'admin.catalog.product.skus-taken',
  columns: ['sku'],
  example: { productId: 'prd_example', skus: ['sku-1'] },
  build: (params: { productId: string; skus: string[] }) =>
    sql`select lower(vc.sku) as sku from variant_channels vc join variants v on v.id = vc.variant_id
         where lower(vc.sku) = any(${textArray(params.skus)}) and v.product_id <> ${params.productId}`,
});

/** 422 on the first sku another product's variant already uses. */
async function assertSkusFree(tx: Db, productId: string, variants: Variants): Promise<void> {
  const taken = await skusTaken(tx, { productId, skus: variants.map((v) => v.sku.toLowerCase()) });
  const set = new Set(taken.map((t) => t.sku));
  const i = variants.findIndex((v) => set.has(v.sku.toLowerCase()));
  if (i >= 0) throw fieldError(`variants.${i}.sku`, msg.skuTaken);
}

/** The channels of these ids there are, held (key share) until the transaction ends. */
const holdChannels = namedQuery<{ id: string }>()({
  name: 'admin.catalog.product.hold-channels',
  columns: ['id'],
  example: { ids: ['ch_example'] },
  build: (params: { ids: string[] }) =>
    sql`select id from channels where id = any(${textArray(params.ids)}) order by id for key share`,
});

/**
 * 422 on the first price naming a channel the shop does not have. The channels named are held
 * until the save commits: a channel delete meanwhile waits, then takes these prices with it.
 */
async function assertChannels(tx: Db, variants: Variants): Promise<void> {
  const named = [...new Set(variants.flatMap((v) => v.prices.map((p) => p.channel_id)))];
  const known = new Set((await holdChannels(tx, { ids: named })).map((c) => c.id));
  variants.forEach((v, i) =>
    v.prices.forEach((p, j) => {
      if (!known.has(p.channel_id)) throw fieldError(`variants.${i}.prices.${j}.channel_id`, msg.unknownChannel);
    }),
  );
}

async function assertSlugFree(tx: Db, productId: string, slug: string): Promise<void> {
  const [other] = await queryRows(tx, sql`select id from products where slug = ${slug} and id <> ${productId}`);
  if (other) throw fieldError('slug', msg.slugTaken);
  // A slug a product once had is given to the product that takes it now (its old links follow).
  await tx.execute(sql`delete from product_redirects where slug = ${slug}`);
}

export function publication(status: AdminProductCreate['status'], publishAt: string | null) {
  if (status === 'scheduled') {
    if (!publishAt || new Date(publishAt).getTime() <= Date.now()) throw fieldError('publish_at', msg.publishAt);
    return { published: false, publishAt: new Date(publishAt) };
  }
  return { published: status === 'published', publishAt: null };
}

/** 422 on tax_class unless it names a tax class of the shop (admin/tax/rates.ts). */
async function assertTaxClass(tx: Db, key: string): Promise<void> {
  if (!(await taxClassExists(tx, key))) throw fieldError('tax_class', taxMessages.classChoice);
}

const categoryBySlug = namedQuery<{ id: number }>()({
  name: 'admin.catalog.product.category-by-slug',
  columns: ['id'],
  example: { slug: 'c' },
  build: (params: { slug: string }) => sql`select id from categories where slug = ${params.slug}`,
});

async function setCategory(tx: Db, productId: string, slug: string | null): Promise<void> {
  let categoryId: number | null = null;
  if (slug !== null) {
    const [c] = await categoryBySlug(tx, { slug });
    if (!c) throw fieldError('category', msg.unknownCategory);
    categoryId = c.id;
  }
  await tx.execute(sql`delete from product_categories where product_id = ${productId}`);
  if (categoryId !== null) {
    await tx.execute(
      sql`insert into product_categories (product_id, category_id, position) values (${productId}, ${categoryId}, 0)`,
    );
  }
}

async function setTags(tx: Db, productId: string, names: readonly string[]): Promise<void> {
  await tx.execute(sql`delete from product_tags where product_id = ${productId}`);
  for (const name of new Map(names.map((n) => [slugify(n), n])).entries()) {
    const [slug, label] = name;
    await tx.execute(
      sql`with t as (insert into tags (slug, name) values (${slug}, ${label})
                     on conflict (slug) do update set slug = excluded.slug returning id)
          insert into product_tags (product_id, tag_id) select ${productId}, id from t on conflict do nothing`,
    );
  }
}

/** The brand of this name, made when there is none (by its slug). */
const upsertBrand = namedQuery<{ id: number }>()({
  name: 'admin.catalog.product.brand',
  columns: ['id'],
  example: { name: 'Brand' },
  build: (params: { name: string }) =>
    sql`insert into brands (slug, name) values (${slugify(params.name)}, ${params.name})
        on conflict (slug) do update set slug = excluded.slug returning id`,
});

async function brandIdOf(tx: Db, name: string | null): Promise<number | null> {
  if (name === null) return null;
  const [b] = await upsertBrand(tx, { name });
  return b!.id;
}

export const titleOf = (options: Options, v: Variants[number]) =>
  options.length ? options.map((o) => v.options[o.name]).join(' / ') : 'Default';

const EXAMPLE_PRODUCT = { productId: 'prd_example' };

/** The product's variants, locked. */
const lockProductVariants = namedQuery<{ id: string }>()({
  name: 'admin.catalog.product.variants-for-update',
  columns: ['id'],
  example: EXAMPLE_PRODUCT,
  build: (params: { productId: string }) =>
    sql`select id from variants where product_id = ${params.productId} for update`,
});

/** Removes the kept variants' channel rows, answering which were not available (`variant channel` keys). */
const clearVariantChannels = namedQuery<{ key: string; is_available: boolean }>()({
  name: 'admin.catalog.product.clear-variant-channels',
  columns: ['key', 'is_available'],
  example: { variantIds: ['var_example'] },
  build: (params: { variantIds: string[] }) =>
    sql`delete from variant_channels where variant_id = any(${textArray(params.variantIds)})
                returning variant_id || ' ' || channel_id as key, is_available`,
});

/**
 * Replaces the product's options and variants: a variant named by id (of this product) is kept
 * with its stock, one without is added with its opening stock, one left out is removed.
 */
async function setVariants(tx: Db, act: CatalogAct, productId: string, options: Options, variants: Variants) {
  await assertChannels(tx, variants);
  await assertSkusFree(tx, productId, variants);
  const existing = new Set((await lockProductVariants(tx, { productId })).map((v) => v.id));
  variants.forEach((v, i) => {
    if (v.id !== undefined && !existing.has(v.id)) throw fieldError(`variants.${i}.id`, msg.variantNotFound);
  });
  const kept = variants.flatMap((v) => (v.id ? [v.id] : []));
  await tx.execute(sql`delete from variants where product_id = ${productId} and not (id = any(${textArray(kept)}))`);
  await tx.execute(sql`delete from product_options where product_id = ${productId}`);
  for (const [position, o] of options.entries()) {
    await tx.execute(
      sql`insert into product_options (product_id, name, values, position)
          values (${productId}, ${o.name}, ${textArray(o.values)}, ${position})`,
    );
  }
  // Skus move between kept variants: clear them first so a swap does not trip the unique index.
  // Whether a variant is sold in a channel is not the form's to change: it is written back as it was.
  const unavailable = new Set(
    kept.length
      ? (await clearVariantChannels(tx, { variantIds: kept })).flatMap((r) => (r.is_available ? [] : [r.key]))
      : [],
  );
  const opening: { id: string; stock: number }[] = [];
  for (const [position, v] of variants.entries()) {
    const id = v.id ?? newId('var');
    const title = titleOf(options, v);
    if (v.id) {
      await tx.execute(
        sql`update variants set title = ${title}, options = ${JSON.stringify(v.options)}::jsonb, position = ${position},
               is_default = ${position === 0} where id = ${id}`,
      );
    } else {
      await tx.execute(
        sql`insert into variants (id, product_id, title, options, stock, position, is_default)
            values (${id}, ${productId}, ${title}, ${JSON.stringify(v.options)}::jsonb, 0, ${position}, ${position === 0})`,
      );
      if (v.stock > 0) opening.push({ id, stock: v.stock });
    }
    for (const p of v.prices) {
      await tx.execute(
        sql`insert into variant_channels (variant_id, channel_id, sku, selling_price_minor, mrp_minor, is_available)
            values (${id}, ${p.channel_id}, ${v.sku}, ${p.price_minor}, ${p.compare_at_minor},
                    ${!unavailable.has(`${id} ${p.channel_id}`)})`,
      );
    }
  }
  // Opening stock goes through the trigger like any other change: a movement from 0.
  if (opening.length) {
    await noteStockChange(tx, { reason: 'restock', actor: act.staff.email, note: 'Opening stock' });
    for (const o of opening) await tx.execute(sql`update variants set stock = ${o.stock} where id = ${o.id}`);
    await noteStockChange(tx, null);
  }
}

/** What search matches besides the name: brand, categories, tags, skus and option values. */
export async function refreshSearchText(tx: Db, productId: string | readonly string[]): Promise<void> {
  const ids = typeof productId === 'string' ? [productId] : productId;
  if (ids.length === 0) return;
  await tx.execute(
    sql`update products p set search_text = lower(concat_ws(' ', p.brand,
          (select string_agg(c.name, ' ') from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id),
          (select string_agg(t.name, ' ') from product_tags pt join tags t on t.id = pt.tag_id where pt.product_id = p.id),
          (select string_agg(distinct vc.sku, ' ') from variants v join variant_channels vc on vc.variant_id = v.id where v.product_id = p.id),
          (select string_agg(distinct x.value, ' ') from variants v, jsonb_each_text(v.options) x where v.product_id = p.id)))
        where p.id = any(${textArray(ids)})`,
  );
}

/** Maps the unique indexes a concurrent write may still hit to the field they belong to. */
function rethrowConflict(err: unknown): never {
  const c = uniqueViolation(err);
  if (c !== null && c.includes('slug')) throw fieldError('slug', msg.slugTaken);
  if (c !== null && c.includes('sku')) throw fieldError('variants', msg.skuTaken);
  throw err;
}

const summaryOf = (p: AdminProduct) => ({
  title: p.title,
  slug: p.slug,
  status: p.status,
  variants: p.variants.map((v) => ({
    sku: v.sku,
    prices: v.prices.map((x) => [x.channel_id, x.price_minor, x.compare_at_minor]),
  })),
});

export async function createProduct(db: Db, act: CatalogAct, body: AdminProductCreate): Promise<AdminProduct> {
  try {
    return await db.transaction(async (tx) => {
      const id = newId('prd');
      await assertSlugFree(tx, id, body.slug);
      await assertTaxClass(tx, body.tax_class);
      const pub = publication(body.status, body.publish_at);
      const brandId = await brandIdOf(tx, body.brand);
      await tx.execute(
        sql`insert into products (id, slug, name, brand_id, brand, short_description, description, description_blocks,
              currency, price_minor, stock, is_published, publish_at, seo_title, seo_description, hsn_code, tax_class, weight_grams)
            values (${id}, ${body.slug}, ${body.title}, ${brandId}, ${body.brand}, ${body.short_description},
              ${blocksText(body.description)}, ${JSON.stringify(body.description)}::jsonb,
              (select c.currency_code from channels c where c.id = (select channel_id from storefronts order by is_default desc, id limit 1)),
              0, 0, ${pub.published}, ${pub.publishAt}, ${body.seo_title}, ${body.seo_description}, ${body.hsn_code},
              ${body.tax_class}, ${body.weight_grams})`,
      );
      await setCategory(tx, id, body.category);
      await setProductCollections(tx, id, body.collections);
      await setTags(tx, id, body.tags);
      await setVariants(tx, act, id, body.options, body.variants);
      await refreshSearchText(tx, id);
      await refreshProductSummaries(tx, [id]);
      const product = (await loadAdminProduct(tx, id))!;
      await recordAudit(tx, {
        staff: act.staff,
        action: 'product.create',
        target: `product:${id}`,
        after: summaryOf(product),
        ip: act.ip,
      });
      return product;
    });
  } catch (e) {
    rethrowConflict(e);
  }
}

/**
 * Locks the product's variants in id order, before its row: the order checkout, stock changes and
 * the bulk editor take (variants, then products), so a save that replaces the variants cannot
 * deadlock with them on PostgreSQL.
 */
async function lockVariantsOf(tx: Db, productId: string): Promise<void> {
  await tx.execute(sql`select id from variants where product_id = ${productId} order by id for update`);
}

const lockProductRow = namedQuery<{ slug: string; version: number; archived: boolean; published: boolean }>()({
  name: 'admin.catalog.product.lock',
  columns: ['slug', 'version', 'archived', 'published'],
  example: { id: 'prd_example' },
  build: (params: { id: string }) =>
    sql`select slug, version, archived_at is not null as archived, is_published as published from products where id = ${params.id} for update`,
});

/** Locks the product row and checks If-Match against it. */
async function lockProduct(tx: Db, id: string, ifMatch: number | null) {
  const [row] = await lockProductRow(tx, { id });
  if (!row) throw notFound(msg.productNotFound);
  if (ifMatch !== null && ifMatch !== row.version) throw new HttpError(409, msg.stale);
  return row;
}

export async function updateProduct(
  db: Db,
  act: CatalogAct,
  id: string,
  patch: AdminProductPatch,
): Promise<AdminProduct> {
  try {
    return await db.transaction(async (tx) => {
      if (patch.options !== undefined && patch.variants !== undefined) await lockVariantsOf(tx, id);
      const row = await lockProduct(tx, id, act.ifMatch);
      return await writeProduct(tx, act, id, row, patch);
    });
  } catch (e) {
    rethrowConflict(e);
  }
}

/** An edit's writes, on the locked product row (updateProduct, and the undo of an edit). */
async function writeProduct(
  tx: Db,
  act: CatalogAct,
  id: string,
  row: { slug: string },
  patch: AdminProductPatch & { archived?: true },
): Promise<AdminProduct> {
  const before = (await loadAdminProduct(tx, id))!;
  if (patch.tax_class !== undefined && patch.tax_class !== before.tax_class) await assertTaxClass(tx, patch.tax_class);
  if (patch.slug !== undefined && patch.slug !== row.slug) {
    await assertSlugFree(tx, id, patch.slug);
    await tx.execute(
      sql`insert into product_redirects (slug, product_id) values (${row.slug}, ${id})
          on conflict (slug) do update set product_id = excluded.product_id, created_at = now()`,
    );
  }
  const sets = [];
  if (patch.title !== undefined) sets.push(sql`name = ${patch.title}`);
  if (patch.slug !== undefined) sets.push(sql`slug = ${patch.slug}`);
  // A new publish_at alone moves a scheduled product's time.
  const status =
    patch.status ?? (patch.publish_at !== undefined && before.status === 'scheduled' ? 'scheduled' : undefined);
  if (status !== undefined) {
    const pub = publication(status, patch.publish_at !== undefined ? patch.publish_at : before.publish_at);
    sets.push(sql`is_published = ${pub.published}, publish_at = ${pub.publishAt}, archived_at = null`);
  }
  if (patch.short_description !== undefined) sets.push(sql`short_description = ${patch.short_description}`);
  if (patch.description !== undefined) {
    sets.push(
      sql`description = ${blocksText(patch.description)}, description_blocks = ${JSON.stringify(patch.description)}::jsonb`,
    );
  }
  if (patch.brand !== undefined) {
    sets.push(sql`brand = ${patch.brand}, brand_id = ${await brandIdOf(tx, patch.brand)}`);
  }
  if (patch.seo_title !== undefined) sets.push(sql`seo_title = ${patch.seo_title}`);
  if (patch.seo_description !== undefined) sets.push(sql`seo_description = ${patch.seo_description}`);
  if (patch.hsn_code !== undefined) sets.push(sql`hsn_code = ${patch.hsn_code}`);
  if (patch.tax_class !== undefined) sets.push(sql`tax_class = ${patch.tax_class}`);
  if (patch.weight_grams !== undefined) sets.push(sql`weight_grams = ${patch.weight_grams}`);
  // Only the undo of an edit that brought an archived product back sends it to the archive again.
  if (patch.archived) sets.push(sql`archived_at = now(), is_published = false, publish_at = null`);
  sets.push(sql`version = version + 1, updated_at = now()`);
  await tx.execute(sql`update products set ${sql.join(sets, sql`, `)} where id = ${id}`);
  if (patch.category !== undefined) await setCategory(tx, id, patch.category);
  if (patch.collections !== undefined) await setProductCollections(tx, id, patch.collections);
  if (patch.tags !== undefined) await setTags(tx, id, patch.tags);
  if (patch.options !== undefined && patch.variants !== undefined) {
    await setVariants(tx, act, id, patch.options, patch.variants);
  }
  await refreshSearchText(tx, id);
  await refreshProductSummaries(tx, [id]);
  const after = (await loadAdminProduct(tx, id))!;
  await recordAudit(tx, {
    staff: act.staff,
    action: 'product.update',
    target: `product:${id}`,
    before: { ...editedFields(before, patch), version: before.version },
    after: { ...editedFields(after, patch), version: after.version },
    ip: act.ip,
  });
  return after;
}

/**
 * The fields the patch named, from `p`, in the patch's own shape (variants with id, sku, options
 * and prices; no stock): an edit's audit entry, whose "before" is what its undo sends back.
 */
export function editedFields(p: AdminProduct, patch: AdminProductPatch): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(patch) as (keyof AdminProductPatch)[]) {
    if (key === 'variants') {
      out[key] = p.variants.map((v) => ({
        id: v.id,
        sku: v.sku,
        options: v.options,
        prices: v.prices.map((x) => ({
          channel_id: x.channel_id,
          price_minor: x.price_minor,
          compare_at_minor: x.compare_at_minor,
        })),
      }));
    } else out[key] = p[key as keyof AdminProduct];
  }
  // A status goes with its time (an undo back to "scheduled" needs it).
  if ('status' in out) out.publish_at = p.publish_at;
  return out;
}

const lockProductVersion = namedQuery<{ slug: string; version: number }>()({
  name: 'admin.catalog.product.lock-version',
  columns: ['slug', 'version'],
  example: { id: 'prd_example' },
  build: (params: { id: string }) => sql`select slug, version from products where id = ${params.id} for update`,
});

/** The product's variants: a sku, and whether their stock moved after the audit entry's time. */
const variantsMovedSince = namedQuery<{ id: string; sku: string | null; moved: boolean }>()({
  name: 'admin.catalog.product.variants-moved-since',
  columns: ['id', 'sku', 'moved'],
  example: { id: 'prd_example', entryId: 1 },
  build: (params: { id: string; entryId: number }) =>
    sql`select v.id, (select min(vc.sku) from variant_channels vc where vc.variant_id = v.id) as sku,
                 exists (select 1 from stock_movements m where m.variant_id = v.id and m.created_at > (select a.created_at from audit_log a where a.id = ${params.entryId})) as moved
          from variants v where v.product_id = ${params.id}`,
});

/**
 * Undo of an edit (the undo service): the product goes back to the entry's "before" fields, its
 * options and variants (SKU, prices, compare-at; a variant the edit removed comes back new, without
 * stock) in the caller's transaction, through the edit's own writes (audited as an edit). Only
 * while the product is still at the version the edit left (409 `changedSince` otherwise: edited,
 * archived or undone since). Stock is never touched: it has its own history; so an undo that would
 * remove a variant whose stock moved after the edit (a sale, a restock) is refused.
 */
export async function undoProductUpdate(
  tx: Db,
  act: CatalogAct,
  id: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  /** The edit's audit entry: stock moves after its time are not the edit's. */
  entryId: number,
  changedSince: () => Error,
): Promise<void> {
  if (typeof after.version !== 'number') throw changedSince();
  const fields = { ...before };
  delete fields.version;
  const patch = fields as Omit<AdminProductPatch, 'status'> & { status?: AdminProduct['status'] };
  if (patch.variants !== undefined) await lockVariantsOf(tx, id);
  const [row] = await lockProductVersion(tx, { id });
  if (!row || row.version !== after.version) throw changedSince();
  const { status, ...rest } = patch;
  const restore: AdminProductPatch & { archived?: true } = rest;
  if (status === 'archived') {
    restore.archived = true;
    delete restore.publish_at;
  } else if (status !== undefined) restore.status = status;
  if (restore.variants) {
    const liveRows = await variantsMovedSince(tx, { id, entryId });
    const live = new Set(liveRows.map((v) => v.id));
    // A variant the edit added that has sold or been restocked since would go with that stock: refuse.
    const restoredIds = new Set(restore.variants.flatMap((v) => (v.id !== undefined ? [v.id] : [])));
    const stocked = liveRows.find((v) => !restoredIds.has(v.id) && v.moved);
    if (stocked) throw new HttpError(409, undoMessages.variantStocked(stocked.sku ?? stocked.id));
    restore.variants = restore.variants.map(({ id: vid, ...v }) => ({
      ...v,
      ...(vid !== undefined && live.has(vid) ? { id: vid } : {}),
      stock: 0,
    }));
  }
  // A scheduled time that has passed meanwhile cannot be scheduled again.
  if (restore.status === 'scheduled' && (!restore.publish_at || Date.parse(restore.publish_at) <= Date.now())) {
    throw changedSince();
  }
  try {
    await writeProduct(tx, act, id, row, restore);
  } catch (e) {
    rethrowConflict(e);
  }
}

export async function archiveProduct(db: Db, act: CatalogAct, id: string): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const row = await lockProduct(tx, id, act.ifMatch);
    if (row.archived) throw new HttpError(409, msg.archived);
    await tx.execute(
      sql`update products set archived_at = now(), is_published = false, publish_at = null,
             version = version + 1, updated_at = now() where id = ${id}`,
    );
    await recordAudit(tx, {
      staff: act.staff,
      action: 'product.archive',
      target: `product:${id}`,
      before: { status: row.published ? 'published' : 'draft' },
      after: { status: 'archived' },
      ip: act.ip,
    });
    return (await loadAdminProduct(tx, id))!;
  });
}

/** The longest slug and SKU (the create schema's bounds): a copy's suffix fits inside them. */
const SLUG_MAX = 120;
const SKU_MAX = 64;

/** The first `-copy` suffix under which the slug and every sku (in the order given) are free. */
const freeCopyNames = namedQuery<{ slug: string; skus: string[] }>()({
  name: 'admin.catalog.product.free-copy-names',
  columns: ['slug', 'skus'],
  example: { slug: 'product', skus: ['sku-1'] },
  build: (params: { slug: string; skus: string[] }) =>
    sql`with suffix as (
          select n, '-copy' || case when n = 1 then '' else '-' || n end as s from generate_series(1, 1000) n),
        slug as (
          select x.n, x.s, rtrim(left(${params.slug}, ${SLUG_MAX} - length(x.s)), '-') || x.s as slug from suffix x),
        copy as (
          select x.n, v.i,
                 case when length(v.sku) + length(x.s) <= ${SKU_MAX} then v.sku || x.s
                      else left(v.sku, ${SKU_MAX} - length(x.s) - length('-' || v.i)) || '-' || v.i || x.s end as sku
            from suffix x cross join unnest(${textArray(params.skus)}) with ordinality as v(sku, i)),
        taken as (
          select distinct c.n from copy c join variant_channels vc on lower(vc.sku) = lower(c.sku))
        select x.slug, array(select c.sku from copy c where c.n = x.n order by c.i) as skus
          from slug x
         where x.n not in (select n from taken) and not exists (select 1 from products p where p.slug = x.slug)
         order by x.n limit 1`,
});

/**
 * A copy as a draft: "<title> (copy)", slug and skus with a `-copy` suffix (`-copy-2`… when taken),
 * same options, prices and fields, no stock (it is a new item on the shelf). A slug or sku too
 * long for the suffix is shortened first; a shortened sku also gets its variant's number
 * (`…-2-copy`), so skus that differ only past the cut stay apart. The first suffix under which the
 * slug and every sku are free is taken, all in one statement.
 */
export async function duplicateProduct(db: Db, act: CatalogAct, id: string): Promise<AdminProduct> {
  const source = await loadAdminProduct(db, id);
  if (!source) throw notFound(msg.productNotFound);
  const [free] = await freeCopyNames(db, { slug: source.slug, skus: source.variants.map((v) => v.sku) });
  if (!free) throw new HttpError(409, msg.noFreeCopyName);
  return createProduct(db, act, {
    title: `${source.title} (copy)`.slice(0, 200),
    slug: free.slug,
    status: 'draft',
    publish_at: null,
    short_description: source.short_description,
    description: source.description,
    brand: source.brand,
    category: source.category,
    collections: source.collections,
    tags: source.tags,
    seo_title: source.seo_title,
    seo_description: source.seo_description,
    hsn_code: source.hsn_code,
    tax_class: source.tax_class,
    weight_grams: source.weight_grams,
    options: source.options,
    variants: source.variants.map((v, i) => ({
      sku: free.skus[i]!,
      options: v.options,
      stock: 0,
      prices: v.prices.map((p) => ({
        channel_id: p.channel_id,
        price_minor: p.price_minor,
        compare_at_minor: p.compare_at_minor,
      })),
    })),
  });
}

/** Scheduled products whose time has come go live (the recurring job, and before each panel list). */
export async function publishDue(db: Db): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update products set is_published = true, publish_at = null, version = version + 1, updated_at = now()
         where not is_published and archived_at is null and publish_at <= now() returning id`,
  );
  return rows.length;
}
