import type {
  CatalogSlugParamSchema,
  CategoryAllQuerySchema,
  CategoryGridBodySchema,
  CategoryGridSchema,
  CategoryTreeSchema,
  CollectionListSchema,
  FiltersQuerySchema,
  ListingBodySchema,
  ListingFiltersPageSchema,
  ListingPageSchema,
  ProductGridBodySchema,
  ProductGridSchema,
  RelatedProductsSchema,
  SingleProductQuerySchema,
  SingleProductSchema,
  TagListSchema,
} from '../schemas/catalog.ts';
import { endpoint } from './endpoint.ts';

type SlugParams = typeof CatalogSlugParamSchema;
type Listing = { params: SlugParams; body: typeof ListingBodySchema; data: typeof ListingPageSchema };

/** Products, listings with facets, categories, collections and tags (spec section 7, Product and Category). */
export const catalogApi = {
  productGrid: endpoint<{ body: typeof ProductGridBodySchema; data: typeof ProductGridSchema }>(
    'POST',
    '/api/product/product-grid',
  ),
  categoryListing: endpoint<Listing>('POST', '/api/product/product-category/:id'),
  collectionListing: endpoint<Listing>('POST', '/api/product/product-collection/:id'),
  /** Shop all: id `all`, or a super category slug. */
  shopListing: endpoint<Listing>('POST', '/api/shop/:id'),
  filters: endpoint<{ params: SlugParams; query: typeof FiltersQuerySchema; data: typeof ListingFiltersPageSchema }>(
    'GET',
    '/api/product/filters/all/:id',
  ),
  product: endpoint<{ params: SlugParams; query: typeof SingleProductQuerySchema; data: typeof SingleProductSchema }>(
    'GET',
    '/api/product/single-product/:id',
  ),
  relatedProducts: endpoint<{ params: SlugParams; data: typeof RelatedProductsSchema }>(
    'GET',
    '/api/product/single-product/:id/related',
  ),
  categoryGrid: endpoint<{ body: typeof CategoryGridBodySchema; data: typeof CategoryGridSchema }>(
    'POST',
    '/api/category/category-grid',
  ),
  categoryTree: endpoint<{ query: typeof CategoryAllQuerySchema; data: typeof CategoryTreeSchema }>(
    'GET',
    '/api/category/all',
  ),
  collections: endpoint<{ data: typeof CollectionListSchema }>('GET', '/api/collection/all'),
  tags: endpoint<{ data: typeof TagListSchema }>('GET', '/api/tag/all'),
} as const;
