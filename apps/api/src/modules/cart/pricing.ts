import {
  LOW_STOCK_THRESHOLD,
  MAX_LINE_QUANTITY,
  includedTax,
  money,
  sumMinor,
  type Address,
  type Cart,
  type CartFreeShipping,
  type CartItem,
  type CartMethod,
  type CartPaymentMethod,
  type Money,
} from '@shopfront/shared';
import { COD, type PaymentMethodRow } from '../../db/payment-methods.ts';
import { codOffered, defaultZoneOf, zoneOf, type ZoneRow } from '../shipping/zones.ts';
import type { CouponVerdict } from '../coupons/service.ts';

/** A cart line as read from the database, priced in the cart's channel (null price: not sold there). */
export interface LineRow {
  id: number;
  product_id: string;
  variant_id: string;
  quantity: number;
  custom_text: string | null;
  image_path: string | null;
  seen_price_minor: number;
  slug: string;
  name: string;
  brand: string | null;
  is_published: boolean;
  is_customisation_enabled: boolean;
  image: string | null;
  title: string;
  options: Record<string, string>;
  stock: number;
  sku: string | null;
  price: number | null;
  mrp: number | null;
  available: boolean;
  /** The GST rate of the product's tax class. */
  tax_rate: number;
}

export interface ShippingRow {
  code: string;
  /** The zone it serves; null: every zone (ADR 0023). */
  zone_id: number | null;
  name: string;
  description: string;
  price_minor: number;
  free_over_minor: number | null;
  delivery_days_min: number | null;
  delivery_days_max: number | null;
}

/** Everything a cart may be offered, read with it: active zones, shipping and payment methods, and the shop's country. */
export interface OfferRows {
  zones: ZoneRow[];
  shipping: ShippingRow[];
  payments: PaymentMethodRow[];
  /** The country of the cart's channel: a cart without an address is priced in its default zone. */
  country_id: number | null;
}

/**
 * What the running process adds to the cart's rows: the online payment providers configured in
 * it (payments/providers.ts), by code. A cart offers an online payment method only when its
 * code is listed here.
 */
export interface CartContext {
  onlineProviders: readonly string[];
}

/** What a cart offers now: the zone of its address, the shipping and the payment methods that serve it. */
export interface CartOffer {
  zone: ZoneRow | null;
  shipping: ShippingRow[];
  payments: PaymentMethodRow[];
}

/** The cart row's own fields that the answer carries. */
export interface CartHead {
  id: string;
  customer_id: number | null;
  email: string | null;
  phone: string | null;
  coupon_code: string | null;
  shipping_method_code: string | null;
  payment_method_code: string | null;
  shipping_address: Address | null;
  billing_address: Address | null;
  billing_same_as_shipping: boolean;
  note: string | null;
  buyer_gstin: string | null;
  buyer_business_name: string | null;
  marketing_consent: boolean;
  updated_at: string | null;
  currency: string;
  /** The standard class's rate: shipping and the COD fee carry it. */
  tax_rate: number;
}

/**
 * What a cart is offered (ADR 0023). Its zone: the shipping address's, or without an address the
 * default zone of the shop's country. Shipping: the zone's methods and those without a zone;
 * nothing when an address is set that no zone serves. Payment: Cash on Delivery when the zone
 * allows it, an online method when its provider is configured, other offline methods always.
 */
export function offerFor(
  address: Pick<Address, 'country_id' | 'state_id' | 'postcode'> | null,
  rows: OfferRows,
  ctx: CartContext,
): CartOffer {
  const zone = address
    ? zoneOf(rows.zones, address)
    : rows.country_id === null
      ? null
      : defaultZoneOf(rows.zones, rows.country_id);
  const shipping = address && !zone ? [] : rows.shipping.filter((s) => s.zone_id === null || s.zone_id === zone?.id);
  const cod = codOffered(zone, rows.payments);
  const payments = rows.payments.filter((p) =>
    p.code === COD ? cod : p.kind === 'online' ? ctx.onlineProviders.includes(p.code) : true,
  );
  return { zone, shipping, payments };
}

/** Nothing offered (a cart that does not exist yet). */
export const NO_OFFER: CartOffer = { zone: null, shipping: [], payments: [] };

/** How many of a line the shopper may hold now: 0 when it cannot be bought at all. */
function maxQuantityOf(l: Pick<LineRow, 'is_published' | 'available' | 'price' | 'stock'>): number {
  if (!l.is_published || !l.available || l.price === null) return 0;
  return Math.max(0, Math.min(MAX_LINE_QUANTITY, l.stock));
}

/** The price a line is sold at now (the last seen one when it is no longer sold in the channel). */
const unitPriceOf = (l: Pick<LineRow, 'price' | 'seen_price_minor'>) => l.price ?? l.seen_price_minor;

