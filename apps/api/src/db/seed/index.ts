import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEFAULT_ADDRESS_FIELDS } from '@shopfront/shared';
import type { Database, Db } from '../client.ts';
import * as t from '../schema.ts';
import { DEMO_CHANNEL_ID, DEMO_STOREFRONT_ID, demoCountries, demoPages, demoSettings, demoTheme } from './demo-data.ts';
import { renderCatalogImages, seedCatalog } from './catalog.ts';
import { renderContentImages, seedContent, seedMenus } from './content.ts';
import { makeHeroImage } from './images.ts';
import { demoCustomerPasswordHash, seedDemoCustomer } from './accounts.ts';
import { seedCoupons, seedCouponsAndShipping } from './coupons.ts';
import { seedChannels } from './channels.ts';
import { seedDemoOrders } from './orders.ts';
import { seedDemoAddress } from './demo-address.ts';
import { seedPlugins } from './plugins.ts';
import { seedDemoStaff } from './staff.ts';
import { seedSwatches } from './swatches.ts';
import { makeServiceHero } from './service-art.ts';
import { seedDemoApplications, storeDemoDocuments } from './applications.ts';
import {
  SERVICES_DEMO_COUPONS,
  renderServiceImages,
  seedServiceCatalog,
  servicesLook,
  servicesMenus,
  servicesSettings,
  servicesTheme,
} from './services.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Look = (typeof t.storefronts.$inferInsert)['look'];

export interface SeedOptions {
  /** Where generated demo images are written; served at /media. */
  mediaDir: string;
  /** Public origin of the shop, stored as store_url. */
  storeUrl?: string;
  /** Which demo: the product shop (default) or the services business (SEED_DEMO=services, issue 27). */
  demo?: 'products' | 'services';
  /** DATA_DIR, where the services demo's private documents go; by default the media folder's parent. */
  dataDir?: string;
}

/** Seeds the demo store once: a second call finds the storefront and does nothing. */
export async function seedDemo(database: Database, opts: SeedOptions): Promise<boolean> {
  // Every start and every test file calls this on a shop that is usually seeded already: look
  // before rendering images and hashing a password (the look under the lock below still decides).
  if (await hasStorefront(database.db)) return false;
  if (opts.demo === 'services') return seedServicesDemo(database, opts);
  const rendered = await renderCatalogImages(opts.mediaDir);
  const heroes = await Promise.all([
    makeHeroImage(opts.mediaDir, 'new-season', '#1f6f5c', '#7fb8a4'),
    makeHeroImage(opts.mediaDir, 'studio-ceramics', '#c9773c', '#f2c14e'),
  ]);
  const contentImages = await renderContentImages(opts.mediaDir);
  const demoPasswordHash = await demoCustomerPasswordHash();

  return database.withExclusiveLock(async (db) => {
    if (await hasStorefront(db)) return false;

    await db.transaction(async (tx) => {
      await seedShopBase(tx, opts);

      await tx.insert(t.plugins).values([
        { moduleName: 'Review', config: {} },
        // Mugs and bottles take a name or a photo (see below); carts left with consent get one reminder.
        { moduleName: 'ProductCustomisation', config: {} },
        { moduleName: 'AbandonedCart', config: { delay_minutes: 180 } },
      ]);

      await seedMenus(tx);

      await tx.insert(t.sliders).values({ id: 'home-hero', name: 'Home hero' });
      await tx.insert(t.slides).values([
        {
          sliderId: 'home-hero',
          title: 'Linen for long summers',
          subtitle: 'Breathable shirts and tees, woven in small batches.',
          imageUrl: heroes[0]!,
          imageAlt: 'Linen shirts, a tiered dress and a Breton tee on a clothes rail',
          linkUrl: '/shop-online',
          linkText: 'Shop the collection',
          position: 0,
        },
        {
          sliderId: 'home-hero',
          title: 'Studio ceramics',
          subtitle: 'Mugs and cups thrown by hand in Bengaluru.',
          imageUrl: heroes[1]!,
          imageAlt: 'Stoneware mugs, cups and bowls on a wooden shelf and table',
          linkUrl: '/about-us',
          linkText: 'Meet the makers',
          position: 1,
        },
      ]);

      await seedCatalog(tx, { channelId: DEMO_CHANNEL_ID, currency: 'INR', rendered });
      await seedSwatches(tx);
      await seedCouponsAndShipping(tx);
      await seedChannels(tx);
      await tx.execute(sql`update products set is_customisation_enabled = true
        where id in (select pc.product_id from product_categories pc join categories c on c.id = pc.category_id
                      where c.slug in ('mugs-and-cups', 'bottles'))`);
      await seedContent(tx, { images: contentImages });
      await seedPlugins(tx, { images: contentImages });
      await seedDemoCustomer(tx, demoPasswordHash);
      await seedDemoOrders(tx, DEMO_CHANNEL_ID);
      await seedDemoAddress(tx);
      await seedDemoStaff(tx);
    });
    // Planner statistics for the rows just written. PGlite has no autovacuum at all, and
    // PostgreSQL's would get there only later: without them the first queries plan on default
    // guesses (1200 rows a table, hash joins over whole tables).
    await db.execute(sql`analyze`);
    return true;
  });
}

