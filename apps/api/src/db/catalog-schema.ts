import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { channels } from './core-schema.ts';

/** PostgreSQL full-text vector; written only through a generated column. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

/** Groups of categories shown together (spec: super categories). */
export const superCategories = pgTable('super_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  imagePath: text('image_path'),
  position: integer('position').notNull().default(0),
  /** Bumped by every owner edit (If-Match). */
  version: integer('version').notNull().default(1),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    superCategoryId: integer('super_category_id').references(() => superCategories.id, { onDelete: 'set null' }),
    imagePath: text('image_path'),
    position: integer('position').notNull().default(0),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    /** Bumped by every owner edit (If-Match). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('categories_parent_idx').on(t.parentId), index('categories_super_idx').on(t.superCategoryId)],
);

export const collections = pgTable('collections', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  imagePath: text('image_path'),
  position: integer('position').notNull().default(0),
  seoTitle: text('seo_title'),
  seoDescription: text('seo_description'),
  /** Bumped by every owner edit (If-Match). */
  version: integer('version').notNull().default(1),
});

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

/**
 * Products. Price, MRP, stock, currency and image are a read model of the default storefront
 * channel's variants and of the gallery, so listings read one row per product: whatever writes
 * variants, channel prices or images calls refreshProductSummaries (modules/catalog/summary.ts).
 */
/**
 * GST rates by tax class (issue 26): a product's `tax_class` names one (a foreign key). Prices
 * include the tax; `standard` also taxes shipping and the COD fee.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    key: text('key').primaryKey(),
    label: text('label').notNull(),
    ratePercent: doublePrecision('rate_percent').notNull(),
    position: integer('position').notNull().default(0),
    /** Moves on with every owner edit: the panel's If-Match version. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tax_rates_rate_range', sql`${t.ratePercent} >= 0 and ${t.ratePercent} <= 100`)],
);

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    brand: text('brand'),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    currency: text('currency').notNull(),
    priceMinor: integer('price_minor').notNull(),
    mrpMinor: integer('mrp_minor'),
    stock: integer('stock').notNull().default(0),
    imagePath: text('image_path'),
    isFeatured: boolean('is_featured').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    /** Shoppers may add text or an image to it (ProductCustomisation plugin). */
    isCustomisationEnabled: boolean('is_customisation_enabled').notNull().default(false),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    /** The description as the owner wrote it (content blocks); `description` is its plain text. */
    descriptionBlocks: jsonb('description_blocks').$type<unknown[]>(),
    /** While unpublished: when it goes live (status `scheduled`); null is a draft. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** Set when the owner archived it (never shown, left out of the panel's default list). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    hsnCode: text('hsn_code'),
    taxClass: text('tax_class')
      .notNull()
      .default('standard')
      .references(() => taxRates.key, { onUpdate: 'cascade', onDelete: 'restrict' }),
    weightGrams: integer('weight_grams'),
    /** Moves on with every owner edit: the panel's If-Match version. */
    version: integer('version').notNull().default(1),
    ratingAvg: real('rating_avg').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Lower-cased brand, categories, tags and skus: what search matches besides the name. */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${products.name}, '')), 'A') || setweight(to_tsvector('english', coalesce(${products.searchText}, '')), 'B') || setweight(to_tsvector('english', coalesce(${products.shortDescription}, '')), 'C')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_latest_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.isPublished}`),
    index('products_featured_idx')
      .on(t.isFeatured, t.createdAt.desc())
      .where(sql`${t.isPublished}`),
    index('products_brand_idx').on(t.brandId),
    /** The owner's product list, newest first (keyset pages). */
    index('products_admin_order_idx').on(t.createdAt.desc(), t.id.desc()),
    /** Scheduled products waiting for their time. */
    index('products_publish_at_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_search_trgm_idx').using('gin', sql`(lower(${t.name} || ' ' || ${t.searchText})) gin_trgm_ops`),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
);

export const productCollections = pgTable(
  'product_collections',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.collectionId] }),
    index('product_collections_collection_idx').on(t.collectionId),
  ],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_tags_tag_idx').on(t.tagId)],
);

/** A product's option axes ("Size", "Colour") with their values in display order. */
export const productOptions = pgTable(
  'product_options',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    values: text('values').array().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('product_options_product_name_uq').on(t.productId, t.name)],
);

/**
 * Shop-wide swatches: the colour shown beside an option value ("Colour" / "Indigo") wherever a
 * product or filter lists it. Keyed by option name and value case-insensitively, so one row
 * serves every product with that value however it is spelt; `colour` is #rrggbb, lower case.
 */
export const optionSwatches = pgTable(
  'option_swatches',
  {
    id: serial('id').primaryKey(),
    optionName: text('option_name').notNull(),
    value: text('value').notNull(),
    colour: text('colour').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('option_swatches_option_value_uq').on(sql`lower(${t.optionName})`, sql`lower(${t.value})`),
    check('option_swatches_colour_ck', sql`${t.colour} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/** One buyable combination of option values, with its own stock. */
