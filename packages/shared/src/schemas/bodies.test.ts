import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  BlogListBodySchema,
  type BlogListBody,
  CategoryGridBodySchema,
  type CategoryGridBody,
  ListingBodySchema,
  type ListingBody,
  type ListingFilters,
  type ListingSort,
  ProductGridBodySchema,
  type ProductGridBody,
  SearchProductsBodySchema,
  type SearchProductsBody,
} from '../index.ts';

/**
 * Request bodies that may be empty are z.preprocess schemas, whose input type is `unknown`. The
 * body types clients use are the inputs of the object schemas inside: these tests hold them to
 * the shape the API validates (types are checked by `npm run typecheck`, values here).
 */
describe('request body types', () => {
  it('are object types, not unknown', () => {
    expectTypeOf<z.input<typeof ListingBodySchema>>().toBeUnknown();
    expectTypeOf<ListingBody>().not.toBeUnknown();
    expectTypeOf<ListingBody>().toEqualTypeOf<{
      filters?: ListingFilters | undefined;
      sort?: ListingSort | undefined;
      page?: number | undefined;
      per_page?: number | undefined;
    }>();
    expectTypeOf<SearchProductsBody>().toEqualTypeOf<{
      query: string;
      filters?: ListingFilters | undefined;
      sort?: ListingSort | undefined;
      page?: number | undefined;
      per_page?: number | undefined;
    }>();
    expectTypeOf<ProductGridBody>().toEqualTypeOf<{
      items?: number | undefined;
      source?: 'latest' | 'featured' | 'best_rated' | undefined;
    }>();
    expectTypeOf<CategoryGridBody>().toEqualTypeOf<{
      items?: number | undefined;
      super_category?: string | undefined;
    }>();
    expectTypeOf<BlogListBody>().toEqualTypeOf<{
      page?: number | undefined;
      per_page?: number | undefined;
      tag?: string | null | undefined;
    }>();
  });

  it('describe bodies the schemas accept, and the schemas refuse what the types rule out', () => {
    const listing: ListingBody = {
      filters: { brands: ['loom'], options: { Colour: ['Indigo'] }, price_min: 50000, in_stock: true },
      sort: 'price_asc',
      page: 2,
      per_page: 24,
    };
    expect(ListingBodySchema.parse(listing)).toEqual(listing);
    expect(ListingBodySchema.parse(undefined)).toEqual({ filters: {}, sort: 'relevance', page: 1, per_page: 24 });
    const search: SearchProductsBody = { query: 'linen', ...listing };
    expect(SearchProductsBodySchema.parse(search)).toEqual(search);
    // A field outside the type is a 422, never silently dropped.
    expect(ListingBodySchema.safeParse({ ...listing, price: 1 }).success).toBe(false);
    expect(SearchProductsBodySchema.safeParse({ page: 1 }).success).toBe(false);

    const grid: ProductGridBody = { items: 4, source: 'featured' };
    expect(ProductGridBodySchema.parse(grid)).toEqual(grid);
    const categories: CategoryGridBody = { items: 6, super_category: 'garden' };
    expect(CategoryGridBodySchema.parse(categories)).toEqual(categories);
    const blog: BlogListBody = { page: 1, per_page: 12, tag: null };
    expect(BlogListBodySchema.parse(blog)).toEqual(blog);
  });
});
