import { inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as t from '../schema.ts';
import { seedShipping } from './shipping.ts';

const DAY_MS = 86_400_000;

/** A demo coupon: the columns of `coupons` plus the product and category slugs it is limited to. */
export interface DemoCoupon {
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  /** Percent (1–100) or paise. */
  value: number;
  minSubtotalMinor?: number;
  maxDiscountMinor?: number;
  /** Days from the seed's run (negative: in the past). */
  startsInDays?: number;
  endsInDays?: number;
  usageLimit?: number;
  usedCount?: number;
  perCustomerLimit?: number;
  firstOrderOnly?: boolean;
  isVisible?: boolean;
  productSlugs?: string[];
  categorySlugs?: string[];
  /** The rule this coupon shows (README / tests). */
  shows: string;
}

/** The demo shop's coupons: one per rule, so each can be tried from the cart. */
export const DEMO_COUPONS: DemoCoupon[] = [
  {
    code: 'WELCOME10',
    description: '10% off your first order, up to ₹300',
    kind: 'percent',
    value: 10,
    maxDiscountMinor: 300_00,
    firstOrderOnly: true,
    // Also once per customer: two first orders placed at the same moment cannot both use it.
    perCustomerLimit: 1,
    shows: 'percentage with a maximum discount; first order only (log in needed)',
  },
  {
    code: 'FLAT200',
    description: '₹200 off orders of ₹1,999 or more',
    kind: 'fixed',
    value: 200_00,
    minSubtotalMinor: 1_999_00,
    shows: 'fixed amount with a minimum subtotal',
  },
  {
    code: 'CERAMICS15',
    description: '15% off handmade mugs, cups, plates and bowls',
    kind: 'percent',
    value: 15,
    categorySlugs: ['mugs-and-cups', 'plates-and-bowls'],
    shows: 'limited to categories (and their subcategories)',
  },
  {
    code: 'LAMP500',
    description: '₹500 off the Brass Desk Lamp',
    kind: 'fixed',
    value: 500_00,
    productSlugs: ['brass-desk-lamp'],
    shows: 'limited to a product',
  },
  {
    code: 'INSIDER15',
    description: '15% off for friends of the shop, up to ₹500, once per customer',
    kind: 'percent',
    value: 15,
    maxDiscountMinor: 500_00,
    perCustomerLimit: 1,
    isVisible: false,
    shows: 'secret (not listed); once per customer (log in needed)',
  },
  {
    code: 'MONSOON25',
    description: '25% off the monsoon sale',
    kind: 'percent',
    value: 25,
    startsInDays: -120,
    endsInDays: -30,
    isVisible: false,
    shows: 'expired',
  },
  {
    code: 'FESTIVE20',
    description: '20% off during the festive sale, up to ₹1,000',
    kind: 'percent',
    value: 20,
    maxDiscountMinor: 1_000_00,
    startsInDays: 30,
    endsInDays: 45,
    shows: 'not started yet (listed once it starts)',
  },
  {
    code: 'EARLYBIRD',
    description: '₹150 off for the first 50 orders',
    kind: 'fixed',
    value: 150_00,
    usageLimit: 50,
    usedCount: 50,
    shows: 'total usage limit reached',
  },
];

/** Inserts the demo shipping zones and methods and the coupons (after the catalogue: coupons name its products and categories). */
export async function seedCouponsAndShipping(tx: Db, now = Date.now()): Promise<void> {
  await seedShipping(tx);
  await seedCoupons(tx, DEMO_COUPONS, now);
}

/** Inserts demo coupons with their product and category limits (a slug the catalogue lacks fails the seed). */
export async function seedCoupons(tx: Db, list: DemoCoupon[], now = Date.now()): Promise<void> {
  const at = (days: number | undefined) => (days === undefined ? null : new Date(now + days * DAY_MS));
  const rows = await tx
    .insert(t.coupons)
    .values(
      list.map((c) => ({
        code: c.code,
        description: c.description,
        kind: c.kind,
        value: c.value,
        minSubtotalMinor: c.minSubtotalMinor ?? 0,
        maxDiscountMinor: c.maxDiscountMinor ?? null,
        startsAt: at(c.startsInDays),
        endsAt: at(c.endsInDays),
        usageLimit: c.usageLimit ?? null,
        usedCount: c.usedCount ?? 0,
        perCustomerLimit: c.perCustomerLimit ?? null,
        firstOrderOnly: c.firstOrderOnly ?? false,
        isVisible: c.isVisible ?? true,
      })),
    )
    .returning({ id: t.coupons.id, code: t.coupons.code });
  const couponId = new Map(rows.map((r) => [r.code, r.id]));

  const productSlugs = list.flatMap((c) => c.productSlugs ?? []);
  const categorySlugs = list.flatMap((c) => c.categorySlugs ?? []);
  const products = productSlugs.length
    ? await tx
        .select({ id: t.products.id, slug: t.products.slug })
        .from(t.products)
        .where(inArray(t.products.slug, productSlugs))
    : [];
  const categories = categorySlugs.length
    ? await tx
        .select({ id: t.categories.id, slug: t.categories.slug })
        .from(t.categories)
        .where(inArray(t.categories.slug, categorySlugs))
    : [];
  const productId = new Map(products.map((p) => [p.slug, p.id]));
  const categoryId = new Map(categories.map((c) => [c.slug, c.id]));
  // A missing slug would silently turn a limited coupon into one for the whole cart: fail the seed instead.
  const need = <T>(map: Map<string, T>, slug: string, what: string): T => {
    const v = map.get(slug);
    if (v === undefined) throw new Error(`demo coupons: no ${what} '${slug}' in the demo catalogue`);
    return v;
  };
  const productLinks = list.flatMap((c) =>
    (c.productSlugs ?? []).map((slug) => ({
      couponId: couponId.get(c.code)!,
      productId: need(productId, slug, 'product'),
    })),
  );
  const categoryLinks = list.flatMap((c) =>
    (c.categorySlugs ?? []).map((slug) => ({
      couponId: couponId.get(c.code)!,
      categoryId: need(categoryId, slug, 'category'),
    })),
  );
  if (productLinks.length) await tx.insert(t.couponProducts).values(productLinks);
  if (categoryLinks.length) await tx.insert(t.couponCategories).values(categoryLinks);
}
