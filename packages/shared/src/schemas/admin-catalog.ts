import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { TAX_CLASS_KEY_RE, taxMessages } from './admin-tax.ts';
import { identifierText } from './identifier.ts';
import { plainText } from './text.ts';

/**
 * The owner's catalogue (issue 26, area `catalog`: owner, manager): products with their options
 * and variants, per-channel prices in integer minor units, and stock with its movements. Every
 * edit of a product carries `If-Match: <version>` (the product's `version`), answered 409 when
 * someone changed it since. Every change reaches the storefront (product page, listings, search)
 * at its commit.
 */

export const PRODUCT_STATUSES = ['draft', 'published', 'scheduled', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/** What the owner may set; `archived` is the archive action's. */
export const EDITABLE_PRODUCT_STATUSES = ['draft', 'published', 'scheduled'] as const;

/** Why stock moved. The owner sets restock, manual or correction; orders write sale, cancel and return. */
export const STOCK_REASONS = ['sale', 'cancel', 'return', 'restock', 'manual', 'correction'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
export const OWNER_STOCK_REASONS = ['restock', 'manual', 'correction'] as const;

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
export const ADMIN_PRODUCTS_MAX_PAGE_SIZE = 100;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** Variants one product may have, and values one option may list. */
export const ADMIN_VARIANTS_MAX = 100;
export const STOCK_MAX = 1_000_000;
export const PRICE_MAX_MINOR = 1_000_000_000;

export const adminCatalogMessages = {
  productNotFound: 'Product not found',
  variantNotFound: 'Variant not found',
  stale: 'This product was changed by someone else since you opened it. Reload it and try again',
  ifMatch: 'The If-Match header must be the version of the product you read, such as 3',
  cursor: 'This page link is not valid; start again from the first page',
  slug: 'A slug is lower-case letters, digits and hyphens, such as linen-shirt',
  slugTaken: 'Another product already uses this slug',
  skuTaken: 'Another variant already uses this SKU',
  skuTwice: 'Each variant needs its own SKU',
  compareAt: 'The compare-at price must be empty or more than the price',
  unknownChannel: 'There is no sales channel with this id',
  unknownCategory: 'There is no category with this slug',
  publishAt: 'A scheduled product needs a publish time in the future',
  optionValue: 'Each variant must pick one of the values of every option, and no two variants the same',
  stockBelowZero: 'Stock cannot go below zero',
  stockAboveMax: `Stock cannot go above ${STOCK_MAX.toLocaleString('en-IN')}`,
  stockChanged: 'The stock changed since you read it (a sale or another change). Reload it and try again',
  archived: 'This product is archived',
  created: 'Product created',
  saved: 'Product saved',
  duplicated: 'Product duplicated as a draft',
  noFreeCopyName: 'This product has been copied too many times: rename or archive some of its copies first',
  archivedDone: 'Product archived',
  stockSaved: 'Stock updated',
  settingsSaved: 'Catalogue settings saved',
} as const;

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

const text = (max: number, { min = 0, multiline = false } = {}) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(min, { error: messages.required })
      .max(max, { error: messages.maxLength(max) }),
    { multiline },
  );
const optionalText = (max: number) => text(max).transform((v) => v || null);
const minor = z
  .number({ error: messages.integer })
  .int({ error: messages.integer })
  .min(0, { error: messages.atLeast(0) })
  .max(PRICE_MAX_MINOR, { error: messages.atMost(PRICE_MAX_MINOR) });
const stockField = z
  .number({ error: messages.integer })
  .int({ error: messages.integer })
  .min(0, { error: adminCatalogMessages.stockBelowZero })
  .max(STOCK_MAX, { error: messages.atMost(STOCK_MAX) });
export const ProductSlugSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .max(120, { error: messages.maxLength(120) })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: adminCatalogMessages.slug });
const skuField = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .max(64, { error: messages.maxLength(64) })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { error: 'A SKU is letters, digits, dots, slashes and hyphens' });

