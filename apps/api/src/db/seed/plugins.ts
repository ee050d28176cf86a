import { and, eq, sql } from 'drizzle-orm';
import { SectionSchema, type PluginConfig } from '@shopfront/shared';
import type { Db } from '../client.ts';
import type { GalleryImage } from '../plugin-schema.ts';
import * as t from '../schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The demo's shopper-facing plugins, each with a plausible config (checked against its schema's types). */
const demoPlugins: {
  [
    N in
      | 'WhatsApp'
      | 'PincodeAvaliability'
      | 'TradeEnquiry'
      | 'emailSubscription'
      | 'Gallery'
      | 'customGallery'
      | 'ShopAnalytics'
  ]: PluginConfig<N>;
} = {
  WhatsApp: {
    mobile_no: '919800000000',
    default_message: 'Hello Loom & Leaf! I have a question about your shop.',
    chat_location: 'Bottom Right',
  },
  PincodeAvaliability: {},
  TradeEnquiry: {
    title: 'Trade & wholesale enquiry',
    success_message: 'Thank you. Our trade team will reply with the trade catalogue within two working days.',
    notify_email: 'trade@loomandleaf.example',
  },
  emailSubscription: {
    title: 'Letters from the studio',
    description: 'New pieces, maker stories and early access to sales, about twice a month. Unsubscribe at any time.',
  },
  Gallery: {},
  customGallery: {},
  // First-party statistics: the shop's own collector, nothing sent elsewhere; only with consent
  // to the analytics cookies (the demo's cookie banner asks for it).
  ShopAnalytics: {},
};

/**
 * Installs the demo's chat button, pincode check, trade enquiry, newsletter, galleries and
 * first-party statistics (ShopAnalytics, behind the cookie banner's analytics group), and
 * one stored gallery ("studio") of the demo's own media, shown on the About Us page (its
 * "Inside the studio" section now names the gallery). Runs after the catalogue and the content.
 */
export async function seedPlugins(tx: Tx, opts: { images: Record<string, string> }): Promise<void> {
  await tx
    .insert(t.plugins)
    .values(Object.entries(demoPlugins).map(([moduleName, config]) => ({ moduleName, config })));

  const products = await tx
    .select({ name: t.products.name, slug: t.products.slug, image: t.products.imagePath })
    .from(t.products)
    .where(and(eq(t.products.isPublished, true), sql`${t.products.imagePath} like '/media/%'`))
    .orderBy(t.products.name)
    .limit(6);
  const img = opts.images;
  const studio: GalleryImage[] = [
    { path: img.potters!, alt: 'Glaze test rings from the kiln', caption: 'Glaze tests for the autumn mugs' },
    { path: img['linen-care']!, alt: 'Folds of washed linen', caption: 'Linen, washed and line-dried' },
    { path: img.houseplants!, alt: 'Leaves in a terracotta pot', caption: 'Our nursery in Bengaluru' },
    { path: img['natural-dyes']!, alt: 'Indigo drops on a pale ground', caption: 'Indigo vats in Bagru' },
    ...products.map((p) => ({
      path: p.image!,
      alt: p.name,
      caption: `${p.name}, fresh from the workshop`,
      link: `/product/${p.slug}`,
    })),
    { path: img.balcony!, alt: 'Sunlit arches of the studio balcony', caption: 'Where the plants wait for new homes' },
  ].filter((i) => Boolean(i.path));
  await tx.insert(t.galleries).values({ id: 'studio', name: 'Inside the studio', images: studio });

  const section = SectionSchema.parse({
    key: 'studio',
    type: 'gallery',
    settings: { title: 'Inside the studio', gallery_id: 'studio', columns: 4 },
  });
  await tx
    .update(t.templateSections)
    .set({ settings: section.settings })
    .where(and(eq(t.templateSections.templateId, 'about-us'), eq(t.templateSections.key, 'studio')));
}
