/**
 * The plugins the shop knows (spec sections 3, 7 and 9; ADR 26). No dynamic loading: a plugin is
 * a row of this table plus the code that reads its config. This file carries no validation
 * library, so the storefront may import it on every page; the config schemas are in
 * schemas/plugins.ts.
 */

export const ANALYTICS_PLUGINS = [
  'GoogleGtag',
  'GoogleTagManager',
  'FacebookPixel',
  'MicrosoftClarity',
  'UmamiAnalytics',
  'ShopAnalytics',
] as const;
export type AnalyticsPluginName = (typeof ANALYTICS_PLUGINS)[number];

export const PLUGIN_NAMES = [
  'Review',
  'ProductCustomisation',
  'AbandonedCart',
  ...ANALYTICS_PLUGINS,
  'WhatsApp',
  'PincodeAvaliability',
  'TradeEnquiry',
  'emailSubscription',
  'Gallery',
  'customGallery',
] as const;
export type PluginName = (typeof PLUGIN_NAMES)[number];

/**
 * Optional cookie groups of the consent banner (spec section 3 "Cookie entry", section 5
 * "Cookie choices"). `necessary` is always on and cannot be unchecked.
 */
export const COOKIE_GROUPS = ['necessary', 'analytics', 'marketing'] as const;
export type CookieGroup = (typeof COOKIE_GROUPS)[number];
export type OptionalCookieGroup = Exclude<CookieGroup, 'necessary'>;

export interface PluginCookie {
  name: string;
  description: string;
}

export interface PluginInfo {
  name: PluginName;
  label: string;
  description: string;
  /** Config keys a browser may see (GET /api/plugins/all, /config/{name}); everything else stays on the server. */
  publicKeys: readonly string[];
  /** The consent group its scripts and cookies need when the cookie warning is on; null: needs none. */
  consent: OptionalCookieGroup | null;
  /** Cookies it sets, listed in the cookie preferences. */
  cookies: readonly PluginCookie[];
  /**
   * Its config decides what JavaScript runs on the shop's pages (a tag id, a container, a script
   * URL): whoever configures it runs code in every visitor's browser, an owner's included, on
   * the shop's origin. Installing, configuring and removing it is for owners only.
   */
  runsScript: boolean;
}

const info = (p: PluginInfo) => p;

/** The ShopAnalytics plugin's one cookie: a random id of the browser, set only with consent to analytics. */
export const SHOP_ANALYTICS_COOKIE = 'sf_stats';
/** How long the ShopAnalytics cookie lasts: one year, in seconds. */
export const SHOP_ANALYTICS_COOKIE_MAX_AGE = 31_536_000;