/** The description's blocks (the blog's block types, without images). */
export const ProductDescriptionBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('heading'),
      text: text(200, { min: 1 }),
      level: z.union([z.literal(2), z.literal(3)], { error: messages.fallback }).default(2),
    }),
    z.object({ type: z.literal('paragraph'), text: text(5000, { min: 1, multiline: true }) }),
    z.object({ type: z.literal('quote'), text: text(2000, { min: 1, multiline: true }) }),
    z.object({
      type: z.literal('list'),
      items: z
        .array(text(500, { min: 1 }))
        .min(1, { error: messages.required })
        .max(50),
      ordered: z.boolean().default(false),
    }),
  ],
  { error: 'A block is a heading, paragraph, quote or list' },
);
export type ProductDescriptionBlock = z.infer<typeof ProductDescriptionBlockSchema>;

/** One channel's price of a variant. compare_at_minor: the struck-through price, above the price. */
export const VariantPriceInputSchema = z
  .object({
    channel_id: identifierText(60),
    price_minor: minor,
    compare_at_minor: minor.nullable().default(null),
  })
  .refine((p) => p.compare_at_minor === null || p.compare_at_minor > p.price_minor, {
    path: ['compare_at_minor'],
    error: adminCatalogMessages.compareAt,
  });

export const VariantInputSchema = z.object({
  /** An existing variant of the product (an edit keeps it); without, a new one. */
  id: identifierText(64).optional(),
  sku: skuField,
  /** Option name → value; one value of each of the product's options. */
  options: z.record(text(60, { min: 1 }), text(60, { min: 1 })).default({}),
  prices: z
    .array(VariantPriceInputSchema)
    .min(1, { error: 'Give the variant a price in at least one channel' })
    .max(20),
  /** A new variant's opening stock; an existing variant's stock moves only through the stock actions. */
  stock: stockField.default(0),
});

export const ProductOptionInputSchema = z.object({
  name: text(60, { min: 1 }),
  values: z
    .array(text(60, { min: 1 }))
    .min(1, { error: messages.required })
    .max(50)
    .refine((v) => new Set(v.map((x) => x.toLowerCase())).size === v.length, { error: 'Each value only once' }),
});

const productFields = {
  title: text(200, { min: 1 }),
  slug: ProductSlugSchema,
  status: z.enum(EDITABLE_PRODUCT_STATUSES, { error: 'The status must be draft, published or scheduled' }),
  /** ISO time; needed (in the future) for `scheduled`, ignored otherwise. */
  publish_at: z.iso.datetime({ offset: true, error: messages.date }).nullable(),
  short_description: text(500),
  description: z.array(ProductDescriptionBlockSchema).max(100),
  brand: optionalText(100).nullable(),
  /** A category's slug. */
  category: identifierText(120).nullable(),
  /** The collections' slugs (a new one puts the product last in it). */
  collections: z.array(identifierText(120)).max(50),
  tags: z.array(text(60, { min: 1 })).max(30),
  seo_title: optionalText(200).nullable(),
  seo_description: optionalText(500).nullable(),
  hsn_code: z
    .string({ error: messages.required })
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})$/, { error: 'An HSN code is 4, 6 or 8 digits' })
    .nullable(),
  /** A tax class's key (GET /api/admin/tax/rates); the server checks it exists. */
  tax_class: z.string({ error: taxMessages.classChoice }).regex(TAX_CLASS_KEY_RE, { error: taxMessages.classChoice }),
  weight_grams: z
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(0, { error: messages.atLeast(0) })
    .max(1_000_000, { error: messages.atMost(1_000_000) })
    .nullable(),
  options: z.array(ProductOptionInputSchema).max(3),
  variants: z
    .array(VariantInputSchema)
    .min(1, { error: 'A product needs at least one variant' })
    .max(ADMIN_VARIANTS_MAX),
};

const variantChecks = <
  T extends { options?: { name: string; values: string[] }[]; variants?: z.infer<typeof VariantInputSchema>[] },