export const variants = pgTable(
  'variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Option name → value, e.g. {"Size":"M","Colour":"Indigo"}. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    stock: integer('stock').notNull().default(0),
    position: integer('position').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    index('variants_product_idx').on(t.productId, t.position),
    index('variants_options_gin').using('gin', t.options),
  ],
);

/** Per-channel sku and prices (spec: channel.sku, channel.selling_price), integer minor units. */
export const variantChannels = pgTable(
  'variant_channels',
  {
    variantId: text('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    // A channel's prices go with it (admin/channels); a price saved as it goes waits on the key.
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    sellingPriceMinor: integer('selling_price_minor').notNull(),
    mrpMinor: integer('mrp_minor'),
    isAvailable: boolean('is_available').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.channelId] }),
    uniqueIndex('variant_channels_sku_uq').on(t.channelId, t.sku),
    // SKUs are matched without case (the product import's matchExisting, the product form's check).
    index('variant_channels_sku_lower_idx').on(sql`lower(${t.sku})`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Images for one colour/variant; null means the product's shared gallery. */
    optionValue: text('option_value'),
    path: text('path').notNull(),
    alt: text('alt').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    /** Where a cropped card centres the picture: 0..1 across and down (0.5, 0.5 is the middle). */
    focalX: doublePrecision('focal_x').notNull().default(0.5),
    focalY: doublePrecision('focal_y').notNull().default(0.5),
    /** sha256 of the uploaded bytes: the same file uploaded again to the product is the same picture. */
    contentHash: text('content_hash'),
    /** The uploader's Idempotency-Key: a retried upload answers the picture it made. */
    uploadKey: text('upload_key'),
    /** The URL a CSV import fetched it from: the same URL is not fetched again for the product. */
    sourceUrl: text('source_url'),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.position),
    uniqueIndex('product_images_content_uq').on(t.productId, t.contentHash),
    uniqueIndex('product_images_upload_key_uq').on(t.productId, t.uploadKey),
  ],
);

/**
 * Pictures the owner deleted, kept (row and file) while the delete can be undone: the undo puts the
 * row back in product_images with its id, position, alt text, variant and focal point; a recurring
 * job removes rows older than PICTURE_UNDO_KEEP_MS and then their files (modules/admin/catalog/pictures.ts).
 */
