import { z } from '../zod.ts';
import { MoneySchema } from '../money.ts';
import { ImageRefSchema } from './storefront.ts';
import { messages } from '../messages.ts';
import { bodyOrEmpty } from './base.ts';
import { identifierText } from './identifier.ts';
import { LISTING_MAX_PER_PAGE, LISTING_SORTS } from '../constants.ts';
import { ServiceDetailsSchema } from './services.ts';

/** Validation texts shared by the catalogue and search payloads (spec section 5 style). */
export const rangeMessages = {
  priceRange: 'The minimum price may not be greater than the maximum price',
  tooMany: (n: number) => `No more than ${n} values may be selected`,
} as const;

/** Average star rating and how many published reviews it is based on (spec: review store). */
export const RatingSummarySchema = z.object({
  overall_rating: z.number(),
  total_reviews: z.number().int(),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

export const ProductCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  image: ImageRefSchema.nullable(),
  price: MoneySchema,
  mrp: MoneySchema.nullable(),
  discount_percent: z.number().int(),
  in_stock: z.boolean(),
  rating: RatingSummarySchema,
  on_quote: z
    .literal(true)
    .optional()
    .describe(
      "Services mode: the service's fee is on quote (its fee kind), so the card shows no price. Absent otherwise: a price of 0 is then free.",
    ),
  variant_id: z
    .string()
    .optional()
    .describe(
      'In a listing filtered by options (a colour): the variant that matches them (in stock first). The image is then its picture, and the card links to it.',
    ),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const PRODUCT_GRID_SOURCES = ['latest', 'featured', 'best_rated'] as const;
export const PRODUCT_GRID_MAX_ITEMS = 48;

const int = (field: { min: number; max: number }) =>
  z
    .number({ error: messages.numeric })
    .int({ error: messages.integer })
    .min(field.min, { error: messages.atLeast(field.min) })
    .max(field.max, { error: messages.atMost(field.max) });

const ProductGridBodyObjectSchema = z
  .object({
    items: int({ min: 1, max: PRODUCT_GRID_MAX_ITEMS }).default(8),
    source: z.enum(PRODUCT_GRID_SOURCES, { error: messages.fallback }).default('latest'),
  })
  .strict();
/** POST /api/product/product-grid: `items` is how many products, `source` which list. An empty body takes the defaults. */
export const ProductGridBodySchema = bodyOrEmpty(ProductGridBodyObjectSchema);
/** What a client may send; both fields optional. */
export type ProductGridBody = z.input<typeof ProductGridBodyObjectSchema>;
export type ProductGridQuery = z.output<typeof ProductGridBodySchema>;

export const ProductGridSchema = z.object({
  source: z.enum(PRODUCT_GRID_SOURCES),
  products: z.array(ProductCardSchema),
});
export type ProductGrid = z.infer<typeof ProductGridSchema>;

// ---------------------------------------------------------------------------------------------
// Listings: product-category, product-collection, shop (and search-products, which adds a query)
// ---------------------------------------------------------------------------------------------

export const LISTING_DEFAULT_PER_PAGE = 24;
export const LISTING_MAX_PAGE = 1000;
/** How many values one facet (brands, categories, one option) may select at once. */
export const LISTING_MAX_FACET_VALUES = 50;
/** Largest price accepted in a filter, in minor units (a crore of rupees). */
export const LISTING_MAX_PRICE_MINOR = 1_000_000_000;

/**
 * A required identifier (slug, facet value, option name), 1..max characters, plain text only
 * (see text.ts). Not free text: anything else is simply 'This field is not valid'.
 */
export const catalogText = identifierText;

const facetValue = catalogText(100);
const facetValues = z
  .array(facetValue, { error: messages.fallback })
  .max(LISTING_MAX_FACET_VALUES, { error: rangeMessages.tooMany(LISTING_MAX_FACET_VALUES) });

/**
 * Narrowing a listing. Within one facet the values are alternatives (Indigo or Sage); different
 * facets must all hold. Prices are integer minor units (paise for INR), the same unit as
 * `Money.amount`, so a client can send back what `facets.price` answered.
 */
export const ListingFiltersSchema = z
  .object({
    price_min: int({ min: 0, max: LISTING_MAX_PRICE_MINOR })
      .optional()
      .describe(
        "Lowest price, integer minor units (49900 = ₹499.00), compared with the product's from-price (its cheapest variant)",
      ),
    price_max: int({ min: 0, max: LISTING_MAX_PRICE_MINOR })
      .optional()
      .describe("Highest price, integer minor units, compared with the product's from-price"),
    brands: facetValues.optional().describe('Brand slugs'),
    categories: facetValues.optional().describe('Category slugs (a product in any of them)'),
    options: z
      .record(catalogText(50), facetValues, { error: messages.fallback })
      .refine((o) => Object.keys(o).length <= 10, { error: rangeMessages.tooMany(10) })
      .optional()
      .describe(
        'Option values per option name, e.g. {"Colour":["Indigo"],"Size":["M"]}: the product has one variant with all of them',
      ),
    in_stock: z
      .boolean({ error: messages.fallback })
      .optional()
      .describe('Only products (and, with options, variants) in stock'),
  })
  .strict()
  .refine((f) => f.price_min === undefined || f.price_max === undefined || f.price_min <= f.price_max, {
    error: rangeMessages.priceRange,
    path: ['price_min'],
  });
export type ListingFilters = z.infer<typeof ListingFiltersSchema>;

const listingPaging = {
  filters: ListingFiltersSchema.default({}),
  sort: z.enum(LISTING_SORTS, { error: messages.fallback }).default('relevance'),
  page: int({ min: 1, max: LISTING_MAX_PAGE }).default(1),
  per_page: int({ min: 1, max: LISTING_MAX_PER_PAGE }).default(LISTING_DEFAULT_PER_PAGE),
};

const ListingBodyObjectSchema = z.object(listingPaging).strict();
/** POST /api/product/product-category/{id}, /product-collection/{id}, /api/shop/{id}. An empty body takes the defaults. */
export const ListingBodySchema = bodyOrEmpty(ListingBodyObjectSchema);
/** What a client may send: every field optional (filters, sort, page, per_page). */
export type ListingBody = z.input<typeof ListingBodyObjectSchema>;
export type ListingQuery = z.output<typeof ListingBodySchema>;

/** Fields shared by search-products, which adds `query`. */
export const listingPagingShape = listingPaging;

export const BreadcrumbItemSchema = z.object({ name: z.string(), url: z.string() });
export type BreadcrumbItem = z.infer<typeof BreadcrumbItemSchema>;

export const SeoSchema = z.object({ title: z.string(), description: z.string(), canonical_url: z.string() });
export type Seo = z.infer<typeof SeoSchema>;

export const LISTING_TYPES = ['category', 'collection', 'shop'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** The category, collection, super category or "shop all" a listing shows. */
export const ListingEntitySchema = z.object({
  type: z.enum(LISTING_TYPES),
  /** null for shop-all. */
  id: z.number().int().nullable(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: ImageRefSchema.nullable(),
  url: z.string(),
  breadcrumb: z.array(BreadcrumbItemSchema),
  seo: SeoSchema,
});
export type ListingEntity = z.infer<typeof ListingEntitySchema>;

/** One value of a facet: `value` is what a filter sends back (a slug, or the option value). */
export const FacetValueSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().int(),
  selected: z.boolean(),
  /** An option value's swatch (#rrggbb) when the shop has set one for it; absent otherwise. */
  swatch: z
    .string()
    .optional()
    .describe("The value's colour swatch (#rrggbb) when the shop has set one; absent otherwise"),
});
export type FacetValue = z.infer<typeof FacetValueSchema>;

/**
 * Counts per value over the listing's scope. Every other selected filter narrows a facet's
 * counts; its own selection does not (choosing Indigo still shows how many are Sage).
 */
export const FacetsSchema = z.object({
  brands: z.array(FacetValueSchema),
  categories: z.array(FacetValueSchema),
  options: z.array(z.object({ name: z.string(), values: z.array(FacetValueSchema) })),
  price: z.object({
    /** Cheapest and dearest product under the other filters; null when nothing matches. */
    min: MoneySchema.nullable(),
    max: MoneySchema.nullable(),
    selected_min: z.number().int().nullable(),
    selected_max: z.number().int().nullable(),
  }),
  in_stock: z.object({ count: z.number().int(), selected: z.boolean() }),
});
export type Facets = z.infer<typeof FacetsSchema>;

export const PaginationSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const ListingPageSchema = z.object({
  listing: ListingEntitySchema,
  products: z.array(ProductCardSchema),
  pagination: PaginationSchema,
  facets: FacetsSchema,
  sort: z.enum(LISTING_SORTS),
});
export type ListingPage = z.infer<typeof ListingPageSchema>;

/** GET /api/product/filters/all/{id}: the facets alone, for a filter panel. */
export const ListingFiltersPageSchema = z.object({
  listing: ListingEntitySchema,
  total: z.number().int(),
  facets: FacetsSchema,
});
export type ListingFiltersPage = z.infer<typeof ListingFiltersPageSchema>;

export const FiltersQuerySchema = z.object({
  type: z
    .enum(LISTING_TYPES, { error: messages.fallback })
    .optional()
    .describe('Which kind of listing the id names, when a slug is used by several'),
});

/** A listing or product slug in the path. Anything well-formed but unknown answers 404. */
export const CatalogSlugParamSchema = z.object({ id: catalogText(200) });

// ---------------------------------------------------------------------------------------------
// Single product
// ---------------------------------------------------------------------------------------------

export const SingleProductQuerySchema = z.object({
  is_published: z
    .enum(['true', 'false', '1', '0'], { error: messages.fallback })
    .default('true')
    .describe(
      'Spec default true. Without an admin session unpublished products are always 404, so false is accepted and ignored.',
    ),
});

export const CategoryRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  url: z.string(),
});
export type CategoryRef = z.infer<typeof CategoryRefSchema>;