>(
  p: T,
  ctx: z.core.$RefinementCtx<T>,
) => {
  const skus = new Set<string>();
  const combos = new Set<string>();
  p.variants?.forEach((v, i) => {
    const sku = v.sku.toLowerCase();
    if (skus.has(sku))
      ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: adminCatalogMessages.skuTwice });
    skus.add(sku);
    if (!p.options) return;
    const names = p.options.map((o) => o.name);
    const fits =
      Object.keys(v.options).length === names.length &&
      p.options.every((o) => o.values.includes(v.options[o.name] ?? '\u0000'));
    const combo = JSON.stringify(names.map((n) => v.options[n]));
    if (!fits || combos.has(combo)) {
      ctx.addIssue({ code: 'custom', path: ['variants', i, 'options'], message: adminCatalogMessages.optionValue });
    }
    combos.add(combo);
  });
};

/** POST /api/admin/catalog/products. */
export const AdminProductCreateSchema = z
  .object({
    ...productFields,
    status: productFields.status.default('draft'),
    publish_at: productFields.publish_at.default(null),
    short_description: productFields.short_description.default(''),
    description: productFields.description.default([]),
    brand: productFields.brand.default(null),
    category: productFields.category.default(null),
    collections: productFields.collections.default([]),
    tags: productFields.tags.default([]),
    seo_title: productFields.seo_title.default(null),
    seo_description: productFields.seo_description.default(null),
    hsn_code: productFields.hsn_code.default(null),
    tax_class: productFields.tax_class.default('standard'),
    weight_grams: productFields.weight_grams.default(null),
    options: productFields.options.default([]),
  })
  .superRefine(variantChecks);
export type AdminProductCreate = z.output<typeof AdminProductCreateSchema>;

/**
 * PATCH /api/admin/catalog/products/:id: only the fields sent change. `options` and `variants`
 * go together and replace the product's: a variant named by id is kept (its stock with it), one
 * without an id is added, one left out is removed.
 */
export const AdminProductPatchSchema = z
  .object(productFields)
  .partial()
  .superRefine((p, ctx) => {
    if ((p.options === undefined) !== (p.variants === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Send options and variants together' });
    }
    variantChecks(p, ctx);
  });
export type AdminProductPatch = z.output<typeof AdminProductPatchSchema>;

export const AdminProductParamsSchema = z.object({ id: identifierText(64) });
export const AdminVariantParamsSchema = z.object({ variant_id: identifierText(64) });

export const AdminProductsQuerySchema = z.object({
  /** Title or SKU. */
  q: text(100).optional(),
  status: z.enum(PRODUCT_STATUSES, { error: `The status must be one of: ${PRODUCT_STATUSES.join(', ')}` }).optional(),
  /** A category's slug (the products directly in it). */
  category: identifierText(120).optional(),
  /** low: some variant at or under the shop's low-stock threshold; out: none in stock. */
  stock: z.enum(['low', 'out'], { error: 'The stock filter must be low or out' }).optional(),
  cursor: z
    .string({ error: adminCatalogMessages.cursor })
    .max(200, { error: adminCatalogMessages.cursor })
    .regex(/^[A-Za-z0-9_-]+$/, { error: adminCatalogMessages.cursor })
    .optional(),
  limit: z.coerce
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(1, { error: messages.atLeast(1) })
    .max(ADMIN_PRODUCTS_MAX_PAGE_SIZE, { error: messages.atMost(ADMIN_PRODUCTS_MAX_PAGE_SIZE) })
    .default(ADMIN_PRODUCTS_PAGE_SIZE),
});
export type AdminProductsQuery = z.input<typeof AdminProductsQuerySchema>;

/** PUT /api/admin/catalog/variants/:variant_id/stock: set the count (after a stock take). */
export const AdminStockSetSchema = z.object({
  stock: stockField,
  reason: z.enum(OWNER_STOCK_REASONS, { error: 'The reason must be restock, manual or correction' }),
  note: optionalText(300).nullable().default(null),
  /** The stock the owner saw: when sent, a stock that moved since (a sale) is 409, nothing lost. */
  expected_stock: stockField.optional(),
});
/** POST /api/admin/catalog/variants/:variant_id/stock/adjust: add (or take, negative) units. */
export const AdminStockAdjustSchema = z.object({
  delta: z
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(-STOCK_MAX, { error: messages.atLeast(-STOCK_MAX) })
    .max(STOCK_MAX, { error: messages.atMost(STOCK_MAX) })
    .refine((d) => d !== 0, { error: 'The change may not be 0' }),
  reason: z.enum(OWNER_STOCK_REASONS, { error: 'The reason must be restock, manual or correction' }),
  note: optionalText(300).nullable().default(null),
});

export const AdminCatalogSettingsSchema = z.object({
  /** A variant at or under this many units is low on stock (the panel's list and filter). */
  low_stock_threshold: z
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(0, { error: messages.atLeast(0) })
    .max(10_000, { error: messages.atMost(10_000) }),
});
export type AdminCatalogSettings = z.infer<typeof AdminCatalogSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const StockStateSchema = z.enum(['in_stock', 'low', 'out']);

export const AdminVariantPriceSchema = z.object({
  channel_id: z.string(),
  currency: z.string(),
  price_minor: z.number().int(),
  compare_at_minor: z.number().int().nullable(),
});

export const AdminVariantSchema = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  options: z.record(z.string(), z.string()),
  stock: z.number().int(),
  stock_state: StockStateSchema,
  prices: z.array(AdminVariantPriceSchema),
});
export type AdminVariant = z.infer<typeof AdminVariantSchema>;