export const deletedProductImages = pgTable(
  'deleted_product_images',
  {
    id: integer('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    optionValue: text('option_value'),
    path: text('path').notNull(),
    alt: text('alt').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull(),
    focalX: doublePrecision('focal_x').notNull(),
    focalY: doublePrecision('focal_y').notNull(),
    contentHash: text('content_hash'),
    uploadKey: text('upload_key'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deleted_product_images_deleted_idx').on(t.deletedAt)],
);

/**
 * Listing read model (ADR 0029), rebuilt by migration 0019's SQL at the commit of any transaction
 * that changed what facets show: each product's facet values, the categories it is directly in
 * and the option values of its variants. Search and filtered listings aggregate these instead of
 * expanding every variant's options per request.
 */
export const productFacetValues = pgTable(
  'product_facet_values',
  {
    productId: text('product_id').notNull(),
    /** 'category' (key: slug, label: name) or 'option' (key: option name, label: value). */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    /** The category's position, or the option's position on this product. */
    position: integer('position'),
    /** The value's position in this product's list of the option's values. */
    valuePosition: integer('value_position'),
    /** This product's values of the option, joined by '|' (which scale the value comes from). */
    scale: text('scale'),
    /** How many of the product's variants have the value (ties the scale to what most variants use). */
    weight: integer('weight').notNull(),
  },
  (t) => [primaryKey({ name: 'product_facet_values_pk', columns: [t.productId, t.kind, t.key, t.label] })],
);

/**
 * Listing read model (ADR 0029): the unfiltered facet rows of every listing scope in every
 * channel, exactly as the facets query answers them (see FacetRow in catalog/listing-sql.ts), so
 * a listing's default page reads its facets with one index range scan. Scope: ('shop', '') for
 * shop-all, ('shop', super category slug), ('category', slug: with its subcategories),
 * ('collection', slug). Empty key and label stand for null.
 */
export const listingFacetCounts = pgTable(
  'listing_facet_counts',
  {
    scopeKind: text('scope_kind').notNull(),
    scopeSlug: text('scope_slug').notNull(),
    channelId: text('channel_id').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    a: integer('a'),
    b: integer('b'),
    c: integer('c'),
    scale: text('scale'),
  },
  (t) => [
    primaryKey({
      name: 'listing_facet_counts_pk',
      columns: [t.scopeKind, t.scopeSlug, t.channelId, t.kind, t.key, t.label],
    }),
  ],
);

/**
 * Search read model (ADR 6): every word of the published products' names and search_text
 * (brand, categories, tags, colours, material; tokens with digits, the SKUs, left out), with how
 * many products use it. Rebuilt by migration 0022's SQL at the commit of any transaction that
 * changed a product's name, search_text or publication. A typed word nobody stocks is corrected
 * against it ("shrit" → "shirt"), which is also the search page's "Did you mean".
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    products: integer('products').notNull(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/**
 * A product's old slugs: the storefront's product page follows one to the product's current
 * slug, so links made before a rename keep working. A slug is either a product's or here, never both.
 */
export const productRedirects = pgTable(
  'product_redirects',
  {
    slug: text('slug').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_redirects_product_idx').on(t.productId)],
);

/** A category's old slugs: its listing page follows one to the current slug (issue 26). */
export const categoryRedirects = pgTable(
  'category_redirects',
  {
    slug: text('slug').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('category_redirects_category_idx').on(t.categoryId)],
);

/** A collection's old slugs: its listing page follows one to the current slug (like categories). */
export const collectionRedirects = pgTable(
  'collection_redirects',
  {
    slug: text('slug').primaryKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collection_redirects_collection_idx').on(t.collectionId)],
);

/**
 * Every change of a variant's stock, written by a trigger on variants (migration
 * catalog_admin) so none is missed: from, to, why (sale, cancel, return, restock, manual,
 * correction) and who. Whoever changes stock names the reason, order and member with
 * `set_config('shopfront.stock_reason' | 'shopfront.stock_ref' | 'shopfront.stock_actor', …, true)`
 * in its transaction (modules/admin/catalog/stock.ts, stockReason).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    variantId: text('variant_id').notNull(),
    productId: text('product_id').notNull(),
    fromStock: integer('from_stock').notNull(),
    toStock: integer('to_stock').notNull(),
    reason: text('reason').notNull(),
    /** The order of a sale, cancel or return. */
    ref: text('ref'),
    /** The staff member's e-mail for an owner's change; null for a shopper's order. */
    actor: text('actor'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_movements_variant_idx').on(t.variantId, t.id.desc())],
);
