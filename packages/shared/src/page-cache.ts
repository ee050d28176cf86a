/**
 * How each cookie of the shop bears on a cached page (ADR 28; apps/api/src/ssr/page-cache.ts).
 * - personal: the visitor is someone in particular (signed in, a cart, staff, a store password,
 *   an order just placed): the page is rendered for them alone and never cached;
 * - vary: the page differs by its value (a separate cache entry per value);
 * - ignored: set and read by the browser or the API only; no page reads them.
 * Every cookie the shop sets must be in one list (page-cache-cookies.test.ts checks the code).
 */
export const PAGE_CACHE_COOKIES = {
  personal: ['sf_session', 'sf_staff', 'sf_store_access', 'api_cart', 'cart_session', 'order_ref'],
  vary: ['sf_channel', 'cookiePreferences', 'grid_columns', 'sf_notice_closed'],
  ignored: ['sf_device', 'heartbeat'],
} as const satisfies Record<'personal' | 'vary' | 'ignored', readonly string[]>;
