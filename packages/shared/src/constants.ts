/**
 * Values the storefront needs on every page, kept free of zod so that browsing pages do not
 * download the schemas: import nothing from a schema module here.
 */

/** Header the storefront sends on every mutation; with the Origin check it blocks CSRF. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'shopfront';

/** Header that makes a retried mutation safe (ADR 17): the same key and request replay the first answer. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer that was replayed from an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Spec section 9: the login and register dialogs take focus this long after opening. */
export const DIALOG_FOCUS_DELAY_MS = 500;

/** Listing sorts, in the order the sort menu shows them. */
export const LISTING_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'best_rated'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_MAX_PER_PAGE = 48;

/** Spec section 9: marquee duration default. */
export const MARQUEE_DEFAULT_DURATION_S = 20;

/**
 * The newsletter section (issue 28): the longest heading, text and button label, and its
 * backgrounds (tinted: the shop's surface colour; plain: the page's; brand: the primary colour).
 */
export const NEWSLETTER_SECTION_LIMITS = { title: 120, text: 300, button_label: 40 } as const;
export const NEWSLETTER_SECTION_BACKGROUNDS = ['tinted', 'plain', 'brand'] as const;
export type NewsletterSectionBackground = (typeof NEWSLETTER_SECTION_BACKGROUNDS)[number];
export const NEWSLETTER_SECTION_DEFAULT_BUTTON = 'Subscribe';
/** The template editor and its preview, for a newsletter section while the plugin is not installed. */
export const NEWSLETTER_SECTION_PLUGIN_OFF =
  'Turn on the E-mail subscription plugin to collect sign-ups. Shoppers do not see this section until then.';

/** Longest search text accepted; longer answers 422. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** Storefront paths of catalogue pages (spec section 2 routes). */
export const catalogUrls = {
  product: (slug: string) => `/product/${slug}`,
  category: (slug: string) => `/product-category/${slug}`,
  collection: (slug: string) => `/product-collection/${slug}`,
  shop: (slug?: string | null) => (slug && slug !== 'all' ? `/shop-online/${slug}` : '/shop-online'),
} as const;

/**
 * A readable flag beside the session cookie, with the same lifetime: it tells a page served from
 * the shared cache (ADR 31) that this browser is signed in, so it loads the account after
 * hydration. It grants nothing: the session cookie alone is the authority.
 */
export const SIGNED_IN_COOKIE = 'sf_signed_in';

// Cart (spec section 9 and the cart issue). Zod-free: the header badge and drawer read them.
/** Cookie holding the secret that finds a guest's cart (HttpOnly, SameSite=Lax). */
export const CART_SESSION_COOKIE = 'cart_session';
/** Readable flag cookie: "this browser has a cart", so pages skip the cart call when it is absent. */
export const API_CART_COOKIE = 'api_cart';
/** Most units of one line. */
export const MAX_LINE_QUANTITY = 10;
/** Most different lines in one cart. */
export const MAX_CART_LINES = 50;
/** Longest customisation text. */
export const MAX_CUSTOM_TEXT = 100;
/** How long the added line stays highlighted in the drawer (spec section 9: 2 seconds). */
export const ITEM_ADDED_HIGHLIGHT_MS = 2000;
/** Guest carts idle for longer are removed, unless the cart_expire_days setting says otherwise. */
export const DEFAULT_CART_EXPIRE_DAYS = 30;

/** Longest custom CSS an owner may add to the storefront (the panel's Theme screen shows it without loading the schemas). */
export const CUSTOM_CSS_MAX_LENGTH = 20_000;

/** The content page that shows the store's map (google_embed_url): `/contact-us`. */
export const CONTACT_PAGE_SLUG = 'contact-us';
/**
 * The one origin the contact page's map (google_embed_url) may frame; the CSP allows it only on
 * the contact page's own document, and only while the setting is set.
 */
export const GOOGLE_MAPS_EMBED_ORIGIN = 'https://www.google.com';
export const googleMapsEmbedMessage =
  'The value must be a Google Maps embed address (https://www.google.com/maps/embed?…)';

/**
 * Whether `url` is a Google Maps embed address (Share → Embed a map: https://www.google.com/maps/embed?pb=…,
 * or the Embed API's /maps/embed/v1/…): nothing else is ever framed by the shop.
 */
export function isGoogleMapsEmbedUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    const u = new URL(url);
    return (
      u.origin === GOOGLE_MAPS_EMBED_ORIGIN &&
      !u.username &&
      !u.password &&
      (u.pathname === '/maps/embed' || u.pathname.startsWith('/maps/embed/'))
    );
  } catch {
    return false;
  }
}
