import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  AdminProductCreateSchema,
  IMPORT_REPORT_MAX,
  adminCatalogMessages,
  adminImportMessages as msg,
  minorUnitDigits,
  type AdminImportIssue,
  type AdminImportLine,
  type AdminProduct,
  type AdminProductCreate,
  type AdminProductPatch,
  type ImportAction,
  type ImportFormat,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { textArray } from '../../../db/sql-array.ts';
import { loadAdminProducts } from '../catalog/product-view.ts';
import { slugOf, type ColumnNames, type MapContext, type MappedProduct } from './mappers/common.ts';

/** A product the import will write: validated, with where it came from (to name a row in an error). */
export interface PlannedProduct {
  row: number;
  variantRows: number[];
  columns: ColumnNames;
  /** The fields the file gives (the others of a matched product are left as they are). */
  fields: (keyof AdminProductCreate)[];
  body: AdminProductCreate;
  /** Per variant: whether the file gives its stock (a blank cell or no column leaves the shop's as it is). */
  stockGiven: boolean[];
  /**
   * Per variant: the shop's stock when the dry run compared the file with it (null: a variant the
   * shop did not have). The import writes a stock only while it still is that, so a sale since the
   * check is never undone.
   */
  stockSeen: (number | null)[];
}

/** The shop's channels, the default (storefront) channel first. */
const channelsDefaultFirst = namedQuery<{ id: string; currency: string }>()({
  name: 'admin.import.plan.channels',
  columns: ['id', 'currency'],
  example: {},
  build: () =>
    sql`select c.id, c.currency_code as currency from channels c
         order by c.id <> coalesce((select channel_id from storefronts order by is_default desc, id limit 1), ''), c.id`,
});

/** The shop's channels, the default (storefront) channel first, with their currency's decimals. */
export async function mapContext(db: Db): Promise<MapContext> {
  const rows = await channelsDefaultFirst(db, {});
  const channels = rows.map((c) => ({ ...c, digits: minorUnitDigits(c.currency) }));
  return { channel: channels[0]!, channels };
}

/** A validation issue's path as the file's row and column. */
function locate(p: MappedProduct, path: readonly PropertyKey[], message: string): AdminImportIssue {
  const [field, i, sub, j, leaf] = path;
  if (field === 'variants' && typeof i === 'number') {
    const row = p.variantRows[i] ?? p.row;
    const variant = p.input.variants[i];
    if (sub === 'prices') {
      const channel = typeof j === 'number' ? variant?.prices[j]?.channel_id : undefined;
      const own = channel ? p.columns.channelPrice?.[channel] : undefined;
      const column =
        leaf === 'compare_at_minor'
          ? (own?.compare_at ?? p.columns.variant.compare_at)
          : (own?.price ?? p.columns.variant.price);
      return { row, column: column ?? null, message };
    }
    const key = sub === 'sku' || sub === 'stock' || sub === 'options' ? sub : 'sku';
    return { row, column: p.columns.variant[key] ?? null, message };
  }
  const column = typeof field === 'string' ? (p.columns.product[field] ?? field) : null;
  return { row: p.row, column, message };
}

/** Validates a mapped product with the product form's own schema. */
export function validate(p: MappedProduct): { ok: PlannedProduct } | { issues: AdminImportIssue[] } {
  if (p.issues.length) return { issues: p.issues };
  const parsed = AdminProductCreateSchema.safeParse(p.input);
  if (!parsed.success) return { issues: parsed.error.issues.map((i) => locate(p, i.path, i.message)) };
  const fields = Object.keys(p.input) as (keyof AdminProductCreate)[];
  const stockGiven = p.input.variants.map((v) => v.stock !== undefined);
  const stockSeen = p.input.variants.map(() => null);
  return {
    ok: {
      row: p.row,
      variantRows: p.variantRows,
      columns: p.columns,
      fields,
      body: parsed.data,
      stockGiven,
      stockSeen,
    },
  };
}

const PRODUCT_FIELDS = [
  'title',
  'status',
  'publish_at',
  'short_description',
  'description',
  'brand',
  'category',
  'collections',
  'tags',
  'seo_title',
  'seo_description',
  'hsn_code',
  'tax_class',
  'weight_grams',
] as const;

/** Equal values, whatever the order of their keys (jsonb keeps its own). */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);
const sortedPrices = (prices: { channel_id: string; price_minor: number; compare_at_minor: number | null }[]) =>
  [...prices]
    .map((p) => ({ channel_id: p.channel_id, price_minor: p.price_minor, compare_at_minor: p.compare_at_minor }))
    .sort((a, b) => a.channel_id.localeCompare(b.channel_id));
const optionShape = (options: { name: string; values: string[] }[]) =>
  options.map((o) => ({ name: o.name, values: [...o.values].sort() }));

export interface Decision {
  action: Exclude<ImportAction, 'error'>;
  patch?: AdminProductPatch;
  /**
   * Each kept variant whose stock the file changes: from the count the dry run saw (the one the
   * owner checked) to the file's, with the variant's row.
   */
  stock: StockChange[];
}

