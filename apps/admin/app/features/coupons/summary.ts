import type { AdminCoupon, CouponStatus } from '@shopfront/shared';
import { formatMoney } from '../catalog/money';

export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  disabled: 'Disabled',
};

type Rules = Pick<
  AdminCoupon,
  | 'kind'
  | 'value'
  | 'min_subtotal_minor'
  | 'max_discount_minor'
  | 'starts_at'
  | 'ends_at'
  | 'usage_limit'
  | 'per_customer_limit'
  | 'first_order_only'
  | 'secret'
  | 'currency'
> & {
  product_count: number;
  category_count: number;
  /** The chosen products' and categories' names (the editor has them; the list only counts). */
  scope_names?: string[];
};

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/**
 * What a coupon does, in one sentence: "10% off orders over ₹1,000, up to ₹500, once per
 * customer, until 31 Dec 2026." Made from the same rules the cart checks.
 */
export function couponSummary(c: Rules): string {
  const money = (m: number) => formatMoney(m, c.currency);
  const names = c.scope_names ?? [];
  const scope =
    names.length > 0 && names.length <= 2
      ? names.join(' and ')
      : c.product_count || c.category_count
        ? [
            c.product_count ? `${c.product_count} ${c.product_count === 1 ? 'product' : 'products'}` : '',
            c.category_count ? `${c.category_count} ${c.category_count === 1 ? 'category' : 'categories'}` : '',
          ]
            .filter(Boolean)
            .join(' and ')
        : 'orders';
  const parts = [
    `${c.kind === 'percent' ? `${c.value}%` : money(c.value)} off ${scope}${
      c.min_subtotal_minor > 0 ? ` over ${money(c.min_subtotal_minor)}` : ''
    }`,
  ];
  if (c.kind === 'percent' && c.max_discount_minor !== null) parts.push(`up to ${money(c.max_discount_minor)}`);
  if (c.first_order_only) parts.push('first order only');
  if (c.per_customer_limit !== null) parts.push(`${times(c.per_customer_limit)} per customer`);
  if (c.usage_limit !== null) parts.push(`${c.usage_limit} ${c.usage_limit === 1 ? 'use' : 'uses'} in all`);
  if (c.starts_at && new Date(c.starts_at).getTime() > Date.now()) parts.push(`from ${day(c.starts_at)}`);
  if (c.ends_at) parts.push(`until ${day(c.ends_at)}`);
  if (c.secret) parts.push('secret code');
  return `${parts.join(', ')}.`;
}

/** "Used 3 / 100", or "Used 3 times" without a limit. */
export const usesText = (used: number, limit: number | null) =>
  limit === null ? `Used ${used} ${used === 1 ? 'time' : 'times'}` : `Used ${used} / ${limit}`;