/** The coupon's input: lines that can be bought, at their current prices. */
export function couponLines(lines: readonly LineRow[]) {
  return lines
    .filter((l) => maxQuantityOf(l) > 0)
    .map((l) => ({ lineId: String(l.id), productId: l.product_id, lineTotalMinor: unitPriceOf(l) * l.quantity }));
}

/** The shipping method a cart uses: its choice if still offered, else the first one. */
function chosenShipping(head: Pick<CartHead, 'shipping_method_code'>, methods: readonly ShippingRow[]) {
  return methods.find((m) => m.code === head.shipping_method_code) ?? methods[0] ?? null;
}

/**
 * What goods worth `goodsMinor` (after the coupon) still lack for `method` to ship free: 0 once
 * it does, null when it never does. The one rule both the price and the nudge follow.
 */
function leftForFreeShipping(method: ShippingRow, goodsMinor: number): number | null {
  return method.free_over_minor === null ? null : Math.max(0, method.free_over_minor - goodsMinor);
}

/** What shipping costs for goods worth `goodsMinor` (after the coupon). */
function shippingPrice(method: ShippingRow, goodsMinor: number): number {
  return leftForFreeShipping(method, goodsMinor) === 0 ? 0 : method.price_minor;
}

/**
 * How far goods worth `goodsMinor` (after the coupon) are from free shipping: the offered method
 * that turns free at the lowest amount (the chosen one on a tie, then the first offered); null
 * when none ever does.
 */
function freeShippingOf(
  methods: readonly ShippingRow[],
  chosen: ShippingRow | null,
  goodsMinor: number,
  m: (minor: number) => Money,
): CartFreeShipping | null {
  let best: ShippingRow | null = null;
  let threshold = 0;
  for (const s of methods) {
    if (s.free_over_minor === null) continue;
    if (!best || s.free_over_minor < threshold || (s.free_over_minor === threshold && s === chosen)) {
      best = s;
      threshold = s.free_over_minor;
    }
  }
  if (!best) return null;
  return {
    threshold: m(threshold),
    remaining: m(leftForFreeShipping(best, goodsMinor)!),
    method: { code: best.code, name: best.name },
  };
}

/**
 * The whole cart answer from its rows: lines priced now, coupon discount allocated over lines,
 * shipping, the tax included (per line at its class's rate, rounded per line; shipping and the
 * COD fee each at the standard rate) and the grand total, all in integer minor units (ADR 0020). Lines
 * that cannot be bought stay listed (marked) but count for nothing.
 */
