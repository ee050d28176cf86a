/**
 * Texts and limits of the shopper-facing plugins (pincode check, trade enquiry, e-mail
 * subscription, galleries). No validation library here (ADR 10): the storefront's browsing pages
 * import these; the zod schemas are in plugins-shopper.ts.
 */

/** Pincode patterns by country (ISO 3166-1 alpha-2); a country not listed takes POSTCODE_PATTERN. */
export const POSTCODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  // Six digits; the first (the postal region, 1 to 9) is never 0.
  IN: /^[1-9]\d{5}$/,
};

/** Any country's postcode: 3 to 10 letters and digits, single spaces or hyphens between them. */
export const POSTCODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|[ -](?=[A-Za-z0-9])){1,8}[A-Za-z0-9]$/;

/** The pattern a postcode of `iso2` must match. */
export const postcodePatternOf = (iso2: string): RegExp => POSTCODE_PATTERNS[iso2.toUpperCase()] ?? POSTCODE_PATTERN;

/** Longest pincode accepted in the query (anything longer is refused before it is looked at). */
export const PINCODE_MAX_LENGTH = 12;

export const pincodeMessages = {
  required: 'Please enter a pincode',
  invalidIndia: 'Please enter a valid 6-digit pincode',
  invalid: 'Please enter a valid postcode',
  notServed: (pincode: string) => `Sorry, we do not deliver to ${pincode} yet`,
  served: (pincode: string, min: number, max: number, cod: boolean) =>
    `Delivery to ${pincode} in ${min === max ? `${min}` : `${min}–${max}`} working ${max === 1 ? 'day' : 'days'}. ` +
    (cod ? 'Cash on Delivery available' : 'Cash on Delivery is not available for this pincode'),
  /** The shop's (channel's) country has no postcodes (countries.has_postcodes false, e.g. the UAE). */
  noPostcodes: "Addresses in this store's country have no postcode, so delivery cannot be checked by pincode",
  servedNoEstimate: (pincode: string, cod: boolean) =>
    `We deliver to ${pincode}. ` +
    (cod ? 'Cash on Delivery available' : 'Cash on Delivery is not available for this pincode'),
} as const;

/** The pincode message for a country: India says "6-digit pincode". */
export const invalidPincodeMessage = (iso2: string): string =>
  iso2.toUpperCase() === 'IN' ? pincodeMessages.invalidIndia : pincodeMessages.invalid;

/** Where the last pincode a shopper checked is kept in the browser (localStorage), for the next product page. */
export const PINCODE_STORAGE_KEY = 'shopfront:pincode';

export const tradeEnquiryMessages = {
  productNotFound: 'This product could not be found',
} as const;

/** The pattern of a product slug a trade enquiry may name (`?product=` on the trade page). */
export const TRADE_PRODUCT_SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The id of the trade-enquiry form definition the plugin's submissions are stored under. */
export const TRADE_ENQUIRY_FORM_ID = 'trade-enquiry';

export const EMAIL_SUBSCRIPTION = {
  /** Days a confirmation link works. */
  confirmDays: 7,
  /** A repeat signup re-sends the confirmation at most once in this many minutes. */
  resendMinutes: 10,
} as const;

/** Where a signup came from (email_subscribers.source); `section`: a newsletter section of a page. */
export const SUBSCRIPTION_SOURCES = ['footer', 'account', 'page', 'section'] as const;
export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];

export type SubscriptionStatus = 'none' | 'pending' | 'confirmed' | 'unsubscribed';

export const emailSubscriptionMessages = {
  /** Every accepted signup answers this, whether the address was new, pending or confirmed. */
  checkInbox: 'Thank you! Please check your inbox and follow the link to confirm your subscription',
  confirmed: 'Your subscription is confirmed. Welcome aboard!',
  /** The confirmation link opened again (another device, a second click) while it is still valid. */
  alreadyConfirmed: 'Your subscription is already confirmed',
  invalidConfirmLink: 'This confirmation link is invalid, has expired or was already used. Please subscribe again',
  unsubscribed: 'You have been unsubscribed and will receive no more newsletters',
  invalidUnsubscribeLink: 'This unsubscribe link is not valid',
  accountSubscribed: 'We have sent a confirmation link to your e-mail address',
  /** Resend link on the account page while pending. */
  resent: 'We have sent a new confirmation link to your e-mail address',
  /** checkInbox, accountSubscribed and resent when the shop has no way to send e-mail. */
  linkHeld:
    'Thank you! This shop cannot send e-mail yet, so your confirmation link is waiting in its outbox. Please contact the shop to confirm your subscription',
  /** Resend asked for within the pause after the last confirmation e-mail. */
  resendTooSoon: (minutes: number) =>
    `We sent a confirmation link less than ${EMAIL_SUBSCRIPTION.resendMinutes} minutes ago. ` +
    `Please check your inbox and spam folder, or ask for a new link in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  accountUnsubscribed: 'You have been unsubscribed from the newsletter',
  noEmail: 'Add an e-mail address to your profile to subscribe',
} as const;

/** Most images a gallery holds (the content section's limit too). */
export const GALLERY_MAX_IMAGES = 48;

export const galleryMessages = {
  notFound: 'Gallery not found',
  mediaOnly: 'The image must be a file under /media',
  missingImage: 'This image could not be found',
  tooMany: `A gallery holds at most ${GALLERY_MAX_IMAGES} images`,
  empty: 'Add at least one image',
  link: 'The link must be a path on this shop (/…) or an https:// address',
} as const;

/** `sizes` of a gallery grid image at `columns` columns on desktops (two across on phones). */
export const galleryGridSizes = (columns: number) => ({ base: '50vw', lg: `${Math.round(100 / columns)}vw` });

/** What the ShopAnalytics plugin records (GA4's names; `page_view` for each page a visitor opens). */
export const SHOP_ANALYTICS_EVENTS = ['page_view', 'view_item', 'add_to_cart', 'begin_checkout', 'purchase'] as const;
export type ShopAnalyticsEvent = (typeof SHOP_ANALYTICS_EVENTS)[number];

export const shopAnalyticsMessages = {
  /** 403: the visitor's cookie choice does not include the analytics group (the cookie warning is on). */
  noConsent: 'Shop statistics are recorded only with your consent to analytics cookies',
  /** A purchase names its order. */
  transactionRequired: 'A purchase needs its order number',
  /** 404: a purchase of an order this browser did not place (or that does not exist). */
  unknownOrder: 'We could not find this order',
} as const;