export const PLUGINS: Record<PluginName, PluginInfo> = {
  Review: info({
    name: 'Review',
    label: 'Product reviews',
    description: 'Shoppers rate and review what they bought.',
    publicKeys: [],
    consent: null,
    cookies: [],
    runsScript: false,
  }),
  ProductCustomisation: info({
    name: 'ProductCustomisation',
    label: 'Product customisation',
    description: 'Shoppers add a text or a picture to products that allow it.',
    publicKeys: [],
    consent: null,
    cookies: [],
    runsScript: false,
  }),
  AbandonedCart: info({
    name: 'AbandonedCart',
    label: 'Abandoned cart reminder',
    description: 'One reminder, with a link that restores the cart, to shoppers who left a cart with their consent.',
    publicKeys: [],
    consent: null,
    cookies: [],
    runsScript: false,
  }),
  GoogleGtag: info({
    name: 'GoogleGtag',
    label: 'Google Analytics (gtag.js)',
    description: 'Page views and shopping events in Google Analytics 4.',
    publicKeys: ['google_tag_id'],
    consent: 'analytics',
    cookies: [
      { name: '_ga', description: 'Google Analytics: tells visits of the same browser apart (2 years).' },
      { name: '_ga_*', description: 'Google Analytics: keeps the state of the current visit (2 years).' },
    ],
    runsScript: true,
  }),
  GoogleTagManager: info({
    name: 'GoogleTagManager',
    label: 'Google Tag Manager',
    description: 'Loads the tags configured in a Google Tag Manager container; shopping events go to its data layer.',
    publicKeys: ['code'],
    consent: 'analytics',
    cookies: [{ name: '_ga', description: 'Set by the tags of the container, such as Google Analytics (2 years).' }],
    runsScript: true,
  }),
  FacebookPixel: info({
    name: 'FacebookPixel',
    label: 'Meta (Facebook) Pixel',
    description: 'Measures ads on Facebook and Instagram with page views and shopping events.',
    publicKeys: ['tag_code'],
    consent: 'marketing',
    cookies: [{ name: '_fbp', description: 'Meta Pixel: recognises the browser for ad measurement (90 days).' }],
    runsScript: true,
  }),
  MicrosoftClarity: info({
    name: 'MicrosoftClarity',
    label: 'Microsoft Clarity',
    description: 'Heatmaps and session recordings.',
    publicKeys: ['code'],
    consent: 'analytics',
    cookies: [
      { name: '_clck', description: 'Microsoft Clarity: keeps the Clarity user id (1 year).' },
      { name: '_clsk', description: 'Microsoft Clarity: joins the pages of one session (1 day).' },
    ],
    runsScript: true,
  }),
  UmamiAnalytics: info({
    name: 'UmamiAnalytics',
    label: 'Umami',
    description: 'Privacy-friendly page views and events on a self-hosted Umami server.',
    publicKeys: ['website_id', 'script_url'],
    consent: 'analytics',
    cookies: [],
    runsScript: true,
  }),
  ShopAnalytics: info({
    name: 'ShopAnalytics',
    label: 'Shop statistics',
    description:
      "Page views and shopping events counted by the shop's own server (POST /api/plugins/ShopAnalytics/collect); nothing goes to another company.",
    publicKeys: [],
    consent: 'analytics',
    cookies: [
      {
        name: SHOP_ANALYTICS_COOKIE,
        description:
          'Shop statistics: a random id that tells visits of the same browser apart, so that we count visitors, not page loads (1 year).',
      },
    ],
    // Its code is the shop's own; its config decides nothing that runs.
    runsScript: false,
  }),
  WhatsApp: info({
    name: 'WhatsApp',
    label: 'Chat button',
    description: 'A messaging-app button that opens a chat with the shop, with a pre-filled message.',
    publicKeys: ['mobile_no', 'default_message', 'chat_location'],
    consent: null,
    cookies: [],
    runsScript: false,
  }),
  PincodeAvaliability: info({
    name: 'PincodeAvaliability',
    label: 'Pincode check',
    description: 'A box on product pages: is a postcode served, by when, and can it pay on delivery.',
    publicKeys: [],
    consent: null,
    cookies: [],
    runsScript: false,
  }),
  TradeEnquiry: info({
    name: 'TradeEnquiry',
    label: 'Trade enquiry',
    description: 'A form for wholesale and trade buyers.',
    publicKeys: ['title', 'success_message'],
    consent: null,
    cookies: [],
    runsScript: false,
  }),
  emailSubscription: info({
    name: 'emailSubscription',
    label: 'E-mail subscription',
    description: 'A newsletter signup with double opt-in and an unsubscribe link.',
    publicKeys: ['title', 'description'],
    consent: null,
    cookies: [],
    runsScript: false,
  }),
  Gallery: info({
    name: 'Gallery',
    label: 'Gallery',
    description: 'Image galleries shown as page sections, with a lightbox.',
    publicKeys: [],
    consent: null,
    cookies: [],
    runsScript: false,
  }),
  customGallery: info({
    name: 'customGallery',
    label: 'Custom gallery',
    description: 'Galleries of hand-picked images with captions and links, shown as page sections.',
    publicKeys: [],
    consent: null,
    cookies: [],
    runsScript: false,
  }),
};

export const isPluginName = (name: string): name is PluginName => (PLUGIN_NAMES as readonly string[]).includes(name);

/** The part of a plugin's config a browser may see. */
export function publicPluginConfig(name: PluginName, config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of PLUGINS[name].publicKeys) if (key in config) out[key] = config[key];
  return out;
}