export const ProductCategorySchema = CategoryRefSchema.extend({ breadcrumb: z.array(BreadcrumbItemSchema) });

export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
/** At or below this many units a variant shows as low stock; exact stock is never answered. */
export const LOW_STOCK_THRESHOLD = 5;

export const VariantSchema = z.object({
  id: z.string(),
  title: z.string(),
  options: z.record(z.string(), z.string()),
  sku: z.string(),
  price: MoneySchema,
  mrp: MoneySchema.nullable(),
  discount_percent: z.number().int(),
  in_stock: z.boolean(),
  stock_status: z.enum(STOCK_STATUSES),
  is_default: z.boolean(),
});
export type Variant = z.infer<typeof VariantSchema>;

export const ProductImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The option value (a colour) this image shows; null for the shared gallery. */
  option_value: z.string().nullable(),
  /** Where a crop centres the picture, 0..1 across and down (CSS object-position). */
  focal_x: z.number(),
  focal_y: z.number(),
});

/** Spec section 3 Product: id, name, brand.name, category.name, channel.sku, channel.selling_price. */
export const ProductDetailSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  url: z.string(),
  brand: z.object({ name: z.string(), slug: z.string().nullable() }).nullable(),
  /** The first of `categories` (by category position). */
  category: CategoryRefSchema.nullable(),
  categories: z.array(ProductCategorySchema),
  tags: z.array(z.object({ slug: z.string(), name: z.string() })),
  short_description: z.string(),
  description: z.string(),
  seo: SeoSchema,
  is_featured: z.boolean(),
  /** The default variant in the storefront's channel. */
  channel: z.object({ sku: z.string(), selling_price: MoneySchema, mrp: MoneySchema.nullable() }),
  price: MoneySchema,
  mrp: MoneySchema.nullable(),
  discount_percent: z.number().int(),
  in_stock: z.boolean(),
  /**
   * Shoppers may personalise it (text and/or an image, add-item's `additonal_data`): the product
   * allows it and the ProductCustomisation plugin is installed.
   */
  is_customisation_enabled: z.boolean(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/**
 * A product's option axis with its values in display order. `swatches` maps those of its values
 * the shop has a swatch for (option_swatches) to #rrggbb; absent when none has one.
 */
export const ProductOptionSchema = z.object({
  name: z.string(),
  values: z.array(z.string()),
  swatches: z
    .record(z.string(), z.string())
    .optional()
    .describe('Value → colour swatch (#rrggbb), for the values the shop has a swatch for; absent when none has one'),
});
export type ProductOption = z.infer<typeof ProductOptionSchema>;

export const SingleProductSchema = z.object({
  product: ProductDetailSchema,
  options: z.array(ProductOptionSchema),
  variants: z.array(VariantSchema),
  /** The variant the id named when it was a sku (`/product/…?sku=`): the page selects it. Null for a slug. */
  selected_variant_id: z.string().nullable(),
  images: z.array(ProductImageSchema),
  rating: RatingSummarySchema,
  /** In services mode (issue 27), what a service adds to its product page; null for a product, and always in products mode. */
  service: ServiceDetailsSchema.nullable(),
});
export type SingleProduct = z.infer<typeof SingleProductSchema>;

export const RELATED_PRODUCTS_MAX = 8;
export const RelatedProductsSchema = z.object({ products: z.array(ProductCardSchema) });
export type RelatedProducts = z.infer<typeof RelatedProductsSchema>;

// ---------------------------------------------------------------------------------------------
// Categories and tags
// ---------------------------------------------------------------------------------------------

export const CATEGORY_GRID_MAX_ITEMS = 48;

const CategoryGridBodyObjectSchema = z
  .object({
    items: int({ min: 1, max: CATEGORY_GRID_MAX_ITEMS }).default(8),
    super_category: catalogText(200).optional(),
  })
  .strict();
/** POST /api/category/category-grid. An empty body takes the defaults. */
export const CategoryGridBodySchema = bodyOrEmpty(CategoryGridBodyObjectSchema);
export type CategoryGridBody = z.input<typeof CategoryGridBodyObjectSchema>;
export type CategoryGridQuery = z.output<typeof CategoryGridBodySchema>;

export const SuperCategoryRefSchema = z.object({ slug: z.string(), name: z.string(), url: z.string() });

export const CategoryCardSchema = CategoryRefSchema.extend({
  description: z.string(),
  /** The category's own image, else the image of its first product. */
  image: ImageRefSchema.nullable(),
  /** Published products in the category and its subcategories. */
  product_count: z.number().int(),
  super_category: SuperCategoryRefSchema.nullable(),
});
export type CategoryCard = z.infer<typeof CategoryCardSchema>;

export const CategoryGridSchema = z.object({ categories: z.array(CategoryCardSchema) });
export type CategoryGrid = z.infer<typeof CategoryGridSchema>;

export type CategoryNode = CategoryCard & { children: CategoryNode[] };
export const CategoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  CategoryCardSchema.extend({ children: z.array(CategoryNodeSchema) }),
);

