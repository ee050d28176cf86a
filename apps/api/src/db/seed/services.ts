import { randomBytes } from 'node:crypto';
import { ServiceDetailsBodySchema, type StoreSettings, type ThemeColours } from '@shopfront/shared';
import type { Db } from '../client.ts';
import * as t from '../schema.ts';
import { refreshProductSummaries } from '../../modules/catalog/summary.ts';
import type { DemoCoupon } from './coupons.ts';
import { makeServiceArt, type ServiceArt } from './service-art.ts';
import { demoServices, serviceCategories } from './services-data.ts';
import { ART_SIZE } from './product-art/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The services demo's settings over the product demo's: a Pune tax and documents firm that sells services. */
export const servicesSettings: Partial<StoreSettings> = {
  store_name: 'Sahaj Seva Consultants',
  store_email: 'hello@sahajseva.example',
  store_phone: '+91 20 4000 5678',
  store_address: '4th floor, Shivaji Nagar Business Centre, Pune 411005',
  store_state: 'MH',
  facebook: null,
  instagram: 'https://instagram.com/sahajseva',
  youtube: 'https://youtube.com/@sahajseva',
  pinterest: null,
  linkedin: 'https://linkedin.com/company/sahajseva',
  customer_care_email: 'help@sahajseva.example',
  customer_care_phone: '+91 20 4000 5678',
  customer_care_address: 'Shivaji Nagar Business Centre, Pune 411005',
  checkout_instruction: 'After payment, your application form and documents reach our team at once.',
  store_mode: 'services',
};

/** The services demo's coupon: a fee paid online or at the office takes it (ADR 37). */
export const SERVICES_DEMO_COUPONS: DemoCoupon[] = [
  {
    code: 'FIRSTFILING',
    description: '₹100 off any service fee of ₹499 or more',
    kind: 'fixed',
    value: 100_00,
    minSubtotalMinor: 499_00,
    shows: 'a fixed amount off a service fee, with a minimum fee',
  },
];

export const servicesTheme: ThemeColours = {
  primary: '#1d4ed8',
  secondary: '#0f766e',
  accent: '#f59e0b',
  background: '#ffffff',
  surface: '#f3f6fb',
  text: '#0f172a',
  // Dark enough for small text on the surface tint and the primary's 10 % tint (axe: 5.5:1 and 5.1:1).
  muted: '#56657a',
  topbar_background: '#0f172a',
  topbar_text: '#e2e8f0',
  footer_background: '#0f172a',
  footer_text: '#e2e8f0',
};

/** The storefront's name and look in the services demo. */
export const servicesLook: Partial<NonNullable<(typeof t.storefronts.$inferInsert)['look']>> = {
  notice_bar: {
    enabled: true,
    message: 'GST return due on the 20th: send your invoices by the 15th',
    link_text: 'File now',
    page_slug: null,
    is_closable: true,
  },
  topbar: { enabled: true, message: 'Tax, registrations and documents · Pune and online' },
  meta: {
    title: 'Sahaj Seva Consultants: GST, ITR, company and visa services',
    description:
      'GST and ITR filing, company and trademark registration, passport and visa help, done by professionals.',
    keywords: 'GST registration, ITR filing, trademark, company incorporation, passport, visa, Pune',
  },
};

/** The services demo's header and footer menus. */
export const servicesMenus: { id: string; name: string; items: [string, string, [string, string][]?][] }[] = [
  {
    id: 'main-menu',
    name: 'Main menu',
    items: [
      ['Home', '/'],
      ['All services', '/shop-online'],
      ['Tax & GST', '/product-category/tax-and-gst'],
      ['Passport & visa', '/product-category/travel-documents'],
      ['Track an application', '/track-order'],
    ],
  },
  {
    id: 'footer-shop',
    name: 'Services',
    items: serviceCategories.map((c): [string, string] => [c.name, `/product-category/${c.slug}`]),
  },
];