/** The product demo's storefront look. */
const PRODUCT_LOOK: Look = {
  favicon: [],
  typography: { body_font: 'system-ui', heading_font: 'Georgia', base_size_px: 16 },
  notice_bar: {
    enabled: true,
    message: 'Free shipping on orders of ₹999 or more',
    link_text: 'Details',
    page_slug: 'shipping-and-returns',
    is_closable: true,
  },
  topbar: { enabled: true, message: 'Handmade in India · Easy 14-day returns' },
  cookie_warning: {
    title: 'We value your privacy',
    // The one optional cookie is the shop's own statistics (the ShopAnalytics plugin, plugins.ts).
    message: 'We use cookies to run the shop and, only if you agree, for our own visit statistics.',
  },
  logo: null,
  meta: {
    title: 'Loom & Leaf: natural clothing and homeware',
    description: 'Organic cotton, linen, stoneware and plants, made in small batches across India.',
    keywords: 'linen, organic cotton, stoneware, homeware, plants',
  },
};

/**
 * What both demos share: the settings, countries and states, the channel, the legal pages and
 * the storefront (named and dressed for the demo asked for).
 */
async function seedShopBase(tx: Tx, opts: SeedOptions): Promise<void> {
  const services = opts.demo === 'services';
  const settings = {
    ...demoSettings,
    ...(services ? servicesSettings : {}),
    store_url: opts.storeUrl ?? demoSettings.store_url,
  };
  await tx.insert(t.storeSettings).values([
    ...Object.entries(settings).map(([key, value]) => ({ key, value })),
    { key: 'license_status', value: 'active' },
    { key: 'address_fields', value: DEFAULT_ADDRESS_FIELDS },
    // Prices include GST; the cart shows the tax they contain (modules/cart/pricing.ts).
    { key: 'tax_rate_percent', value: 12 },
  ]);
  // The demo's 12 % is its standard class's rate (editable on the panel's Tax screen).
  await tx.execute(sql`update tax_rates set rate_percent = 12 where key = 'standard'`);

  let indiaId = 0;
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
      .returning({ id: t.countries.id });
    if (c.iso2 === 'IN') indiaId = row!.id;
    await tx.insert(t.states).values(c.states.map((s) => ({ countryId: row!.id, ...s })));
  }

  await tx
    .insert(t.channels)
    .values({ id: DEMO_CHANNEL_ID, name: 'Web store', currencyCode: 'INR', countryId: indiaId });

  await tx.insert(t.pages).values(demoPages.map((p) => ({ slug: p.slug, title: p.title, blocks: p.blocks })));

  await tx.insert(t.storefronts).values({
    id: DEMO_STOREFRONT_ID,
    name: settings.store_name,
    channelId: DEMO_CHANNEL_ID,
    mode: null,
    isDefault: true,
    termsPageSlug: 'terms-and-conditions',
    privacyPageSlug: 'privacy-policy',
    theme: services ? servicesTheme : demoTheme,
    fonts: [],
    customCss: '',
    look: { ...PRODUCT_LOOK, ...(services ? servicesLook : {}) },
  });
}

/**
 * The services demo (SEED_DEMO=services, issue 27): the shared base as "Sahaj Seva Consultants"
 * in services mode, its menus and hero, a dozen services with their forms and stages, the demo
 * customer and the staff, and customers' applications in every stage (seed/applications.ts).
 */
async function seedServicesDemo(database: Database, opts: SeedOptions): Promise<boolean> {
  const images = await renderServiceImages(opts.mediaDir);
  const hero = await makeServiceHero(opts.mediaDir, '#dbe7f7', '#1d4ed8');
  const demoPasswordHash = await demoCustomerPasswordHash();
  const documents = await storeDemoDocuments(opts.dataDir ?? path.dirname(opts.mediaDir));
  return database.withExclusiveLock(async (db) => {
    if (await hasStorefront(db)) return false;
    await db.transaction(async (tx) => {
      await seedShopBase(tx, opts);
      await tx.insert(t.plugins).values([{ moduleName: 'Review', config: {} }]);
      await seedMenus(tx, servicesMenus);
      await tx.insert(t.sliders).values({ id: 'home-hero', name: 'Home hero' });
      await tx.insert(t.slides).values({
        sliderId: 'home-hero',
        title: 'GST, ITR and registrations, done for you',
        subtitle: 'Apply online, send documents, and follow every stage until it is done.',
        imageUrl: hero,
        imageAlt: 'A ledger, a passport and a stamped certificate on a desk',
        linkUrl: '/shop-online',
        linkText: 'See all services',
        position: 0,
      });
      const services = await seedServiceCatalog(tx, { channelId: DEMO_CHANNEL_ID, currency: 'INR', images });
      await seedCoupons(tx, SERVICES_DEMO_COUPONS);
      await seedDemoCustomer(tx, demoPasswordHash);
      await seedDemoAddress(tx);
      await seedDemoStaff(tx);
      await seedDemoApplications(tx, { services, documents });
    });
    await db.execute(sql`analyze`);
    return true;
  });
}

async function hasStorefront(db: Db): Promise<boolean> {
  const existing = await db.select({ id: t.storefronts.id }).from(t.storefronts).limit(1);
  return existing.length > 0;
}