export const SuperCategoryGroupSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: ImageRefSchema.nullable(),
  url: z.string(),
  /** Top-level categories of this group, each with its subtree. */
  categories: z.array(CategoryNodeSchema),
});

export const CategoryAllQuerySchema = z.object({
  category_id: catalogText(200)
    .optional()
    .describe('A category id or slug: answer its children instead of the whole tree'),
});

export const CategoryTreeSchema = z.object({
  /** The category named by category_id, with its breadcrumb; null for the whole tree. */
  parent: CategoryRefSchema.extend({ breadcrumb: z.array(BreadcrumbItemSchema) }).nullable(),
  /** The whole tree's roots, or the parent's children (each with its subtree). */
  categories: z.array(CategoryNodeSchema),
  /** The same roots grouped by super category (empty when category_id is given). */
  super_categories: z.array(SuperCategoryGroupSchema),
});
export type CategoryTree = z.infer<typeof CategoryTreeSchema>;

export const TagListSchema = z.object({
  tags: z.array(
    z.object({ id: z.number().int(), slug: z.string(), name: z.string(), product_count: z.number().int() }),
  ),
});
export type TagList = z.infer<typeof TagListSchema>;

/** GET /api/collection/all: every collection, in display order. */
export const CollectionListSchema = z.object({
  collections: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      description: z.string(),
      image: ImageRefSchema.nullable(),
      url: z.string(),
      /** Published products in the collection. */
      product_count: z.number().int(),
    }),
  ),
});
export type CollectionList = z.infer<typeof CollectionListSchema>;