const COLOURS: Record<ServiceArt, { wall: string; ink: string; accent: string }> = {
  ledger: { wall: '#dbe7f7', ink: '#1e3a8a', accent: '#0f766e' },
  stamp: { wall: '#f3e8d6', ink: '#7c2d12', accent: '#b91c1c' },
  passport: { wall: '#dcefe9', ink: '#134e4a', accent: '#f59e0b' },
  screen: { wall: '#e7e4f5', ink: '#312e81', accent: '#7c3aed' },
  tools: { wall: '#e6eef0', ink: '#334155', accent: '#0891b2' },
};

/** Draws each category's picture (files, outside the transaction); answers them by category slug. */
export async function renderServiceImages(mediaDir: string): Promise<Map<string, string>> {
  const entries = await Promise.all(
    serviceCategories.map(async (c) => [c.slug, await makeServiceArt(mediaDir, c.art, COLOURS[c.art])] as const),
  );
  return new Map(entries);
}

/** What the services seed made: each service's product id by slug (demo applications hang on these). */
export type SeededServices = Map<string, string>;

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

/**
 * Inserts the services catalogue: six categories, a dozen services as products (one variant, the
 * fee as its price in the channel; 0 for a fee on quote) with their pictures and service details
 * (checked with the owner API's own schema, so the demo cannot hold what the editor refuses).
 */
export async function seedServiceCatalog(
  tx: Tx,
  opts: { channelId: string; currency: string; images: Map<string, string>; now?: number },
): Promise<SeededServices> {
  const now = opts.now ?? Date.now();
  const catRows = await tx
    .insert(t.categories)
    .values(
      serviceCategories.map((c, position) => ({ slug: c.slug, name: c.name, description: c.description, position })),
    )
    .returning({ id: t.categories.id, slug: t.categories.slug });
  const catId = new Map(catRows.map((c) => [c.slug, c.id]));
  const categoryName = new Map<string, string>(serviceCategories.map((c) => [c.slug, c.name]));
  const seeded: SeededServices = new Map();

  for (const [index, s] of demoServices.entries()) {
    const productId = id('prd');
    const variantId = id('var');
    const created = new Date(now - index * 86_400_000);
    seeded.set(s.slug, productId);
    await tx.insert(t.products).values({
      id: productId,
      slug: s.slug,
      name: s.name,
      brand: 'Sahaj Seva',
      shortDescription: s.summary,
      description: s.description,
      currency: opts.currency,
      priceMinor: 0,
      stock: 0,
      isFeatured: index < 4,
      searchText: [s.name, categoryName.get(s.category), ...s.details.includes].join(' ').toLowerCase(),
      createdAt: created,
      updatedAt: created,
    });
    // Services are not counted out of a shelf: plenty of "stock", so nothing reads as sold out.
    await tx
      .insert(t.variants)
      .values({ id: variantId, productId, title: 'Default', options: {}, stock: 10_000, position: 0, isDefault: true });
    await tx.insert(t.variantChannels).values({
      variantId,
      channelId: opts.channelId,
      sku: `SVC-${String(index + 1).padStart(3, '0')}`,
      sellingPriceMinor: s.price * 100,
      mrpMinor: null,
    });
    await tx.insert(t.productImages).values({
      productId,
      path: opts.images.get(s.category)!,
      alt: s.name,
      width: ART_SIZE,
      height: ART_SIZE,
      position: 0,
    });
    await tx.insert(t.productCategories).values({ productId, categoryId: catId.get(s.category)!, position: index });
    const details = ServiceDetailsBodySchema.parse(s.details);
    await tx.insert(t.serviceDetails).values({
      productId,
      feeKind: details.fee_kind,
      includes: details.includes,
      turnaroundDays: details.turnaround_days,
      documentsNeeded: details.documents_needed,
      stages: details.stages,
      formFields: details.form_fields,
    });
  }
  await refreshProductSummaries(tx as unknown as Db);
  return seeded;
}
