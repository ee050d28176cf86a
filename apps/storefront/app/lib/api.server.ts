import type {
  Account,
  Address,
  AddressFieldsByType,
  ApiRequest,
  ApiTransport,
  BlogList,
  BlogListBody,
  BlogPostPage,
  CategoryTree,
  CollectionList,
  Country,
  Envelope,
  InitialValues,
  ListingBody,
  ListingPage,
  ListingType,
  Menu,
  Page,
  PageList,
  ProductGrid,
  ProductGridBody,
  ProductReviews,
  ProductReviewsBody,
  RelatedProducts,
  SearchProductsBody,
  SearchResults,
  SearchSuggestion,
  SingleProduct,
  Slider,
  StorefrontLoadContext,
  TemplateBoth,
  TemplateBothQuery,
  Wishlist,
} from '@shopfront/shared';

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

/** True when the API answered "not logged in" (account loaders treat that as a guest). */
export function isUnauthenticated(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}

async function call<T>(
  transport: ApiTransport,
  method: ApiRequest['method'],
  path: string,
  body?: unknown,
): Promise<T> {
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

/**
 * The initial values of one storefront request, shared by its loaders: the root loader and a
 * listing's price filter both need them. Keyed by the request's load context, so nothing
 * outlives the request; any mutation through the client (an action) forgets them, so loaders
 * that run after an action see its effect.
 */
const initialValuesOfRequest = new WeakMap<object, Promise<InitialValues>>();

/**
 * The request's API transport for `callEndpoint` (ADR 0018); in one process it dispatches
 * in-process. A mutation forgets the request's initial values, so later loaders see its effect.
 */
export function apiTransport(context: unknown): ApiTransport {
  const transport = (context as StorefrontLoadContext).api;
  return (req) => {
    if (req.method !== 'GET') initialValuesOfRequest.delete(context as object);
    return transport(req);
  };
}

/** The typed API client used by loaders and actions; in one process it dispatches in-process. */
export function api(context: unknown) {
  const t = apiTransport(context);
  const initialValues = () => {
    const key = context as object;
    let answer = initialValuesOfRequest.get(key);
    if (!answer) {
      answer = call<InitialValues>(t, 'GET', '/api/storefront/initial-values');
      initialValuesOfRequest.set(key, answer);
      // A failure is not remembered: a later loader of the same request asks again.
      const asked = answer;
      asked.catch(() => {
        if (initialValuesOfRequest.get(key) === asked) initialValuesOfRequest.delete(key);
      });
    }
    return answer;
  };
  return {
    /** Asked once per storefront request, however many loaders ask. */
    initialValues,
    menu: (id: string) => call<Menu>(t, 'GET', `/api/menu/${encodeURIComponent(id)}`),
    slider: (id: string) => call<Slider>(t, 'GET', `/api/slider/${encodeURIComponent(id)}`),
    page: (slug: string) => call<Page>(t, 'GET', `/api/page/${seg(slug)}`),
    /** Every published page (slug, title, url), for the sitemap. */
    pages: () => call<PageList>(t, 'GET', '/api/pages'),
    productGrid: (body: ProductGridBody) => call<ProductGrid>(t, 'POST', '/api/product/product-grid', body),

    // Catalogue.
    /** A category, collection or shop (id `all` or a super category slug) listing page. */
    listing: (type: ListingType, id: string, body: ListingBody) =>
      call<ListingPage>(t, 'POST', `${LISTING_PATHS[type]}${encodeURIComponent(id)}`, body),
    product: (slug: string) => call<SingleProduct>(t, 'GET', `/api/product/single-product/${encodeURIComponent(slug)}`),
    relatedProducts: (slug: string) =>
      call<RelatedProducts>(t, 'GET', `/api/product/single-product/${encodeURIComponent(slug)}/related`),
    categoryTree: (categoryId?: string) =>
      call<CategoryTree>(t, 'GET', withQuery('/api/category/all', { category_id: categoryId })),
    collections: () => call<CollectionList>(t, 'GET', '/api/collection/all'),

    // Search.
    searchSuggestions: (query: string) => call<SearchSuggestion>(t, 'GET', withQuery('/api/search/search', { query })),
    searchProducts: (body: SearchProductsBody) => call<SearchResults>(t, 'POST', '/api/search/search-products', body),

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

    // Account (the shopper's session cookie travels with the in-process call; 401 = guest).
    account: () => call<Account>(t, 'GET', '/api/account/get'),
    /** Checks a password reset link before the new-password form is shown. */
    validateReset: (email: string, token: string) =>
      call<unknown>(t, 'POST', withQuery('/api/auth/validate-reset', { email, token })),

    // Address book and wishlist (the customer's own; 401 = guest).
    addresses: () => call<Address[]>(t, 'GET', '/api/address/all'),
    addressFields: () => call<AddressFieldsByType>(t, 'GET', '/api/settings/address-fields'),
    countries: () => call<Country[]>(t, 'GET', '/api/settings/countries'),
    wishlist: () => call<Wishlist>(t, 'GET', '/api/wishlist/get'),
  };
}

export type ApiClient = ReturnType<typeof api>;

export function cspNonce(context: unknown): StorefrontLoadContext['cspNonce'] {
  return (context as StorefrontLoadContext).cspNonce;
}
