import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  adminImportMessages as msg,
  type AdminImportIssue,
  type AdminProduct,
  type AdminProductPatch,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../../db/client.ts';
import { noteStockChange } from '../../catalog/stock-note.ts';
import { refreshProductSummaries } from '../../catalog/summary.ts';
import { textArray } from '../../../db/sql-array.ts';
import { recordAudits, type AuditActor } from '../../staff/audit.ts';
import { blocksText, loadAdminProducts } from '../catalog/product-view.ts';
import { editedFields, refreshSearchText, slugify, titleOf } from '../catalog/products.ts';
import { channelKeys, channelPrices, lockTaxClassKeys, recordset, upsertBrands } from './create-batch.ts';
import { decide, type Decision, type PlannedProduct } from './plan.ts';

/** A planned product and the shop product it changes (matchExisting, no SKU conflict). */
export interface UpdateItem {
  p: PlannedProduct;
  id: string;
}

/** What became of a batch's changes: by index in the items. */
export interface UpdatesDone {
  /** Written (a field, a price or a stock changed). */
  written: number[];
  /** Row errors: a stock that is no longer the count the dry run saw (the sale stands). */
  errors: { k: number; issue: AdminImportIssue }[];
  /** Left for the one-by-one writer (updateProduct's own checks and messages, in a savepoint each). */
  oneByOne: number[];
}

/**
 * Product fields the batch writes itself; a change of another (status, category, collections,
 * tags), of the options or of which variants a product has is left to updateProduct one by one.
 */
const BATCH_FIELDS = new Set<keyof AdminProductPatch>([
  'title',
  'short_description',
  'description',
  'brand',
  'seo_title',
  'seo_description',
  'hsn_code',
  'tax_class',
  'weight_grams',
  'options',
  'variants',
]);

interface Fast {
  k: number;
  id: string;
  ex: AdminProduct;
  d: Decision;
}

/**
 * The import's changes to existing products of one batch, written together (issue 26), as
 * updateProduct and the import's stock corrections write them one by one: the batch's variants
 * and then products locked (in id order, the order checkout takes), what they are now read in one
 * query, each decided again (a second run of a file changes nothing); a stock the file changes
 * must still be the count the dry run saw (else that product is a row error, the sale stands, and
 * nothing of it is written). Then, for the products whose changes are fields, prices and stock
 * (the usual re-import): one statement each for the product rows (version + 1), variant rows and
 * channel prices, the stock (a `correction` movement each, set only over the count seen), search
 * words, listing summaries, and the `product.update` audit entries (updateProduct's before and
 * after). Those statements run in a savepoint: when the database refuses one, the savepoint is
 * rolled back and its products are answered back for the one-by-one writer. Products whose
 * change is structural (variants added, removed or renamed, options, status, category,
 * collections, tags), named twice in the batch, or gone since, go one by one too.
 */
export async function updateProducts(tx: Db, actor: AuditActor, items: readonly UpdateItem[]): Promise<UpdatesDone> {
  const done: UpdatesDone = { written: [], errors: [], oneByOne: [] };
  if (items.length === 0) return done;
  const seen = new Map<string, number>();
  for (const x of items) seen.set(x.id, (seen.get(x.id) ?? 0) + 1);
  const ids = [...seen.keys()];
  await tx.execute(sql`select id from variants where product_id = any(${textArray(ids)}) order by id for update`);
  await tx.execute(sql`select id from products where id = any(${textArray(ids)}) order by id for update`);
  const existing = await loadAdminProducts(tx, ids);
  const known = await namesKnown(tx, items);
  const fast: Fast[] = [];
  items.forEach(({ p, id }, k) => {
    const ex = existing.get(id);
    if (!ex || seen.get(id)! > 1) return void done.oneByOne.push(k);
    const d = decide(ex, p);
    if (d.action === 'unchanged') return;
    if (d.action !== 'update' || !batchable(ex, p, d, known)) return void done.oneByOne.push(k);
    // Locked above: the count now is the one the update below sees.
    const moved = d.stock.find((s) => ex.variants.find((v) => v.id === s.id)?.stock !== s.from);
    if (moved) {
      const now = ex.variants.find((v) => v.id === moved.id)?.stock ?? 0;
      const column = p.columns.variant.stock ?? null;
      done.errors.push({
        k,
        issue: { row: p.variantRows[moved.index] ?? p.row, column, message: msg.stockChangedSinceCheck(now) },
      });
      return;
    }
    fast.push({ k, id, ex, d });
  });
  if (fast.length === 0) return done;
  try {
    await tx.transaction((sp) => writeUpdates(sp, actor, fast));
    done.written.push(...fast.map((f) => f.k));
  } catch {
    done.oneByOne.push(...fast.map((f) => f.k));
  }
  done.oneByOne.sort((a, b) => a - b);
  return done;
}

/** The tax classes (locked against a delete until the transaction ends) and channels the items name. */
async function namesKnown(tx: Db, items: readonly UpdateItem[]) {
  const taxClasses = [...new Set(items.map((x) => x.p.body.tax_class))];
  const rows = await lockTaxClassKeys(tx, { keys: taxClasses });
  const channels = await channelKeys(tx, {});
  return { taxClasses: new Set(rows.map((r) => r.key)), channels: new Set(channels.map((r) => r.key)) };
}

/**
 * Whether the batch writes this change itself: only fields it writes; the same variants (by id,
 * in the same places, SKUs and option values as they are) under the same options, with prices in
 * channels the shop has; a tax class the shop has.
 */