export const AdminProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  /** Old slugs the storefront sends on to this product. */
  old_slugs: z.array(z.string()),
  status: z.enum(PRODUCT_STATUSES),
  publish_at: z.string().nullable(),
  short_description: z.string(),
  description: z.array(ProductDescriptionBlockSchema),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  /** The collections' slugs it is in. */
  collections: z.array(z.string()),
  tags: z.array(z.string()),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  hsn_code: z.string().nullable(),
  tax_class: z.string(),
  weight_grams: z.number().int().nullable(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(AdminVariantSchema),
  image_path: z.string().nullable(),
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Send as If-Match on the next edit. */
  version: z.number().int(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  image_path: z.string().nullable(),
  variant_count: z.number().int(),
  /** The default channel's cheapest and dearest variant prices; null without a price there. */
  currency: z.string(),
  price_min_minor: z.number().int().nullable(),
  price_max_minor: z.number().int().nullable(),
  /** Units of all variants together. */
  stock_total: z.number().int(),
  low_variants: z.number().int(),
  out_variants: z.number().int(),
  stock_state: StockStateSchema,
  skus: z.array(z.string()),
  updated_at: z.string(),
  version: z.number().int(),
});
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;

export const AdminProductListSchema = z.object({
  products: z.array(AdminProductRowSchema),
  next_cursor: z.string().nullable(),
  low_stock_threshold: z.number().int(),
});
export type AdminProductList = z.infer<typeof AdminProductListSchema>;

export const StockMovementSchema = z.object({
  id: z.number().int(),
  variant_id: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  change: z.number().int(),
  reason: z.enum(STOCK_REASONS).or(z.string()),
  order_id: z.string().nullable(),
  actor: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

export const AdminVariantStockSchema = z.object({
  variant: AdminVariantSchema.extend({ product_id: z.string(), product_title: z.string() }),
  movements: z.array(StockMovementSchema),
});
export type AdminVariantStock = z.infer<typeof AdminVariantStockSchema>;

export const AdminLowStockSchema = z.object({
  low_stock_threshold: z.number().int(),
  variants: z.array(
    z.object({
      product_id: z.string(),
      product_title: z.string(),
      variant_id: z.string(),
      variant_title: z.string(),
      sku: z.string(),
      stock: z.number().int(),
      stock_state: StockStateSchema,
    }),
  ),
});
export type AdminLowStock = z.infer<typeof AdminLowStockSchema>;
