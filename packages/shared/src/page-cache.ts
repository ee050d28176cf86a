/**
 * How each cookie of the shop bears on a cached page (ADR 28, ADR 31; apps/api/src/ssr/page-cache.ts).
 * - personal: the visitor is someone the page itself must be rendered for (staff, a store
 *   password): their pages are rendered for them alone and never cached;
 * - own: the visitor has parts of their own (signed in, a cart, an order just placed) that the
 *   browser loads after the page (the account, the cart, the wishlist): pages that opt in
 *   (`sharedPage` in the route's handle) are sent to them from the shared cache, rendered as for
 *   a visitor without these cookies; every other page is rendered for them alone;
 * - vary: the page differs by its value (a separate cache entry per value);
 * - ignored: set and read by the browser or the API only; no page reads them.
 * Every cookie the shop sets must be in one list (apps/api/src/ssr/page-cache.test.ts checks the code).
 */
export const PAGE_CACHE_COOKIES = {
  personal: ['sf_staff', 'sf_store_access'],
  own: ['sf_session', 'sf_signed_in', 'api_cart', 'cart_session', 'order_ref'],
  vary: ['sf_channel', 'cookiePreferences', 'grid_columns', 'sf_notice_closed'],
  ignored: ['sf_device', 'heartbeat', 'sf_stats'],
} as const satisfies Record<'personal' | 'own' | 'vary' | 'ignored', readonly string[]>;