export interface StockChange {
  id: string;
  from: number;
  to: number;
  /** The variant's index in the plan (its row and stock column name a conflict). */
  index: number;
}

/**
 * What writing `p` over `existing` would change: nothing (unchanged), the fields and variants
 * that differ (update), or a new product (create). Variants are matched by SKU; a price in a
 * channel the file has no column for is kept.
 */
export function decide(existing: AdminProduct | null, p: PlannedProduct): Decision {
  if (!existing) return { action: 'create', stock: [] };
  const patch: Record<string, unknown> = {};
  for (const f of PRODUCT_FIELDS) {
    if (!p.fields.includes(f)) continue;
    let want: unknown = p.body[f];
    let have: unknown = existing[f];
    // A tag is the shop's by its slug: "summer" names the existing "Summer".
    const tagKeys = (tags: string[]) => tags.map((t) => slugOf(t)).sort();
    if (f === 'tags') [want, have] = [tagKeys(want as string[]), tagKeys(have as string[])];
    if (f === 'status' && existing.status === 'archived' && want === 'draft') continue;
    if (f === 'publish_at' && p.body.status !== 'scheduled') continue;
    if (f === 'publish_at' && want && have) [want, have] = [Date.parse(want as string), Date.parse(have as string)];
    if (!same(want, have)) patch[f] = p.body[f];
  }
  const bySku = new Map(existing.variants.map((v) => [v.sku.toLowerCase(), v]));
  const stock: Decision['stock'] = [];
  let variantsDiffer =
    existing.variants.length !== p.body.variants.length ||
    !same(optionShape(existing.options), optionShape(p.body.options));
  const variants = p.body.variants.map((v, i) => {
    const ex = bySku.get(v.sku.toLowerCase());
    if (!ex) {
      variantsDiffer = true;
      return v;
    }
    const fileChannels = new Set(v.prices.map((x) => x.channel_id));
    const prices = [...v.prices, ...ex.prices.filter((x) => !fileChannels.has(x.channel_id))].map((x) => ({
      channel_id: x.channel_id,
      price_minor: x.price_minor,
      compare_at_minor: x.compare_at_minor,
    }));
    if (ex.sku !== v.sku || !same(ex.options, v.options) || !same(sortedPrices(ex.prices), sortedPrices(prices)))
      variantsDiffer = true;
    // A blank stock cell changes nothing; else the change is from what the dry run saw (or, before
    // it, what the shop has now), and none when the shop already has the file's count.
    const from = p.stockSeen?.[i] ?? ex.stock;
    const given = p.stockGiven?.[i] ?? true;
    if (given && v.stock !== from && v.stock !== ex.stock) stock.push({ id: ex.id, from, to: v.stock, index: i });
    return { ...v, id: ex.id, prices };
  });
  if (variantsDiffer) Object.assign(patch, { options: p.body.options, variants });
  const changed = Object.keys(patch).length > 0 || stock.length > 0;
  return changed ? { action: 'update', patch: patch as AdminProductPatch, stock } : { action: 'unchanged', stock: [] };
}

const productsBySlug = namedQuery<{ slug: string; id: string }>()({
  name: 'admin.import.plan.products-by-slug',
  columns: ['slug', 'id'],
  example: { slugs: ['example'] },
  build: (params: { slugs: string[] }) =>
    sql`select slug, id from products where slug = any(${textArray(params.slugs)})`,
});

/** The product of each SKU named (lower case) that a variant has. */
const skuOwners = namedQuery<{ sku: string; id: string }>()({
  name: 'admin.import.plan.sku-owners',
  columns: ['sku', 'id'],
  example: { skus: ['sku-example'] },
  build: (params: { skus: string[] }) =>
    sql`select distinct lower(vc.sku) as sku, v.product_id as id from variant_channels vc
             join variants v on v.id = vc.variant_id where lower(vc.sku) = any(${textArray(params.skus)})`,
});

/**
 * Which existing product each planned one is: the one with its handle, else the one whose variant
 * has the product's first SKU (a file without handles, or a product renamed since).
 */
export async function matchExisting(
  db: Db,
  planned: readonly PlannedProduct[],
): Promise<{ ids: (string | null)[]; skuOwner: Map<string, string> }> {
  const slugs = planned.map((p) => p.body.slug);
  const skus = planned.flatMap((p) => p.body.variants.map((v) => v.sku.toLowerCase()));
  const bySlug = new Map((await productsBySlug(db, { slugs })).map((r) => [r.slug, r.id]));
  const skuOwner = new Map((await skuOwners(db, { skus })).map((r) => [r.sku, r.id]));
  const ids = planned.map(
    (p) => bySlug.get(p.body.slug) ?? skuOwner.get(p.body.variants[0]!.sku.toLowerCase()) ?? null,
  );
  return { ids, skuOwner };
}

/** Issues of a SKU that another shop product has (not the one this row updates). */
export function skuConflicts(p: PlannedProduct, id: string | null, skuOwner: Map<string, string>): AdminImportIssue[] {
  return p.body.variants.flatMap((v, i) => {
    const owner = skuOwner.get(v.sku.toLowerCase());
    return owner !== undefined && owner !== id
      ? [{ row: p.variantRows[i] ?? p.row, column: p.columns.variant.sku ?? null, message: msg.skuOtherProduct }]
      : [];
  });
}

