import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  ANALYTICS_PLUGINS,
  CONTACT_PAGE_SLUG,
  GOOGLE_MAPS_EMBED_ORIGIN,
  isGoogleMapsEmbedUrl,
  type AnalyticsPluginName,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { contentLookup } from '../../lib/content-memo.ts';

/**
 * The Content-Security-Policy sources of the analytics plugins (spec section 9): each provider's
 * hosts are allowed only while its plugin is installed, so a shop without Meta Pixel never lets
 * connect.facebook.net run. The contact page's map frame (google_embed_url) likewise, only while set
 * and only on the contact page's own document (every other page frames nothing of Google's). Looked up for storefront page requests (never for /api/*, /media/*
 * or static files), before helmet writes the header; the directive functions below read the
 * result. Kept per process until the plugins change (contentLookup, ADR 28): an owner's install
 * or removal applies on the next page, on every process.
 */

type CspKind = 'script' | 'connect' | 'img' | 'frame';
type Sources = Record<CspKind, string[]>;

const GOOGLE_TAG: Omit<Sources, 'frame'> = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://www.google-analytics.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  img: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com'],
};

const FIXED: Record<Exclude<AnalyticsPluginName, 'UmamiAnalytics'>, Omit<Sources, 'frame'>> = {
  // First-party: its events go to the shop itself ('self'), from the shop's own code.
  ShopAnalytics: { script: [], connect: [], img: [] },
  GoogleGtag: GOOGLE_TAG,
  // A container's tags are mostly Google's own (GA4); others need the owner's own CSP work.
  GoogleTagManager: GOOGLE_TAG,
  FacebookPixel: {
    script: ['https://connect.facebook.net'],
    connect: ['https://connect.facebook.net', 'https://www.facebook.com'],
    img: ['https://www.facebook.com'],
  },
  MicrosoftClarity: {
    script: ['https://www.clarity.ms', 'https://*.clarity.ms'],
    connect: ['https://*.clarity.ms'],
    img: ['https://*.clarity.ms'],
  },
};

/** The origin of an https URL, or null (a config the owner's API would not have accepted). */
function httpsOrigin(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The sources the installed analytics plugins need (empty lists when none is installed). */
export function analyticsSources(installed: readonly { name: string; config: unknown }[]): Omit<Sources, 'frame'> {
  const out: Omit<Sources, 'frame'> = { script: [], connect: [], img: [] };
  for (const { name, config } of installed) {
    let sources: Omit<Sources, 'frame'> | null = null;
    if (name === 'UmamiAnalytics') {
      const origin = httpsOrigin((config as { script_url?: unknown } | null)?.script_url);
      if (origin) sources = { script: [origin], connect: [origin], img: [] };
    } else if (name in FIXED) sources = FIXED[name as keyof typeof FIXED];
    if (!sources) continue;
    for (const kind of ['script', 'connect', 'img'] as const) out[kind].push(...sources[kind]);
  }
  for (const kind of ['script', 'connect', 'img'] as const) out[kind] = [...new Set(out[kind])];
  return out;
}

const mapEmbedSetting = namedQuery<{ value: unknown }>()({
  name: 'plugins.analytics-csp.map-embed',
  columns: ['value'],
  example: {},
  build: () => sql`select value from store_settings where key = 'google_embed_url'`,
});

/**
 * The frame sources of the contact page's map: Google's embed origin, only while the store's
 * google_embed_url is a Google Maps embed address (settings validation allows nothing else).
 */
export async function mapFrameSources(db: Db): Promise<string[]> {
  const [row] = await mapEmbedSetting(db, {});
  return isGoogleMapsEmbedUrl(row?.value) ? [GOOGLE_MAPS_EMBED_ORIGIN] : [];
}

const installedAnalyticsRows = namedQuery<{ name: string; config: unknown }>()({
  name: 'plugins.analytics-csp.installed',
  columns: ['name', 'config'],
  example: {},
  build: () =>
    sql`select module_name as name, config from plugins
         where is_installed and module_name in (${sql.join(
           ANALYTICS_PLUGINS.map((n) => sql`${n}`),
           sql`, `,
         )})`,
});

async function installedAnalytics(db: Db): Promise<{ name: string; config: unknown }[]> {
  return installedAnalyticsRows(db, {});
}

const kSources = Symbol('shopfront.analyticsCsp');
type WithSources = IncomingMessage & { [kSources]?: Sources };

/** The storefront's page route (apps/api/src/ssr/storefront.ts): everything else needs no lookup. */
const isPageRequest = (req: FastifyRequest) =>
  req.routeOptions.url === '/*' && !req.url.startsWith('/api/') && !/\.data(?:\?|$)/.test(req.url);

const CONTACT_PATH = `/${CONTACT_PAGE_SLUG}`;
/** The contact page's document (`/contact-us`, with or without a query or a trailing slash). */
const isContactPage = (req: FastifyRequest) => {
  const path = req.url.split('?')[0]!;
  return path === CONTACT_PATH || path === `${CONTACT_PATH}/`;
};

/** onRequest hook, registered before helmet: looks the sources up for a page request. */
export function analyticsCspLookup(app: Pick<FastifyInstance, 'db' | 'env' | 'contentVersion'>) {
  const lookup = contentLookup<Sources>(app, 1);
  return async (req: FastifyRequest): Promise<void> => {
    if (!isPageRequest(req)) return;
    const sources = await lookup('', async () => {
      const [installed, frame] = await Promise.all([installedAnalytics(app.db), mapFrameSources(app.db)]);
      return { ...analyticsSources(installed), frame };
    });
    (req.raw as WithSources)[kSources] = isContactPage(req) ? sources : { ...sources, frame: [] };
  };
}

/**
 * A helmet directive value: the fixed `sources` followed by the request's analytics sources of
 * one kind, as one string (helmet joins list items with a space: an empty item would leave a
 * double space in the header).
 */
export const analyticsCsp =
  (kind: CspKind, sources: readonly string[]) =>
  (req: IncomingMessage): string =>
    [...sources, ...((req as WithSources)[kSources]?.[kind] ?? [])].join(' ');
