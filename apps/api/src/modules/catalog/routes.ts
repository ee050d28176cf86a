import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
  catalogApi,
} from '@shopfront/shared';
import { registerEndpoint, sameForChannel } from '../../lib/endpoint-route.ts';
import { notFound, ok } from '../../lib/http.ts';
import { getListing, getListingFilters } from './listing.ts';
import { getProductGrid, getRelatedProducts, getSingleProduct } from './service.ts';
import { getCategoryGrid, getCategoryTree, getCollections, getTags } from './taxonomy.ts';

const errors = [404, 422] as const;

const LISTING_BODY_DOC =
  'Body: filters {price_min, price_max (integer minor units), brands, categories (slugs), options {"Colour":["Indigo"]}, in_stock}, ' +
  'sort (relevance | newest | price_asc | price_desc | best_rated), page, per_page (default 24, at most 48). ' +
  'Facet counts apply every filter except their own.';

const listingSchemas = { params: CatalogSlugParamSchema, body: ListingBodySchema, data: ListingPageSchema };

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    catalogApi.productGrid,
    {
      schemas: { body: ProductGridBodySchema, data: ProductGridSchema },
      tags: ['catalog'],
      sharedAnswer: sameForChannel,
      summary: 'Products for a grid section (items: how many, source: latest, featured or best_rated)',
      errors: [422],
    },
    async (req) => ok(await getProductGrid(app.db, req.body, await req.shop())),
  );

  registerEndpoint(
    app,
    catalogApi.categoryListing,
    {
      schemas: listingSchemas,
      tags: ['catalog'],
      sharedAnswer: sameForChannel,
      summary: 'A category listing by slug (with its subcategories): products, pagination and facets',
      description: LISTING_BODY_DOC,
      errors,
    },
    async (req) => {
      const page = await getListing(app.db, 'category', req.params.id, req.body, await req.shop());
      if (!page) throw notFound('Category not found');
      return ok(page);
    },
  );

  registerEndpoint(
    app,
    catalogApi.collectionListing,
    {
      schemas: listingSchemas,
      tags: ['catalog'],
      sharedAnswer: sameForChannel,
      summary: 'A collection listing by slug: products, pagination and facets',
      description: LISTING_BODY_DOC,
      errors,
    },
    async (req) => {
      const page = await getListing(app.db, 'collection', req.params.id, req.body, await req.shop());
      if (!page) throw notFound('Collection not found');
      return ok(page);
    },
  );

  registerEndpoint(
    app,
    catalogApi.shopListing,
    {
      schemas: listingSchemas,
      tags: ['catalog'],
      sharedAnswer: sameForChannel,
      summary: 'Shop-all listing: id `all` for every product, or a super category slug',
      description: LISTING_BODY_DOC,
      errors,
    },
    async (req) => {
      const page = await getListing(app.db, 'shop', req.params.id, req.body, await req.shop());
      if (!page) throw notFound('Shop not found');
      return ok(page);
    },
  );

  registerEndpoint(
    app,
    catalogApi.filters,
    {
      schemas: { params: CatalogSlugParamSchema, query: FiltersQuerySchema, data: ListingFiltersPageSchema },
      tags: ['catalog'],
      sharedAnswer: sameForChannel,
      summary: 'The facets of a listing (category, collection or shop slug, or `all`) without products',
      description:
        'The id is looked up as a category, then a collection, then a super category; `type` names one kind.',
      errors,
    },
    async (req) => {
      const filters = await getListingFilters(app.db, req.params.id, req.query.type, await req.shop());
      if (!filters) throw notFound('Listing not found');
      return ok(filters);
    },
  );

  registerEndpoint(
    app,
    catalogApi.product,
    {
      schemas: { params: CatalogSlugParamSchema, query: SingleProductQuerySchema, data: SingleProductSchema },
      tags: ['catalog'],
      sharedAnswer: sameForChannel,
      summary:
        "A published product by slug, or by a sku (a variant's, or the product's own: its default variant's): details, channel sku and price, options, variants, images, rating",
      description:
        "The id is looked up as a product slug first, then as a sku in the shopper's channel (ADR 0027; a product not sold in that channel is 404); for a sku, selected_variant_id names that variant (the storefront opens /product/{slug}?sku={sku} on it). " +
        'is_published defaults to true. There is no admin session yet, so unpublished products are 404 for everyone and is_published=false is ignored. ' +
        'Variants answer a stock_status (in_stock, low_stock at 5 or fewer, out_of_stock), never the exact stock.',
      errors,
    },
    async (req) => {
      const product = await getSingleProduct(app.db, req.params.id, await req.shop());
      if (!product) throw notFound('Product not found');
      return ok(product);
    },
  );

  registerEndpoint(
    app,
    catalogApi.relatedProducts,
    {
      schemas: { params: CatalogSlugParamSchema, data: RelatedProductsSchema },
      tags: ['catalog'],
      sharedAnswer: sameForChannel,
      summary: 'Up to 8 published products sharing a category (then the brand) with this one',
      errors,
    },
    async (req) => {
      const related = await getRelatedProducts(app.db, req.params.id, await req.shop());
      if (!related) throw notFound('Product not found');
      return ok(related);
    },
  );

  registerEndpoint(
    app,
    catalogApi.categoryGrid,
    {
      schemas: { body: CategoryGridBodySchema, data: CategoryGridSchema },
      tags: ['catalog'],
      sharedAnswer: sameForChannel,
      summary: 'Top-level categories with products, for a grid section (items, optional super_category slug)',
      errors,
    },
    async (req) => {
      const grid = await getCategoryGrid(app.db, req.body);
      if (!grid) throw notFound('Super category not found');
      return ok(grid);
    },
  );

  registerEndpoint(
    app,
    catalogApi.categoryTree,
    {
      schemas: { query: CategoryAllQuerySchema, data: CategoryTreeSchema },
      tags: ['catalog'],
      sharedAnswer: sameForChannel,
      summary: 'The category tree grouped by super category, or the children of category_id (an id or a slug)',
      errors,
    },
    async (req) => {
      const tree = await getCategoryTree(app.db, req.query.category_id);
      if (!tree) throw notFound('Category not found');
      return ok(tree);
    },
  );

  registerEndpoint(
    app,
    catalogApi.collections,
    {
      schemas: { data: CollectionListSchema },
      tags: ['catalog'],
      sharedAnswer: sameForChannel,
      summary: 'Every collection in display order, with its url and number of published products',
    },
    async () => ok(await getCollections(app.db)),
  );

  registerEndpoint(
    app,
    catalogApi.tags,
    {
      schemas: { data: TagListSchema },
      tags: ['catalog'],
      sharedAnswer: sameForChannel,
      summary: 'Every tag with its number of published products',
    },
    async () => ok(await getTags(app.db)),
  );
};