export function priceCart(
  head: CartHead,
  lines: readonly LineRow[],
  offer: CartOffer,
  coupon: CouponVerdict | null,
): Cart {
  const { shipping, zone } = offer;
  const cur = head.currency;
  const m = (n: number) => money(n, cur);
  const allocation = coupon?.ok ? coupon.allocation : new Map<string, number>();

  // A variant's stock covers all its lines (customised ones are lines of their own).
  const perVariant = new Map<string, number>();
  for (const l of lines) perVariant.set(l.variant_id, (perVariant.get(l.variant_id) ?? 0) + l.quantity);

  const items: CartItem[] = lines.map((l) => {
    const others = (perVariant.get(l.variant_id) ?? 0) - l.quantity;
    // The stock and "up to 10 of an item" both count the variant's other lines.
    const max = Math.max(0, maxQuantityOf(l) - others);
    const unit = unitPriceOf(l);
    const priceChanged = l.price !== null && l.price !== l.seen_price_minor;
    const out = max === 0 || l.quantity > max;
    const lineDiscount = allocation.get(String(l.id)) ?? 0;
    // A line that cannot be bought counts for nothing, its tax too.
    const tax = maxQuantityOf(l) > 0 ? includedTax(unit * l.quantity - lineDiscount, l.tax_rate) : 0;
    return {
      id: String(l.id),
      product_id: l.variant_id,
      quantity: l.quantity,
      quantity_in_display_unit: l.quantity,
      product: {
        id: l.product_id,
        slug: l.slug,
        name: l.name,
        url: `/product/${l.slug}`,
        brand: l.brand,
        image: l.image ? { url: l.image, alt: l.name } : null,
        is_customisation_enabled: l.is_customisation_enabled,
      },
      variant: { id: l.variant_id, title: l.title, options: l.options, sku: l.sku ?? '' },
      unit_price: m(unit),
      mrp: l.mrp !== null && l.price !== null && l.mrp > l.price ? m(l.mrp) : null,
      line_total: m(unit * l.quantity),
      discount: m(lineDiscount),
      tax_rate_percent: l.tax_rate,
      tax: m(tax),
      previous_unit_price: priceChanged ? m(l.seen_price_minor) : null,
      price_changed: priceChanged,
      stock_status: max === 0 ? 'out_of_stock' : l.stock <= LOW_STOCK_THRESHOLD ? 'low_stock' : 'in_stock',
      max_quantity: max,
      out_of_stock: out,
      additonal_data:
        l.custom_text !== null || l.image_path !== null
          ? { custom_text: l.custom_text, image_path: l.image_path }
          : null,
    };
  });

  const buyable = lines.filter((l) => maxQuantityOf(l) > 0);
  const subtotal = sumMinor(buyable.map((l) => unitPriceOf(l) * l.quantity));
  const mrpTotal = sumMinor(buyable.map((l) => Math.max(l.mrp ?? 0, unitPriceOf(l)) * l.quantity));
  const discount = coupon?.ok ? coupon.discountMinor : 0;
  const method = chosenShipping(head, shipping);
  const shippingMinor = method && buyable.length ? shippingPrice(method, subtotal - discount) : 0;
  const codFee = zone?.cod_available ? zone.cod_fee_minor : 0;
  const payment = offer.payments.find((p) => p.code === head.payment_method_code) ?? null;
  const codFeeMinor = payment?.code === COD && buyable.length ? codFee : 0;
  const grand = subtotal - discount + shippingMinor + codFeeMinor;
  const toMethod = (s: ShippingRow): CartMethod => ({
    code: s.code,
    name: s.name,
    description: s.description,
    price: m(buyable.length ? shippingPrice(s, subtotal - discount) : s.price_minor),
    delivery_days_min: s.delivery_days_min ?? zone?.delivery_days_min ?? null,
    delivery_days_max: s.delivery_days_max ?? zone?.delivery_days_max ?? null,
  });
  const toPayment = (p: PaymentMethodRow): CartPaymentMethod => ({
    code: p.code,
    name: p.name,
    description: p.description,
    kind: p.kind,
    fee: m(p.code === COD ? codFee : 0),
  });
  const chosen = method ? toMethod(method) : null;
  const outOfStock = items.filter((i) => i.out_of_stock).map((i) => i.id);

  return {
    cart_session: head.id || null,
    session_id: head.id || null,
    customer_id: head.customer_id,
    phone: head.phone,
    email: head.email,
    items,
    total_quantity: lines.reduce((n, l) => n + l.quantity, 0),
    coupon: head.coupon_code
      ? {
          code: head.coupon_code,
          description: coupon?.ok ? coupon.coupon.description : '',
          discount: m(discount),
          applicable: Boolean(coupon?.ok),
          message: coupon && !coupon.ok ? coupon.message : null,
        }
      : null,
    totals: {
      subtotal: m(subtotal),
      mrp_total: m(mrpTotal),
      savings: m(mrpTotal - subtotal),
      coupon_discount: m(discount),
      shipping: m(shippingMinor),
      cod_fee: m(codFeeMinor),
      tax_included: m(
        sumMinor([
          ...items.map((i) => i.tax.amount),
          includedTax(shippingMinor, head.tax_rate),
          includedTax(codFeeMinor, head.tax_rate),
        ]),
      ),
      grand_total: m(grand),
    },
    grand_total: m(grand),
    currency: cur,
    shipping_address: head.shipping_address,
    billing_address: head.billing_same_as_shipping ? head.shipping_address : head.billing_address,
    billing_same_as_shipping: head.billing_same_as_shipping,
    shipping_method: chosen,
    shipping_methods: shipping.map(toMethod),
    free_shipping: freeShippingOf(shipping, method, subtotal - discount, m),
    delivery_estimate:
      chosen && chosen.delivery_days_min !== null && chosen.delivery_days_max !== null
        ? { days_min: chosen.delivery_days_min, days_max: chosen.delivery_days_max }
        : null,
    cart_payment_method: payment ? { code: payment.code, name: payment.name } : null,
    cart_payment_methods: offer.payments.map(toPayment),
    note: head.note,
    buyer_gstin: head.buyer_gstin,
    buyer_business_name: head.buyer_business_name,
    marketing_consent: head.marketing_consent,
    prices_updated: items.some((i) => i.price_changed),
    stock_valid: outOfStock.length === 0,
    out_of_stock_items: outOfStock,
    max_line_quantity: MAX_LINE_QUANTITY,
    updated_at: head.updated_at,
  };
}

/** An empty cart for a browser that has none yet (nothing is created by reading). */
export function emptyCart(currency: string, customerId: number | null): Cart {
  return priceCart(
    {
      id: '',
      customer_id: customerId,
      email: null,
      phone: null,
      coupon_code: null,
      shipping_method_code: null,
      payment_method_code: null,
      shipping_address: null,
      billing_address: null,
      billing_same_as_shipping: true,
      note: null,
      buyer_gstin: null,
      buyer_business_name: null,
      marketing_consent: false,
      updated_at: null,
      currency,
      tax_rate: 0,
    },
    [],
    NO_OFFER,
    null,
  );
}
