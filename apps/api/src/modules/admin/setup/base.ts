import { sql } from 'drizzle-orm';
import { DEFAULT_ADDRESS_FIELDS, NEW_SHOP_NAME, type StoreSettings, type ThemeColours } from '@shopfront/shared';
import type { Database } from '../../../db/client.ts';
import * as t from '../../../db/schema.ts';
import { demoCountries } from '../../../db/seed/demo-data.ts';

/** The ids of the first-run shop's one channel and storefront (the demo has its own). */
export const SHOP_CHANNEL_ID = 'ch_shop';
export const SHOP_STOREFRONT_ID = 'sf_shop';
/** The one shipping method the setup edits. */
export const SHOP_SHIPPING_METHOD = 'standard';

/** store_settings key of the setup's progress: present only in a shop that began with the first run. */
export const SETUP_SETTING = 'setup_progress';

/** A calm, neutral start the owner's two colours then tint. */
const NEW_SHOP_THEME: ThemeColours = {
  primary: '#1f4f46',
  secondary: '#4b5563',
  accent: '#b45309',
  background: '#ffffff',
  surface: '#f5f5f4',
  text: '#1c1917',
  muted: '#6b6560',
  topbar_background: '#1c1917',
  topbar_text: '#f5f5f4',
  footer_background: '#1c1917',
  footer_text: '#e7e5e4',
};

/**
 * The behaviour of a new shop, before the owner changes any of it: guests may buy, sign-in by
 * password (no SMS provider is assumed), order messages by e-mail. The name, e-mail and legal
 * pages come from the setup.
 */
const NEW_SHOP_SETTINGS: Partial<StoreSettings> = {
  default_channel: SHOP_CHANNEL_ID,
  enable_multi_channel: false,
  enable_guest_checkout: true,
  enable_login_at_checkout: true,
  enable_customer_register: true,
  enable_register_at_checkout: true,
  store_country: 'IN',
  enable_otp_auth: false,
  enable_legacy_auth: true,
  cart_expire_days: 30,
  enable_customer_care: false,
  enable_refund: true,
  enable_cancel_order: true,
  account_verification_for: 'none',
  order_sms_mandatory: false,
  order_email_mandatory: true,
  allow_tnc_checkout: false,
  store_mode: 'products',
};

/**
 * What a shop started without the demo needs to answer every page: the countries it can sell in,
 * one channel (India, rupees), one storefront in "Coming Soon" named "A new shop", one shipping
 * zone with its method, and the settings above. Written once, in one transaction, when the
 * database has no storefront (a demo shop, or one set up before, is left alone); the setup then
 * edits these rows. Answers whether it wrote anything.
 */
export async function ensureShopBase(database: Pick<Database, 'withExclusiveLock'>): Promise<boolean> {
  return database.withExclusiveLock(async (db) => {
    const existing = await db.select({ id: t.storefronts.id }).from(t.storefronts).limit(1);
    if (existing.length > 0) return false;
    await db.transaction(async (tx) => {
      for (const c of demoCountries) {
        const [row] = await tx
          .insert(t.countries)
          .values({
            name: c.name,
            iso2: c.iso2,
            mobileCode: c.mobileCode,
            mobileNumberLength: c.mobileNumberLength,
            currencyCode: c.currencyCode,
            hasPostcodes: c.hasPostcodes,
            postcodeDigits: c.postcodeDigits,
          })
          .onConflictDoNothing({ target: t.countries.iso2 })
          .returning({ id: t.countries.id });
        if (row) await tx.insert(t.states).values(c.states.map((s) => ({ countryId: row.id, ...s })));
      }
      const [india] = await tx
        .select({ id: t.countries.id })
        .from(t.countries)
        .where(sql`${t.countries.iso2} = 'IN'`);
      await tx
        .insert(t.storeSettings)
        .values([
          ...Object.entries(NEW_SHOP_SETTINGS).map(([key, value]) => ({ key, value })),
          { key: 'license_status', value: 'active' },
          { key: 'address_fields', value: DEFAULT_ADDRESS_FIELDS },
          { key: 'tax_rate_percent', value: 0 },
          { key: SETUP_SETTING, value: { done: [], opened_at: null } },
        ])
        .onConflictDoNothing({ target: t.storeSettings.key });
      await tx
        .insert(t.channels)
        .values({ id: SHOP_CHANNEL_ID, name: 'Web store', currencyCode: 'INR', countryId: india!.id })
        .onConflictDoNothing();
      await tx.insert(t.storefronts).values({
        id: SHOP_STOREFRONT_ID,
        name: NEW_SHOP_NAME,
        channelId: SHOP_CHANNEL_ID,
        mode: 'Coming Soon',
        isDefault: true,
        isCookieWarningEnabled: false,
        theme: NEW_SHOP_THEME,
        fonts: [],
        customCss: '',
        look: {
          favicon: [],
          typography: { body_font: 'system-ui', heading_font: 'system-ui', base_size_px: 16 },
          notice_bar: { enabled: false, message: '', link_text: null, page_slug: null, is_closable: true },
          topbar: { enabled: false, message: '' },
          cookie_warning: { title: 'We value your privacy', message: 'We use cookies to run the shop.' },
          logo: null,
          meta: { title: '', description: '', keywords: '' },
        },
      });
      const [zone] = await tx
        .insert(t.shippingZones)
        .values({ name: 'India', countryId: india!.id, codAvailable: true, codFeeMinor: 0, position: 0 })
        .returning({ id: t.shippingZones.id });
      await tx
        .insert(t.shippingMethods)
        .values({
          code: SHOP_SHIPPING_METHOD,
          zoneId: zone!.id,
          name: 'Standard delivery',
          priceMinor: 0,
          freeOverMinor: null,
          position: 0,
        })
        .onConflictDoNothing();
    });
    return true;
  });
}
