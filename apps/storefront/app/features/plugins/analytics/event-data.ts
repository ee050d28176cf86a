import { minorUnitDigits, type Cart, type Money, type Order } from '@shopfront/shared';
import type { EcommerceData, EventItem } from './types';

/** Builds each event's data from what the pages already hold (no zod: types only). */

/** Minor units to the major units the providers expect (₹499.50, not 49950). */
export const major = (m: Pick<Money, 'amount' | 'currency'>): number => m.amount / 10 ** minorUnitDigits(m.currency);

interface ProductLike {
  id: string;
  name: string;
  brand: { name: string } | null;
  category: { name: string } | null;
  channel: { sku: string };
  price: Money;
}

/** view_item: the product page, with the variant on show. */
export function productEventData(
  p: ProductLike,
  variant: { sku: string; title: string; price: Money } | null,
): EcommerceData {
  const price = variant?.price ?? p.price;
  const item: EventItem = {
    item_id: variant?.sku || p.channel.sku || p.id,
    item_name: p.name,
    ...(variant?.title ? { item_variant: variant.title } : {}),
    ...(p.brand ? { item_brand: p.brand.name } : {}),
    ...(p.category ? { item_category: p.category.name } : {}),
    price: major(price),
    quantity: 1,
  };
  return { currency: price.currency, value: item.price, items: [item] };
}

const cartItem = (l: Cart['items'][number], quantity: number): EventItem => ({
  item_id: l.variant.sku || l.product_id,
  item_name: l.product.name,
  ...(l.variant.title ? { item_variant: l.variant.title } : {}),
  ...(l.product.brand ? { item_brand: l.product.brand } : {}),
  price: major(l.unit_price),
  quantity,
});

/** add_to_cart: the line an add landed on, one unit (Add to cart and Move to cart add one). Null when not found. */
export function addedLineEventData(cart: Cart, lineId: string | null): EcommerceData | null {
  const line = cart.items.find((l) => l.id === lineId);
  if (!line) return null;
  const item = cartItem(line, 1);
  return { currency: line.unit_price.currency, value: item.price, items: [item] };
}

/** begin_checkout: the whole cart. Null for an empty one. */
export function cartEventData(cart: Cart): EcommerceData | null {
  if (!cart.items.length) return null;
  return {
    currency: cart.grand_total.currency,
    value: major(cart.grand_total),
    items: cart.items.map((l) => cartItem(l, l.quantity)),
    ...(cart.coupon?.code ? { coupon: cart.coupon.code } : {}),
  };
}

/** purchase: the confirmed order. */
export function orderEventData(o: Order): EcommerceData {
  return {
    transaction_id: o.order_no,
    currency: o.currency,
    value: major(o.grand_total),
    shipping: major(o.totals.shipping),
    tax: major(o.totals.tax_included),
    ...(o.coupon_code ? { coupon: o.coupon_code } : {}),
    items: o.productchannel.map((i) => ({
      item_id: i.sku || i.product_id,
      item_name: i.product.name,
      ...(i.variant_title ? { item_variant: i.variant_title } : {}),
      price: major(i.unit_price),
      quantity: i.quantity,
    })),
  };
}
