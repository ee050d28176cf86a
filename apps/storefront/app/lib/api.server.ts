import {
  ApiError,
  accountApi,
  addressApi,
  authApi,
  blogApi,
  callEndpoint,
  catalogApi,
  contentApi,
  formsApi,
  reviewsApi,
  searchApi,
  settingsApi,
  storefrontApi,
  tradeEnquiryApi,
  wishlistApi,
  type ApiSuccess,
  type ApiTransport,
  type BlogListBody,
  type InitialValues,
  type ListingBody,
  type ListingType,
  type ProductGridBody,
  type ProductReviewsBody,
  type SearchProductsBody,
  type Shell,
  type StorefrontLoadContext,
  type TemplateBothQuery,
} from '@shopfront/shared';

const LISTINGS = {
  category: catalogApi.categoryListing,
  collection: catalogApi.collectionListing,
  shop: catalogApi.shopListing,
} as const satisfies Record<ListingType, unknown>;

/** True when the API answered "no such thing" (a loader turns that into the 404 page). */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

/** True when the API answered "not logged in" (account loaders treat that as a guest). */
export function isUnauthenticated(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}

/** Loaders want the data; the success message is for the browser's toasts. */
const dataOf = <T>(answer: ApiSuccess<T>): T => answer.data;

/**
 * The initial values of one storefront request, shared by its loaders: the root loader and a
 * listing's price filter both need them. Keyed by the request's load context, so nothing
 * outlives the request; any mutation through the client (an action) forgets them, so loaders
 * that run after an action see its effect.
 */
const initialValuesOfRequest = new WeakMap<object, Promise<Shell>>();

/** The menus the shell shows: the header's and the footer's columns. */
export const SHELL_MENUS = { main: 'main-menu', footer: ['footer-shop', 'footer-help'] } as const;
const SHELL_QUERY = { menus: [SHELL_MENUS.main, ...SHELL_MENUS.footer].join(',') };

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

/**
 * The typed API client used by loaders and actions: each method calls a declared endpoint
 * (ADR 0018) and answers its data; a failure rejects with an ApiError. In one process it
 * dispatches in-process.
 */
export function api(context: unknown) {
  const t = apiTransport(context);
  /** The shell (ADR 28): the initial values with the menus, channel picker and navigation. */
  const shell = () => {
    const key = context as object;
    let answer = initialValuesOfRequest.get(key);
    if (!answer) {
      answer = callEndpoint(t, storefrontApi.shell, { query: SHELL_QUERY }).then(dataOf);
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
    /** Asked once per storefront request, however many loaders ask (one shell call). */
    shell,
    initialValues: (): Promise<InitialValues> => shell(),
    slider: (id: string) => callEndpoint(t, contentApi.slider, { params: { id } }).then(dataOf),
    page: (slug: string) => callEndpoint(t, contentApi.page, { params: { '*': slug } }).then(dataOf),
    /** Every published page (slug, title, url), for the sitemap. */
    pages: () => callEndpoint(t, contentApi.pages).then(dataOf),
    productGrid: (body: ProductGridBody) => callEndpoint(t, catalogApi.productGrid, { body }).then(dataOf),

    // Catalogue.
    /** A category, collection or shop (id `all` or a super category slug) listing page. */
    listing: (type: ListingType, id: string, body: ListingBody) =>
      callEndpoint(t, LISTINGS[type], { params: { id }, body }).then(dataOf),
    product: (slug: string) => callEndpoint(t, catalogApi.product, { params: { id: slug } }).then(dataOf),
    relatedProducts: (slug: string) =>
      callEndpoint(t, catalogApi.relatedProducts, { params: { id: slug } }).then(dataOf),
    categoryTree: (categoryId?: string) =>
      callEndpoint(t, catalogApi.categoryTree, { query: { category_id: categoryId } }).then(dataOf),
    collections: () => callEndpoint(t, catalogApi.collections).then(dataOf),

    // Search.
    searchSuggestions: (query: string) => callEndpoint(t, searchApi.suggestions, { query: { query } }).then(dataOf),
    searchProducts: (body: SearchProductsBody) => callEndpoint(t, searchApi.products, { body }).then(dataOf),

    // Content: templates (with each section's resolved data) and form submissions.
    templateBoth: (id: string, query: TemplateBothQuery) =>
      callEndpoint(t, contentApi.templateBoth, { params: { id }, query }).then(dataOf),
    submitForm: (id: string, values: Record<string, string>) =>
      callEndpoint(t, formsApi.submit, { params: { id }, body: values }).then(dataOf),
    /** TradeEnquiry plugin: the trade-enquiry form's fields (+ product); answers its success message too. */
    submitTradeEnquiry: (values: Record<string, string>) => callEndpoint(t, tradeEnquiryApi.submit, { body: values }),

    // Blog.
    blogList: (body: BlogListBody) => callEndpoint(t, blogApi.list, { body }).then(dataOf),
    blogPost: (slug: string) => callEndpoint(t, blogApi.post, { params: { slug } }).then(dataOf),

    // Reviews.
    productReviews: (body: ProductReviewsBody) => callEndpoint(t, reviewsApi.productReviews, { body }).then(dataOf),

    // Account (the shopper's session cookie travels with the in-process call; 401 = guest).
    account: () => callEndpoint(t, accountApi.get).then(dataOf),
    /** Checks a password reset link before the new-password form is shown. */
    validateReset: (email: string, token: string) =>
      callEndpoint(t, authApi.validateReset, { query: { email, token } }).then(dataOf),

    // Address book and wishlist (the customer's own; 401 = guest).
    addresses: () => callEndpoint(t, addressApi.all).then(dataOf),
    addressFields: () => callEndpoint(t, settingsApi.addressFields).then(dataOf),
    countries: () => callEndpoint(t, settingsApi.countries).then(dataOf),
    wishlist: () => callEndpoint(t, wishlistApi.get).then(dataOf),
  };
}

export type ApiClient = ReturnType<typeof api>;

export function cspNonce(context: unknown): StorefrontLoadContext['cspNonce'] {
  return (context as StorefrontLoadContext).cspNonce;
}