function batchable(
  ex: AdminProduct,
  p: PlannedProduct,
  d: Decision,
  known: { taxClasses: Set<string>; channels: Set<string> },
): boolean {
  const patch = d.patch ?? {};
  if (!(Object.keys(patch) as (keyof AdminProductPatch)[]).every((f) => BATCH_FIELDS.has(f))) return false;
  if (patch.tax_class !== undefined && !known.taxClasses.has(patch.tax_class)) return false;
  if (patch.variants === undefined) return true;
  if (!isDeepStrictEqual(patch.options, ex.options) || patch.variants.length !== ex.variants.length) return false;
  return patch.variants.every((v, i) => {
    const was = ex.variants[i]!;
    return (
      v.id === was.id &&
      v.sku === was.sku &&
      isDeepStrictEqual(v.options, was.options) &&
      v.prices.every((x) => known.channels.has(x.channel_id))
    );
  });
}

/** The batch's writes (in a savepoint: any failure takes all of them back). */
async function writeUpdates(tx: Db, actor: AuditActor, fast: readonly Fast[]): Promise<void> {
  const edited = fast.filter((f) => f.d.patch && Object.keys(f.d.patch).length);
  if (edited.length) {
    await upsertBrands(
      tx,
      edited.flatMap((f) => (f.d.patch!.brand !== undefined ? [f.d.patch!.brand] : [])),
    );
    await tx.execute(
      sql`update products p set
            name = case when r.f ? 'title' then r.name else p.name end,
            short_description = case when r.f ? 'short_description' then r.short_description else p.short_description end,
            description = case when r.f ? 'description' then r.description else p.description end,
            description_blocks = case when r.f ? 'description' then r.description_blocks else p.description_blocks end,
            brand = case when r.f ? 'brand' then r.brand else p.brand end,
            brand_id = case when r.f ? 'brand' then (select b.id from brands b where b.slug = r.brand_slug) else p.brand_id end,
            seo_title = case when r.f ? 'seo_title' then r.seo_title else p.seo_title end,
            seo_description = case when r.f ? 'seo_description' then r.seo_description else p.seo_description end,
            hsn_code = case when r.f ? 'hsn_code' then r.hsn_code else p.hsn_code end,
            tax_class = case when r.f ? 'tax_class' then r.tax_class else p.tax_class end,
            weight_grams = case when r.f ? 'weight_grams' then r.weight_grams else p.weight_grams end,
            version = p.version + 1, updated_at = now()
          from ${recordset(
            edited.map(({ id, d }) => {
              const x = d.patch!;
              return {
                id,
                f: Object.keys(x),
                name: x.title ?? null,
                short_description: x.short_description ?? null,
                description: x.description ? blocksText(x.description) : null,
                description_blocks: x.description ?? null,
                brand: x.brand ?? null,
                brand_slug: x.brand ? slugify(x.brand) : null,
                seo_title: x.seo_title ?? null,
                seo_description: x.seo_description ?? null,
                hsn_code: x.hsn_code ?? null,
                tax_class: x.tax_class ?? null,
                weight_grams: x.weight_grams ?? null,
              };
            }),
            sql`id text, f jsonb, name text, short_description text, description text, description_blocks jsonb,
                brand text, brand_slug text, seo_title text, seo_description text, hsn_code text, tax_class text,
                weight_grams int`,
          )}
          where p.id = r.id`,
    );
    const variants = edited.flatMap(({ d }) =>
      (d.patch!.variants ?? []).map((v, position) => ({ ...v, title: titleOf(d.patch!.options!, v), position })),
    );
    if (variants.length) {
      // The variant rows as updateProduct writes them (title, place, default), where they differ.
      await tx.execute(
        sql`update variants v set title = r.title, position = r.position, is_default = r.position = 0
              from ${recordset(
                variants.map(({ id, title, position }) => ({ id, title, position })),
                sql`id text, title text, position int`,
              )}
             where v.id = r.id and (v.title, v.position, v.is_default) is distinct from (r.title, r.position, r.position = 0)`,
      );
      await tx.execute(
        sql`insert into variant_channels (variant_id, channel_id, sku, selling_price_minor, mrp_minor)
            select r.variant_id, r.channel_id, r.sku, r.price_minor, r.compare_at_minor
              from ${channelPrices(variants)}
             order by r.n
            on conflict (variant_id, channel_id) do update
               set selling_price_minor = excluded.selling_price_minor, mrp_minor = excluded.mrp_minor
             where (variant_channels.selling_price_minor, variant_channels.mrp_minor)
                   is distinct from (excluded.selling_price_minor, excluded.mrp_minor)`,
      );
    }
  }
  const stock = fast.flatMap((f) => f.d.stock.map((s) => ({ id: s.id, from: s.from, to: s.to })));
  if (stock.length) {
    await noteStockChange(tx, { reason: 'correction', actor: actor.email, note: 'CSV import' });
    const set = await queryRows(
      tx,
      sql`update variants v set stock = r.to from ${recordset(stock, sql`id text, "from" int, "to" int`)}
           where v.id = r.id and v.stock = r.from returning v.id`,
    );
    // The variants are locked and were checked: a count that moved all the same takes the batch back.
    if (set.length !== stock.length) throw new Error('A stock moved under the import’s lock');
    await noteStockChange(tx, null);
  }
  const editedIds = edited.map((f) => f.id);
  await refreshSearchText(tx, editedIds);
  await refreshProductSummaries(
    tx,
    fast.map((f) => f.id),
  );
  const after = await loadAdminProducts(tx, editedIds);
  await recordAudits(
    tx,
    edited.map(({ id, ex, d }) => ({
      staff: actor,
      action: 'product.update',
      target: `product:${id}`,
      before: { ...editedFields(ex, d.patch!), version: ex.version },
      after: { ...editedFields(after.get(id)!, d.patch!), version: after.get(id)!.version },
      ip: null,
    })),
  );
}
