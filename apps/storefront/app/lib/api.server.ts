import type {
  ApiTransport,
  BlogList,
  BlogListBody,
  BlogPostPage,
  CategoryTree,
  Envelope,
  InitialValues,
  ListingPage,
  ListingType,
  Menu,
  Page,
  ProductGrid,
  ProductGridBody,
  ProductReviews,
  ProductReviewsBody,
  RelatedProducts,
  SearchResults,
  SearchSuggestion,
  SingleProduct,
  Slider,
  StorefrontLoadContext,
  TemplateBoth,
  TemplateBothQuery,
} from '@shopfront/shared';
import type { ListingRequest } from '../features/catalog/listing/listing-query';

const LISTING_PATHS: Record<ListingType, string> = {
  category: '/api/product/product-category/',
  collection: '/api/product/product-collection/',
  shop: '/api/shop/',
};

/** A failed API answer, carrying its HTTP status so loaders can turn it into a 404 or 500. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field errors of a 422 answer, to show beside the fields. */
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** True when the API answered "no such thing" (a loader turns that into the 404 page). */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

async function call<T>(transport: ApiTransport, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await transport({ method, path, body });
  const env = res.body as Envelope<T> | null;
  if (!env || env.status !== 'success') {
    const errors = env && env.status === 'error' ? (env.errors ?? {}) : {};
    throw new ApiError(res.status, env?.message ?? `API ${method} ${path} failed with ${res.status}`, errors);
  }
  return env.data;
}

/** Path segments of a slug, each encoded (slugs of nested pages keep their slashes). */
const seg = (slug: string) => slug.split('/').map(encodeURIComponent).join('/');

function withQuery(path: string, query: Record<string, string | number | boolean | undefined | null>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** The typed API client used by loaders and actions; in one process it dispatches in-process. */
export function api(context: unknown) {
  const t = (context as StorefrontLoadContext).api;
  return {
    initialValues: () => call<InitialValues>(t, 'GET', '/api/storefront/initial-values'),
    menu: (id: string) => call<Menu>(t, 'GET', `/api/menu/${encodeURIComponent(id)}`),
    slider: (id: string) => call<Slider>(t, 'GET', `/api/slider/${encodeURIComponent(id)}`),
    page: (slug: string) => call<Page>(t, 'GET', `/api/page/${seg(slug)}`),
    productGrid: (body: ProductGridBody) => call<ProductGrid>(t, 'POST', '/api/product/product-grid', body),

    // Catalogue.
    /** A category, collection or shop (id `all` or a super category slug) listing page. */
    listing: (type: ListingType, id: string, body: ListingRequest) =>
      call<ListingPage>(t, 'POST', `${LISTING_PATHS[type]}${encodeURIComponent(id)}`, body),
    product: (slug: string) => call<SingleProduct>(t, 'GET', `/api/product/single-product/${encodeURIComponent(slug)}`),
    relatedProducts: (slug: string) =>
      call<RelatedProducts>(t, 'GET', `/api/product/single-product/${encodeURIComponent(slug)}/related`),
    categoryTree: (categoryId?: string) =>
      call<CategoryTree>(t, 'GET', withQuery('/api/category/all', { category_id: categoryId })),

    // Search.
    searchSuggestions: (query: string) => call<SearchSuggestion>(t, 'GET', withQuery('/api/search/search', { query })),
    searchProducts: (body: ListingRequest & { query: string }) =>
      call<SearchResults>(t, 'POST', '/api/search/search-products', body),

    // Content: templates (with each section's resolved data) and form submissions.
    templateBoth: (id: string, query: TemplateBothQuery) =>
      call<TemplateBoth>(t, 'GET', withQuery(`/api/templateBoth/${encodeURIComponent(id)}`, query)),
    submitForm: (id: string, values: Record<string, string>) =>
      call<unknown>(t, 'POST', `/api/form/submit/${encodeURIComponent(id)}`, values),

    // Blog.
    blogList: (body: BlogListBody) => call<BlogList>(t, 'POST', '/api/blog/list', body),
    blogPost: (slug: string) => call<BlogPostPage>(t, 'GET', `/api/blog/${encodeURIComponent(slug)}`),

    // Reviews.
    productReviews: (body: ProductReviewsBody) =>
      call<ProductReviews>(t, 'POST', '/api/plugins/review/product-reviews', body),
  };
}

export type ApiClient = ReturnType<typeof api>;

export function cspNonce(context: unknown): StorefrontLoadContext['cspNonce'] {
  return (context as StorefrontLoadContext).cspNonce;
}