/** What the shop has that a product names: category, collection and tax class keys. */
export interface KnownKeys {
  categories: Set<string>;
  collections: Set<string>;
  taxClasses: Set<string>;
}

const allCategoryKeys = namedQuery<{ key: string }>()({
  name: 'admin.import.plan.categories',
  columns: ['key'],
  example: {},
  build: () => sql`select slug as key from categories`,
});

const allCollectionKeys = namedQuery<{ key: string }>()({
  name: 'admin.import.plan.collections',
  columns: ['key'],
  example: {},
  build: () => sql`select slug as key from collections`,
});

const allTaxClassKeys = namedQuery<{ key: string }>()({
  name: 'admin.import.plan.tax-classes',
  columns: ['key'],
  example: {},
  build: () => sql`select distinct key from tax_rates`,
});

export async function knownKeys(db: Db): Promise<KnownKeys> {
  const keys = (rows: { key: string }[]) => new Set(rows.map((r) => r.key));
  return {
    categories: keys(await allCategoryKeys(db, {})),
    collections: keys(await allCollectionKeys(db, {})),
    taxClasses: keys(await allTaxClassKeys(db, {})),
  };
}

/**
 * The category, collections and tax class the file names that the shop does not have (the tax
 * class also of a new product, which takes the standard one when the file names none).
 */
function unknownKeys(p: PlannedProduct, known: KnownKeys, isNew: boolean): AdminImportIssue[] {
  const out: AdminImportIssue[] = [];
  if (p.body.category !== null && !known.categories.has(p.body.category))
    out.push({
      row: p.row,
      column: p.columns.product.category ?? 'category',
      message: adminCatalogMessages.unknownCategory,
    });
  for (const c of p.body.collections) {
    if (!known.collections.has(c))
      out.push({
        row: p.row,
        column: p.columns.product.collections ?? 'collections',
        message: `There is no collection "${c}"`,
      });
  }
  if ((isNew || p.fields.includes('tax_class')) && !known.taxClasses.has(p.body.tax_class))
    out.push({
      row: p.row,
      column: p.columns.product.tax_class ?? 'tax_class',
      message: msg.unknownTaxClass(p.body.tax_class),
    });
  return out;
}

/** Each planned variant's stock in the shop now (null: a variant the shop does not have). */
function stockSeenIn(existing: AdminProduct, p: PlannedProduct): (number | null)[] {
  const bySku = new Map(existing.variants.map((v) => [v.sku.toLowerCase(), v.stock]));
  return p.body.variants.map((v) => bySku.get(v.sku.toLowerCase()) ?? null);
}

export interface DryRun {
  format: ImportFormat;
  rows: number;
  lines: AdminImportLine[];
  counts: Record<ImportAction, number>;
  errors: AdminImportIssue[];
  /** The products to write (no errors, not unchanged), in file order. */
  plan: PlannedProduct[];
  pictures: number;
}

/** The dry run: every product's action and every error with its row and column; nothing is written. */
export async function dryRun(
  db: Db,
  format: ImportFormat,
  rows: number,
  mapped: readonly MappedProduct[],
): Promise<DryRun> {
  const counts: Record<ImportAction, number> = { create: 0, update: 0, unchanged: 0, error: 0 };
  const errors: AdminImportIssue[] = [];
  const lines: AdminImportLine[] = [];
  const checked = mapped.map((m) => ({ m, v: validate(m) }));
  const valid = checked.flatMap(({ v }) => ('ok' in v ? [v.ok] : []));
  const { ids, skuOwner } = await matchExisting(db, valid);
  const known = await knownKeys(db);
  const existing = await loadAdminProducts(
    db,
    ids.filter((id): id is string => id !== null),
  );
  const plan: PlannedProduct[] = [];
  let k = 0;
  for (const { m, v } of checked) {
    let action: ImportAction;
    if ('issues' in v) {
      action = 'error';
      errors.push(...v.issues);
    } else {
      const id = ids[k++]!;
      const issues = [...skuConflicts(v.ok, id, skuOwner), ...unknownKeys(v.ok, known, id === null)];
      if (issues.length) {
        action = 'error';
        errors.push(...issues);
      } else {
        const ex = id ? (existing.get(id) ?? null) : null;
        action = decide(ex, v.ok).action;
        if (ex) v.ok.stockSeen = stockSeenIn(ex, v.ok);
        if (action !== 'unchanged') plan.push(v.ok);
      }
    }
    counts[action]++;
    if (lines.length < IMPORT_REPORT_MAX)
      lines.push({ row: m.row, handle: m.input.slug, title: m.input.title, variants: m.input.variants.length, action });
  }
  errors.sort((a, b) => a.row - b.row);
  return { format, rows, lines, counts, errors, plan, pictures: mapped.reduce((n, m) => n + m.pictures.length, 0) };
}
