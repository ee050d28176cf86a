import { eq, desc, sql, type AnyColumn } from 'drizzle-orm';
import {
  LEGAL_PAGES,
  currentFontEntries,
  isPluginName,
  publicPluginConfig,
  type InitialValues,
  type Plugin,
  type StoreSettingKey,
  type Storefront,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { channels, countries, pages, plugins, storefronts } from '../../db/schema.ts';
import { getStoreSettingsAndLicense } from '../settings/service.ts';
import { pageIsLive } from '../content/page-live.ts';

/** The title of the page whose slug is in `slugColumn`, as a subquery (null when there is none). */
const pageTitle = (slugColumn: AnyColumn) =>
  sql<string | null>`(select ${pages.title} from ${pages} where ${pages.slug} = ${slugColumn})`;

/**
 * The default storefront with its channel (the request's, `channelId`, when given: ADR 0027;
 * else its own), country and legal page titles, or null when none is configured. One query.
 */
export async function getStorefront(db: Db, channelId?: string): Promise<Storefront | null> {
  const [row] = await db
    .select({
      sf: storefronts,
      channel: channels,
      country: countries,
      termsTitle: pageTitle(storefronts.termsPageSlug),
      privacyTitle: pageTitle(storefronts.privacyPageSlug),
      returnsTitle: sql<
        string | null
      >`(select ${pages.title} from ${pages} where ${pages.slug} = ${LEGAL_PAGES.returns.slug} and ${pageIsLive})`,
    })
    .from(storefronts)
    .innerJoin(channels, channelId ? eq(channels.id, channelId) : eq(channels.id, storefronts.channelId))
    .innerJoin(countries, eq(countries.id, channels.countryId))
    .orderBy(desc(storefronts.isDefault))
    .limit(1);
  if (!row) return null;
  const { sf, channel, country } = row;
  const pageRef = (slug: string | null, title: string | null) => (slug && title !== null ? { slug, title } : null);
  return {
    id: sf.id,
    name: sf.name,
    channel: {
      id: channel.id,
      name: channel.name,
      currency: { code: channel.currencyCode },
      country: {
        id: country.id,
        name: country.name,
        iso2: country.iso2,
        mobile_code: country.mobileCode,
        mobile_number_length: country.mobileNumberLength,
        has_postcodes: country.hasPostcodes,
      },
    },
    termsandconditions_page: pageRef(sf.termsPageSlug, row.termsTitle),
    privacypolicy_page: pageRef(sf.privacyPageSlug, row.privacyTitle),
    returns_page: pageRef(LEGAL_PAGES.returns.slug, row.returnsTitle),
    mode: sf.mode ?? null,
    is_password_protection_enabled: sf.isPasswordProtectionEnabled,
    is_cookie_warning_enabled: sf.isCookieWarningEnabled,
    page_layout: sf.pageLayout,
    is_sticky_header_enabled: sf.isStickyHeaderEnabled,
    is_scroll_button_enabled: sf.isScrollButtonEnabled,
    enable_indexing: sf.enableIndexing,
    theme: sf.theme,
    // A saved web font's path names the file of the build that published it: the current one instead.
    fonts: currentFontEntries(sf.fonts),
    custom_css: sf.customCss,
    social_sharing_image: sf.socialSharingImage,
    ...sf.look,
  };
}

/**
 * Installed plugins, each with its module name and the part of its configuration a browser may
 * see (the plugin catalogue's public keys; a row of a plugin the shop no longer knows is left out).
 */
export async function listInstalledPlugins(db: Db): Promise<Plugin[]> {
  const rows = await db
    .select({ name: plugins.moduleName, config: plugins.config })
    .from(plugins)
    .where(eq(plugins.isInstalled, true))
    .orderBy(plugins.moduleName);
  return rows.flatMap(({ name, config }) =>
    isPluginName(name) ? [{ module_name: name, config: publicPluginConfig(name, config) }] : [],
  );
}

/** Everything the storefront shell needs on first render, in one answer; the route adds the session's account. */
export async function getInitialValues(
  db: Db,
  /** The origin of absolute links, given the store_url setting (read with the others). */
  hostFor: (storeUrl: unknown) => string,
  keys: StoreSettingKey[] | undefined,
  /** The request's channel (its prices, currency and phone country: ADR 0027). */
  channelId?: string,
): Promise<Omit<InitialValues, 'access'> | null> {
  const [{ license_status, settings, store_url }, storefront, pluginList] = await Promise.all([
    getStoreSettingsAndLicense(db, keys),
    getStorefront(db, channelId),
    listInstalledPlugins(db),
  ]);
  if (!storefront) return null;
  return { license_status, host: hostFor(store_url), settings, storefront, plugins: pluginList, account: null };
}
